// The product API as a Hono app: every endpoint of the Product API table plus the sync protocol (docs/api.md).
// The response body is the payload; errors are {"detail": ...} (422: a list of {loc, msg, type}).
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { HTTPException } from 'hono/http-exception';
import { sql } from 'drizzle-orm';
import { SYNC_VERSION_HEADER } from '../../worker/engine/index';
import type { Database } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { requireAuth, type AuthVariables, type TokenVerifier } from './auth.ts';
import type { ApiConfig } from './config.ts';
import { ApiError, parseInput } from './errors.ts';
import { listResponse } from './list-response.ts';
import {
  CompareInputSchema,
  ForecastQuerySchema,
  MonthsQuerySchema,
  PromptInputSchema,
  TEMPLATE_SCENARIO_FIELDS,
  TemplateScenarioFieldsSchema,
} from './inputs.ts';
import * as compute from './store/compute.ts';
import * as ledger from './store/ledger.ts';
import { listLiveCached, withUserTx, type CachedList, type WriteContext } from './store/rows.ts';
import * as scenarios from './store/scenarios.ts';
import { MustRefetchError, OutOfOrderError, pull, push } from './store/sync.ts';
import { requireSyncVersion } from './sync-version.ts';

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

type Env = { Variables: AuthVariables };
type Ctx = Context<Env>;

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

/** The request's JSON body; malformed JSON is 400, an empty body is undefined. */
async function readJson(c: Ctx): Promise<unknown> {
  const text = await c.req.text();
  if (text.trim() === '') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch {
    throw new ApiError(400, 'Malformed JSON body');
  }
  const nul = findNul(value, ['body']);
  if (nul)
    throw new ApiError(422, [{ loc: nul, msg: 'must not contain NUL (\\u0000) characters', type: 'string_nul' }]);
  return value;
}

/** Where a NUL character hides in a JSON value (PostgreSQL text and jsonb cannot store one), or null. */
function findNul(value: unknown, loc: Array<string | number>): Array<string | number> | null {
  if (typeof value === 'string') return value.includes('\u0000') ? loc : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findNul(value[i], [...loc, i]);
      if (found) return found;
    }
    return null;
  }
  if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k.includes('\u0000')) return [...loc, k];
      const found = findNul(v, [...loc, k]);
      if (found) return found;
    }
  }
  return null;
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
    cors({
      origin: config.webOrigins,
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
  app.use('*', bodyLimit({ maxSize: MAX_BODY_BYTES, onError: tooLarge }));
  app.use('/sync/*', requireSyncVersion);

  app.get('/health', (c) => c.json({ status: 'ok' }));

  // Every other route needs a signed-in user (unknown paths stay 404).
  const auth = requireAuth(verifier);

  // Who am I: records the user on first sight.
  app.get('/me', auth, async (c) => {
    const user = c.get('user');
    const [row] = await db
      .insert(users)
      .values({ id: user.sub, email: user.email })
      .onConflictDoUpdate({ target: users.id, set: { email: user.email, lastSeenAt: sql`now()` } })
      .returning();
    return c.json({ id: row.id, email: row.email, created_at: row.createdAt.toISOString() });
  });

  // ---- accounts, categories, recurring items (same shape each)
  type Crud = {
    path: string;
    list: (db: Database, sub: string) => Promise<CachedList>;
    get: (db: Database, sub: string, id: string) => Promise<unknown>;
    create: (tx: Database, ctx: WriteContext, input: unknown) => Promise<unknown>;
    update: (tx: Database, ctx: WriteContext, id: string, input: unknown) => Promise<unknown>;
    remove: (tx: Database, ctx: WriteContext, id: string) => Promise<void>;
  };
  const crud: Crud[] = [
    {
      path: '/accounts',
      list: (db, sub) => listLiveCached(db, 'accounts', sub),
      get: ledger.getAccount,
      create: ledger.createAccount,
      update: ledger.updateAccount,
      remove: ledger.deleteAccount,
    },
    {
      path: '/categories',
      list: (db, sub) => listLiveCached(db, 'categories', sub),
      get: ledger.getCategory,
      create: ledger.createCategory,
      update: ledger.updateCategory,
      remove: ledger.deleteCategory,
    },
    {
      path: '/recurring-items',
      list: (db, sub) => listLiveCached(db, 'recurring_items', sub),
      get: ledger.getRecurringItem,
      create: ledger.createRecurringItem,
      update: ledger.updateRecurringItem,
      remove: ledger.deleteRecurringItem,
    },
  ];
  for (const { path, list, get, create, update, remove } of crud) {
    app.get(path, auth, async (c) => listResponse(c, await list(db, sub(c))));
    app.post(path, auth, async (c) => {
      const body = await readJson(c);
      return c.json(await write(c, (tx, ctx) => create(tx, ctx, body)), 201);
    });
    app.get(`${path}/:id`, auth, async (c) => c.json(await get(db, sub(c), c.req.param('id'))));
    app.put(`${path}/:id`, auth, async (c) => {
      const body = await readJson(c);
      return c.json(await write(c, (tx, ctx) => update(tx, ctx, c.req.param('id'), ledger.requireObject(body))));
    });
    app.delete(`${path}/:id`, auth, async (c) => {
      await write(c, (tx, ctx) => remove(tx, ctx, c.req.param('id')));
      return c.body(null, 204);
    });
  }

  // ---- scenarios (fixed paths before /scenarios/:id)
  app.get('/scenarios', auth, async (c) => c.json(await scenarios.listScenariosWithChildren(db, sub(c))));
  app.post('/scenarios', auth, async (c) => {
    const body = await readJson(c);
    return c.json(await write(c, (tx, ctx) => scenarios.createScenario(tx, ctx, body)), 201);
  });
  app.post('/scenarios/compare', auth, async (c) => {
    const input = parseInput(CompareInputSchema, ledger.requireObject(await readJson(c)));
    return c.json(
      await compute.compareFor(
        db,
        sub(c),
        input.scenario_ids,
        input.forecast_years,
        input.as_of ?? today(),
        input.sampled,
      ),
    );
  });
  app.post('/scenarios/identify-templates-from-prompt', auth, async (c) => {
    const { prompt } = parseInput(PromptInputSchema, ledger.requireObject(await readJson(c)));
    return c.json(compute.identifyTemplates(prompt, today()));
  });
  app.get('/scenarios/events/:eventId', auth, async (c) =>
    c.json(await scenarios.getEvent(db, sub(c), c.req.param('eventId'))),
  );
  app.get('/scenarios/:id', auth, async (c) =>
    c.json(await scenarios.getScenarioWithChildren(db, sub(c), c.req.param('id'))),
  );
  app.put('/scenarios/:id', auth, async (c) => {
    const body = await readJson(c);
    return c.json(await write(c, (tx, ctx) => scenarios.updateScenario(tx, ctx, c.req.param('id'), body)));
  });
  app.delete('/scenarios/:id', auth, async (c) => {
    await write(c, (tx, ctx) => scenarios.deleteScenario(tx, ctx, c.req.param('id')));
    return c.body(null, 204);
  });
  app.post('/scenarios/:id/clone', auth, async (c) => {
    const body = await readJson(c);
    return c.json(await write(c, (tx, ctx) => scenarios.cloneScenario(tx, ctx, c.req.param('id'), body)), 201);
  });
  app.get('/scenarios/:id/events', auth, async (c) =>
    c.json(await scenarios.listEvents(db, sub(c), c.req.param('id'))),
  );
  app.post('/scenarios/:id/events', auth, async (c) => {
    const body = await readJson(c);
    return c.json(await write(c, (tx, ctx) => scenarios.saveEvent(tx, ctx, c.req.param('id'), body)), 201);
  });
  app.put('/scenarios/:id/events/:eventId', auth, async (c) => {
    const body = await readJson(c);
    return c.json(
      await write(c, (tx, ctx) => scenarios.saveEvent(tx, ctx, c.req.param('id'), body, c.req.param('eventId'))),
    );
  });
  app.delete('/scenarios/:id/events/:eventId', auth, async (c) => {
    await write(c, (tx, ctx) => scenarios.deleteEvent(tx, ctx, c.req.param('id'), c.req.param('eventId')));
    return c.body(null, 204);
  });
  app.get('/scenarios/:id/modifications', auth, async (c) =>
    c.json(await scenarios.listModifications(db, sub(c), c.req.param('id'))),
  );
  app.post('/scenarios/:id/modifications', auth, async (c) => {
    const body = await readJson(c);
    return c.json(await write(c, (tx, ctx) => scenarios.createModification(tx, ctx, c.req.param('id'), body)), 201);
  });
  app.delete('/scenarios/:id/modifications/:modId', auth, async (c) => {
    await write(c, (tx, ctx) => scenarios.deleteModification(tx, ctx, c.req.param('id'), c.req.param('modId')));
    return c.body(null, 204);
  });
  app.get('/scenarios/:id/forecast', auth, async (c) => {
    const q = parseInput(ForecastQuerySchema, c.req.query(), ['query']);
    return c.json(await compute.forecastScenarioFor(db, sub(c), c.req.param('id'), q.years, q.as_of ?? today()));
  });

  // ---- dashboard
  app.get('/dashboard/net-worth', auth, async (c) => c.json(await compute.netWorthFor(db, sub(c))));
  const months = (c: Ctx) => parseInput(MonthsQuerySchema, c.req.query(), ['query']);
  app.get('/dashboard/cash-flow', auth, async (c) => {
    const q = months(c);
    return c.json(await compute.cashFlowFor(db, sub(c), q.as_of ?? today(), q.months));
  });
  app.get('/dashboard/spending-by-category', auth, async (c) => {
    const q = months(c);
    return c.json(await compute.byCategoryFor(db, sub(c), q.as_of ?? today(), q.months, false));
  });
  app.get('/dashboard/income-by-category', auth, async (c) => {
    const q = months(c);
    return c.json(await compute.byCategoryFor(db, sub(c), q.as_of ?? today(), q.months, true));
  });

  // ---- templates
  app.get('/templates/', auth, (c) => c.json(compute.listTemplates()));
  app.post('/templates/create-scenario', auth, async (c) => {
    const templateId = c.req.query('template_id');
    if (!templateId) throw new ApiError(422, [{ loc: ['query', 'template_id'], msg: 'is required', type: 'missing' }]);
    const template = compute.templateById(templateId);
    const body = await readJson(c);
    const values = ledger.requireObject(body ?? {});
    const fields = parseInput(TemplateScenarioFieldsSchema, values);
    const parameters = Object.fromEntries(
      Object.entries(values).filter(([k]) => !(TEMPLATE_SCENARIO_FIELDS as readonly string[]).includes(k)),
    );
    const created = await write(c, async (tx, ctx) => {
      const scenario = await scenarios.createScenario(tx, ctx, {
        name: fields.scenario_name ?? template.name,
        description: fields.scenario_description ?? template.description,
        is_baseline: false,
      });
      await scenarios.saveEvent(tx, ctx, scenario.id, {
        name: fields.event_name ?? template.name,
        trigger_month: fields.trigger_month ?? today().slice(0, 7),
        template_id: template.template_id,
        template_parameters: parameters,
      });
      return scenarios.getScenarioWithChildren(tx, ctx.sub, scenario.id);
    });
    return c.json(created, 201);
  });
  app.get('/templates/:id', auth, (c) => c.json(compute.templateById(c.req.param('id'))));

  // ---- sync
  app.post('/sync/push', auth, async (c) =>
    c.json(await push(db, sub(c), await readJson(c), () => clock().toISOString())),
  );
  app.get('/sync/pull', auth, async (c) => c.json(await pull(db, sub(c), c.req.query())));

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
