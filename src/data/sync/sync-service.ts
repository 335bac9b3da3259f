// The app's sync wiring: one engine for the signed-in user's database, built from the runtime config's API
// base URL and the auth helper's ID token, its state in a small store for the top bar, and the triggers:
// start (after sign-in), the `online` event, focus and visibility, a timer every few minutes, a short while
// after each local change, and 'Sync now'. Sign-out stops it.
import { create } from 'zustand';
import { auth } from '../../lib/auth/auth-client';
import { onSignOut, recheckOfflineSession } from '../../lib/auth/auth-store';
import { loadAppConfig } from '../../lib/config/app-config';
import { offThreadFetch } from '../../lib/http/off-thread-fetch';
import { createApiClient } from '../../lib/http/api-client';
import { requestBackgroundSync } from '../../lib/pwa/background-sync';
import type { WyrdDb } from '../db';
import { pendingChangeCount } from '../outbox';
import { loadSyncModels } from '../load-engine-models';
import type { SyncEngine, SyncState } from './sync-engine';
import { clearSyncSession, saveSyncSession } from './sync-session';

/** While the app is open, a round at least this often. */
export const PERIODIC_SYNC_MS = 3 * 60_000;
/** Wait after a local change before pushing it (a burst of edits goes in one round). */
export const CHANGE_DEBOUNCE_MS = 2_000;
/** A long burst of edits still starts pushing this long after its first change (a held import waits: holdSync). */
export const CHANGE_MAX_WAIT_MS = 2_000;
/** The waiting-changes count catches up this long after a local change. */
const COUNT_DELAY_MS = 300;
/** Focus and visibility changes start a round at most this often. */
const FOCUS_MIN_GAP_MS = 30_000;
/** A sync request that hangs longer than this counts as a network failure. */
const REQUEST_TIMEOUT_MS = 60_000;

/** Before the engine exists (config loading), the indicator shows this. */
const STARTING: SyncState = { phase: 'idle', lastSyncedAt: null, error: null, initial: null, retryAt: null };

export type SyncCounts = { pending: number; rejected: number };

export const useSyncStore = create<{ state: SyncState; engine: SyncEngine | null; counts: SyncCounts }>(() => ({
  state: STARTING,
  engine: null,
  counts: { pending: 0, rejected: 0 },
}));

/**
 * Re-reads how many changes wait and how many were refused. Called after rounds, shortly after local
 * changes and after the user acts on a refusal (cheaper than a live query re-run on every write).
 */
export async function refreshSyncCounts(db: WyrdDb): Promise<void> {
  try {
    const [pending, rejected] = await Promise.all([pendingChangeCount(db), db.sync_rejections.count()]);
    useSyncStore.setState({ counts: { pending, rejected } });
  } catch {
    // The database closed (sign-out): nothing to show.
  }
}

let active: { db: WyrdDb; engine: SyncEngine | null; stop: () => void } | null = null;

/** Open holds (holdSync), and whether a local change's round waits for the last one to be released. */
let holds = 0;
let heldRound: (() => void) | null = null;

/**
 * Holds back the rounds that local changes start until the returned release is called (then one round runs
 * at once if a change came meanwhile). A statement import holds it while it writes: a round in the middle
 * would push half an import (undone locally if a later chunk fails), and on a small machine the server and
 * the page's writes would compete for the same cores. Rounds from other triggers (Sync now, online, the timer)
 * still run.
 */
export function holdSync(): () => void {
  holds += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holds -= 1;
    if (holds > 0 || !heldRound) return;
    const round = heldRound;
    heldRound = null;
    round();
  };
}

/** Per database: settles once its first sync round after sign-in is over (or when there is nothing to wait for). */
const firstRounds = new WeakMap<WyrdDb, Promise<void>>();

/**
 * Resolves when the device has heard from the server (or cannot): the default categories wait for it, so
 * a new device adopts the user's categories (renamed or deleted defaults included) instead of re-creating
 * the defaults over them.
 */
export function firstSyncSettled(db: WyrdDb): Promise<void> {
  return firstRounds.get(db) ?? Promise.resolve();
}

/** After a first round that reached the server: a user who already has categories there gets no defaults. */
async function adoptServerCategories(db: WyrdDb): Promise<void> {
  const { DEFAULT_CATEGORIES_FLAG } = await import('../default-categories');
  await db.transaction('rw', [db.categories, db.meta], async () => {
    if (!(await db.meta.get(DEFAULT_CATEGORIES_FLAG)) && (await db.categories.count()) > 0) {
      await db.meta.put({ key: DEFAULT_CATEGORIES_FLAG, value: new Date().toISOString() });
    }
  });
}

function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/**
 * The engine for this database: the API from the runtime config, or local-only when the config says so
 * (`localOnly`). Null when the config cannot be read (offline, or a failed request): that says nothing about
 * whether an API exists, so the caller tries again rather than turning sync off.
 */
async function buildEngine(db: WyrdDb): Promise<SyncEngine | null> {
  let baseUrl = '';
  try {
    const config = await loadAppConfig();
    baseUrl = config.localOnly ? '' : config.apiBaseUrl;
  } catch (error) {
    if (!isOffline()) console.warn('Could not read the runtime config; sync will try again', error);
    return null;
  }
  // Every token the engine gets (sign-in, refresh) is also kept for the service worker's Background Sync.
  let remembered: string | null = null;
  const getToken = async (options?: { forceRefresh?: boolean }) => {
    const token = await auth.getAuthToken(options);
    if (token && baseUrl && token !== remembered) {
      remembered = token;
      void saveSyncSession({ userId: db.userId, apiBaseUrl: baseUrl, idToken: token }).catch(() => undefined);
    }
    return token;
  };
  const api = baseUrl
    ? createApiClient({
        baseUrl,
        getToken: ({ forceRefresh }) => getToken({ forceRefresh }),
        requireToken: true,
        timeoutMs: REQUEST_TIMEOUT_MS,
        // A push's body (hundreds of kilobytes) is handed to the network from a worker, not this thread.
        fetch: offThreadFetch,
      })
    : null;
  // No session token at all: say so without starting a round (nothing to send it with).
  const precheck = async () =>
    api && !(await getToken())
      ? {
          kind: 'auth' as const,
          message: 'You are not signed in to the sync server. Sign in again to sync your changes.',
        }
      : null;
  // Loaded here, not with this module: the signed-in pages paint before the push, pull and merge code (and the
  // engine schemas it validates with) is fetched and evaluated (docs/app.md "First paint when signed in").
  const { SyncEngine: Engine } = await loadSyncEngine();
  return new Engine({ db, api, precheck });
}

/** The sync engine's code, after the engine's schemas it validates with (evaluated a part per task). */
async function loadSyncEngine(): Promise<typeof import('./sync-engine')> {
  await loadSyncModels();
  return import('./sync-engine');
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
      settle();
      handle.engine?.stop();
      if (active === handle) {
        active = null;
        useSyncStore.setState({ state: STARTING, engine: null, counts: { pending: 0, rejected: 0 } });
      }
    },
  };
  active = handle;
  let settle: () => void = () => undefined;
  firstRounds.set(db, new Promise<void>((resolve) => (settle = resolve)));

  let configRetries = 0;
  const begin = async () => {
    if (stopped) return;
    const engine = await buildEngine(db);
    if (!engine) {
      settle();
      if (stopped) return;
      useSyncStore.setState({ state: { ...STARTING, phase: 'offline' } });
      // Again when the network is back, or soon (a growing delay) when the browser thinks it is online.
      const retry = () => {
        window.removeEventListener('online', retry);
        clearTimeout(timer);
        void begin();
      };
      const timer = setTimeout(retry, Math.min(60_000, 5_000 * 2 ** configRetries++));
      window.addEventListener('online', retry);
      cleanups.push(() => {
        window.removeEventListener('online', retry);
        clearTimeout(timer);
      });
      return;
    }
    if (stopped) return engine.stop();
    handle.engine = engine;
    useSyncStore.setState({ state: engine.getState(), engine });
    cleanups.push(
      engine.subscribe((state) => {
        useSyncStore.setState({ state });
        if (state.phase !== 'syncing') void refreshSyncCounts(db);
        // A round that got through proves the network works, also when the browser never said it was gone.
        if (state.phase === 'idle' && state.error === null && state.lastSyncedAt) recheckOfflineSession();
      }),
    );
    // Changes left waiting by a round that could not reach the server: let the service worker push them when
    // the network is back, even if the app is closed by then.
    const run = () =>
      void engine.sync().then(async (outcome) => {
        if ((outcome === 'offline' || outcome === 'failed') && engine.getState().error?.kind !== 'auth') {
          if ((await db.outbox.count().catch(() => 0)) > 0) await requestBackgroundSync();
        }
      });
    void engine
      .sync()
      .then(async (outcome) => {
        if (outcome === 'synced') await adoptServerCategories(db);
      })
      .catch(() => undefined)
      .finally(settle);

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

    // A local change: count it soon and push it shortly (the outbox row is written in the change's own
    // transaction, so both wait a moment).
    // The hook runs once per outbox row (10,000 times in a large import), so it only notes the time; one timer
    // checks whether the quiet period (or the longest wait) is over.
    let debounce: ReturnType<typeof setTimeout> | null = null;
    let recount: ReturnType<typeof setTimeout> | null = null;
    let firstChange = 0;
    let lastChange = 0;
    const due = () => Math.min(lastChange + CHANGE_DEBOUNCE_MS, firstChange + CHANGE_MAX_WAIT_MS);
    const check = () => {
      const wait = due() - Date.now();
      if (wait > 0) {
        debounce = setTimeout(check, wait);
        return;
      }
      debounce = null;
      if (holds > 0) heldRound = run;
      else run();
    };
    const onChange = () => {
      lastChange = Date.now();
      if (debounce) return;
      if (isOffline()) void requestBackgroundSync();
      firstChange = lastChange;
      debounce = setTimeout(check, CHANGE_DEBOUNCE_MS);
      recount ??= setTimeout(() => {
        recount = null;
        void refreshSyncCounts(db);
      }, COUNT_DELAY_MS);
    };
    db.outbox.hook('creating', onChange);
    cleanups.push(() => {
      db.outbox.hook('creating').unsubscribe(onChange);
      if (heldRound === run) heldRound = null;
      if (debounce) clearTimeout(debounce);
      if (recount) clearTimeout(recount);
    });
  };
  void begin();
  return handle.stop;
}

/** 'Sync now'. */
export function syncNow(): void {
  void useSyncStore.getState().engine?.sync();
}

onSignOut(() => {
  active?.stop();
  // The service worker must not push with a signed-out user's token.
  void clearSyncSession().catch(() => undefined);
});
