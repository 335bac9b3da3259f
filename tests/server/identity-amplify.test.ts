// Drives the local identity service with aws-amplify's real client (SRP sign-in by default) over HTTP,
// the way the browser app does: sign-up to sign-out, refresh, profile, password and reset flows.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Amplify } from 'aws-amplify';
import {
  confirmResetPassword,
  confirmSignUp,
  fetchAuthSession,
  fetchUserAttributes,
  resendSignUpCode,
  resetPassword,
  signIn,
  signOut,
  signUp,
  updatePassword,
  updateUserAttributes,
} from 'aws-amplify/auth';
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startIdentityService, type IdentityService } from '../../server/identity/identity-service';

const PASSWORD = 'Corr3ct-Horse!';
let service: IdentityService;
let dataDir: string;
const lines: string[] = [];
let counter = 0;

// Amplify keeps tokens in a key-value store; in Node give it a plain in-memory one.
const memory = new Map<string, string>();
const memoryStorage = {
  setItem: async (key: string, value: string) => void memory.set(key, value),
  getItem: async (key: string) => memory.get(key) ?? null,
  removeItem: async (key: string) => void memory.delete(key),
  clear: async () => memory.clear(),
};

// Every Cognito call Amplify makes, to prove which flows it used (SRP sign-in, GetTokensFromRefreshToken).
const calls: { target: string; body: Record<string, unknown> }[] = [];
const realFetch = globalThis.fetch;

const newEmail = () => `amp${Date.now()}${counter++}@example.com`;

async function codeFor(email: string): Promise<string> {
  const response = await fetch(`${service.url}/_local/codes/${encodeURIComponent(email)}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { code: string }).code;
}

async function signedUpUser(): Promise<string> {
  const email = newEmail();
  await signUp({
    username: email,
    password: PASSWORD,
    options: { userAttributes: { email, given_name: 'Ada', family_name: 'Lovelace' } },
  });
  await confirmSignUp({ username: email, confirmationCode: await codeFor(email) });
  return email;
}

async function errorOf(promise: Promise<unknown>): Promise<{ name: string; message: string }> {
  try {
    await promise;
  } catch (error) {
    const e = error as Error;
    return { name: e.name, message: e.message };
  }
  throw new Error('expected the call to fail');
}

beforeAll(async () => {
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const target = new Headers(init?.headers).get('x-amz-target');
    const url = input instanceof Request ? input.url : String(input);
    // Only Amplify's calls to the public endpoint; the service's own calls to cognito-local run in this process too.
    if (target && typeof init?.body === 'string' && url.startsWith(service.url)) {
      calls.push({ target: target.split('.')[1], body: JSON.parse(init.body) as Record<string, unknown> });
    }
    return realFetch(input, init);
  };
  dataDir = mkdtempSync(path.join(tmpdir(), 'wyrd-identity-amp-'));
  service = await startIdentityService({ port: 0, dataDir, log: (line) => lines.push(line) });
  Amplify.configure({
    Auth: {
      Cognito: { userPoolId: service.poolId, userPoolClientId: service.clientId, userPoolEndpoint: service.url },
    },
  });
  cognitoUserPoolsTokenProvider.setKeyValueStorage(memoryStorage);
});

afterAll(async () => {
  globalThis.fetch = realFetch;
  await signOut().catch(() => {});
  await service?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

beforeEach(async () => {
  await signOut().catch(() => {});
});

describe('local identity service with aws-amplify defaults', () => {
  it('signs up, confirms with the printed code, and signs in with SRP', async () => {
    const email = newEmail();
    const result = await signUp({
      username: email,
      password: PASSWORD,
      options: { userAttributes: { email, given_name: 'Ada' } },
    });
    expect(result.isSignUpComplete).toBe(false);
    expect(result.nextStep.signUpStep).toBe('CONFIRM_SIGN_UP');
    const code = await codeFor(email);
    expect(code).toMatch(/^\d{6}$/);
    expect(lines).toContain(`[identity] code for ${email}: ${code} (sign-up)`);

    const confirmed = await confirmSignUp({ username: email, confirmationCode: code });
    expect(confirmed.isSignUpComplete).toBe(true);

    const signedIn = await signIn({ username: email, password: PASSWORD });
    expect(signedIn).toEqual({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    const session = await fetchAuthSession();
    expect(session.tokens?.idToken?.payload.email).toBe(email);
    expect(session.tokens?.idToken?.payload.email_verified).toBe(true);
    expect(session.tokens?.idToken?.payload.given_name).toBe('Ada');
    expect(session.tokens?.idToken?.payload.iss).toBe(`${service.url}/${service.poolId}`);
    const flows = calls.map((c) => `${c.target}:${String(c.body.AuthFlow ?? c.body.ChallengeName ?? '')}`);
    expect(flows).toContain('InitiateAuth:USER_SRP_AUTH');
    expect(flows).toContain('RespondToAuthChallenge:PASSWORD_VERIFIER');
    expect(flows).not.toContain('InitiateAuth:USER_PASSWORD_AUTH');
  });

  it('marks the email verified on confirmation, so the profile shows Verified', async () => {
    const email = await signedUpUser();
    await signIn({ username: email, password: PASSWORD });
    const attributes = await fetchUserAttributes();
    expect(attributes.email).toBe(email);
    expect(attributes.email_verified).toBe('true');
    expect(attributes.given_name).toBe('Ada');
  });

  it('refreshes tokens with forceRefresh (GetTokensFromRefreshToken)', async () => {
    const email = await signedUpUser();
    await signIn({ username: email, password: PASSWORD });
    const before = await fetchAuthSession();
    calls.length = 0;
    const refreshed = await fetchAuthSession({ forceRefresh: true });
    expect(refreshed.tokens?.accessToken.toString()).toBeTruthy();
    expect(refreshed.tokens?.accessToken.toString()).not.toBe(before.tokens?.accessToken.toString());
    expect(refreshed.tokens?.idToken?.toString()).not.toBe(before.tokens?.idToken?.toString());
    expect(calls.map((c) => c.target)).toEqual(['GetTokensFromRefreshToken']);
    // The refreshed access token is accepted by the service.
    expect((await fetchUserAttributes()).email).toBe(email);
  });

  it('updates profile attributes', async () => {
    const email = await signedUpUser();
    await signIn({ username: email, password: PASSWORD });
    const output = await updateUserAttributes({ userAttributes: { given_name: 'Grace', family_name: 'Hopper' } });
    expect(output.given_name.isUpdated).toBe(true);
    const attributes = await fetchUserAttributes();
    expect(attributes.given_name).toBe('Grace');
    expect(attributes.family_name).toBe('Hopper');
    expect(attributes.email_verified).toBe('true');
  });

  it('changes the password, then only the new one signs in', async () => {
    const email = await signedUpUser();
    await signIn({ username: email, password: PASSWORD });
    expect(await errorOf(updatePassword({ oldPassword: 'Wr0ng-password!', newPassword: 'N3w-Password!' }))).toEqual({
      name: 'NotAuthorizedException',
      message: 'Incorrect username or password.',
    });
    expect(await errorOf(updatePassword({ oldPassword: PASSWORD, newPassword: 'short' }))).toEqual({
      name: 'InvalidPasswordException',
      message: 'Password did not conform with policy: Password not long enough',
    });
    await updatePassword({ oldPassword: PASSWORD, newPassword: 'N3w-Password!' });
    await signOut();
    expect(await errorOf(signIn({ username: email, password: PASSWORD }))).toEqual({
      name: 'NotAuthorizedException',
      message: 'Incorrect username or password.',
    });
    expect((await signIn({ username: email, password: 'N3w-Password!' })).isSignedIn).toBe(true);
  });

  it('resets a forgotten password with the emailed code', async () => {
    const email = await signedUpUser();
    const reset = await resetPassword({ username: email });
    expect(reset.nextStep.resetPasswordStep).toBe('CONFIRM_RESET_PASSWORD_WITH_CODE');
    expect(reset.nextStep.codeDeliveryDetails.destination).toBe('a***@e***');
    const code = await codeFor(email);
    expect(lines).toContain(`[identity] code for ${email}: ${code} (password reset)`);
    expect(
      await errorOf(confirmResetPassword({ username: email, confirmationCode: code, newPassword: 'alllowercase1!' })),
    ).toEqual({
      name: 'InvalidPasswordException',
      message: 'Password did not conform with policy: Password must have uppercase characters',
    });
    const wrong = code === '000000' ? '111111' : '000000';
    expect(
      await errorOf(confirmResetPassword({ username: email, confirmationCode: wrong, newPassword: 'Reset-Passw0rd!' })),
    ).toEqual({ name: 'CodeMismatchException', message: 'Invalid verification code provided, please try again.' });
    await confirmResetPassword({ username: email, confirmationCode: code, newPassword: 'Reset-Passw0rd!' });
    expect((await signIn({ username: email, password: 'Reset-Passw0rd!' })).isSignedIn).toBe(true);
    expect((await fetchUserAttributes()).email_verified).toBe('true');
  });

  it('resends the sign-up code, and an unconfirmed sign-in leads to CONFIRM_SIGN_UP', async () => {
    const email = newEmail();
    await signUp({ username: email, password: PASSWORD, options: { userAttributes: { email } } });
    const first = await codeFor(email);
    const resent = await resendSignUpCode({ username: email });
    expect(resent.destination).toBe('a***@e***');
    const second = await codeFor(email);
    expect(lines).toContain(`[identity] code for ${email}: ${second} (sign-up, resent)`);
    if (first !== second) {
      expect((await errorOf(confirmSignUp({ username: email, confirmationCode: first }))).name).toBe(
        'CodeMismatchException',
      );
    }
    expect(await signIn({ username: email, password: PASSWORD })).toEqual({
      isSignedIn: false,
      nextStep: { signInStep: 'CONFIRM_SIGN_UP' },
    });
    await confirmSignUp({ username: email, confirmationCode: second });
    expect((await signIn({ username: email, password: PASSWORD })).isSignedIn).toBe(true);
  });

  it('signs out globally: the old refresh token and access token stop working', async () => {
    const email = await signedUpUser();
    await signIn({ username: email, password: PASSWORD });
    const { tokens } = await fetchAuthSession();
    const stored = [...memory.entries()].find(([key]) => key.endsWith('.refreshToken'));
    expect(stored).toBeDefined();
    calls.length = 0;
    await signOut({ global: true });
    expect(calls.map((c) => c.target)).toEqual(['GlobalSignOut']);
    expect((await fetchAuthSession()).tokens).toBeUndefined();

    const post = (target: string, body: object) =>
      fetch(service.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-amz-json-1.1',
          'x-amz-target': `AWSCognitoIdentityProviderService.${target}`,
        },
        body: JSON.stringify(body),
      });
    const getUser = await post('GetUser', { AccessToken: tokens?.accessToken.toString() });
    expect(getUser.status).toBe(400);
    expect(await getUser.json()).toEqual({
      __type: 'NotAuthorizedException',
      message: 'Access Token has been revoked',
    });
    const refresh = await post('GetTokensFromRefreshToken', { ClientId: service.clientId, RefreshToken: stored?.[1] });
    expect(refresh.status).toBe(400);
    expect(((await refresh.json()) as { __type: string }).__type).toBe('NotAuthorizedException');
  });

  it('answers sign-in errors with Cognito names and messages', async () => {
    const email = await signedUpUser();
    expect(await errorOf(signIn({ username: email, password: 'Wrong-Passw0rd!' }))).toEqual({
      name: 'NotAuthorizedException',
      message: 'Incorrect username or password.',
    });
    expect(await errorOf(signIn({ username: `nobody${Date.now()}@example.com`, password: PASSWORD }))).toEqual({
      name: 'UserNotFoundException',
      message: 'User does not exist.',
    });
    // Email usernames are case-insensitive, as in Cognito.
    expect((await signIn({ username: email.toUpperCase(), password: PASSWORD })).isSignedIn).toBe(true);
  });

  it('answers sign-up errors with Cognito names and messages', async () => {
    const email = await signedUpUser();
    expect(
      await errorOf(signUp({ username: email, password: PASSWORD, options: { userAttributes: { email } } })),
    ).toEqual({ name: 'UsernameExistsException', message: 'An account with the given email already exists.' });
    const fresh = newEmail();
    const weak: [string, string][] = [
      ['Sh0rt!', 'Password not long enough'],
      ['nouppercase1!', 'Password must have uppercase characters'],
      ['NOLOWERCASE1!', 'Password must have lowercase characters'],
      ['NoNumbers!!', 'Password must have numeric characters'],
      ['NoSymbols123', 'Password must have symbol characters'],
    ];
    for (const [password, reason] of weak) {
      expect(
        await errorOf(signUp({ username: fresh, password, options: { userAttributes: { email: fresh } } })),
      ).toEqual({ name: 'InvalidPasswordException', message: `Password did not conform with policy: ${reason}` });
    }
    await signUp({ username: fresh, password: PASSWORD, options: { userAttributes: { email: fresh } } });
    const code = await codeFor(fresh);
    const wrong = code === '000000' ? '111111' : '000000';
    expect(await errorOf(confirmSignUp({ username: fresh, confirmationCode: wrong }))).toEqual({
      name: 'CodeMismatchException',
      message: 'Invalid verification code provided, please try again.',
    });
  });
});
