// A stand-in for src/lib/auth/amplify-adapter.ts (the aws-amplify vendor boundary) for jsdom UI tests.
// Test files install it with: vi.mock('../../src/lib/auth/amplify-adapter', () => import('./adapter-mock'))
import { vi } from 'vitest';
import type { AuthResult, AuthUser, CurrentUserResult } from '../../src/lib/auth/auth-types';

export const TEST_USER: AuthUser = {
  username: 'b1f2c3d4-0000-4000-8000-000000000001',
  userId: 'b1f2c3d4-0000-4000-8000-000000000001',
  attributes: { email: 'ada@example.com', email_verified: 'true', given_name: 'Ada', family_name: 'Lovelace' },
};

const ok: AuthResult = { success: true };

export const configureAuth = vi.fn();
export const getCurrentUser = vi.fn(async (_cached: AuthUser | null): Promise<CurrentUserResult> => ({
  user: null,
  offline: false,
}));
export const login = vi.fn(async (_email: string, _password: string): Promise<AuthResult> => ({
  success: true,
  nextStep: { signInStep: 'DONE' },
}));
export const signup = vi.fn(async (_e: string, _p: string, _f: string, _l: string): Promise<AuthResult> => ({
  success: true,
  nextStep: { signUpStep: 'CONFIRM_SIGN_UP' },
}));
export const confirmSignup = vi.fn(async (_e: string, _c: string): Promise<AuthResult> => ({
  success: true,
  nextStep: { signUpStep: 'DONE' },
}));
export const resendSignupCode = vi.fn(async (_e: string): Promise<AuthResult> => ok);
export const forgotPassword = vi.fn(async (_e: string): Promise<AuthResult> => ok);
export const confirmForgotPassword = vi.fn(async (_e: string, _c: string, _p: string): Promise<AuthResult> => ok);
export const changePassword = vi.fn(async (_o: string, _n: string): Promise<AuthResult> => ok);
export const updateProfile = vi.fn(async (_g: string, _f: string): Promise<AuthResult> => ok);
export const getUserAttributes = vi.fn(async (): Promise<AuthResult> => ({
  success: true,
  attributes: TEST_USER.attributes ?? {},
}));
export const getAuthToken = vi.fn(async (): Promise<string | null> => null);
export const logout = vi.fn(async (): Promise<AuthResult> => ok);
export const isNetworkError = vi.fn(() => false);

const all = [
  configureAuth,
  getCurrentUser,
  login,
  signup,
  confirmSignup,
  resendSignupCode,
  forgotPassword,
  confirmForgotPassword,
  changePassword,
  updateProfile,
  getUserAttributes,
  getAuthToken,
  logout,
  isNetworkError,
];

/** Back to the defaults above (signed out) with call history cleared. */
export function resetAdapterMock(): void {
  all.forEach((fn) => fn.mockClear());
  getCurrentUser.mockReset();
  getCurrentUser.mockImplementation(async () => ({ user: null, offline: false }));
}

/** Amplify's tokens as the session hint sees them (the real adapter stores them in localStorage). */
export function storeFakeAmplifyTokens(user: AuthUser = TEST_USER): void {
  localStorage.setItem('CognitoIdentityServiceProvider.wyrdlocalclient00000000000.LastAuthUser', user.username);
}

export function signedInAs(user: AuthUser = TEST_USER): void {
  storeFakeAmplifyTokens(user);
  getCurrentUser.mockImplementation(async () => ({ user, offline: false }));
}
