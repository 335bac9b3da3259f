// Production static server for dist/: SPA fallback to index.html, cache headers that keep the service worker
// and config fresh while hashed assets are cached forever, text files gzipped once and answered from memory with
// an ETag (static-files.ts), and /app-config.json generated at runtime.
import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import type { AppConfigJson } from './app-config';
import { StaticTextFiles } from './static-files';

export type WebServerOptions = {
  distDir: string;
  host: string;
  port: number;
  /** Called per request so the config can be filled in after the other services have their ports. */
  appConfig: () => AppConfigJson;
};

export type RunningWebServer = { url: string; port: number; close: () => Promise<void> };

const NO_CACHE = 'no-cache';
const IMMUTABLE = 'public, max-age=31536000, immutable';
// Files whose names never change but whose content does: the browser must revalidate every time.
const ALWAYS_REVALIDATE = new Set([
  '/sw.js',
  '/index.html',
  '/app-config.json',
  '/manifest.webmanifest',
  '/registerSW.js',
]);

export function cacheControlFor(urlPath: string): string {
  if (ALWAYS_REVALIDATE.has(urlPath)) return NO_CACHE;
  // Vite's content-hashed output (assets/name-HASH.ext) and workbox's hashed runtime (workbox-HASH.js).
  if (urlPath.startsWith('/assets/') || /^\/workbox-[\w-]+\.js$/.test(urlPath)) return IMMUTABLE;
  return 'public, max-age=3600';
}

function looksLikeFile(urlPath: string): boolean {
  return /\.[a-z0-9]+$/i.test(urlPath.split('/').pop() ?? '');
}

export function createWebApp(options: Pick<WebServerOptions, 'distDir' | 'appConfig'>) {
  const app = new Hono();
  const indexPath = path.join(options.distDir, 'index.html');
  const textFiles = new StaticTextFiles(path.resolve(options.distDir));

  // compress() only touches responses not compressed yet (app-config.json, the 404 text).
  app.use('*', compress());
  app.use('*', async (c, next) => {
    await next();
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    // Chromium compiles every script a service worker caches during its install, for a faster first run, but the
    // app's scripts are all modules and that cache is a classic script's: measured, no module load ever used it. A
    // Chromium started with the CacheStorageCodeCacheHint feature (the test browser) skips that work for a response
    // with this header; every other browser ignores it (docs/running.md "Browser tests").
    if (/\.m?js$/.test(c.req.path)) c.header('X-CacheStorageCodeCacheHint', 'none');
    // '/' and client-side routes are answered with index.html, so they revalidate like it.
    if (!c.res.headers.has('Cache-Control')) {
      c.header('Cache-Control', looksLikeFile(c.req.path) ? cacheControlFor(c.req.path) : NO_CACHE);
    }
  });

  // Overrides public/app-config.json (the build's copy) with this deployment's settings.
  app.get('/app-config.json', (c) => {
    c.header('Cache-Control', NO_CACHE);
    return c.json(options.appConfig());
  });

  app.use('*', async (c, next) => (await textFiles.respond(c)) ?? next());
  app.use('*', serveStatic({ root: options.distDir }));

  // SPA fallback: client-side routes get the app shell; missing files stay 404s.
  app.get('*', async (c) => {
    const accept = c.req.header('accept') ?? '';
    if (looksLikeFile(c.req.path) && !accept.includes('text/html')) {
      c.header('Cache-Control', 'no-store');
      return c.text('Not found', 404);
    }
    c.header('Cache-Control', NO_CACHE);
    return (await textFiles.respond(c, indexPath)) ?? c.html(await readFile(indexPath, 'utf8'));
  });

  return app;
}

export async function startWebServer(options: WebServerOptions): Promise<RunningWebServer> {
  const app = createWebApp(options);
  let server: ReturnType<typeof serve>;
  const port = await new Promise<number>((resolve, reject) => {
    server = serve({ fetch: app.fetch, port: options.port, hostname: options.host }, (info: AddressInfo) =>
      resolve(info.port),
    );
    server.once('error', reject);
  });
  return {
    url: `http://${options.host}:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        if ('closeAllConnections' in server) server.closeAllConnections();
      }),
  };
}
