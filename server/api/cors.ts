// CORS for the web app's origins: preflights answered by hono/cors; every other answer gets its CORS headers once
// it is made, on the answer itself. hono/cors sets them before the route runs, which makes Hono rebuild the route's
// answer as a streamed web Response (and copy its body) instead of letting the Node adapter write the bytes it was
// given: in bench:api's profile that was the largest single cost of a cached list.
import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';

export type CorsOptions = {
  origins: ReadonlyArray<string>;
  allowHeaders: string[];
  allowMethods: string[];
  exposeHeaders: string[];
  maxAge: number;
};

export function corsFor(options: CorsOptions): MiddlewareHandler {
  const origins = new Set(options.origins);
  const preflight = cors({ ...options, origin: [...options.origins] });
  const expose = options.exposeHeaders.join(',');
  return async (c, next) => {
    if (c.req.method === 'OPTIONS') return preflight(c, next);
    await next();
    const origin = c.req.header('origin');
    const decorate = (headers: Headers) => {
      if (origin && origins.has(origin)) headers.set('Access-Control-Allow-Origin', origin);
      if (expose) headers.set('Access-Control-Expose-Headers', expose);
      // The answer differs by origin (allowed or not), so caches must key on it.
      headers.append('Vary', 'Origin');
    };
    try {
      // c.res.headers, not c.header(): the latter also rebuilds a finished answer.
      decorate(c.res.headers);
    } catch {
      // An answer whose headers cannot change (a redirect, a fetched response): a copy whose can.
      c.res = new Response(c.res.body, c.res);
      decorate(c.res.headers);
    }
  };
}
