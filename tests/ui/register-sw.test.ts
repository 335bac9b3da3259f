// When the service worker registers: on a first visit after the page's load and its first screen (the route
// rendered and painted), or at the latest ten seconds after the load when no screen renders; on a page the worker
// already controls, at the load. Never twice.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const registered = vi.hoisted(() => ({ count: 0 }));

vi.mock('workbox-window', () => ({
  Workbox: class {
    addEventListener() {}
    register() {
      registered.count++;
      return Promise.resolve();
    }
  },
}));

/** Lets the dynamic import of workbox-window and the register call settle. */
async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await vi.advanceTimersByTimeAsync(0);
}

describe('registerServiceWorker', () => {
  beforeEach(() => {
    registered.count = 0;
    vi.useFakeTimers();
    vi.stubEnv('PROD', true);
    Object.defineProperty(navigator, 'serviceWorker', { value: { controller: null }, configurable: true });
    Object.defineProperty(document, 'readyState', { value: 'complete', configurable: true });
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllEnvs();
    Reflect.deleteProperty(navigator, 'serviceWorker');
    Reflect.deleteProperty(document, 'readyState');
  });

  it('waits for the first screen, then registers after that frame', async () => {
    const { registerServiceWorker } = await import('../../src/lib/pwa/register-sw');
    let rendered = () => {};
    registerServiceWorker(new Promise<void>((resolve) => (rendered = resolve)));
    await vi.advanceTimersByTimeAsync(5_000);
    await settle();
    expect(registered.count).toBe(0);
    rendered();
    await settle();
    await vi.advanceTimersByTimeAsync(20); // the next animation frame
    await settle();
    expect(registered.count).toBe(1);
    await vi.advanceTimersByTimeAsync(10_000); // the fallback does not register again
    await settle();
    expect(registered.count).toBe(1);
  });

  it('registers ten seconds after the load when no screen renders', async () => {
    const { registerServiceWorker } = await import('../../src/lib/pwa/register-sw');
    registerServiceWorker(new Promise<void>(() => {}));
    await vi.advanceTimersByTimeAsync(9_900);
    await settle();
    expect(registered.count).toBe(0);
    await vi.advanceTimersByTimeAsync(200);
    await settle();
    expect(registered.count).toBe(1);
  });

  it('registers at the load when a worker already controls the page', async () => {
    Object.defineProperty(navigator, 'serviceWorker', { value: { controller: {} }, configurable: true });
    const { registerServiceWorker } = await import('../../src/lib/pwa/register-sw');
    registerServiceWorker(new Promise<void>(() => {}));
    await settle();
    expect(registered.count).toBe(1);
  });
});
