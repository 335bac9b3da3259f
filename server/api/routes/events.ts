// A scenario's events: saving one compiles its template and regenerates its accounts and recurring items.
import { Hono } from 'hono';
import { readJson, type Env, type RouteDeps } from '../http';
import * as scenarios from '../store/scenarios';

export const eventRoutes = ({ db, auth, sub, write }: RouteDeps) =>
  new Hono<Env>()
    // Before /scenarios/:id/events, so /scenarios/events/<id> is always an event.
    .get('/scenarios/events/:eventId', auth, async (c) =>
      c.json(await scenarios.getEvent(db, sub(c), c.req.param('eventId'))),
    )
    .get('/scenarios/:id/events', auth, async (c) => c.json(await scenarios.listEvents(db, sub(c), c.req.param('id'))))
    .post('/scenarios/:id/events', auth, async (c) => {
      const body = await readJson(c);
      return c.json(await write(c, (tx, ctx) => scenarios.saveEvent(tx, ctx, c.req.param('id'), body)), 201);
    })
    .put('/scenarios/:id/events/:eventId', auth, async (c) => {
      const body = await readJson(c);
      return c.json(
        await write(c, (tx, ctx) => scenarios.saveEvent(tx, ctx, c.req.param('id'), body, c.req.param('eventId'))),
      );
    })
    .delete('/scenarios/:id/events/:eventId', auth, async (c) => {
      await write(c, (tx, ctx) => scenarios.deleteEvent(tx, ctx, c.req.param('id'), c.req.param('eventId')));
      return c.body(null, 204);
    });
