// The product API as a Hono app: health check, CORS for the web app, bearer-token auth and JSON errors.
// Responses carry their payload in `data`; errors carry a human-readable `detail` (spec sections 7 and 8).
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { HTTPException } from 'hono/http-exception';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { requireAuth, type AuthVariables, type TokenVerifier } from './auth.ts';

export type ApiAppOptions = {
  db: Database;
  verifier: TokenVerifier;
  /** Browser origins allowed to call the API (the web app). */
  webOrigins: string[];
};

export function createApiApp(options: ApiAppOptions) {
  const app = new Hono<{ Variables: AuthVariables }>();

  app.use(
    '*',
    cors({
      origin: options.webOrigins,
      allowHeaders: ['Authorization', 'Content-Type'],
      allowMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
      maxAge: 600,
    }),
  );

  app.get('/health', (c) => c.json({ status: 'ok' }));

  // Everything except /health needs a signed-in user; later routes are added under this guard.
  const auth = requireAuth(options.verifier);

  // Who am I: records the user on first sight so later tables can reference users.id.
  app.get('/me', auth, async (c) => {
    const user = c.get('user');
    const [row] = await options.db
      .insert(users)
      .values({ id: user.sub, email: user.email })
      .onConflictDoUpdate({ target: users.id, set: { email: user.email, lastSeenAt: sql`now()` } })
      .returning();
    return c.json({ data: { id: row.id, email: row.email, created_at: row.createdAt.toISOString() } });
  });

  app.notFound((c) => c.json({ detail: 'Not found' }, 404));
  app.onError((error, c) => {
    if (error instanceof HTTPException) return c.json({ detail: error.message || 'Request failed' }, error.status);
    console.error('[api] unhandled error:', error);
    return c.json({ detail: 'Internal server error' }, 500);
  });

  return app;
}

export type ApiApp = ReturnType<typeof createApiApp>;
