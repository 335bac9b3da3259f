// The app's sync wiring: one engine for the signed-in user's database, built from the runtime config's API
// base URL and the auth helper's ID token, its state in a small store for the top bar, and the triggers:
// start (after sign-in), the `online` event, focus and visibility, a timer every few minutes, a short while
// after each local change, and 'Sync now'. Sign-out stops it.
import { create } from 'zustand';
import { auth } from '../../lib/auth/auth-client';
import { onSignOut } from '../../lib/auth/auth-store';
import { loadAppConfig } from '../../lib/config/app-config';
import { createApiClient } from '../../lib/http/api-client';
import type { WyrdDb } from '../db';
import { SyncEngine, type SyncState } from './sync-engine';

/** While the app is open, a round at least this often. */
export const PERIODIC_SYNC_MS = 3 * 60_000;
/** Wait after a local change before pushing it (a burst of edits goes in one round). */
export const CHANGE_DEBOUNCE_MS = 2_000;
/** Focus and visibility changes start a round at most this often. */
const FOCUS_MIN_GAP_MS = 30_000;
/** A sync request that hangs longer than this counts as a network failure. */
const REQUEST_TIMEOUT_MS = 60_000;

/** Before the engine exists (config loading), the indicator shows this. */
const STARTING: SyncState = { phase: 'idle', lastSyncedAt: null, error: null, initial: null, retryAt: null };

export const useSyncStore = create<{ state: SyncState; engine: SyncEngine | null }>(() => ({ state: STARTING, engine: null }));

let active: { db: WyrdDb; engine: SyncEngine | null; stop: () => void } | null = null;

function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/**
 * The engine for this database: the API from the runtime config, or local-only when the config names none.
 * Null when the config cannot be read because the device is offline (try again once it is back).
 */
async function buildEngine(db: WyrdDb): Promise<SyncEngine | null> {
  let baseUrl = '';
  try {
    baseUrl = (await loadAppConfig()).apiBaseUrl;
  } catch (error) {
    if (isOffline()) return null;
    console.warn('No runtime config: sync is off and changes stay on this device', error);
  }
  const api = baseUrl
    ? createApiClient({
        baseUrl,
        getToken: ({ forceRefresh }) => auth.getAuthToken({ forceRefresh }),
        requireToken: true,
        timeoutMs: REQUEST_TIMEOUT_MS,
      })
    : null;
  return new SyncEngine({ db, api });
}

/** Starts syncing the signed-in user's database (idempotent per database); returns a stop function. */
export function startSync(db: WyrdDb): () => void {
  if (active?.db === db) return active.stop;
  active?.stop();
  const cleanups: Array<() => void> = [];
  let stopped = false;
  const handle: NonNullable<typeof active> = {
    db,
    engine: null,
    stop: () => {
      if (stopped) return;
      stopped = true;
      cleanups.forEach((fn) => fn());
      handle.engine?.stop();
      if (active === handle) {
        active = null;
        useSyncStore.setState({ state: STARTING, engine: null });
      }
    },
  };
  active = handle;

  const begin = async () => {
    const engine = await buildEngine(db);
    if (!engine) {
      useSyncStore.setState({ state: { ...STARTING, phase: 'offline' } });
      window.addEventListener('online', () => void begin(), { once: true });
      return;
    }
    if (stopped) return engine.stop();
    handle.engine = engine;
    useSyncStore.setState({ state: engine.getState(), engine });
    cleanups.push(engine.subscribe((state) => useSyncStore.setState({ state })));
    const run = () => void engine.sync();
    run();

    if (typeof window !== 'undefined') {
      let lastFocus = Date.now();
      const onFocus = () => {
        if (document.visibilityState === 'hidden' || Date.now() - lastFocus < FOCUS_MIN_GAP_MS) return;
        lastFocus = Date.now();
        run();
      };
      window.addEventListener('online', run);
      window.addEventListener('focus', onFocus);
      document.addEventListener('visibilitychange', onFocus);
      const timer = setInterval(run, PERIODIC_SYNC_MS);
      cleanups.push(() => {
        window.removeEventListener('online', run);
        window.removeEventListener('focus', onFocus);
        document.removeEventListener('visibilitychange', onFocus);
        clearInterval(timer);
      });
    }

    // A local change: push it shortly (the outbox row is written in the change's own transaction).
    let debounce: ReturnType<typeof setTimeout> | null = null;
    const onChange = () => {
      if (debounce) clearTimeout(debounce);
      debounce = setTimeout(run, CHANGE_DEBOUNCE_MS);
    };
    db.outbox.hook('creating', onChange);
    cleanups.push(() => {
      db.outbox.hook('creating').unsubscribe(onChange);
      if (debounce) clearTimeout(debounce);
    });
  };
  void begin();
  return handle.stop;
}

/** 'Sync now'. */
export function syncNow(): void {
  void useSyncStore.getState().engine?.sync();
}

onSignOut(() => active?.stop());
