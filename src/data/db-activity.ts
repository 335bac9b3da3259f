// How busy a database is: a Dexie middleware counts its IndexedDB transactions in flight, so work that can wait
// (reading ahead for the next screen) starts once the current screen's reads and writes are done instead of
// competing with them.
import type Dexie from 'dexie';

type Activity = { open: number; lastEnd: number; waiters: Set<() => void> };

const activities = new WeakMap<Dexie, Activity>();

/** Counts `db`'s transactions from now on; call before the database opens (middlewares apply at open). */
export function trackActivity(db: Dexie): void {
  if (activities.has(db)) return;
  const activity: Activity = { open: 0, lastEnd: performance.now(), waiters: new Set() };
  activities.set(db, activity);
  db.use({
    stack: 'dbcore',
    name: 'activity',
    create: (down) => ({
      ...down,
      transaction(stores, mode, options) {
        const tx = down.transaction(stores, mode, options);
        // The IndexedDB adapter's transaction is the IDBTransaction; anything else is simply not counted.
        if (typeof (tx as Partial<EventTarget>).addEventListener !== 'function') return tx;
        activity.open += 1;
        let ended = false;
        const end = () => {
          if (ended) return;
          ended = true;
          activity.open -= 1;
          activity.lastEnd = performance.now();
          for (const wake of [...activity.waiters]) wake();
        };
        for (const type of ['complete', 'abort', 'error'])
          (tx as unknown as EventTarget).addEventListener(type, end, { once: true });
        return tx;
      },
    }),
  });
}

/**
 * Resolves once `db` has had no transaction in flight for `quietMs`, or after `maxWaitMs` whatever happens (a
 * long sync round must not hold the work back for good). `signal` stops the wait (it then never resolves).
 */
export function whenQuiet(db: Dexie, quietMs: number, maxWaitMs: number, signal: AbortSignal): Promise<void> {
  const activity = activities.get(db);
  return new Promise((resolve) => {
    const started = performance.now();
    let timer: ReturnType<typeof setTimeout> | null = null;
    const finish = () => {
      if (timer) clearTimeout(timer);
      activity?.waiters.delete(check);
      signal.removeEventListener('abort', stop);
    };
    const stop = () => finish();
    const check = () => {
      if (timer) clearTimeout(timer);
      timer = null;
      const now = performance.now();
      if (now - started >= maxWaitMs || !activity || (activity.open === 0 && now - activity.lastEnd >= quietMs)) {
        finish();
        resolve();
        return;
      }
      const wait = activity.open === 0 ? quietMs - (now - activity.lastEnd) : maxWaitMs - (now - started);
      timer = setTimeout(check, Math.max(1, Math.min(wait, maxWaitMs - (now - started))));
    };
    if (signal.aborted) return;
    signal.addEventListener('abort', stop, { once: true });
    activity?.waiters.add(check);
    check();
  });
}

/** How long the database must have been still before reading ahead, and the longest it waits for that. */
const STILL_MS = 200;
const STILL_MAX_WAIT_MS = 5_000;

/**
 * Runs `work` once the current screen has its data: the database still for a moment (whenQuiet) and then an idle
 * moment of the page. For reading ahead (the ledger the next screen shows), which beside a screen's own reads
 * made that screen twice as slow to open. Returns a cancel function.
 */
export function whenStill(db: Dexie, work: () => void): () => void {
  const stop = new AbortController();
  const start = () => {
    if (!stop.signal.aborted) work();
  };
  void whenQuiet(db, STILL_MS, STILL_MAX_WAIT_MS, stop.signal).then(() => {
    if (stop.signal.aborted) return;
    if (typeof requestIdleCallback !== 'function') return start();
    const handle = requestIdleCallback(start, { timeout: 1_000 });
    stop.signal.addEventListener('abort', () => cancelIdleCallback(handle), { once: true });
  });
  return () => stop.abort();
}
