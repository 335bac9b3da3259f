// The API's CORS middleware (server/api/cors.ts) on its own: preflights, headers on finished answers (also ones
// whose headers cannot change), and nothing for other origins.
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { corsFor } from '../../server/api/cors';

const ORIGIN = 'http://127.0.0.1:4173';

function app() {
  const a = new Hono();
  a.use(
    '*',
    corsFor({
      origins: [ORIGIN],
      allowHeaders: ['Authorization'],
      allowMethods: ['GET', 'POST'],
      exposeHeaders: ['ETag'],
      maxAge: 600,
    }),
  );
  a.get('/list', (c) => c.json([1, 2], 200, { ETag: 'W/"1"', Vary: 'Authorization' }));
  a.get('/moved', () => Response.redirect('http://127.0.0.1:1/elsewhere', 302));
  a.get('/boom', () => {
    throw new Error('boom');
  });
  a.onError((_e, c) => c.json({ detail: 'Internal server error' }, 500));
  return a;
}

describe('API CORS', () => {
  it('answers a preflight from the web origin, and none from another', async () => {
    const preflight = (origin: string) =>
      app().request('/list', {
        method: 'OPTIONS',
        headers: { Origin: origin, 'Access-Control-Request-Method': 'GET' },
      });
    const ok = await preflight(ORIGIN);
    expect(ok.status).toBe(204);
    expect(ok.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(ok.headers.get('access-control-allow-methods')).toBe('GET,POST');
    expect(ok.headers.get('access-control-max-age')).toBe('600');
    expect((await preflight('http://evil.example')).headers.get('access-control-allow-origin')).toBeNull();
  });

  it('puts its headers on the finished answer, keeping the answer and its own Vary', async () => {
    const res = await app().request('/list', { headers: { Origin: ORIGIN } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([1, 2]);
    expect(res.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(res.headers.get('access-control-expose-headers')).toBe('ETag');
    expect(res.headers.get('etag')).toBe('W/"1"');
    expect(res.headers.get('vary')).toBe('Authorization, Origin');
    const other = await app().request('/list', { headers: { Origin: 'http://evil.example' } });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    expect(other.headers.get('vary')).toBe('Authorization, Origin');
  });

  it('also on answers whose headers cannot change, and on errors', async () => {
    const moved = await app().request('/moved', { headers: { Origin: ORIGIN } });
    expect(moved.status).toBe(302);
    expect(moved.headers.get('location')).toBe('http://127.0.0.1:1/elsewhere');
    expect(moved.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    const failed = await app().request('/boom', { headers: { Origin: ORIGIN } });
    expect(failed.status).toBe(500);
    expect(failed.headers.get('access-control-allow-origin')).toBe(ORIGIN);
  });
});
