// The local identity service: cognito-local on an internal port behind the compatibility layer, served on
// 127.0.0.1:9229 with CORS for the browser app and a /_local/codes endpoint for local tools. Local only.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CodeStore, type CodePurpose } from './code-store';
import { randomCode, startCognitoLocal } from './cognito-local';
import { createCompat } from './compat';
import { DEFAULT_IDENTITY_HOST, DEFAULT_IDENTITY_PORT, LOCAL_CLIENT_ID, LOCAL_POOL_ID, localIssuer } from './constants';
import { CognitoError, errorBody } from './errors';

export { localIssuer };

export type IdentityServiceOptions = {
  /** Public port; default WYRD_IDENTITY_PORT or 9229. 0 picks a free port (tests). */
  port?: number;
  /** Default WYRD_IDENTITY_HOST or 127.0.0.1. */
  host?: string;
  /** Where users and codes persist; default $WYRD_DATA_DIR/identity or <repo>/.local/identity. */
  dataDir?: string;
  /** One code for every confirmation and reset; default LOCAL_AUTH_FIXED_CODE, else random 6-digit codes. */
  fixedCode?: string;
  /** Where the code lines go; default console.log. false silences them. */
  log?: ((line: string) => void) | false;
};

export type IdentityService = {
  url: string;
  poolId: string;
  clientId: string;
  close: () => Promise<void>;
};

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const MAX_BODY_BYTES = 1024 * 1024;

const PURPOSE_LABEL: Record<CodePurpose, string> = {
  SignUp: 'sign-up',
  ResendCode: 'sign-up, resent',
  ForgotPassword: 'password reset',
  AdminResetPassword: 'password reset',
  UpdateUserAttribute: 'email change',
  VerifyUserAttribute: 'email verification',
  Other: 'verification',
};

// The browser app may be served from any loopback origin (vite dev, the preview build, e2e harness ports).
const LOOPBACK_ORIGIN = /^https?:\/\/(localhost|127(\.\d{1,3}){3}|\[::1\])(:\d{1,5})?$/i;
const DEFAULT_ALLOWED_HEADERS =
  'content-type, x-amz-target, x-amz-user-agent, cache-control, amz-sdk-invocation-id, amz-sdk-request, authorization, x-amz-date';

export function defaultDataDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.WYRD_DATA_DIR ? path.resolve(env.WYRD_DATA_DIR, 'identity') : path.join(REPO_ROOT, '.local', 'identity');
}

function readPortEnv(env: NodeJS.ProcessEnv): number {
  const raw = env.WYRD_IDENTITY_PORT;
  if (raw === undefined || raw === '') return DEFAULT_IDENTITY_PORT;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`WYRD_IDENTITY_PORT must be a port number from 0 to 65535, got '${raw}'.`);
  }
  return port;
}

function setCors(req: IncomingMessage, res: ServerResponse): void {
  const origin = req.headers.origin;
  if (!origin || !LOOPBACK_ORIGIN.test(origin)) return;
  res.setHeader('Access-Control-Allow-Origin', origin);
  res.setHeader('Vary', 'Origin');
  res.setHeader('Access-Control-Allow-Methods', 'GET, POST, OPTIONS');
  const requested = req.headers['access-control-request-headers'];
  res.setHeader(
    'Access-Control-Allow-Headers',
    typeof requested === 'string' && requested ? requested : DEFAULT_ALLOWED_HEADERS,
  );
  res.setHeader('Access-Control-Expose-Headers', 'x-amzn-RequestId, x-amzn-ErrorType, x-amzn-ErrorMessage, Date');
  res.setHeader('Access-Control-Max-Age', '86400');
  if (req.headers['access-control-request-private-network'] === 'true') {
    res.setHeader('Access-Control-Allow-Private-Network', 'true');
  }
}

function sendJson(res: ServerResponse, status: number, body: unknown, contentType = 'application/json'): void {
  const text = JSON.stringify(body);
  res.statusCode = status;
  res.setHeader('Content-Type', contentType);
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.end(text);
}

function sendCognitoError(res: ServerResponse, error: CognitoError): void {
  res.setHeader('x-amzn-ErrorType', error.type);
  res.setHeader('x-amzn-ErrorMessage', error.message.replace(/[^\x20-\x7e]/g, '?'));
  sendJson(res, error.status, errorBody(error), 'application/x-amz-json-1.1');
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new CognitoError('InvalidParameterException', 'Request body is too large.');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** Starts the local identity service; resolves once both the public port and cognito-local are listening. */
export async function startIdentityService(options: IdentityServiceOptions = {}): Promise<IdentityService> {
  const env = process.env;
  const host = options.host ?? (env.WYRD_IDENTITY_HOST || DEFAULT_IDENTITY_HOST);
  const port = options.port ?? readPortEnv(env);
  const dataDir = path.resolve(options.dataDir ?? defaultDataDir(env));
  const fixedCode = (options.fixedCode ?? env.LOCAL_AUTH_FIXED_CODE ?? '').trim() || undefined;
  const log = options.log === false ? () => {} : (options.log ?? ((line: string) => console.log(line)));
  const otp = () => fixedCode ?? randomCode();

  let handle: (req: IncomingMessage, res: ServerResponse) => Promise<void> = async (_req, res) => {
    sendJson(res, 503, { message: 'The identity service is starting.' });
  };
  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) sendJson(res, 400, { __type: 'InternalErrorException', message: String(error) });
      else res.end();
    });
  });
  // Listen first: tokens carry the public URL as their issuer, and with port 0 it is only known now.
  await new Promise<void>((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EADDRINUSE') return reject(error);
      // Keep the code so callers (scripts/start.ts) can recognise it.
      reject(
        Object.assign(
          new Error(
            `The identity service cannot listen on ${host}:${port}: the port is in use (set WYRD_IDENTITY_PORT to use another).`,
          ),
          { code: 'EADDRINUSE' },
        ),
      );
    };
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve();
    });
  });
  const actualPort = (server.address() as AddressInfo).port;
  const urlHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  const url = `http://${urlHost}:${actualPort}`;
  const issuer = localIssuer(url);

  const codes = new CodeStore(dataDir);
  const onCode = (email: string, code: string, purpose: CodePurpose) => {
    codes.record(email, code, purpose);
    log(`[identity] code for ${email}: ${code} (${PURPOSE_LABEL[purpose]})`);
  };
  let cognito;
  try {
    cognito = await startCognitoLocal({
      dataDir,
      issuerDomain: url,
      otp,
      onCode: ({ email, code, purpose }) => onCode(email, code, purpose),
      debugLog: env.WYRD_IDENTITY_DEBUG === '1',
    });
  } catch (error) {
    server.close();
    throw error;
  }
  const dispatch = createCompat({ cognito, codes, issuer, otp, onCode });
  const internalUrl = cognito.url;

  handle = async (req, res) => {
    setCors(req, res);
    res.setHeader('x-amzn-RequestId', randomUUID());
    if (req.method === 'OPTIONS') {
      res.statusCode = 204;
      res.end();
      return;
    }
    const { pathname } = new URL(req.url ?? '/', url);

    if (req.method === 'GET' && pathname.startsWith('/_local/codes/')) {
      const email = decodeURIComponent(pathname.slice('/_local/codes/'.length));
      const latest = codes.latest(email);
      if (latest) sendJson(res, 200, { code: latest.code });
      else sendJson(res, 404, { message: `No code has been sent to ${email}.` });
      return;
    }
    if (req.method === 'GET' && pathname === '/health') {
      sendJson(res, 200, { ok: true, poolId: LOCAL_POOL_ID, clientId: LOCAL_CLIENT_ID });
      return;
    }
    const openid = /^\/([\w-]+_[\w]+)\/\.well-known\/openid-configuration$/.exec(pathname);
    if (req.method === 'GET' && openid) {
      const poolIssuer = localIssuer(url, openid[1]);
      sendJson(res, 200, {
        issuer: poolIssuer,
        jwks_uri: `${poolIssuer}/.well-known/jwks.json`,
        id_token_signing_alg_values_supported: ['RS256'],
        subject_types_supported: ['public'],
      });
      return;
    }

    if (req.method === 'POST' && pathname === '/') {
      const targetHeader = req.headers['x-amz-target'];
      const target = typeof targetHeader === 'string' ? targetHeader.split('.')[1] : undefined;
      if (!target) {
        sendCognitoError(res, new CognitoError('UnknownOperationException', 'Missing or invalid X-Amz-Target header.'));
        return;
      }
      let body: Record<string, unknown>;
      try {
        const raw = (await readBody(req)).toString('utf8');
        const parsed: unknown = raw.trim() ? JSON.parse(raw) : {};
        if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
        body = parsed as Record<string, unknown>;
      } catch (error) {
        sendCognitoError(
          res,
          error instanceof CognitoError
            ? error
            : new CognitoError('SerializationException', 'The request body is not valid JSON.'),
        );
        return;
      }
      try {
        sendJson(res, 200, await dispatch(target, body), 'application/x-amz-json-1.1');
      } catch (error) {
        sendCognitoError(
          res,
          error instanceof CognitoError
            ? error
            : new CognitoError(
                'InternalErrorException',
                `The local identity service failed on ${target}: ${error instanceof Error ? error.message : String(error)}`,
              ),
        );
      }
      return;
    }

    // Everything else (JWKS, cognito-local's OAuth2 endpoints) is cognito-local's own answer.
    const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : new Uint8Array(await readBody(req));
    const headers: Record<string, string> = {};
    for (const name of ['content-type', 'authorization', 'accept']) {
      const value = req.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    const upstream = await fetch(`${internalUrl}${req.url ?? '/'}`, {
      method: req.method,
      headers,
      body,
      redirect: 'manual',
    });
    res.statusCode = upstream.status;
    for (const name of ['content-type', 'location', 'cache-control']) {
      const value = upstream.headers.get(name);
      if (value) res.setHeader(name, value);
    }
    res.end(Buffer.from(await upstream.arrayBuffer()));
  };

  let closing: Promise<void> | undefined;
  return {
    url,
    poolId: LOCAL_POOL_ID,
    clientId: LOCAL_CLIENT_ID,
    close: () => {
      closing ??= (async () => {
        await new Promise<void>((resolve) => {
          server.closeAllConnections();
          server.close(() => resolve());
        });
        await cognito.close();
      })();
      return closing;
    },
  };
}
