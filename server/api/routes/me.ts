// /me: who the token belongs to; records the user on first sight.
import { Hono } from 'hono';
import { sql } from 'drizzle-orm';
import { users } from '../../db/schema';
import type { Env, RouteDeps } from '../http';

export const meRoutes = ({ db, auth }: RouteDeps) =>
  new Hono<Env>().get('/me', auth, async (c) => {
    const user = c.get('user');
    const [row] = await db
      .insert(users)
      .values({ id: user.sub, email: user.email })
      .onConflictDoUpdate({ target: users.id, set: { email: user.email, lastSeenAt: sql`now()` } })
      .returning();
    return c.json({ id: row.id, email: row.email, created_at: row.createdAt.toISOString() });
  });
