// The service worker, built from this source by vite-plugin-pwa (injectManifest): precaches the app shell,
// answers every navigation with index.html (offline deep links), keeps the last /app-config.json for offline
// starts, waits for the user's 'Update now' (SKIP_WAITING) and pushes the outbox on Background Sync.
// docs/app.md "Service worker", docs/sync.md "Background Sync".
/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { backgroundPush, OUTBOX_SYNC_TAG } from '../data/sync/background-sync';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Parameters<typeof precacheAndRoute>[0] };

/** The Background Sync event (not in TypeScript's webworker lib). */
type SyncEvent = ExtendableEvent & { readonly tag: string; readonly lastChance: boolean };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The first install takes control of the open page at once; later versions wait (no skipWaiting here).
clientsClaim();

registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: [/^\/app-config\.json$/] }));

// The deployment's runtime config is never precached (it differs per deployment), but an offline reload
// still needs the last copy seen.
const APP_CONFIG_CACHE = 'wyrd-app-config';
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname === '/app-config.json',
  new NetworkFirst({ cacheName: APP_CONFIG_CACHE, networkTimeoutSeconds: 3 }),
);

// The first visit's page fetched the config before this worker controlled it, so nothing has cached it yet:
// fetch it once at install, or a browser restarted offline could not configure sign-in or sync.
self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      try {
        const cache = await caches.open(APP_CONFIG_CACHE);
        if (await cache.match('/app-config.json')) return;
        const response = await fetch('/app-config.json', { cache: 'no-cache' });
        if (response.ok) await cache.put('/app-config.json', response);
      } catch {
        // Offline at install: the NetworkFirst route caches it on the next online load.
      }
    })(),
  );
});

self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent;
  if (sync.tag !== OUTBOX_SYNC_TAG) return;
  sync.waitUntil(
    backgroundPush().then((outcome) => {
      // Rejecting asks the browser to fire the event again later (with its own backoff).
      if (outcome.result === 'retry' && !sync.lastChance) throw outcome.error;
    }),
  );
});
