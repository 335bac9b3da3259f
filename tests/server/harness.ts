// Shared setup for the API tests: a test RSA key served as the local pool's JWKS, ID-token minting, and the API
// server over real HTTP on an ephemeral port with in-memory PGlite or a throwaway PostgreSQL database.
import { generateKeyPairSync, randomUUID, sign, type KeyObject } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { mkdirSync, writeFileSync } from 'node:fs';
import postgres from 'postgres';
import { inject } from 'vitest';
import { LOCAL_CLIENT_ID, LOCAL_POOL_ID, loadApiConfig } from '../../server/api/config';
import { startApiServer, type RunningApi } from '../../server/api/server';
import { startThrowawayPostgres, type ThrowawayPostgres } from '../../scripts/stack/postgres';
import type {} from './global-postgres'; // the provided wyrdPostgres's type

export const KID = 'test-key';
export const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });

export function base64url(value: string | Buffer): string {
  return Buffer.from(value).toString('base64url');
}

export function mintToken(
  claims: Record<string, unknown>,
  key: KeyObject = privateKey,
  header: Record<string, unknown> = {},
): string {
  const head = base64url(JSON.stringify({ alg: 'RS256', typ: 'JWT', kid: KID, ...header }));
  const payload = base64url(JSON.stringify(claims));
  const signature = sign('sha256', Buffer.from(`${head}.${payload}`), key);
  return `${head}.${payload}.${base64url(signature)}`;
}

export type Jwks = { issuer: string; identityUrl: string; close: () => Promise<void> };

export async function startJwks(): Promise<Jwks> {
  const jwk = { ...publicKey.export({ format: 'jwk' }), kid: KID, alg: 'RS256', use: 'sig' };
  const server: Server = createServer((req, res) => {
    if (req.url === `/${LOCAL_POOL_ID}/.well-known/jwks.json`)
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] }));
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no JWKS server address');
  const identityUrl = `http://127.0.0.1:${address.port}`;
  return {
    identityUrl,
    issuer: `${identityUrl}/${LOCAL_POOL_ID}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export function idClaims(issuer: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
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

export type Reply<T = unknown> = { status: number; body: T; headers: Headers };

export type TestApi = {
  url: string;
  kind: 'pglite' | 'postgres';
  issuer: string;
  /** A valid ID token for the user `sub`. */
  token: (sub: string) => string;
  /** A JSON request as `sub` (or with `token`, or none with token: null). */
  call: <T = unknown>(
    method: string,
    path: string,
    opts?: { sub?: string; token?: string | null; body?: unknown; raw?: string },
  ) => Promise<Reply<T>>;
  close: () => Promise<void>;
};

let pgCluster: Promise<ThrowawayPostgres | { skipped: string }> | undefined;

/**
 * The run's one throwaway cluster when the global setup started it (global-postgres.ts, under `npm test`), else
 * one per test file (worker); each API gets a database of its own in it.
 */
export function sharedPostgres(): Promise<ThrowawayPostgres | { skipped: string }> {
  let provided: ReturnType<typeof inject<'wyrdPostgres'>> = null;
  try {
    provided = inject('wyrdPostgres');
  } catch {
    // Outside a vitest run (a script using this harness): no global setup, so a cluster of its own.
  }
  if (provided) {
    // The global setup owns the cluster and stops it after the run: a file's stop() leaves it running.
    pgCluster ??= Promise.resolve('url' in provided ? { url: provided.url, stop: async () => {} } : provided);
  }
  pgCluster ??= startThrowawayPostgres({ log: (s) => console.log(`[postgres] ${s}`) });
  return pgCluster;
}

export async function stopSharedPostgres(): Promise<void> {
  const cluster = await pgCluster;
  pgCluster = undefined;
  if (cluster && 'stop' in cluster) await cluster.stop();
}

/** A new empty database in the cluster; returns its URL. */
export async function freshDatabase(clusterUrl: string): Promise<string> {
  const name = `wyrd_${randomUUID().replace(/-/g, '')}`;
  const admin = postgres(clusterUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  await admin.end();
  return clusterUrl.replace(/\/postgres$/, `/${name}`);
}

/** Starts the API on PGlite (in memory) or on a fresh database in the shared throwaway PostgreSQL. */
export async function startTestApi(kind: 'pglite' | 'postgres', clock?: () => Date): Promise<TestApi> {
  const jwks = await startJwks();
  let databaseUrl: string | undefined;
  if (kind === 'postgres') {
    const cluster = await sharedPostgres();
    if ('skipped' in cluster) throw new Error(`PostgreSQL unavailable: ${cluster.skipped}`);
    databaseUrl = await freshDatabase(cluster.url);
  }
  const config = loadApiConfig({ WYRD_COGNITO_ENDPOINT: jwks.identityUrl, WYRD_API_PORT: '0', WYRD_WEB_PORT: '4999' });
  const api: RunningApi = await startApiServer(
    { ...config, database: { databaseUrl, pgliteDir: 'memory://' } },
    clock ? { clock } : undefined,
  );
  const token = (sub: string) => mintToken(idClaims(jwks.issuer, { sub, email: `${sub}@example.com` }));
  return {
    url: api.url,
    kind,
    issuer: jwks.issuer,
    token,
    async call(method, path, opts = {}) {
      const headers: Record<string, string> = {};
      const bearer = opts.token === undefined ? token(opts.sub ?? 'user-a') : opts.token;
      if (bearer !== null) headers.Authorization = `Bearer ${bearer}`;
      let body: string | undefined = opts.raw;
      if (opts.body !== undefined) body = JSON.stringify(opts.body);
      if (body !== undefined) headers['Content-Type'] = 'application/json';
      const response = await fetch(`${api.url}${path}`, { method, headers, body });
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        // keep the text
      }
      return { status: response.status, body: parsed as never, headers: response.headers };
    },
    async close() {
      await api.close();
      await jwks.close();
    },
  };
}

/** The PostgreSQL variant of a suite, or why it is skipped (printed once). */
export async function postgresAvailability(): Promise<string | null> {
  const cluster = await sharedPostgres();
  if ('skipped' in cluster) {
    console.warn(`[postgres] skipping the PostgreSQL cases: PostgreSQL is not installed. Run: ${cluster.skipped}`);
    // `npm test` names the skip in its closing lines (scripts/test-all.sh reads this file).
    mkdirSync('test-results', { recursive: true });
    writeFileSync('test-results/postgres-skipped.txt', `${cluster.skipped}\n`);
    return cluster.skipped;
  }
  return null;
}
