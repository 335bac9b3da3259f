// /scenarios: scenarios with their events and modifications (list, create, read, edit, delete, clone).
import { Hono } from 'hono';
import { readJson, type Env, type RouteDeps } from '../http';
import * as scenarios from '../store/scenarios';

export const scenarioRoutes = ({ db, auth, sub, write }: RouteDeps) =>
  new Hono<Env>()
    .get('/scenarios', auth, async (c) => c.json(await scenarios.listScenariosWithChildren(db, sub(c))))
    .post('/scenarios', auth, async (c) => {
      const body = await readJson(c);
      return c.json(await write(c, (tx, ctx) => scenarios.createScenario(tx, ctx, body)), 201);
    })
    .get('/scenarios/:id', auth, async (c) =>
      c.json(await scenarios.getScenarioWithChildren(db, sub(c), c.req.param('id'))),
    )
    .put('/scenarios/:id', auth, async (c) => {
      const body = await readJson(c);
      return c.json(await write(c, (tx, ctx) => scenarios.updateScenario(tx, ctx, c.req.param('id'), body)));
    })
    .delete('/scenarios/:id', auth, async (c) => {
      await write(c, (tx, ctx) => scenarios.deleteScenario(tx, ctx, c.req.param('id')));
      return c.body(null, 204);
    })
    .post('/scenarios/:id/clone', auth, async (c) => {
      const body = await readJson(c);
      return c.json(await write(c, (tx, ctx) => scenarios.cloneScenario(tx, ctx, c.req.param('id'), body)), 201);
    });
