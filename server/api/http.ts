// What every route module shares: the Hono environment, the dependencies a sub-app is built with (database,
// clock, the auth middleware, the user's write transaction) and the JSON body reader.
import type { Context, MiddlewareHandler } from 'hono';
import type { Database } from '../db/client';
import type { AuthVariables } from './auth';
import { ApiError } from './errors';
import type { WriteContext } from './store/rows';

export type Env = { Variables: AuthVariables };
export type Ctx = Context<Env>;

/** Built once by createApp and handed to every area's sub-app. */
export type RouteDeps = {
  db: Database;
  /** Checks the bearer ID token; every route but /health uses it. */
  auth: MiddlewareHandler<Env>;
  /** The signed-in user's sub. */
  sub: (c: Ctx) => string;
  /** Runs fn in one transaction holding the user's write lock, with the request's clock. */
  write: <T>(c: Ctx, fn: (tx: Database, ctx: WriteContext) => Promise<T>) => Promise<T>;
  /** The server clock (tests fix it) and today's date in the product's time zone. */
  clock: () => Date;
  today: () => string;
};

/** The request's JSON body; malformed JSON is 400, an empty body is undefined. */
export async function readJson(c: Ctx): Promise<unknown> {
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
