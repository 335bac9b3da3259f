// Lazy facade over the amplify adapter: the adapter (and all of aws-amplify) is fetched with a dynamic
// import on first use and configured from /app-config.json, keeping it out of the landing page's JS.
import { loadAppConfig } from '../config/app-config';
import type { AuthResult, AuthUser, CurrentUserResult } from './auth-types';
import { readCachedIdentity, writeCachedIdentity } from './identity-cache';

type Adapter = typeof import('./amplify-adapter');

let adapterPromise: Promise<Adapter> | null = null;

/** Loads and configures the adapter once; a failed load (offline, bad config) is retried next call. */
export function loadAuthAdapter(): Promise<Adapter> {
  if (!adapterPromise) {
    adapterPromise = Promise.all([import('./amplify-adapter'), loadAppConfig()])
      .then(([adapter, config]) => {
        adapter.configureAuth(config);
        return adapter;
      })
      .catch((error: unknown) => {
        adapterPromise = null;
        throw error;
      });
  }
  return adapterPromise;
}

/** Tests only: forget the loaded adapter. */
export function resetAuthClientForTests(): void {
  adapterPromise = null;
}

const loadFailure =
  (fallback: string) =>
  (error: unknown): AuthResult => ({
    success: false,
    error: error instanceof Error && error.message ? error.message : fallback,
  });

function patchCachedAttributes(patch: Record<string, string>): void {
  const cached = readCachedIdentity();
  if (cached)
    writeCachedIdentity({
      ...cached,
      attributes: { ...(cached.attributes ?? {}), ...patch } as AuthUser['attributes'],
    });
}

/** The auth helper of docs/product.md section 7, with the same signatures as the adapter. */
export const auth = {
  login: (email: string, password: string): Promise<AuthResult> =>
    loadAuthAdapter().then((a) => a.login(email, password), loadFailure('Failed to login')),
  signup: (email: string, password: string, firstName: string, lastName: string): Promise<AuthResult> =>
    loadAuthAdapter().then((a) => a.signup(email, password, firstName, lastName), loadFailure('Failed to sign up')),
  confirmSignup: (email: string, code: string): Promise<AuthResult> =>
    loadAuthAdapter().then((a) => a.confirmSignup(email, code), loadFailure('Failed to confirm account')),
  resendSignupCode: (email: string): Promise<AuthResult> =>
    loadAuthAdapter().then((a) => a.resendSignupCode(email), loadFailure('Failed to resend code')),
  forgotPassword: (email: string): Promise<AuthResult> =>
    loadAuthAdapter().then((a) => a.forgotPassword(email), loadFailure('Failed to send reset code')),
  confirmForgotPassword: (email: string, code: string, newPassword: string): Promise<AuthResult> =>
    loadAuthAdapter().then(
      (a) => a.confirmForgotPassword(email, code, newPassword),
      loadFailure('Failed to reset password'),
    ),
  changePassword: (oldPassword: string, newPassword: string): Promise<AuthResult> =>
    loadAuthAdapter().then((a) => a.changePassword(oldPassword, newPassword), loadFailure('Failed to change password')),
  updateProfile: (givenName: string, familyName: string): Promise<AuthResult> =>
    loadAuthAdapter()
      .then((a) => a.updateProfile(givenName, familyName), loadFailure('Failed to update profile'))
      .then((result) => {
        // The offline identity cache is what a reload shows first: update it before anyone reports success.
        if (result.success) patchCachedAttributes({ given_name: givenName.trim(), family_name: familyName.trim() });
        return result;
      }),
  getUserAttributes: (): Promise<AuthResult> =>
    loadAuthAdapter().then((a) => a.getUserAttributes(), loadFailure('Failed to load profile')),
  /** The ID token for `Authorization: Bearer`, or null (requests then go without it, spec section 6). */
  getAuthToken: (options?: { forceRefresh?: boolean }): Promise<string | null> =>
    loadAuthAdapter().then(
      (a) => a.getAuthToken(options),
      () => null,
    ),
  logout: (): Promise<AuthResult> => loadAuthAdapter().then((a) => a.logout(), loadFailure('Failed to sign out')),
  getCurrentUser: (cached: AuthUser | null): Promise<CurrentUserResult> =>
    loadAuthAdapter().then(
      (a) => a.getCurrentUser(cached),
      // Adapter or config unreachable (offline before the service worker cached them): keep a cached session.
      (): CurrentUserResult => {
        const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
        return offline && cached ? { user: cached, offline: true } : { user: null, offline };
      },
    ),
};
