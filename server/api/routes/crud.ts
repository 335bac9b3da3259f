// The routes records share: create (POST /), read, change and delete (/:id), each through the area's services;
// and, for the ledger lists (accounts, categories, recurring items), the list itself (ETag, 304, gzip).
import { Hono } from 'hono';
import type { Database } from '../../db/client';
import type { EntityName } from '../../db/schema';
import { readJson, type Env, type RouteDeps } from '../http';
import { listResponse } from '../list-response';
import { requireObject } from '../store/ledger';
import { listLiveCached, type WriteContext } from '../store/rows';

export type RecordServices = {
  get: (db: Database, sub: string, id: string) => Promise<unknown>;
  create: (tx: Database, ctx: WriteContext, input: unknown) => Promise<unknown>;
  update: (tx: Database, ctx: WriteContext, id: string, input: unknown) => Promise<unknown>;
  /** A delete answers 204, or what the service returns (an import batch's undo: its count) as JSON. */
  remove: (tx: Database, ctx: WriteContext, id: string) => Promise<unknown>;
  /** How a change is sent: PUT (default; the ledger lists, scenarios) or PATCH (the bank data). */
  change?: 'PUT' | 'PATCH';
};

export type CrudServices = RecordServices & { entity: EntityName };

/** A sub-app for one kind of record, mounted at its path (e.g. /transactions). */
export function recordRoutes({ db, auth, sub, write }: RouteDeps, services: RecordServices) {
  const { get, create, update, remove, change = 'PUT' } = services;
  return new Hono<Env>()
    .post('/', auth, async (c) => {
      const body = await readJson(c);
      return c.json(await write(c, (tx, ctx) => create(tx, ctx, body)), 201);
    })
    .get('/:id', auth, async (c) => c.json(await get(db, sub(c), c.req.param('id'))))
    .on(change, '/:id', auth, async (c) => {
      const body = await readJson(c);
      return c.json(await write(c, (tx, ctx) => update(tx, ctx, c.req.param('id'), body)));
    })
    .delete('/:id', auth, async (c) => {
      const answer = await write(c, (tx, ctx) => remove(tx, ctx, c.req.param('id')));
      return answer === undefined ? c.body(null, 204) : c.json(answer);
    });
}

/** The ledger lists: the cached list at GET /, and the record routes (a changed body must be an object). */
export function crudRoutes(deps: RouteDeps, services: CrudServices) {
  const { db, auth, sub } = deps;
  const { entity, update } = services;
  return new Hono<Env>()
    .get('/', auth, async (c) => listResponse(c, await listLiveCached(db, entity, sub(c))))
    .route(
      '/',
      recordRoutes(deps, { ...services, update: (tx, ctx, id, input) => update(tx, ctx, id, requireObject(input)) }),
    );
}
