// Registers the generated service worker through workbox-window (vite-plugin-pwa injectRegister: false).
// The first install takes control at once (clientsClaim). A later version waits: the page shows 'Update
// available' and switches only when the user says so, so an update never reloads under someone typing;
// saved changes live in IndexedDB (and their outbox) and survive the reload. A first visit registers only after
// the first screen: installing downloads the precache (about 140 files), which must not compete with that screen.
import { create } from 'zustand';

type UpdateState = { available: boolean; apply: (() => void) | null };

export const useUpdateStore = create<UpdateState>(() => ({ available: false, apply: null }));

/** The longest registration waits for the first screen (a route that never renders still gets the worker). */
const FIRST_SCREEN_WAIT_MS = 10_000;

/**
 * Registers the worker once the page has loaded. On a first visit (no worker controls the page yet) it also waits
 * for `firstScreen` (the first route rendered) and registers after that frame is painted, at the latest
 * FIRST_SCREEN_WAIT_MS after the load. A page the worker already controls registers at the load: there it only
 * checks for a new version, and moved after the first screen it fell into the signed-in pages' first render.
 */
export function registerServiceWorker(firstScreen: Promise<unknown>): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const register = async () => {
    try {
      const { Workbox } = await import('workbox-window');
      const workbox = new Workbox('/sw.js', { scope: '/' });
      workbox.addEventListener('waiting', () => {
        useUpdateStore.setState({
          available: true,
          apply: () => {
            // Reload once the new worker controls the page (it activates on this message).
            workbox.addEventListener('controlling', () => window.location.reload());
            workbox.messageSkipWaiting();
          },
        });
      });
      await workbox.register();
    } catch (error) {
      console.warn('Service worker registration failed; the app works online only', error);
    }
  };
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    void register();
  };
  const afterLoad = () => {
    if (navigator.serviceWorker.controller) return start();
    void firstScreen.then(() => requestAnimationFrame(() => setTimeout(start, 0)));
    setTimeout(start, FIRST_SCREEN_WAIT_MS);
  };
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
}
