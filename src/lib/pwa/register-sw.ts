// Registers the generated service worker through workbox-window (vite-plugin-pwa injectRegister: false).
// The first install takes control at once (clientsClaim). A later version waits: the page shows 'Update
// available' and switches only when the user says so, so an update never reloads under someone typing;
// saved changes live in IndexedDB (and their outbox) and survive the reload.
import { create } from 'zustand';

type UpdateState = { available: boolean; apply: (() => void) | null };

export const useUpdateStore = create<UpdateState>(() => ({ available: false, apply: null }));

export function registerServiceWorker(): void {
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
  if (document.readyState === 'complete') void register();
  else window.addEventListener('load', () => void register(), { once: true });
}
