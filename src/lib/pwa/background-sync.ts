// Asks the browser for a Background Sync (tag 'wyrd-outbox') so the service worker pushes the outbox when
// the network returns, even if every tab is closed by then. Chromium has it; elsewhere this does nothing and
// the app's own triggers (online, focus, timer) push when it is next open. docs/sync.md "Background Sync".

type SyncManagerLike = { register(tag: string): Promise<void> };

export async function requestBackgroundSync(): Promise<boolean> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return false;
  try {
    // getRegistration() rather than `ready`: without a worker (dev server, first load) it must not wait.
    const registration = await navigator.serviceWorker.getRegistration();
    const sync = (registration as (ServiceWorkerRegistration & { sync?: SyncManagerLike }) | undefined)?.sync;
    if (!registration?.active || !sync) return false;
    // The tag lives with the service worker's push code, loaded only now: it stays out of the first paint's JS.
    const { OUTBOX_SYNC_TAG } = await import('../../data/sync/background-sync');
    await sync.register(OUTBOX_SYNC_TAG);
    return true;
  } catch {
    // Refused (permission, private mode): the page's own triggers still push.
    return false;
  }
}
