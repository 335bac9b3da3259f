// Reads the API server's settings from the environment (documented in README.md) into one typed object.
// The local identity issuer is trusted only in local mode; production accepts real Cognito tokens only.
import path from 'node:path';
import { DEFAULT_IDENTITY_PORT, LOCAL_CLIENT_ID, LOCAL_POOL_ID, localIssuer } from '../identity/constants';

export { LOCAL_CLIENT_ID, LOCAL_POOL_ID };

export const DEFAULT_PORTS = { web: 4173, api: 8787, identity: DEFAULT_IDENTITY_PORT } as const;

export type WyrdMode = 'local' | 'production';

export type AuthConfig =
  | { kind: 'local'; issuer: string; jwksUri: string; clientId: string }
  | { kind: 'cognito'; userPoolId: string; clientId: string };

export type ApiConfig = {
  mode: WyrdMode;
  host: string;
  port: number;
  /** Origins allowed by CORS (the web app's). */
  webOrigins: string[];
  auth: AuthConfig;
  database: { databaseUrl?: string; pgliteDir: string };
};

export type Env = Record<string, string | undefined>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function readPort(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`${name} must be a port number from 0 to 65535, got '${raw}'.`);
  }
  return port;
}

/** True when the pool id names the local identity service's pool rather than a real Cognito pool. */
export function isLocalPool(userPoolId: string | undefined): boolean {
  return !userPoolId || userPoolId === LOCAL_POOL_ID;
}

export function resolveMode(env: Env): WyrdMode {
  const raw = env.WYRD_MODE?.trim();
  if (raw === 'local' || raw === 'production') return raw;
  if (raw) throw new ConfigError(`WYRD_MODE must be 'local' or 'production', got '${raw}'.`);
  return isLocalPool(env.WYRD_COGNITO_USER_POOL_ID) ? 'local' : 'production';
}

export function localIdentityUrl(env: Env): string {
  return (
    env.WYRD_COGNITO_ENDPOINT?.replace(/\/+$/, '') ||
    `http://127.0.0.1:${readPort(env, 'WYRD_IDENTITY_PORT', DEFAULT_PORTS.identity)}`
  );
}

export function loadApiConfig(env: Env = process.env): ApiConfig {
  const mode = resolveMode(env);
  const userPoolId = env.WYRD_COGNITO_USER_POOL_ID || LOCAL_POOL_ID;
  const clientId = env.WYRD_COGNITO_CLIENT_ID || LOCAL_CLIENT_ID;
  let auth: AuthConfig;
  if (isLocalPool(userPoolId)) {
    if (mode !== 'local') {
      throw new ConfigError(
        'WYRD_MODE=production needs a real Cognito user pool: set WYRD_COGNITO_USER_POOL_ID and WYRD_COGNITO_CLIENT_ID.',
      );
    }
    const issuer = localIssuer(localIdentityUrl(env), userPoolId);
    auth = { kind: 'local', issuer, jwksUri: `${issuer}/.well-known/jwks.json`, clientId };
  } else {
    auth = { kind: 'cognito', userPoolId, clientId };
  }

  const webPort = readPort(env, 'WYRD_WEB_PORT', DEFAULT_PORTS.web);
  const webOrigins = env.WYRD_WEB_ORIGIN
    ? env.WYRD_WEB_ORIGIN.split(',')
        .map((origin) => origin.trim())
        .filter(Boolean)
    : [`http://127.0.0.1:${webPort}`, `http://localhost:${webPort}`];

  const dataDir = path.resolve(env.WYRD_DATA_DIR || '.local');
  return {
    mode,
    host: env.WYRD_API_HOST || '127.0.0.1',
    port: readPort(env, 'WYRD_API_PORT', DEFAULT_PORTS.api),
    webOrigins,
    auth,
    database: { databaseUrl: env.DATABASE_URL || undefined, pgliteDir: path.join(dataDir, 'api') },
  };
}

/** A host name for a server on this machine: loopback, localhost (any case, with or without the root dot) or 0.0.0.0. */
function isLoopback(host: string): boolean {
  const h = host
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');
  return h === 'localhost' || h === '::1' || h === '0.0.0.0' || /^(::ffff:)?127\./.test(h);
}

/**
 * PostgreSQL runs on this host: every host the URL names is a loopback one. A URL without a host connects to PGHOST,
 * else localhost (as the postgres driver does); one that cannot be read counts as elsewhere.
 */
export function databaseIsLocal(databaseUrl: string, env: Env = {}): boolean {
  let url: URL;
  try {
    url = new URL(databaseUrl);
  } catch {
    return false;
  }
  const hosts = (url.hostname || env.PGHOST || 'localhost').split(',').map((h) => h.replace(/:\d+$/, ''));
  return hosts.every(isLoopback);
}

/**
 * How many API processes `npm run server` runs: one on PGlite (one process owns it); on PostgreSQL,
 * WYRD_API_WORKERS, else one per core, less one when PostgreSQL shares the host: it needs a core of its own to
 * answer the list version checks (bench:api figures in docs/running.md).
 */
export function apiWorkerCount(env: Env, databaseUrl: string | undefined, cores: number): number {
  if (!databaseUrl) return 1;
  const raw = env.WYRD_API_WORKERS;
  if (raw === undefined || raw === '') return Math.max(1, cores - (databaseIsLocal(databaseUrl, env) ? 1 : 0));
  const count = Number(raw);
  if (!Number.isInteger(count) || count < 1 || count > 256)
    throw new ConfigError(`WYRD_API_WORKERS must be a whole number from 1 to 256, got '${raw}'.`);
  return count;
}
