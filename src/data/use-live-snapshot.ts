// A screen's live read of the user's Dexie database: one snapshot read in a transaction, re-read when the tables
// it reads change, turned into the screen's view model (memoised); a failed read becomes an error state to retry.
// Re-reads are coalesced: a sync pull commits a chunk of rows every few milliseconds, and re-reading 10,000 rows
// (and rebuilding the screen) after each chunk kept the main thread and IndexedDB too busy to show a new screen.
import Dexie, { type ObservabilitySet } from 'dexie';
import { useEffect, useMemo, useState } from 'react';

export type LiveData<D> = { status: 'loading' } | { status: 'error' } | { status: 'ready'; data: D };

type LoadState<S> = { status: 'loading' } | { status: 'error' } | { status: 'ready'; snapshot: S };

/**
 * After a re-read, further changes wait this long before the next one (a burst of commits becomes one read);
 * a change after a quiet spell is read at once.
 */
export const LIVE_REREAD_GAP_MS = 750;

/** The sync engine's bookkeeping tables: no screen shows them, so their writes never trigger a re-read. */
const BOOKKEEPING = new Set(['outbox', 'sync_rejections', 'sync_deferred', 'sync_base']);

/** The names of `dbName`'s tables a storage mutation touched (Dexie's parts are `idb://<db>/<table>/<index>`). */
function touchedTables(parts: ObservabilitySet, dbName: string): Set<string> {
  const prefix = `idb://${dbName}/`;
  const tables = new Set<string>();
  for (const part of Object.keys(parts)) {
    if (!part.startsWith(prefix)) continue;
    tables.add(part.slice(prefix.length).split('/')[0]);
  }
  return tables;
}

/**
 * `read` and `build` must be stable (module-level functions); `attempt` re-runs a failed read ('Try again').
 * `failure` is the text logged when the read fails. `tables` names the tables `read` reads (a module-level
 * array); without it, a change to any table but the sync bookkeeping re-reads. `read`'s signal is aborted when
 * the screen goes away (or reads another database): a read that also computes (the dashboard's plan-versus-actual
 * card) checks it between its reads and its work, so leaving the screen never leaves that work on the main thread.
 */
export function useLiveSnapshot<Db extends Dexie, S, D>(
  db: Db,
  attempt: number,
  read: (db: Db, signal: AbortSignal) => Promise<S>,
  build: (snapshot: S) => D,
  failure: string,
  tables?: ReadonlyArray<string>,
): LiveData<D> {
  // Tagged with what it was read for: a new database, attempt or read starts from 'loading', never from the
  // previous one's snapshot.
  const [state, setState] = useState<{ db: Db | null; attempt: number; read: unknown; load: LoadState<S> }>({
    db: null,
    attempt,
    read: null,
    load: { status: 'loading' },
  });
  useEffect(() => {
    let stopped = false;
    const gone = new AbortController();
    let running = false;
    let dirty = false;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let lastRead = -Infinity;
    const watched = tables ? new Set(tables) : null;
    const run = async () => {
      running = true;
      dirty = false;
      let load: LoadState<S>;
      try {
        load = { status: 'ready', snapshot: await read(db, gone.signal) };
      } catch (err) {
        if (stopped) return;
        console.error(failure, err);
        load = { status: 'error' };
      } finally {
        running = false;
        lastRead = performance.now();
      }
      if (stopped) return;
      setState({ db, attempt, read, load });
      if (dirty) schedule();
    };
    const schedule = () => {
      if (stopped || timer) return;
      if (running) {
        dirty = true;
        return;
      }
      timer = setTimeout(
        () => {
          timer = null;
          void run();
        },
        Math.max(0, lastRead + LIVE_REREAD_GAP_MS - performance.now()),
      );
    };
    const onChange = (parts: ObservabilitySet) => {
      for (const table of touchedTables(parts, db.name)) {
        if (watched ? watched.has(table) : !BOOKKEEPING.has(table)) return schedule();
      }
    };
    Dexie.on('storagemutated', onChange);
    void run();
    return () => {
      stopped = true;
      gone.abort();
      if (timer) clearTimeout(timer);
      Dexie.on.storagemutated.unsubscribe(onChange);
    };
  }, [db, attempt, read, failure, tables]);
  const current =
    state.db === db && state.attempt === attempt && state.read === read ? state.load : ({ status: 'loading' } as const);
  const snapshot = current.status === 'ready' ? current.snapshot : null;
  const data = useMemo(() => (snapshot ? build(snapshot) : null), [snapshot, build]);
  if (current.status !== 'ready' || !data)
    return current.status === 'error' ? { status: 'error' } : { status: 'loading' };
  return { status: 'ready', data };
}
