// A screen's live read of the user's Dexie database: one snapshot read in a transaction, re-read when the tables
// it reads change, turned into the screen's view model (memoised); a failed read becomes an error state to retry.
// Re-reads are coalesced: a sync pull commits a chunk of rows every few milliseconds, and re-reading 10,000 rows
// (and rebuilding the screen) after each chunk kept the main thread and IndexedDB too busy to show a new screen.
// Screens that read the same thing share one read; a kept read (the ledger) outlives its screens, so moving
// between the screens that show it does not read 10,000 rows again (docs/app.md "Live reads of whole tables").
import Dexie, { type ObservabilitySet } from 'dexie';
import { startTransition, useEffect, useMemo, useRef, useState } from 'react';

export type LiveData<D> = { status: 'loading' } | { status: 'error' } | { status: 'ready'; data: D };

/** A ready load records `from`: the change count when its read started (what it can have missed comes after). */
type LoadState<S> = { status: 'loading' } | { status: 'error' } | { status: 'ready'; snapshot: S; from: number };

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

/** Counts every change any source has seen: a read's `from` and a source's last changes are on this scale. */
let changeCount = 0;

/**
 * One read of one database, shared by every screen that shows it. `changed` is the count at the last change to
 * its tables, `ownChange` at the last one the user made (its transaction wrote an outbox row, as every repository
 * write does); a snapshot read from before `ownChange` is never what a screen opens with.
 */
type Source<S> = {
  db: Dexie;
  read: Read<Dexie, S>;
  failure: string;
  watched: Set<string> | null;
  keep: boolean;
  /** 0, or how long changes the user did not make must stop before they are read (LiveSnapshotOptions.settleMs). */
  settleMs: number;
  settleTimer: ReturnType<typeof setTimeout> | null;
  load: LoadState<S>;
  listeners: Set<() => void>;
  changed: number;
  ownChange: number;
  /** The read in flight (null when none), with the count when it started. */
  running: { id: number; from: number; done: Promise<void> } | null;
  /** Bumped by each read and by dispose: only the newest read's answer is kept. */
  runId: number;
  dirty: boolean;
  timer: ReturnType<typeof setTimeout> | null;
  lastRead: number;
  gone: AbortController;
  listening: boolean;
  onChange: (parts: ObservabilitySet) => void;
  /** Stable: a new function each render would unsubscribe and subscribe again. */
  subscribe: (listener: () => void) => () => void;
  getLoad: () => LoadState<S>;
};

/** Sources by read function, then database: a read function that goes away takes its sources with it. */
const sources = new WeakMap<object, WeakMap<Dexie, Source<unknown>>>();
/** Kept sources, strongly held until their database closes for good (releaseSnapshots). */
const kept = new Map<Dexie, Set<Source<unknown>>>();
/** Databases whose 'close' event is watched (once each). */
const closeWatched = new WeakSet<Dexie>();

function sourceFor<S>(
  db: Dexie,
  read: Read<Dexie, S>,
  failure: string,
  tables: ReadonlyArray<string> | undefined,
  keepAsked: boolean,
  settleMs: number,
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
    settleMs,
    settleTimer: null,
    load: { status: 'loading' },
    listeners: new Set(),
    changed: 0,
    ownChange: 0,
    running: null,
    runId: 0,
    dirty: false,
    timer: null,
    lastRead: -Infinity,
    gone: new AbortController(),
    listening: false,
    onChange: () => undefined,
    subscribe: () => () => undefined,
    // A screen coming to it never starts from a past failure.
    getLoad: () => (source.listeners.size === 0 && source.load.status === 'error' ? LOADING : source.load),
  };
  source.onChange = (parts) => onChange(source, parts);
  source.subscribe = (listener) => subscribe(source, listener);
  byDb.set(db, source as Source<unknown>);
  if (keep) keepSource(source);
  return source;
}

function keepSource<S>(source: Source<S>): void {
  const db = source.db;
  let set = kept.get(db);
  if (!set) kept.set(db, (set = new Set()));
  set.add(source as Source<unknown>);
  listen(source);
  if (closeWatched.has(db)) return;
  closeWatched.add(db);
  // Dexie also closes (and then reopens by itself) when another tab upgrades the database or the page goes into
  // the back/forward cache; hasBeenClosed() tells a real close (sign-out, leaving the example household), once
  // Dexie has finished closing.
  db.on('close', () =>
    queueMicrotask(() => {
      if (db.hasBeenClosed()) return releaseSnapshots(db);
      for (const source of kept.get(db) ?? []) {
        source.changed = ++changeCount;
        if (source.listeners.size > 0) schedule(source);
      }
    }),
  );
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

/** Whether the snapshot may be older than the database (nothing read yet, or a change since its read began). */
function behind<S>(source: Source<S>): boolean {
  return source.load.status !== 'ready' || source.load.from < source.changed;
}

/** Whether the snapshot was read before the user's last edit: a screen opening now must not show it. */
function beforeOwnEdit<S>(source: Source<S>): boolean {
  return source.load.status === 'ready' && source.load.from < source.ownChange;
}

function run<S>(source: Source<S>): Promise<void> {
  const id = ++source.runId;
  const from = changeCount;
  source.dirty = false;
  const signal = source.gone.signal;
  // Set before the read starts: a read that fails at once must still find itself here to clear.
  const running = { id, from, done: Promise.resolve() };
  source.running = running;
  running.done = (async () => {
    let load: LoadState<S>;
    try {
      load = { status: 'ready', snapshot: await source.read(source.db, signal), from };
    } catch (err) {
      if (signal.aborted || source.runId !== id) return;
      console.error(source.failure, err);
      load = { status: 'error' };
    } finally {
      if (source.runId === id) {
        source.running = null;
        source.lastRead = performance.now();
      }
    }
    if (signal.aborted || source.runId !== id) return;
    notify(source, load);
    if (source.dirty && source.listeners.size > 0) schedule(source);
  })();
  return running.done;
}

/** Reads now, dropping a read in flight that began before `since` (its answer could miss that change). */
function readNow<S>(source: Source<S>, since: number): void {
  if (source.timer) clearTimeout(source.timer);
  source.timer = null;
  if (source.running && source.running.from >= since) return;
  void run(source);
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
  const touched = touchedTables(parts, source.db.name);
  const { watched } = source;
  let relevant = false;
  for (const table of touched) {
    if (watched ? watched.has(table) : !BOOKKEEPING.has(table)) relevant = true;
  }
  if (!relevant) return;
  source.changed = ++changeCount;
  // Every local edit queues an outbox row in its own transaction, so a change with one is the user's. A sync
  // pull writes none: its changes may show a moment late, as they do on an open screen between re-reads.
  const own = touched.has('outbox');
  if (own) source.ownChange = source.changed;
  // Nobody shows it now: read again when a screen does.
  if (source.listeners.size === 0) return;
  if (own || source.settleMs === 0) return schedule(source);
  // Someone else's changes (a pull) wait until they stop coming: one read after the burst, not one per gap.
  if (source.settleTimer) clearTimeout(source.settleTimer);
  source.settleTimer = setTimeout(() => {
    source.settleTimer = null;
    if (source.listeners.size > 0) schedule(source);
  }, source.settleMs);
}

/**
 * Stops a source: its read in flight is aborted and it stops listening. A screen that subscribes again (React
 * unsubscribes and subscribes again in development) starts it afresh from 'loading'.
 */
function dispose<S>(source: Source<S>): void {
  source.gone.abort();
  source.gone = new AbortController();
  source.runId += 1;
  source.running = null;
  source.dirty = false;
  source.load = { status: 'loading' };
  if (source.timer) clearTimeout(source.timer);
  source.timer = null;
  if (source.settleTimer) clearTimeout(source.settleTimer);
  source.settleTimer = null;
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
    if (source.load.status === 'error') notify(source, { status: 'loading' });
    // A screen opening after the user's own edit waits for a read that began after it; after any other change
    // it shows the last snapshot while that read runs.
    if (beforeOwnEdit(source)) readNow(source, source.ownChange);
    else if (behind(source)) readNow(source, source.changed);
  }
  return () => {
    source.listeners.delete(listener);
    if (source.listeners.size === 0 && !source.keep) dispose(source);
  };
}

/** 'Try again': reads afresh, from 'loading'. */
function retry<S>(source: Source<S>): void {
  notify(source, { status: 'loading' });
  readNow(source, changeCount + 1);
}

/** Stops every kept read of `db` (it has closed for good: the user signed out or left the example household). */
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
  const source = sourceFor(db, read as Read<Dexie, S>, failure, tables, true, 0);
  if (behind(source)) readNow(source, source.changed);
}

/**
 * The current snapshot of a kept read, reading it if it may be older than the database: another read (the
 * dashboard's comparison, where there is no worker) builds on it instead of reading the same rows again.
 */
export async function currentSnapshot<Db extends Dexie, S>(
  db: Db,
  read: Read<Db, S>,
  failure: string,
  tables: ReadonlyArray<string>,
): Promise<S> {
  const source = sourceFor(db, read as Read<Dexie, S>, failure, tables, true, 0);
  for (let attempt = 0; attempt < 3 && behind(source); attempt++) {
    readNow(source, source.changed);
    await source.running?.done;
  }
  if (source.load.status === 'ready' && !behind(source)) return source.load.snapshot;
  return read(db, new AbortController().signal);
}

/**
 * Whether a kept read has a snapshot in memory that a screen may open with now (not one from before the user's own
 * edit): a screen showing part of it can build on it instead of reading its part again.
 */
export function hasKeptSnapshot<Db extends Dexie, S>(db: Db, read: Read<Db, S>): boolean {
  const source = sources.get(read)?.get(db);
  return !!source && source.keep && source.load.status === 'ready' && !beforeOwnEdit(source);
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
  /**
   * Changes the user did not make (a sync pull's merges) are read only once none has come for this long; the
   * user's own edits as usual. For a read that costs the database a lot (the plan-versus-actual card reads two
   * years of transactions): during a new device's pull of 50,000 transactions, re-reading every
   * LIVE_REREAD_GAP_MS held the pull's writes up behind each read.
   */
  settleMs?: number;
};

/**
 * The source's load, as a transition: a new snapshot re-renders the screen in React's interruptible render, a few
 * milliseconds per task, where useSyncExternalStore's updates always render in one go (a screen of figures was
 * one long task under a phone's CPU). The screen can show its previous snapshot a moment longer.
 */
function useSourceLoad<S>(source: Source<S>): LoadState<S> {
  const [state, setState] = useState(() => ({ source, load: source.getLoad() }));
  useEffect(() => {
    const update = () => {
      const load = source.getLoad();
      startTransition(() =>
        setState((prev) => (prev.source === source && prev.load === load ? prev : { source, load })),
      );
    };
    const unsubscribe = source.subscribe(update);
    // A change between this render and the subscription (the first subscriber's read may answer at once).
    update();
    return unsubscribe;
  }, [source]);
  return state.source === source ? state.load : source.getLoad();
}

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
  const source = sourceFor(db, read as Read<Dexie, S>, failure, tables, keep, options.settleMs ?? 0);
  const load = useSourceLoad(source);
  // What this screen may show: nothing read before the user's last edit as it opened (another screen still
  // showing that snapshot while this one renders, or a re-read waiting for its gap, must not reach it).
  const [opened] = useState(() => ({ source, ownChange: source.ownChange }));
  const floor = opened.source === source ? opened.ownChange : 0;
  const current = load.status === 'ready' && load.from < floor ? LOADING : load;
  // 'Try again' (a later attempt): read afresh from 'loading'; a new source reads on its own.
  const handled = useRef({ attempt, source });
  useEffect(() => {
    const last = handled.current;
    handled.current = { attempt, source };
    if (attempt !== last.attempt && source === last.source) retry(source);
  }, [attempt, source]);
  const snapshot = current.status === 'ready' ? current.snapshot : null;
  const data = useMemo(() => (snapshot ? buildOnce(snapshot, build) : null), [snapshot, build]);
  if (current.status !== 'ready' || !data)
    return current.status === 'error' ? { status: 'error' } : { status: 'loading' };
  return { status: 'ready', data };
}
