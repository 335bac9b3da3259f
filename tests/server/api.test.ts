// API server over real HTTP on an ephemeral port with in-memory PGlite: health, CORS, and ID-token verification
// against a throwaway RSA key served as a JWKS (the same checks apply to the local identity service's tokens).
import { createServer, type Server } from 'node:http';
import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ConfigError,
  LOCAL_CLIENT_ID,
  LOCAL_POOL_ID,
  apiWorkerCount,
  databaseIsLocal,
  loadApiConfig,
  type ApiConfig,
} from '../../server/api/config';
import { startApiServer, type RunningApi } from '../../server/api/server';
import { createTokenVerifier } from '../../server/api/auth';

const KID = 'test-key';
const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });

function base64url(value: string | Buffer): string {
  return Buffer.from(value).toString('base64url');
}

function mintToken(claims: Record<string, unknown>, key: KeyObject = privateKey): string {
  const header = base64url(JSON.stringify({ alg: 'RS256', typ: 'JWT', kid: KID }));
  const payload = base64url(JSON.stringify(claims));
  const signature = sign('sha256', Buffer.from(`${header}.${payload}`), key);
  return `${header}.${payload}.${base64url(signature)}`;
}

let jwksServer: Server;
let issuer: string;
let api: RunningApi;

function idClaims(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const now = Math.floor(Date.now() / 1000);
  return {
    sub: 'user-123',
    email: 'ada@example.com',
    token_use: 'id',
    aud: LOCAL_CLIENT_ID,
    iss: issuer,
    iat: now,
    exp: now + 3600,
    ...overrides,
  };
}

async function get(pathname: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${api.url}${pathname}`, { headers });
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as Record<string, unknown>,
  };
}

beforeAll(async () => {
  const jwk = { ...publicKey.export({ format: 'jwk' }), kid: KID, alg: 'RS256', use: 'sig' };
  jwksServer = createServer((req, res) => {
    if (req.url === `/${LOCAL_POOL_ID}/.well-known/jwks.json`) {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] }));
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => jwksServer.listen(0, '127.0.0.1', resolve));
  const address = jwksServer.address();
  if (!address || typeof address === 'string') throw new Error('no JWKS server address');
  const identityUrl = `http://127.0.0.1:${address.port}`;
  issuer = `${identityUrl}/${LOCAL_POOL_ID}`;
  const config = loadApiConfig({ WYRD_COGNITO_ENDPOINT: identityUrl, WYRD_API_PORT: '0', WYRD_WEB_PORT: '4999' });
  api = await startApiServer({ ...config, database: { pgliteDir: 'memory://' } });
}, 60_000); // PGlite's first start can take a while on a loaded 2-core machine.

afterAll(async () => {
  await api?.close();
  await new Promise((resolve) => jwksServer?.close(resolve));
});

describe('API server', () => {
  it('answers GET /health with {"status":"ok"}', async () => {
    const response = await get('/health');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok' });
  });

  it('rejects a protected route without a token with 401 and a detail message', async () => {
    const response = await get('/me');
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ detail: 'Not authenticated' });
    expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/);
  });

  it('accepts a valid ID token and answers with the record itself (no envelope)', async () => {
    const response = await get('/me', { Authorization: `Bearer ${mintToken(idClaims())}` });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: 'user-123', email: 'ada@example.com' });
  });

  it.each([
    ['an access token', idClaims({ token_use: 'access' })],
    ['another app client (audience)', idClaims({ aud: 'someoneelse' })],
    ['another issuer', idClaims({ iss: 'http://127.0.0.1:1/ap-southeast-2_other' })],
    ['an expired token', idClaims({ exp: Math.floor(Date.now() / 1000) - 60 })],
  ])('rejects %s with 401', async (_label, claims) => {
    const response = await get('/me', { Authorization: `Bearer ${mintToken(claims)}` });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ detail: 'Invalid or expired token' });
  });

  it('rejects a token signed by a different key and a malformed token', async () => {
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    expect((await get('/me', { Authorization: `Bearer ${mintToken(idClaims(), other)}` })).status).toBe(401);
    expect((await get('/me', { Authorization: 'Bearer not-a-jwt' })).status).toBe(401);
  });

  it('allows CORS from the web origin only', async () => {
    const preflight = (origin: string) =>
      fetch(`${api.url}/me`, {
        method: 'OPTIONS',
        headers: {
          Origin: origin,
          'Access-Control-Request-Method': 'GET',
          'Access-Control-Request-Headers': 'authorization',
        },
      });
    const allowed = await preflight('http://127.0.0.1:4999');
    expect(allowed.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:4999');
    expect(allowed.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization');
    const denied = await preflight('http://evil.example');
    expect(denied.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('puts CORS headers on answers for the web origin only, with ETag readable and Vary: Origin', async () => {
    const auth = { Authorization: `Bearer ${mintToken(idClaims())}` };
    const allowed = await get('/accounts', { ...auth, Origin: 'http://127.0.0.1:4999', 'Accept-Encoding': 'gzip' });
    expect(allowed.status).toBe(200);
    expect(allowed.body).toEqual([]);
    expect(allowed.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:4999');
    expect(allowed.headers.get('access-control-expose-headers')).toBe('ETag');
    expect(allowed.headers.get('etag')).toBeTruthy();
    // The list's own Vary stays, with Origin added.
    expect(allowed.headers.get('vary')).toBe('Authorization, Accept-Encoding, Origin');
    const denied = await get('/accounts', { ...auth, Origin: 'http://evil.example' });
    expect(denied.status).toBe(200);
    expect(denied.headers.get('access-control-allow-origin')).toBeNull();
    const failed = await get('/accounts', { Origin: 'http://127.0.0.1:4999' });
    expect(failed.status).toBe(401);
    expect(failed.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:4999');
  });

  it('answers unknown paths with 404 and a detail message', async () => {
    const response = await get('/nope');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ detail: 'Not found' });
  });
});

describe('API configuration', () => {
  it('runs one API process per core on PostgreSQL, less one when the database shares the host', () => {
    expect(apiWorkerCount({}, undefined, 8)).toBe(1);
    expect(apiWorkerCount({}, 'postgres://u:p@db.example.com:5432/wyrd', 4)).toBe(4);
    expect(apiWorkerCount({}, 'postgres://u:p@127.0.0.1:5432/wyrd', 4)).toBe(3);
    expect(apiWorkerCount({}, 'postgres://u:p@localhost/wyrd', 2)).toBe(1);
    expect(apiWorkerCount({}, 'postgres://u:p@[::1]:5432/wyrd', 1)).toBe(1);
    expect(apiWorkerCount({}, 'postgres:///wyrd', 4)).toBe(3);
    expect(apiWorkerCount({ PGHOST: 'db.example.com' }, 'postgres:///wyrd', 4)).toBe(4);
    expect(apiWorkerCount({}, 'postgresql://u@LOCALHOST./wyrd', 4)).toBe(3);
    expect(apiWorkerCount({ WYRD_API_WORKERS: '6' }, 'postgres://u:p@localhost/wyrd', 2)).toBe(6);
    expect(() => apiWorkerCount({ WYRD_API_WORKERS: '0' }, 'postgres://u:p@localhost/wyrd', 2)).toThrow(ConfigError);
    expect(databaseIsLocal('postgres://u:p@10.0.0.5/wyrd')).toBe(false);
    expect(databaseIsLocal('postgres://u:p@127.0.0.1:5432,db.example.com:5432/wyrd')).toBe(false);
    expect(databaseIsLocal('not a url')).toBe(false);
  });

  it('defaults to local mode with the local pool, ports and data folder', () => {
    const config = loadApiConfig({});
    expect(config.mode).toBe('local');
    expect(config.port).toBe(8787);
    expect(config.host).toBe('127.0.0.1');
    expect(config.auth).toEqual({
      kind: 'local',
      issuer: `http://127.0.0.1:9229/${LOCAL_POOL_ID}`,
      jwksUri: `http://127.0.0.1:9229/${LOCAL_POOL_ID}/.well-known/jwks.json`,
      clientId: LOCAL_CLIENT_ID,
    });
    expect(config.webOrigins).toContain('http://127.0.0.1:4173');
    expect(config.database.pgliteDir).toBe(path.resolve('.local/api'));
    expect(config.database.databaseUrl).toBeUndefined();
  });

  it('uses Cognito (never the local issuer) for a real pool, and production by default', () => {
    const config = loadApiConfig({
      WYRD_COGNITO_USER_POOL_ID: 'ap-southeast-2_AbCdEf123',
      WYRD_COGNITO_CLIENT_ID: 'abc123',
    });
    expect(config.mode).toBe('production');
    expect(config.auth).toEqual({ kind: 'cognito', userPoolId: 'ap-southeast-2_AbCdEf123', clientId: 'abc123' });
    expect(() => createTokenVerifier(config.auth)).not.toThrow();
  });

  it('refuses to trust the local identity service in production mode', () => {
    expect(() => loadApiConfig({ WYRD_MODE: 'production' })).toThrow(ConfigError);
    expect(() => loadApiConfig({ WYRD_MODE: 'staging' })).toThrow(/WYRD_MODE must be/);
    expect(() => loadApiConfig({ WYRD_API_PORT: 'eighty' })).toThrow(/WYRD_API_PORT must be a port number/);
  });

  it('keeps PGlite data (users and entities) across restarts in WYRD_DATA_DIR', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'wyrd-api-'));
    try {
      const config: ApiConfig = {
        ...loadApiConfig({
          WYRD_DATA_DIR: dataDir,
          WYRD_API_PORT: '0',
          WYRD_COGNITO_ENDPOINT: issuer.replace(`/${LOCAL_POOL_ID}`, ''),
        }),
      };
      expect(config.database.pgliteDir).toBe(path.join(dataDir, 'api'));
      const token = mintToken(idClaims({ sub: 'persisted-user' }));
      const first = await startApiServer(config);
      const created = (await (
        await fetch(`${first.url}/me`, { headers: { Authorization: `Bearer ${token}` } })
      ).json()) as { created_at: string };
      const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
      const account = await fetch(`${first.url}/accounts`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ name: 'Kept', current_balance: 42 }),
      });
      expect(account.status).toBe(201);
      await first.close();
      const second = await startApiServer(config);
      const again = (await (
        await fetch(`${second.url}/me`, { headers: { Authorization: `Bearer ${token}` } })
      ).json()) as { created_at: string };
      const accounts = (await (await fetch(`${second.url}/accounts`, { headers })).json()) as Array<{
        name: string;
        current_balance: number;
      }>;
      await second.close();
      expect(again.created_at).toBe(created.created_at);
      expect(accounts.map((a) => [a.name, a.current_balance])).toEqual([['Kept', 42]]);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
