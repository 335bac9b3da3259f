// The product API as a Hono app: the middleware (CORS, body limits, errors) and the mounting of one sub-app per
// area (server/api/routes/*). The response body is the payload; errors are {"detail": ...} (422: a list of
// {loc, msg, type}). Every endpoint and the sync protocol: docs/api.md.
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { SYNC_VERSION_HEADER } from '../../worker/engine/index';
import type { Database } from '../db/client';
import { requireAuth, type TokenVerifier } from './auth';
import { corsFor } from './cors';
import type { ApiConfig } from './config';
import { ApiError } from './errors';
import type { Ctx, Env, RouteDeps } from './http';
import { accountRoutes } from './routes/accounts';
import { categoryRoutes } from './routes/categories';
import { computeRoutes } from './routes/compute';
import { eventRoutes } from './routes/events';
import { meRoutes } from './routes/me';
import { modificationRoutes } from './routes/modifications';
import { recurringItemRoutes } from './routes/recurring-items';
import { scenarioRoutes } from './routes/scenarios';
import { syncRoutes } from './routes/sync';
import { transactionRoutes } from './routes/transactions';
import { templateRoutes } from './routes/templates';
import * as compute from './store/compute';
import { withUserTx, type WriteContext } from './store/rows';
import { MustRefetchError, OutOfOrderError } from './store/sync';
import { requireSyncVersion } from './sync-version';

/** Largest request body accepted (413 above it). */
export const MAX_BODY_BYTES = 1024 * 1024;

export type AppOptions = {
  db: Database;
  verifier: TokenVerifier;
  /** Browser origins allowed by CORS (the web app's) and the product's time zone (default Australia/Sydney). */
  config: Pick<ApiConfig, 'webOrigins'> & { timeZone?: string };
  /** The server clock (tests fix it). */
  clock?: () => Date;
};

/** Most of an oversize body the server reads before answering 413; beyond it the connection is simply closed. */
const DRAIN_CAP_BYTES = 16 * MAX_BODY_BYTES;

async function drain(body: ReadableStream<Uint8Array> | null, cap: number): Promise<void> {
  if (!body) return;
  const reader = body.getReader();
  let read = 0;
  try {
    while (read <= cap) {
      const { done, value } = await reader.read();
      if (done) return;
      read += value.byteLength;
    }
    await reader.cancel();
  } catch {
    // The client went away: nothing to answer.
  }
}

/** Builds the API. The Lambda entry and the Node server both call this. */
export function createApp({ db, verifier, config, clock = () => new Date() }: AppOptions) {
  const app = new Hono<Env>();
  const timeZone = config.timeZone ?? 'Australia/Sydney';
  const today = () => compute.todayIn(timeZone, clock());
  const sub = (c: Ctx) => c.get('user').sub;
  const write = <T>(c: Ctx, fn: (tx: Database, ctx: WriteContext) => Promise<T>) =>
    withUserTx(db, sub(c), (tx) => fn(tx, { sub: sub(c), at: clock().toISOString() }));

  app.use(
    '*',
    corsFor({
      origins: config.webOrigins,
      allowHeaders: ['Authorization', 'Content-Type', SYNC_VERSION_HEADER],
      allowMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
      exposeHeaders: ['ETag'],
      maxAge: 600,
    }),
  );
  const tooLarge = (c: Context) =>
    c.json({ detail: `Request body is larger than ${MAX_BODY_BYTES / 1024 / 1024} MB` }, 413);
  app.use('*', async (c, next) => {
    // A declared oversize body is read and dropped (up to a cap) before answering, so the client, still
    // sending, gets the 413 instead of a reset connection.
    if (Number(c.req.header('content-length') ?? 0) > MAX_BODY_BYTES) {
      await drain(c.req.raw.body, DRAIN_CAP_BYTES);
      return tooLarge(c);
    }
    return next();
  });
  // Only requests that can carry a body: reading c.req.raw makes the Node adapter build a full web Request,
  // a measurable share of a cached list's cost (profiled with bench:api).
  const limit = bodyLimit({ maxSize: MAX_BODY_BYTES, onError: tooLarge });
  app.use('*', (c, next) => (c.req.method === 'GET' || c.req.method === 'HEAD' ? next() : limit(c, next)));
  app.use('/sync/*', requireSyncVersion);

  app.get('/health', (c) => c.json({ status: 'ok' }));

  // Every other route needs a signed-in user (unknown paths stay 404). One sub-app per area, mounted in this
  // order: fixed /scenarios/... paths (compute, events) come before the scenarios' own /scenarios/:id.
  const deps: RouteDeps = { db, auth: requireAuth(verifier), sub, write, clock, today };
  app.route('/', meRoutes(deps));
  app.route('/accounts', accountRoutes(deps));
  app.route('/categories', categoryRoutes(deps));
  app.route('/recurring-items', recurringItemRoutes(deps));
  app.route('/', computeRoutes(deps));
  app.route('/', eventRoutes(deps));
  app.route('/', scenarioRoutes(deps));
  app.route('/', modificationRoutes(deps));
  app.route('/', templateRoutes(deps));
  app.route('/', syncRoutes(deps));
  app.route('/', transactionRoutes(deps));

  app.notFound((c) => c.json({ detail: 'Not found' }, 404));
  app.onError((error, c) => {
    if (error instanceof ApiError) return c.json({ detail: error.detail }, error.status);
    if (error instanceof OutOfOrderError)
      return c.json({ detail: error.message, out_of_order: true, last_mutation_id: error.lastMutationId }, 409);
    if (error instanceof MustRefetchError) return c.json({ detail: error.message, must_refetch: true }, 409);
    if (error instanceof HTTPException) return c.json({ detail: error.message || 'Request failed' }, error.status);
    console.error('[api] unhandled error:', error);
    return c.json({ detail: 'Internal server error' }, 500);
  });

  return app;
}

export type ApiApp = ReturnType<typeof createApp>;
