// Registers the generated service worker through workbox-window (vite-plugin-pwa injectRegister: false).
// autoUpdate: a new worker activates at once (skipWaiting + clientsClaim) and the page reloads onto it.
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const register = async () => {
    try {
      const { Workbox } = await import('workbox-window');
      const workbox = new Workbox('/sw.js', { scope: '/' });
      workbox.addEventListener('controlling', (event) => {
        // Only an update: the first install takes control of an already-current page.
        if (event.isUpdate) window.location.reload();
      });
      await workbox.register();
    } catch (error) {
      console.warn('Service worker registration failed; the app works online only', error);
    }
  };
  if (document.readyState === 'complete') void register();
  else window.addEventListener('load', () => void register(), { once: true });
}
