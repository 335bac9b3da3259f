// The local identity service over raw HTTP: CORS for the browser app, the codes endpoint and fixed codes,
// Cognito-shaped errors (never a 5xx), JWKS/issuer for the API, limits, reset-required users, persistence, CLI.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { JwtRsaVerifier } from 'aws-jwt-verify';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { LOCAL_CLIENT_ID, LOCAL_POOL_ID, LOCAL_REGION } from '../../server/identity/constants';
import { localIssuer, startIdentityService, type IdentityService } from '../../server/identity/identity-service';
import { passwordPolicyError } from '../../server/identity/password-policy';

const PASSWORD = 'Corr3ct-Horse!';
const tempDirs: string[] = [];
const services: IdentityService[] = [];
let counter = 0;

const newEmail = () => `raw${Date.now()}${counter++}@example.com`;

function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'wyrd-identity-'));
  tempDirs.push(dir);
  return dir;
}

async function start(options: Parameters<typeof startIdentityService>[0] = {}): Promise<IdentityService> {
  const service = await startIdentityService({ port: 0, dataDir: tempDir(), log: false, ...options });
  services.push(service);
  return service;
}

type Reply = { status: number; json: Record<string, unknown>; headers: Headers };

async function call(
  service: IdentityService,
  target: string,
  body: object,
  headers: Record<string, string> = {},
): Promise<Reply> {
  const response = await fetch(service.url, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${target}`,
      ...headers,
    },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    json: (await response.json()) as Record<string, unknown>,
    headers: response.headers,
  };
}

async function codeFor(service: IdentityService, email: string): Promise<string> {
  const response = await fetch(`${service.url}/_local/codes/${encodeURIComponent(email)}`);
  return ((await response.json()) as { code: string }).code;
}

async function confirmedUser(service: IdentityService): Promise<string> {
  const email = newEmail();
  expect(
    (await call(service, 'SignUp', { ClientId: service.clientId, Username: email, Password: PASSWORD })).status,
  ).toBe(200);
  const confirm = await call(service, 'ConfirmSignUp', {
    ClientId: service.clientId,
    Username: email,
    ConfirmationCode: await codeFor(service, email),
  });
  expect(confirm.status).toBe(200);
  return email;
}

async function passwordSignIn(service: IdentityService, email: string, password = PASSWORD): Promise<Reply> {
  return call(service, 'InitiateAuth', {
    ClientId: service.clientId,
    AuthFlow: 'USER_PASSWORD_AUTH',
    AuthParameters: { USERNAME: email, PASSWORD: password },
  });
}

afterEach(async () => {
  await Promise.all(services.splice(0).map((s) => s.close()));
});

afterAll(() => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

describe('fixed ids', () => {
  it('uses the fixed local pool, client and region', async () => {
    expect(LOCAL_POOL_ID).toBe('ap-southeast-2_wyrdLocal1');
    expect(LOCAL_CLIENT_ID).toBe('wyrdlocalclient00000000000');
    expect(LOCAL_REGION).toBe('ap-southeast-2');
    const service = await start();
    expect(service.poolId).toBe(LOCAL_POOL_ID);
    expect(service.clientId).toBe(LOCAL_CLIENT_ID);
    expect(service.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(localIssuer(service.url)).toBe(`${service.url}/${LOCAL_POOL_ID}`);
  });
});

describe('startup', () => {
  it('fails with a clear message when the port is taken', async () => {
    const first = await start();
    const port = Number(new URL(first.url).port);
    const failure = start({ port });
    await expect(failure).rejects.toThrow(
      `The identity service cannot listen on 127.0.0.1:${port}: the port is in use (set WYRD_IDENTITY_PORT to use another).`,
    );
    await expect(failure).rejects.toMatchObject({ code: 'EADDRINUSE' });
  });
});

describe('CORS for the browser app', () => {
  it('answers a preflight from any loopback origin with the amz headers Amplify sends', async () => {
    const service = await start();
    for (const origin of ['http://127.0.0.1:4173', 'http://localhost:5173', 'http://[::1]:3000']) {
      const response = await fetch(service.url, {
        method: 'OPTIONS',
        headers: {
          Origin: origin,
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers':
            'content-type,x-amz-target,x-amz-user-agent,cache-control,amz-sdk-invocation-id,amz-sdk-request',
        },
      });
      expect(response.status).toBe(204);
      expect(response.headers.get('access-control-allow-origin')).toBe(origin);
      expect(response.headers.get('access-control-allow-methods')).toContain('POST');
      const allowed = response.headers.get('access-control-allow-headers') ?? '';
      for (const header of ['content-type', 'x-amz-target', 'x-amz-user-agent', 'cache-control'])
        expect(allowed).toContain(header);
    }
  });

  it('adds CORS headers to answers for loopback origins only', async () => {
    const service = await start();
    const ok = await call(
      service,
      'SignUp',
      { ClientId: service.clientId, Username: newEmail(), Password: PASSWORD },
      { Origin: 'http://127.0.0.1:4173' },
    );
    expect(ok.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:4173');
    expect(ok.headers.get('access-control-expose-headers')).toContain('x-amzn-ErrorType');
    const foreign = await call(
      service,
      'SignUp',
      { ClientId: service.clientId, Username: newEmail(), Password: PASSWORD },
      { Origin: 'https://evil.example' },
    );
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('codes', () => {
  it('serves the latest code per email and 404 JSON when none was sent', async () => {
    const lines: string[] = [];
    const service = await start({ log: (line) => lines.push(line) });
    const missing = await fetch(`${service.url}/_local/codes/nobody@example.com`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: 'No code has been sent to nobody@example.com.' });

    const email = newEmail();
    await call(service, 'SignUp', { ClientId: service.clientId, Username: email, Password: PASSWORD });
    const first = await codeFor(service, email);
    expect(first).toMatch(/^\d{6}$/);
    expect(lines).toEqual([`[identity] code for ${email}: ${first} (sign-up)`]);
    const resend = await call(service, 'ResendConfirmationCode', { ClientId: service.clientId, Username: email });
    expect(resend.status).toBe(200);
    expect(resend.json).toEqual({
      CodeDeliveryDetails: { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: 'r***@e***' },
    });
    const latest = await codeFor(service, email);
    expect(lines.at(-1)).toBe(`[identity] code for ${email}: ${latest} (sign-up, resent)`);
    const response = await fetch(`${service.url}/_local/codes/${encodeURIComponent(email.toUpperCase())}`);
    expect(await response.json()).toEqual({ code: latest });
  });

  it('uses one fixed code for every user with the fixedCode option', async () => {
    const service = await start({ fixedCode: '246810' });
    const email = newEmail();
    await call(service, 'SignUp', { ClientId: service.clientId, Username: email, Password: PASSWORD });
    expect(await codeFor(service, email)).toBe('246810');
    expect(
      (
        await call(service, 'ConfirmSignUp', {
          ClientId: service.clientId,
          Username: email,
          ConfirmationCode: '246810',
        })
      ).status,
    ).toBe(200);
    await call(service, 'ForgotPassword', { ClientId: service.clientId, Username: email });
    expect(await codeFor(service, email)).toBe('246810');
  });

  it('reads LOCAL_AUTH_FIXED_CODE from the environment', async () => {
    const previous = process.env.LOCAL_AUTH_FIXED_CODE;
    process.env.LOCAL_AUTH_FIXED_CODE = '135790';
    try {
      const service = await start();
      const email = newEmail();
      await call(service, 'SignUp', { ClientId: service.clientId, Username: email, Password: PASSWORD });
      expect(await codeFor(service, email)).toBe('135790');
    } finally {
      if (previous === undefined) delete process.env.LOCAL_AUTH_FIXED_CODE;
      else process.env.LOCAL_AUTH_FIXED_CODE = previous;
    }
  });
});

describe('Cognito-shaped errors', () => {
  it('answers HTTP 400 with __type, message and x-amzn-ErrorType', async () => {
    const service = await start();
    const email = await confirmedUser(service);
    const wrong = await passwordSignIn(service, email, 'Wrong-Passw0rd!');
    expect(wrong.status).toBe(400);
    expect(wrong.json).toEqual({ __type: 'NotAuthorizedException', message: 'Incorrect username or password.' });
    expect(wrong.headers.get('x-amzn-errortype')).toBe('NotAuthorizedException');
    expect((await passwordSignIn(service, 'nobody@example.com')).json).toEqual({
      __type: 'UserNotFoundException',
      message: 'User does not exist.',
    });
    expect(
      (
        await call(service, 'ConfirmSignUp', {
          ClientId: service.clientId,
          Username: email,
          ConfirmationCode: '123456',
        })
      ).json,
    ).toEqual({ __type: 'NotAuthorizedException', message: 'User cannot be confirmed. Current status is CONFIRMED' });
    expect(
      (await call(service, 'ResendConfirmationCode', { ClientId: service.clientId, Username: email })).json,
    ).toEqual({ __type: 'InvalidParameterException', message: 'User is already confirmed.' });
    expect(
      (await call(service, 'ForgotPassword', { ClientId: service.clientId, Username: 'nobody@example.com' })).json,
    ).toEqual({ __type: 'UserNotFoundException', message: 'Username/client id combination not found.' });
    // No reset code was requested, so there is nothing to match.
    expect(
      (
        await call(service, 'ConfirmForgotPassword', {
          ClientId: service.clientId,
          Username: email,
          ConfirmationCode: '123456',
          Password: 'Brand-N3w-pass',
        })
      ).json,
    ).toEqual({ __type: 'ExpiredCodeException', message: 'Invalid code provided, please request a code again.' });
    expect((await call(service, 'GetUser', { AccessToken: 'not-a-token' })).json).toEqual({
      __type: 'NotAuthorizedException',
      message: 'Invalid Access Token',
    });
  });

  it('answers unconfirmed users with UserNotConfirmedException after a correct password', async () => {
    const service = await start();
    const email = newEmail();
    await call(service, 'SignUp', { ClientId: service.clientId, Username: email, Password: PASSWORD });
    expect((await passwordSignIn(service, email)).json).toEqual({
      __type: 'UserNotConfirmedException',
      message: 'User is not confirmed.',
    });
    expect((await passwordSignIn(service, email, 'Wrong-Passw0rd!')).json.__type).toBe('NotAuthorizedException');
  });

  it('never answers 5xx: unsupported calls and bad requests get a clear 400', async () => {
    const service = await start();
    const unsupported = await call(service, 'DescribeRiskConfiguration', { UserPoolId: LOCAL_POOL_ID });
    expect(unsupported.status).toBe(400);
    expect(unsupported.json.__type).toBe('UnsupportedOperationException');
    expect(String(unsupported.json.message)).toContain(
      'DescribeRiskConfiguration is not supported by the local identity service',
    );
    const flow = await call(service, 'InitiateAuth', {
      ClientId: service.clientId,
      AuthFlow: 'CUSTOM_AUTH',
      AuthParameters: { USERNAME: 'a@b.c' },
    });
    expect(flow.status).toBe(400);
    expect(flow.json.__type).toBe('InvalidParameterException');
    const badJson = await fetch(service.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.SignUp',
      },
      body: '{not json',
    });
    expect(badJson.status).toBe(400);
    expect(((await badJson.json()) as { __type: string }).__type).toBe('SerializationException');
    expect(
      (await call(service, 'SignUp', { ClientId: 'someotherclient', Username: 'a@b.c', Password: PASSWORD })).json,
    ).toEqual({ __type: 'ResourceNotFoundException', message: 'User pool client someotherclient does not exist.' });
    const noTarget = await fetch(service.url, { method: 'POST', body: '{}' });
    expect(noTarget.status).toBe(400);
  });

  it('limits repeated wrong codes with LimitExceededException', async () => {
    const service = await start({ fixedCode: '111111' });
    const email = newEmail();
    await call(service, 'SignUp', { ClientId: service.clientId, Username: email, Password: PASSWORD });
    for (let i = 0; i < 5; i++) {
      expect(
        (
          await call(service, 'ConfirmSignUp', {
            ClientId: service.clientId,
            Username: email,
            ConfirmationCode: '999999',
          })
        ).json.__type,
      ).toBe('CodeMismatchException');
    }
    expect(
      (
        await call(service, 'ConfirmSignUp', {
          ClientId: service.clientId,
          Username: email,
          ConfirmationCode: '111111',
        })
      ).json,
    ).toEqual({ __type: 'LimitExceededException', message: 'Attempt limit exceeded, please try after some time.' });
  });

  it('sends a reset-required user to the reset flow (PasswordResetRequiredException)', async () => {
    const service = await start({ fixedCode: '222222' });
    const email = await confirmedUser(service);
    expect((await call(service, 'AdminResetUserPassword', { UserPoolId: LOCAL_POOL_ID, Username: email })).status).toBe(
      200,
    );
    const srp = await call(service, 'InitiateAuth', {
      ClientId: service.clientId,
      AuthFlow: 'USER_SRP_AUTH',
      AuthParameters: { USERNAME: email, SRP_A: 'abcdef' },
    });
    expect(srp.json).toEqual({
      __type: 'PasswordResetRequiredException',
      message: 'Password reset required for the user',
    });
    await call(service, 'ConfirmForgotPassword', {
      ClientId: service.clientId,
      Username: email,
      ConfirmationCode: '222222',
      Password: 'After-Reset-1',
    });
    expect((await passwordSignIn(service, email, 'After-Reset-1')).status).toBe(200);
  });
});

describe('password policy', () => {
  it("uses Cognito's messages, checked on every call that sets a password", async () => {
    const message = (password: string) => passwordPolicyError(password)?.message;
    expect(message('Aa1!aaaa')).toBeUndefined();
    expect(message('Aa1!aaa')).toBe('Password did not conform with policy: Password not long enough');
    expect(message('AAAA1111!')).toBe('Password did not conform with policy: Password must have lowercase characters');
    expect(message('aaaa1111!')).toBe('Password did not conform with policy: Password must have uppercase characters');
    expect(message('aaaaAAAA!')).toBe('Password did not conform with policy: Password must have numeric characters');
    expect(message('aaaaAAAA1')).toBe('Password did not conform with policy: Password must have symbol characters');
    expect(message('aaaa AAAA1')).toBeUndefined();
    expect(passwordPolicyError(' Aa1!aaaa')?.name).toBe('InvalidParameterException');

    const service = await start({ fixedCode: '333333' });
    const email = await confirmedUser(service);
    await call(service, 'ForgotPassword', { ClientId: service.clientId, Username: email });
    expect(
      (
        await call(service, 'ConfirmForgotPassword', {
          ClientId: service.clientId,
          Username: email,
          ConfirmationCode: '333333',
          Password: 'weak',
        })
      ).json,
    ).toEqual({
      __type: 'InvalidPasswordException',
      message: 'Password did not conform with policy: Password not long enough',
    });
    expect(
      (
        await call(service, 'AdminSetUserPassword', {
          UserPoolId: LOCAL_POOL_ID,
          Username: email,
          Password: 'nouppercase1!',
          Permanent: true,
        })
      ).json,
    ).toEqual({
      __type: 'InvalidPasswordException',
      message: 'Password did not conform with policy: Password must have uppercase characters',
    });
  });
});

describe('tokens for the API server', () => {
  it('issues ID tokens that verify against the local issuer and JWKS', async () => {
    const service = await start();
    const email = await confirmedUser(service);
    const signIn = await passwordSignIn(service, email);
    const result = signIn.json.AuthenticationResult as {
      IdToken: string;
      RefreshToken: string;
      ExpiresIn: number;
      TokenType: string;
    };
    expect(result.TokenType).toBe('Bearer');
    expect(result.ExpiresIn).toBe(3600);

    const issuer = localIssuer(service.url);
    const jwksUri = `${issuer}/.well-known/jwks.json`;
    const openid = (await (await fetch(`${issuer}/.well-known/openid-configuration`)).json()) as {
      issuer: string;
      jwks_uri: string;
    };
    expect(openid).toMatchObject({ issuer, jwks_uri: jwksUri });
    const jwks = await (await fetch(jwksUri)).json();
    const verifier = JwtRsaVerifier.create({
      issuer,
      audience: service.clientId,
      jwksUri,
      customJwtCheck: ({ payload }) => {
        if (payload.token_use !== 'id') throw new Error('not an ID token');
      },
    });
    verifier.cacheJwks(jwks);
    const payload = await verifier.verify(result.IdToken);
    expect(payload.email).toBe(email);
    expect(payload.email_verified).toBe(true);

    // REFRESH_TOKEN_AUTH through InitiateAuth also returns fresh tokens.
    const refreshed = await call(service, 'InitiateAuth', {
      ClientId: service.clientId,
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      AuthParameters: { REFRESH_TOKEN: result.RefreshToken },
    });
    expect(refreshed.status).toBe(200);
    expect(await verifier.verify((refreshed.json.AuthenticationResult as { IdToken: string }).IdToken)).toMatchObject({
      email,
    });
    // RevokeToken succeeds, then the refresh token no longer works.
    expect(
      (await call(service, 'RevokeToken', { ClientId: service.clientId, Token: result.RefreshToken })).status,
    ).toBe(200);
    expect(
      (
        await call(service, 'GetTokensFromRefreshToken', {
          ClientId: service.clientId,
          RefreshToken: result.RefreshToken,
        })
      ).json,
    ).toEqual({ __type: 'NotAuthorizedException', message: 'Refresh Token has been revoked' });
  });
});

describe('persistence', () => {
  it('keeps users, codes and the fixed pool across a restart', async () => {
    const dataDir = tempDir();
    const first = await start({ dataDir });
    const email = await confirmedUser(first);
    const code = await codeFor(first, email);
    await first.close();

    const second = await start({ dataDir });
    expect(second.poolId).toBe(first.poolId);
    expect((await passwordSignIn(second, email)).status).toBe(200);
    expect(await codeFor(second, email)).toBe(code);
    expect(
      (await call(second, 'SignUp', { ClientId: second.clientId, Username: email, Password: PASSWORD })).json.__type,
    ).toBe('UsernameExistsException');
  });
});

describe('command line entry', () => {
  it('starts standalone and stops cleanly on SIGTERM', async () => {
    const dataDir = tempDir();
    const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'server/identity/main.ts')], {
      cwd: repoRoot,
      env: { ...process.env, WYRD_IDENTITY_PORT: '0', WYRD_DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no start line: ${output}`)), 30_000);
      child.stdout.on('data', () => {
        const match = /local identity service on (http:\/\/\S+)/.exec(output);
        if (match) {
          clearTimeout(timer);
          resolve(match[1]);
        }
      });
    });
    expect(await (await fetch(`${url}/health`)).json()).toMatchObject({ ok: true, poolId: LOCAL_POOL_ID });
    const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exit).toBe(0);
  });
});
