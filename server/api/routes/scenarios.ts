// /scenarios: scenarios with their events and modifications (list, create, read, edit, delete, clone).
import { Hono } from 'hono';
import { readJson, type Env, type RouteDeps } from '../http';
import * as scenarios from '../store/scenarios';
import { recordRoutes } from './crud';

export const scenarioRoutes = (deps: RouteDeps) => {
  const { db, auth, sub, write } = deps;
  return new Hono<Env>()
    .get('/scenarios', auth, async (c) => c.json(await scenarios.listScenariosWithChildren(db, sub(c))))
    .route(
      '/scenarios',
      recordRoutes(deps, {
        get: scenarios.getScenarioWithChildren,
        create: scenarios.createScenario,
        update: scenarios.updateScenario,
        remove: scenarios.deleteScenario,
      }),
    )
    .post('/scenarios/:id/clone', auth, async (c) => {
      const body = await readJson(c);
      return c.json(await write(c, (tx, ctx) => scenarios.cloneScenario(tx, ctx, c.req.param('id'), body)), 201);
    });
};
