// /sync: the device sync protocol's push and pull (docs/api.md "Sync").
import { Hono } from 'hono';
import { readJson, type Env, type RouteDeps } from '../http';
import { pullJson, push } from '../store/sync';

export const syncRoutes = ({ db, auth, sub, clock }: RouteDeps) =>
  new Hono<Env>()
    .post('/sync/push', auth, async (c) =>
      c.json(await push(db, sub(c), await readJson(c), () => clock().toISOString())),
    )
    .get('/sync/pull', auth, async (c) =>
      c.body(await pullJson(db, sub(c), c.req.query()), 200, { 'Content-Type': 'application/json' }),
    );
