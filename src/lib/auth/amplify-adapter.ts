// The one module that talks to aws-amplify (eslint enforces it): the auth helper of docs/product.md
// section 7 plus the current-user read the auth context needs. Loaded with a dynamic import only.
//
// Retry policy (spec section 7): Amplify's Cognito client already retries 429, 500/502/503/504,
// network errors and throttling codes, 3 attempts, jittered exponential backoff capped at 300 s
// (@aws-amplify/core retryMiddleware + jitteredBackoff), so the adapter does not retry again.
import { Amplify } from 'aws-amplify';
import { ConsoleLogger } from 'aws-amplify/utils';
import {
  confirmResetPassword,
  confirmSignUp,
  fetchAuthSession,
  fetchUserAttributes,
  getCurrentUser as amplifyGetCurrentUser,
  resendSignUpCode,
  resetPassword,
  signIn,
  signOut,
  signUp,
  updatePassword,
  updateUserAttributes,
} from 'aws-amplify/auth';
import type { AppConfig } from '../config/app-config-schema';
import { AUTH_FALLBACKS } from './auth-types';
import type { AuthResult, AuthUser, CurrentUserResult, UserAttributes } from './auth-types';
import { AMPLIFY_TOKEN_KEY_PREFIX } from './session-hint';

let configuredClientId: string | null = null;

/** Points Amplify at the user pool named by the runtime config (real Cognito when no endpoint is given). */
export function configureAuth(config: AppConfig): void {
  const { userPoolId, userPoolClientId, userPoolEndpoint } = config.cognito;
  // A custom endpoint is the local identity service: Amplify would warn about it on every page load.
  if (userPoolEndpoint) ConsoleLogger.LOG_LEVEL = 'ERROR';
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId,
        userPoolClientId,
        ...(userPoolEndpoint ? { userPoolEndpoint } : {}),
        signUpVerificationMethod: 'code',
        loginWith: { email: true },
      },
    },
  });
  configuredClientId = userPoolClientId;
}

/** The identity service's own message when it gave one, else the spec's fallback. */
function messageOf(error: unknown, fallback: string): string {
  if (error instanceof Error && error.message.trim()) return error.message;
  if (typeof error === 'string' && error.trim()) return error;
  return fallback;
}

/** True when the failure is the network (offline, DNS, refused), not an answer from the service. */
export function isNetworkError(error: unknown): boolean {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return true;
  if (!(error instanceof Error)) return false;
  return error.name === 'NetworkError' || error instanceof TypeError || /network|failed to fetch/i.test(error.message);
}

function decodeJwtPayload(token: string): Record<string, unknown> | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const base64 = part
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(part.length / 4) * 4, '=');
    return JSON.parse(atob(base64)) as Record<string, unknown>;
  } catch {
    return null;
  }
}

/**
 * Whether Amplify's token store (localStorage) still holds a session for this user, so falling back to
 * the cached identity offline is honest: Amplify will refresh those tokens once the network returns.
 */
function amplifyHoldsTokensFor(user: AuthUser): boolean {
  if (!configuredClientId) return false;
  try {
    const base = `${AMPLIFY_TOKEN_KEY_PREFIX}${configuredClientId}`;
    const lastUser = localStorage.getItem(`${base}.LastAuthUser`);
    if (!lastUser) return false;
    const idToken = localStorage.getItem(`${base}.${lastUser}.idToken`);
    const refreshToken = localStorage.getItem(`${base}.${lastUser}.refreshToken`);
    if (!idToken || !refreshToken) return false;
    return decodeJwtPayload(idToken)?.sub === user.userId;
  } catch {
    return false;
  }
}

/** Amplify's token keys for this client, removed on sign-out even when Amplify's own sign-out failed. */
function removeStoredTokens(): void {
  if (!configuredClientId) return;
  try {
    const prefix = `${AMPLIFY_TOKEN_KEY_PREFIX}${configuredClientId}.`;
    const keys: string[] = [];
    for (let i = 0; i < localStorage.length; i += 1) {
      const key = localStorage.key(i);
      if (key?.startsWith(prefix)) keys.push(key);
    }
    keys.forEach((key) => localStorage.removeItem(key));
  } catch {
    // Storage unavailable: nothing was persisted there.
  }
}

/**
 * Reads the signed-in user with their attributes. Offline (network failure while Amplify refreshes an
 * expired token, or while fetching attributes) it falls back to `cached`, but only when Amplify still
 * holds tokens for that same user; any other failure means nobody is signed in.
 */
export async function getCurrentUser(cached: AuthUser | null): Promise<CurrentUserResult> {
  let username: string;
  let userId: string;
  try {
    ({ username, userId } = await amplifyGetCurrentUser());
  } catch (error) {
    if (cached && isNetworkError(error) && amplifyHoldsTokensFor(cached)) return { user: cached, offline: true };
    return { user: null, offline: false };
  }
  try {
    const attributes = (await fetchUserAttributes()) as UserAttributes;
    return { user: { username, userId, attributes }, offline: false };
  } catch (error) {
    const sameUser = cached?.userId === userId;
    if (isNetworkError(error))
      return { user: { username, userId, attributes: sameUser ? cached.attributes : null }, offline: true };
    return { user: { username, userId, attributes: sameUser ? cached.attributes : null }, offline: false };
  }
}

/** One identity call: its result, or its failure as { success: false, error } (the call's fallback text). */
async function authCall(fallback: string, call: () => Promise<AuthResult>): Promise<AuthResult> {
  try {
    return await call();
  } catch (error) {
    return { success: false, error: messageOf(error, fallback) };
  }
}

export async function login(email: string, password: string): Promise<AuthResult> {
  return authCall(AUTH_FALLBACKS.login, async () => {
    const { isSignedIn, nextStep } = await signIn({ username: email.trim(), password });
    return { success: isSignedIn, nextStep: { signInStep: nextStep.signInStep } };
  });
}

export async function signup(
  email: string,
  password: string,
  firstName: string,
  lastName: string,
): Promise<AuthResult> {
  const username = email.trim();
  return authCall(AUTH_FALLBACKS.signup, async () => {
    const { nextStep } = await signUp({
      username,
      password,
      options: { userAttributes: { email: username, given_name: firstName.trim(), family_name: lastName.trim() } },
    });
    return { success: true, nextStep: { signUpStep: nextStep.signUpStep } };
  });
}

export async function confirmSignup(email: string, code: string): Promise<AuthResult> {
  return authCall(AUTH_FALLBACKS.confirmSignup, async () => {
    const { nextStep } = await confirmSignUp({ username: email.trim(), confirmationCode: code.trim() });
    return { success: true, nextStep: { signUpStep: nextStep.signUpStep } };
  });
}

/** Sends a fresh sign-up code (used when sign-in finds an unconfirmed account). */
export async function resendSignupCode(email: string): Promise<AuthResult> {
  return authCall(AUTH_FALLBACKS.resendSignupCode, async () => {
    await resendSignUpCode({ username: email.trim() });
    return { success: true };
  });
}

export async function forgotPassword(email: string): Promise<AuthResult> {
  return authCall(AUTH_FALLBACKS.forgotPassword, async () => {
    await resetPassword({ username: email.trim() });
    return { success: true };
  });
}

export async function confirmForgotPassword(email: string, code: string, newPassword: string): Promise<AuthResult> {
  return authCall(AUTH_FALLBACKS.confirmForgotPassword, async () => {
    await confirmResetPassword({ username: email.trim(), confirmationCode: code.trim(), newPassword });
    return { success: true };
  });
}

export async function changePassword(oldPassword: string, newPassword: string): Promise<AuthResult> {
  return authCall(AUTH_FALLBACKS.changePassword, async () => {
    await updatePassword({ oldPassword, newPassword });
    return { success: true };
  });
}

export async function updateProfile(given_name: string, family_name: string): Promise<AuthResult> {
  return authCall(AUTH_FALLBACKS.updateProfile, async () => {
    await updateUserAttributes({ userAttributes: { given_name: given_name.trim(), family_name: family_name.trim() } });
    return { success: true };
  });
}

export async function getUserAttributes(): Promise<AuthResult> {
  return authCall(AUTH_FALLBACKS.getUserAttributes, async () => {
    const attributes = (await fetchUserAttributes()) as UserAttributes;
    return { success: true, attributes };
  });
}

/**
 * The ID token for the API's bearer header, or null when there is no usable session. `forceRefresh` gets a
 * new one with the refresh token (after the API answered 401).
 */
export async function getAuthToken(options?: { forceRefresh?: boolean }): Promise<string | null> {
  try {
    const session = await (options?.forceRefresh ? fetchAuthSession({ forceRefresh: true }) : fetchAuthSession());
    return session.tokens?.idToken?.toString() ?? null;
  } catch {
    return null;
  }
}

/** Signs out locally (revoking the refresh token when online). Errors are only logged (spec section 8). */
export async function logout(): Promise<AuthResult> {
  try {
    await signOut();
  } catch (error) {
    console.error('Sign out failed; removing local tokens anyway', error);
  }
  removeStoredTokens();
  return { success: true };
}
