// A scenario's modifications, kept in creation order.
import { Hono } from 'hono';
import { readJson, type Env, type RouteDeps } from '../http';
import * as scenarios from '../store/scenarios';

export const modificationRoutes = ({ db, auth, sub, write }: RouteDeps) =>
  new Hono<Env>()
    .get('/scenarios/:id/modifications', auth, async (c) =>
      c.json(await scenarios.listModifications(db, sub(c), c.req.param('id'))),
    )
    .post('/scenarios/:id/modifications', auth, async (c) => {
      const body = await readJson(c);
      return c.json(await write(c, (tx, ctx) => scenarios.createModification(tx, ctx, c.req.param('id'), body)), 201);
    })
    .delete('/scenarios/:id/modifications/:modId', auth, async (c) => {
      await write(c, (tx, ctx) => scenarios.deleteModification(tx, ctx, c.req.param('id'), c.req.param('modId')));
      return c.body(null, 204);
    });
