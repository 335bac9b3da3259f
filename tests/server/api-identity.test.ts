// The API accepts ID tokens minted by the real local identity service (and refuses its access tokens),
// both started in-process on ephemeral ports, as `npm start` wires them.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadApiConfig } from '../../server/api/config';
import { startApiServer, type RunningApi } from '../../server/api/server';
import { startIdentityService, type IdentityService } from '../../server/identity/identity-service';

let dataDir: string;
let identity: IdentityService;
let api: RunningApi;

async function cognito(operation: string, body: Record<string, unknown>): Promise<Record<string, unknown>> {
  const response = await fetch(identity.url, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-amz-json-1.1',
      'X-Amz-Target': `AWSCognitoIdentityProviderService.${operation}`,
    },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${operation}: ${JSON.stringify(json)}`);
  return json;
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'wyrd-api-identity-'));
  identity = await startIdentityService({
    port: 0,
    host: '127.0.0.1',
    dataDir: path.join(dataDir, 'identity'),
    fixedCode: '123456',
    log: false,
  });
  const config = loadApiConfig({ WYRD_COGNITO_ENDPOINT: identity.url, WYRD_API_PORT: '0' });
  api = await startApiServer({ ...config, database: { pgliteDir: 'memory://' } });
}, 60_000); // PGlite's first start can take a while on a loaded 2-core machine.

afterAll(async () => {
  await api?.close();
  await identity?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('API with the local identity service', () => {
  it('accepts its ID token and refuses its access token', async () => {
    const email = `api-${Date.now()}@example.com`;
    const password = 'Api-Test-Pass1!';
    await cognito('SignUp', {
      ClientId: identity.clientId,
      Username: email,
      Password: password,
      UserAttributes: [{ Name: 'email', Value: email }],
    });
    await cognito('ConfirmSignUp', { ClientId: identity.clientId, Username: email, ConfirmationCode: '123456' });
    const auth = await cognito('InitiateAuth', {
      ClientId: identity.clientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: password },
    });
    const tokens = auth.AuthenticationResult as { IdToken: string; AccessToken: string };

    const me = await fetch(`${api.url}/me`, { headers: { Authorization: `Bearer ${tokens.IdToken}` } });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { email: string }).email).toBe(email);

    // The product endpoints accept the same token.
    const headers = { Authorization: `Bearer ${tokens.IdToken}`, 'Content-Type': 'application/json' };
    const created = await fetch(`${api.url}/accounts`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: 'Everyday', current_balance: 10 }),
    });
    expect(created.status).toBe(201);
    const listed = (await (await fetch(`${api.url}/accounts`, { headers })).json()) as Array<{ name: string }>;
    expect(listed.map((a) => a.name)).toEqual(['Everyday']);

    const withAccess = await fetch(`${api.url}/me`, { headers: { Authorization: `Bearer ${tokens.AccessToken}` } });
    expect(withAccess.status).toBe(401);
  });
});
