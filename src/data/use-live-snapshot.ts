// A screen's live read of the user's Dexie database: one snapshot read in a transaction, re-read when the tables
// it reads change, turned into the screen's view model (memoised); a failed read becomes an error state to retry.
// Re-reads are coalesced: a sync pull commits a chunk of rows every few milliseconds, and re-reading 10,000 rows
// (and rebuilding the screen) after each chunk kept the main thread and IndexedDB too busy to show a new screen.
// Screens that read the same thing share one read; a kept read (the ledger) outlives its screens, so moving
// between the screens that show it does not read 10,000 rows again (docs/data-layer.md "Live reads").
import Dexie, { type ObservabilitySet } from 'dexie';
import { useEffect, useMemo, useSyncExternalStore } from 'react';

export type LiveData<D> = { status: 'loading' } | { status: 'error' } | { status: 'ready'; data: D };

type LoadState<S> = { status: 'loading' } | { status: 'error' } | { status: 'ready'; snapshot: S };

/**
 * After a re-read, further changes wait this long before the next one (a burst of commits becomes one read);
 * a change after a quiet spell is read at once.
 */
export const LIVE_REREAD_GAP_MS = 750;

/** The sync engine's bookkeeping tables: no screen shows them, so their writes never trigger a re-read. */
const BOOKKEEPING = new Set(['outbox', 'sync_rejections', 'sync_deferred', 'sync_base']);

const LOADING = { status: 'loading' } as const;

type Read<Db, S> = (db: Db, signal: AbortSignal) => Promise<S>;

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
 * One read of one database, shared by every screen that shows it. `load` is what they render; `stale` says a
 * change arrived while no screen watched (a kept read re-reads when a screen comes back).
 */
type Source<S> = {
  db: Dexie;
  read: Read<Dexie, S>;
  failure: string;
  watched: Set<string> | null;
  keep: boolean;
  load: LoadState<S>;
  listeners: Set<() => void>;
  running: boolean;
  dirty: boolean;
  /** A change arrived while nobody watched: 'sync' (the last snapshot may be shown while re-reading) or 'own'. */
  stale: 'sync' | 'own' | null;
  timer: ReturnType<typeof setTimeout> | null;
  lastRead: number;
  gone: AbortController;
  listening: boolean;
  /** Bumped by each read: only the newest read's end changes `running`. */
  runId: number;
  /** The read in flight, for currentSnapshot. */
  pending: Promise<void> | null;
  onChange: (parts: ObservabilitySet) => void;
  /** Stable for useSyncExternalStore (a new function each render would unsubscribe and subscribe again). */
  subscribe: (listener: () => void) => () => void;
  getLoad: () => LoadState<S>;
};

/** Sources by read function, then database: a read function that goes away takes its sources with it. */
const sources = new WeakMap<object, WeakMap<Dexie, Source<unknown>>>();
/** Kept sources, strongly held until their database closes (releaseSnapshots, on Dexie's 'close'). */
const kept = new Map<Dexie, Set<Source<unknown>>>();

function sourceFor<S>(
  db: Dexie,
  read: Read<Dexie, S>,
  failure: string,
  tables: ReadonlyArray<string> | undefined,
  keepAsked: boolean,
): Source<S> {
  // A closed database (signed out, still on screen for a moment) keeps nothing: its close has been handled.
  const keep = keepAsked && !db.hasBeenClosed();
  let byDb = sources.get(read);
  if (!byDb) sources.set(read, (byDb = new WeakMap()));
  const existing = byDb.get(db) as Source<S> | undefined;
  if (existing) {
    if (keep && !existing.keep) {
      existing.keep = true;
      keepSource(existing);
    }
    return existing;
  }
  const source: Source<S> = {
    db,
    read,
    failure,
    watched: tables ? new Set(tables) : null,
    keep,
    load: { status: 'loading' },
    listeners: new Set(),
    running: false,
    dirty: false,
    stale: null,
    timer: null,
    lastRead: -Infinity,
    gone: new AbortController(),
    listening: false,
    runId: 0,
    pending: null,
    onChange: () => undefined,
    subscribe: () => () => undefined,
    // A screen coming to it never starts from the snapshot before the user's own edit, nor from a past failure.
    getLoad: () =>
      source.listeners.size === 0 && (source.stale === 'own' || source.load.status === 'error') ? LOADING : source.load,
  };
  source.onChange = (parts) => onChange(source, parts);
  source.subscribe = (listener) => subscribe(source, listener);
  byDb.set(db, source as Source<unknown>);
  if (keep) keepSource(source);
  return source;
}

function keepSource<S>(source: Source<S>): void {
  let set = kept.get(source.db);
  if (!set) {
    kept.set(source.db, (set = new Set()));
    const db = source.db;
    // Signing out, or leaving the example household, closes the database: its kept reads go with it.
    db.on('close', () => releaseSnapshots(db));
  }
  set.add(source as Source<unknown>);
  listen(source);
}

function listen<S>(source: Source<S>): void {
  if (source.listening) return;
  source.listening = true;
  Dexie.on('storagemutated', source.onChange);
}

function notify<S>(source: Source<S>, load: LoadState<S>): void {
  source.load = load;
  for (const listener of [...source.listeners]) listener();
}

function run<S>(source: Source<S>): Promise<void> {
  const id = ++source.runId;
  source.running = true;
  source.dirty = false;
  source.stale = null;
  const signal = source.gone.signal;
  const pending = (async () => {
    let load: LoadState<S>;
    try {
      load = { status: 'ready', snapshot: await source.read(source.db, signal) };
    } catch (err) {
      if (signal.aborted) return;
      console.error(source.failure, err);
      load = { status: 'error' };
    } finally {
      if (source.runId === id) {
        source.running = false;
        source.pending = null;
        source.lastRead = performance.now();
      }
    }
    if (signal.aborted || source.runId !== id) return;
    notify(source, load);
    if (source.dirty) schedule(source);
  })();
  source.pending = pending;
  return pending;
}

function schedule<S>(source: Source<S>): void {
  if (source.timer) return;
  if (source.running) {
    source.dirty = true;
    return;
  }
  source.timer = setTimeout(
    () => {
      source.timer = null;
      void run(source);
    },
    Math.max(0, source.lastRead + LIVE_REREAD_GAP_MS - performance.now()),
  );
}

function onChange<S>(source: Source<S>, parts: ObservabilitySet): void {
  const db = source.db;
  if (db.hasBeenClosed()) {
    dispose(source);
    return;
  }
  const touched = touchedTables(parts, db.name);
  const { watched } = source;
  let relevant = false;
  for (const table of touched) {
    if (watched ? watched.has(table) : !BOOKKEEPING.has(table)) relevant = true;
  }
  if (!relevant) return;
  if (source.listeners.size > 0) {
    schedule(source);
    return;
  }
  // Nobody shows it now: read again when a screen does. Every local edit queues an outbox row in its own
  // transaction, so a change with one is the user's: the screen waits for the fresh read rather than show the
  // snapshot from before their edit. A sync pull writes none; its changes may show a moment late, as they do
  // on an open screen between coalesced re-reads.
  const own = touched.has('outbox');
  if (own || source.stale === null) source.stale = own ? 'own' : 'sync';
}

/**
 * Stops a source: its read in flight is aborted and it stops listening. A screen that subscribes again (React
 * unsubscribes and subscribes again in development) starts it afresh from 'loading'.
 */
function dispose<S>(source: Source<S>): void {
  source.gone.abort();
  source.gone = new AbortController();
  source.runId += 1;
  source.running = false;
  source.pending = null;
  source.dirty = false;
  source.stale = null;
  source.load = { status: 'loading' };
  if (source.timer) clearTimeout(source.timer);
  source.timer = null;
  if (source.listening) Dexie.on.storagemutated.unsubscribe(source.onChange);
  source.listening = false;
  if (source.keep) kept.get(source.db)?.delete(source as Source<unknown>);
  source.keep = false;
}

function subscribe<S>(source: Source<S>, listener: () => void): () => void {
  const first = source.listeners.size === 0;
  source.listeners.add(listener);
  listen(source);
  if (first) {
    const stale = source.stale;
    if (stale === 'own' || source.load.status === 'error') {
      // Never the snapshot from before the user's own edit: a read in flight may have started before it.
      notify(source, { status: 'loading' });
      source.runId += 1;
      source.running = false;
      source.pending = null;
    }
    if (!source.running && (source.load.status === 'loading' || stale)) {
      if (source.timer) clearTimeout(source.timer);
      source.timer = null;
      void run(source);
    } else if (stale) source.dirty = true;
  }
  return () => {
    source.listeners.delete(listener);
    if (source.listeners.size === 0 && !source.keep) dispose(source);
  };
}

/** 'Try again': reads afresh, from 'loading'. */
function retry<S>(source: Source<S>): void {
  notify(source, { status: 'loading' });
  if (source.timer) clearTimeout(source.timer);
  source.timer = null;
  if (source.running) source.dirty = true;
  else void run(source);
}

/** Stops every kept read of `db` (it is closing: the user signed out or the example household was left). */
export function releaseSnapshots(db: Dexie): void {
  for (const source of [...(kept.get(db) ?? [])]) dispose(source);
  kept.delete(db);
}

/**
 * Starts a kept read before any screen needs it (the signed-in shell, once idle), so the first screen that shows
 * it does not wait for it. `read` and `tables` as for useLiveSnapshot.
 */
export function prefetchSnapshot<Db extends Dexie, S>(
  db: Db,
  read: Read<Db, S>,
  failure: string,
  tables: ReadonlyArray<string>,
): void {
  if (db.hasBeenClosed()) return;
  const source = sourceFor(db, read as Read<Dexie, S>, failure, tables, true);
  if (!source.running && source.load.status !== 'ready') void run(source);
}

/**
 * The current snapshot of a kept read, reading it if there is none yet: another read (the dashboard's comparison)
 * builds on it instead of reading the same rows again.
 */
export async function currentSnapshot<Db extends Dexie, S>(
  db: Db,
  read: Read<Db, S>,
  failure: string,
  tables: ReadonlyArray<string>,
): Promise<S> {
  const source = sourceFor(db, read as Read<Dexie, S>, failure, tables, true);
  // A change since the snapshot (a re-read waiting for its gap, or a change nobody has read): read now, so what
  // is built on it is never older than the database.
  if (source.timer) {
    clearTimeout(source.timer);
    source.timer = null;
    if (!source.running) void run(source);
  }
  if (!source.running && (source.load.status !== 'ready' || source.stale)) void run(source);
  while (source.pending) await source.pending;
  if (source.load.status === 'ready') return source.load.snapshot;
  return read(db, new AbortController().signal);
}

/**
 * Whether a kept read has a snapshot in memory that a screen may open with now (not one from before the user's own
 * edit): a screen showing part of it can build on it instead of reading its part again.
 */
export function hasKeptSnapshot<Db extends Dexie, S>(db: Db, read: Read<Db, S>): boolean {
  const source = sources.get(read)?.get(db);
  return !!source && source.keep && source.load.status === 'ready' && source.stale !== 'own';
}

/** The view model of a snapshot, once per snapshot and build: screens that share a read share what they build. */
const built = new WeakMap<object, Map<unknown, unknown>>();

function buildOnce<S, D>(snapshot: S, build: (snapshot: S) => D): D {
  if (typeof snapshot !== 'object' || snapshot === null) return build(snapshot);
  let byBuild = built.get(snapshot);
  if (!byBuild) built.set(snapshot, (byBuild = new Map()));
  if (byBuild.has(build)) return byBuild.get(build) as D;
  const data = build(snapshot);
  byBuild.set(build, data);
  return data;
}

export type LiveSnapshotOptions = {
  /**
   * Keep the read (and its last snapshot) after the screen goes, up to date with the database, so the next screen
   * that shows it opens at once. For reads of whole tables several screens share (the ledger), not per-record ones.
   */
  keep?: boolean;
};

/**
 * `read` and `build` must be stable (module-level functions); `attempt` re-runs a failed read ('Try again').
 * `failure` is the text logged when the read fails. `tables` names the tables `read` reads (a module-level
 * array); without it, a change to any table but the sync bookkeeping re-reads. `read`'s signal is aborted when
 * the last screen showing it goes away (never for a kept read) or reads another database: a read that also
 * computes (the dashboard's plan-versus-actual card) checks it between its reads and its work, so leaving the
 * screen never leaves that work on the main thread.
 */
export function useLiveSnapshot<Db extends Dexie, S, D>(
  db: Db,
  attempt: number,
  read: Read<Db, S>,
  build: (snapshot: S) => D,
  failure: string,
  tables?: ReadonlyArray<string>,
  options: LiveSnapshotOptions = {},
): LiveData<D> {
  const keep = options.keep ?? false;
  const source = sourceFor(db, read as Read<Dexie, S>, failure, tables, keep);
  const current = useSyncExternalStore(source.subscribe, source.getLoad);
  useEffect(() => {
    // 'Try again' (a later attempt): read afresh from 'loading'.
    if (attempt === 0) return;
    retry(source);
  }, [attempt, source]);
  const snapshot = current.status === 'ready' ? current.snapshot : null;
  const data = useMemo(() => (snapshot ? buildOnce(snapshot, build) : null), [snapshot, build]);
  if (current.status !== 'ready' || !data)
    return current.status === 'error' ? { status: 'error' } : { status: 'loading' };
  return { status: 'ready', data };
}
