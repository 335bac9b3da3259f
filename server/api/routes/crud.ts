// The routes every ledger list shares (accounts, categories, recurring items): list (ETag, 304, gzip), create,
// read, replace and delete, each through the area's services.
import { Hono } from 'hono';
import type { Database } from '../../db/client';
import type { EntityName } from '../../db/schema';
import { readJson, type Env, type RouteDeps } from '../http';
import { listResponse } from '../list-response';
import { requireObject } from '../store/ledger';
import { listLiveCached, type WriteContext } from '../store/rows';

export type CrudServices = {
  entity: EntityName;
  get: (db: Database, sub: string, id: string) => Promise<unknown>;
  create: (tx: Database, ctx: WriteContext, input: unknown) => Promise<unknown>;
  update: (tx: Database, ctx: WriteContext, id: string, input: unknown) => Promise<unknown>;
  remove: (tx: Database, ctx: WriteContext, id: string) => Promise<void>;
};

/** A sub-app for one list, mounted at its path (e.g. /accounts). */
export function crudRoutes({ db, auth, sub, write }: RouteDeps, services: CrudServices) {
  const { entity, get, create, update, remove } = services;
  return new Hono<Env>()
    .get('/', auth, async (c) => listResponse(c, await listLiveCached(db, entity, sub(c))))
    .post('/', auth, async (c) => {
      const body = await readJson(c);
      return c.json(await write(c, (tx, ctx) => create(tx, ctx, body)), 201);
    })
    .get('/:id', auth, async (c) => c.json(await get(db, sub(c), c.req.param('id'))))
    .put('/:id', auth, async (c) => {
      const body = await readJson(c);
      return c.json(await write(c, (tx, ctx) => update(tx, ctx, c.req.param('id'), requireObject(body))));
    })
    .delete('/:id', auth, async (c) => {
      await write(c, (tx, ctx) => remove(tx, ctx, c.req.param('id')));
      return c.body(null, 204);
    });
}
