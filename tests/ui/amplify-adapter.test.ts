// The auth adapter over a mocked aws-amplify: result shapes, the spec's fallback messages, next steps,
// the offline current-user fallback (network error + tokens still held for that user) and sign-out.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as amplifyAuth from 'aws-amplify/auth';
import { Amplify } from 'aws-amplify';
import * as adapter from '../../src/lib/auth/amplify-adapter';
import type { AuthUser } from '../../src/lib/auth/auth-types';

vi.mock('aws-amplify', () => ({ Amplify: { configure: vi.fn() } }));
vi.mock('aws-amplify/auth', () => ({
  confirmResetPassword: vi.fn(),
  confirmSignUp: vi.fn(),
  fetchAuthSession: vi.fn(),
  fetchUserAttributes: vi.fn(),
  getCurrentUser: vi.fn(),
  resendSignUpCode: vi.fn(),
  resetPassword: vi.fn(),
  signIn: vi.fn(),
  signOut: vi.fn(),
  signUp: vi.fn(),
  updatePassword: vi.fn(),
  updateUserAttributes: vi.fn(),
}));

const mocked = vi.mocked(amplifyAuth);
const CLIENT = 'wyrdlocalclient00000000000';
const USER: AuthUser = {
  username: 'u-1',
  userId: 'sub-1',
  attributes: { email: 'ada@example.com', given_name: 'Ada' },
};

const networkError = () => Object.assign(new Error('A network error has occurred.'), { name: 'NetworkError' });
const serviceError = (name: string, message: string) => Object.assign(new Error(message), { name });
const fakeJwt = (payload: object) => `h.${btoa(JSON.stringify(payload)).replace(/=+$/, '')}.s`;

function storeAmplifyTokens(username: string, sub: string) {
  const base = `CognitoIdentityServiceProvider.${CLIENT}`;
  localStorage.setItem(`${base}.LastAuthUser`, username);
  localStorage.setItem(`${base}.${username}.idToken`, fakeJwt({ sub, 'cognito:username': username }));
  localStorage.setItem(`${base}.${username}.accessToken`, fakeJwt({ sub, username }));
  localStorage.setItem(`${base}.${username}.refreshToken`, 'refresh');
}

function configure(endpoint?: string) {
  adapter.configureAuth({
    apiBaseUrl: 'http://127.0.0.1:8787',
    cognito: {
      region: 'ap-southeast-2',
      userPoolId: 'ap-southeast-2_wyrdLocal1',
      userPoolClientId: CLIENT,
      ...(endpoint ? { userPoolEndpoint: endpoint } : {}),
    },
  });
}

describe('amplify adapter', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    localStorage.clear();
    configure('http://127.0.0.1:9229');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('configures the user pool, with the local endpoint only when one is given', () => {
    expect(vi.mocked(Amplify.configure).mock.calls[0][0]).toEqual({
      Auth: {
        Cognito: {
          userPoolId: 'ap-southeast-2_wyrdLocal1',
          userPoolClientId: CLIENT,
          userPoolEndpoint: 'http://127.0.0.1:9229',
          signUpVerificationMethod: 'code',
          loginWith: { email: true },
        },
      },
    });
    configure();
    expect(vi.mocked(Amplify.configure).mock.calls[1][0]).not.toHaveProperty('Auth.Cognito.userPoolEndpoint');
  });

  it('login returns success and the next step, or the service message / fallback', async () => {
    mocked.signIn.mockResolvedValueOnce({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    expect(await adapter.login(' ada@example.com ', 'pw')).toEqual({ success: true, nextStep: { signInStep: 'DONE' } });
    expect(mocked.signIn).toHaveBeenCalledWith({ username: 'ada@example.com', password: 'pw' });
    mocked.signIn.mockResolvedValueOnce({ isSignedIn: false, nextStep: { signInStep: 'CONFIRM_SIGN_UP' } });
    expect(await adapter.login('a@b.co', 'pw')).toEqual({
      success: false,
      nextStep: { signInStep: 'CONFIRM_SIGN_UP' },
    });
    mocked.signIn.mockRejectedValueOnce(serviceError('NotAuthorizedException', 'Incorrect username or password.'));
    expect(await adapter.login('a@b.co', 'pw')).toEqual({ success: false, error: 'Incorrect username or password.' });
    mocked.signIn.mockRejectedValueOnce(new Error(''));
    expect(await adapter.login('a@b.co', 'pw')).toEqual({ success: false, error: 'Failed to login' });
  });

  it('signup sends the email as username with given_name and family_name', async () => {
    mocked.signUp.mockResolvedValueOnce({
      isSignUpComplete: false,
      nextStep: { signUpStep: 'CONFIRM_SIGN_UP', codeDeliveryDetails: {} },
    });
    expect(await adapter.signup('ada@example.com', 'Secret#123', 'Ada', 'Lovelace')).toEqual({
      success: true,
      nextStep: { signUpStep: 'CONFIRM_SIGN_UP' },
    });
    expect(mocked.signUp).toHaveBeenCalledWith({
      username: 'ada@example.com',
      password: 'Secret#123',
      options: { userAttributes: { email: 'ada@example.com', given_name: 'Ada', family_name: 'Lovelace' } },
    });
  });

  it('uses the spec fallbacks when the service gives no text', async () => {
    const blank = Object.assign(new Error(''), { name: 'Unknown' });
    mocked.signUp.mockRejectedValueOnce(blank);
    mocked.confirmSignUp.mockRejectedValueOnce(blank);
    mocked.resetPassword.mockRejectedValueOnce(blank);
    mocked.confirmResetPassword.mockRejectedValueOnce(blank);
    mocked.updatePassword.mockRejectedValueOnce(blank);
    mocked.updateUserAttributes.mockRejectedValueOnce(blank);
    expect((await adapter.signup('a@b.co', 'p', 'A', 'B')).error).toBe('Failed to sign up');
    expect((await adapter.confirmSignup('a@b.co', '1')).error).toBe('Failed to confirm account');
    expect((await adapter.forgotPassword('a@b.co')).error).toBe('Failed to send reset code');
    expect((await adapter.confirmForgotPassword('a@b.co', '1', 'p')).error).toBe('Failed to reset password');
    expect((await adapter.changePassword('o', 'n')).error).toBe('Failed to change password');
    expect((await adapter.updateProfile('A', 'B')).error).toBe('Failed to update profile');
  });

  it("shows the service's message, e.g. when not signed in", async () => {
    mocked.updatePassword.mockRejectedValueOnce(
      serviceError('UserUnAuthenticatedException', 'User needs to be authenticated to call this API.'),
    );
    expect(await adapter.changePassword('o', 'n')).toEqual({
      success: false,
      error: 'User needs to be authenticated to call this API.',
    });
  });

  it('profile helpers: updateProfile, getUserAttributes, getAuthToken', async () => {
    mocked.updateUserAttributes.mockResolvedValueOnce({} as never);
    expect(await adapter.updateProfile(' Ada ', 'Lovelace')).toEqual({ success: true });
    expect(mocked.updateUserAttributes).toHaveBeenCalledWith({
      userAttributes: { given_name: 'Ada', family_name: 'Lovelace' },
    });
    mocked.fetchUserAttributes.mockResolvedValueOnce({ email: 'ada@example.com' });
    expect(await adapter.getUserAttributes()).toEqual({ success: true, attributes: { email: 'ada@example.com' } });
    mocked.fetchAuthSession.mockResolvedValueOnce({
      tokens: { idToken: { toString: () => 'id.jwt', payload: {} }, accessToken: { toString: () => 'a', payload: {} } },
    } as never);
    expect(await adapter.getAuthToken()).toBe('id.jwt');
    mocked.fetchAuthSession.mockResolvedValueOnce({} as never);
    expect(await adapter.getAuthToken()).toBeNull();
  });

  describe('getCurrentUser', () => {
    it('online: the user with fresh attributes', async () => {
      mocked.getCurrentUser.mockResolvedValueOnce({ username: 'u-1', userId: 'sub-1' });
      mocked.fetchUserAttributes.mockResolvedValueOnce({ email: 'ada@example.com', given_name: 'Ada' });
      expect(await adapter.getCurrentUser(null)).toEqual({
        user: { username: 'u-1', userId: 'sub-1', attributes: { email: 'ada@example.com', given_name: 'Ada' } },
        offline: false,
      });
    });

    it('offline with tokens still held for the cached user: the cached identity', async () => {
      storeAmplifyTokens('u-1', 'sub-1');
      mocked.getCurrentUser.mockRejectedValueOnce(networkError());
      expect(await adapter.getCurrentUser(USER)).toEqual({ user: USER, offline: true });
    });

    it('offline but the tokens belong to someone else, or are gone: signed out', async () => {
      storeAmplifyTokens('u-2', 'sub-2');
      mocked.getCurrentUser.mockRejectedValueOnce(networkError());
      expect(await adapter.getCurrentUser(USER)).toEqual({ user: null, offline: false });
      localStorage.clear();
      mocked.getCurrentUser.mockRejectedValueOnce(networkError());
      expect(await adapter.getCurrentUser(USER)).toEqual({ user: null, offline: false });
    });

    it('a non-network failure (e.g. refresh token revoked) signs out even with a cache', async () => {
      storeAmplifyTokens('u-1', 'sub-1');
      mocked.getCurrentUser.mockRejectedValueOnce(
        serviceError('UserUnAuthenticatedException', 'User needs to be authenticated to call this API.'),
      );
      expect(await adapter.getCurrentUser(USER)).toEqual({ user: null, offline: false });
    });

    it('valid tokens but attributes unreachable offline: cached attributes', async () => {
      mocked.getCurrentUser.mockResolvedValueOnce({ username: 'u-1', userId: 'sub-1' });
      mocked.fetchUserAttributes.mockRejectedValueOnce(networkError());
      expect(await adapter.getCurrentUser(USER)).toEqual({ user: USER, offline: true });
    });
  });

  it('logout clears tokens even when the service call fails, and only logs the error', async () => {
    storeAmplifyTokens('u-1', 'sub-1');
    localStorage.setItem('unrelated', 'keep');
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mocked.signOut.mockRejectedValueOnce(networkError());
    expect(await adapter.logout()).toEqual({ success: true });
    expect(logged).toHaveBeenCalled();
    expect(Object.keys(localStorage).filter((k) => k.startsWith('CognitoIdentityServiceProvider'))).toEqual([]);
    expect(localStorage.getItem('unrelated')).toBe('keep');
    logged.mockRestore();
  });
});
