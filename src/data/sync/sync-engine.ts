// The sync engine: one per signed-in user database. A round pushes the outbox, then pulls since the cursor
// (always in that order, so the server never sees a pull overwrite an unpushed edit). Transient failures
// (network, 429, 5xx, after the API client's own 3 attempts) end the round and schedule a later one with a
// growing delay; a 401 that survives a token refresh asks the user to sign in again. See docs/sync.md.
import { ApiHttpError, ApiNetworkError, isTransientError, type ApiClient } from '../../lib/http/api-client';
import type { WyrdDb } from '../db';
import { pullChanges, type PullOptions } from './pull';
import { pushOutbox } from './push';
import { syncVersionMessage } from './protocol';
import { seedsWaiting } from './seeds';
import { readCursor, readLastSyncedAt, SYNC_LAST_SYNCED_KEY } from './sync-meta';

export type SyncPhase = 'local-only' | 'idle' | 'syncing' | 'offline' | 'error';

/** 'version': the server speaks another sync protocol version; the message says what to do (docs/sync.md). */
export type SyncError = { kind: 'auth' | 'server' | 'version'; message: string };

export type SyncState = {
  phase: SyncPhase;
  /** When the last successful round ended (ISO), on this device. */
  lastSyncedAt: string | null;
  error: SyncError | null;
  /** The first pull on this device is running: records received so far. */
  initial: { pulled: number } | null;
  /** When the next automatic round is due after a failure (epoch ms). */
  retryAt: number | null;
};

export type SyncEngineOptions = {
  db: WyrdDb;
  /** null: no API configured; everything stays on this device. */
  api: ApiClient | null;
  now?: () => Date;
  /** Delays before automatic retry rounds after consecutive failures (the last one repeats). */
  retryDelaysMs?: ReadonlyArray<number>;
  pushBatchSize?: number;
  pull?: Pick<PullOptions, 'pageSize' | 'chunkSize' | 'yieldToMain'>;
  isOnline?: () => boolean;
  /** Checked before a round touches anything: a reason not to sync now (no session), or null. */
  precheck?: () => Promise<SyncError | null>;
};

export const DEFAULT_RETRY_DELAYS_MS = [5_000, 15_000, 30_000, 60_000, 120_000, 300_000];

export type RoundOutcome = 'synced' | 'offline' | 'failed' | 'skipped';

type Listener = (state: SyncState) => void;

function isClosedDb(error: unknown): boolean {
  const name = (error as { name?: string } | null)?.name;
  return name === 'DatabaseClosedError' || name === 'AbortError';
}

export class SyncEngine {
  private state: SyncState;
  private readonly listeners = new Set<Listener>();
  private running: Promise<RoundOutcome> | null = null;
  private again = false;
  private stopped = false;
  private failures = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private abort: AbortController | null = null;
  private readonly now: () => Date;

  constructor(private readonly options: SyncEngineOptions) {
    this.now = options.now ?? (() => new Date());
    this.state = {
      phase: options.api ? 'idle' : 'local-only',
      lastSyncedAt: null,
      error: null,
      initial: null,
      retryAt: null,
    };
    void readLastSyncedAt(options.db)
      .then((at) => {
        if (at && !this.state.lastSyncedAt) this.set({ lastSyncedAt: at });
      })
      .catch(() => undefined);
  }

  get db(): WyrdDb {
    return this.options.db;
  }

  getState(): SyncState {
    return this.state;
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private set(patch: Partial<SyncState>): void {
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener(this.state);
  }

  /**
   * Runs a round now (or right after the running one: calls while a round runs are folded into one more
   * round). Resolves with how the last round ended; never rejects.
   */
  sync(): Promise<RoundOutcome> {
    if (this.stopped || !this.options.api) return Promise.resolve('skipped');
    if (this.running) {
      this.again = true;
      return this.running;
    }
    const run = (async () => {
      let outcome: RoundOutcome;
      do {
        this.again = false;
        outcome = await this.round();
      } while (this.again && !this.stopped && outcome === 'synced');
      return outcome;
    })();
    this.running = run;
    void run.finally(() => {
      if (this.running === run) this.running = null;
    });
    return run;
  }

  /** Stops for good: cancels the round in flight (its answers are never recorded) and every timer. */
  stop(): void {
    this.stopped = true;
    this.abort?.abort();
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.listeners.clear();
  }

  get isStopped(): boolean {
    return this.stopped;
  }

  private scheduleRetry(): void {
    const delays = this.options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
    const delay = delays[Math.min(this.failures - 1, delays.length - 1)];
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.sync();
    }, delay);
    this.set({ retryAt: this.now().getTime() + delay });
  }

  private async round(): Promise<RoundOutcome> {
    const { db, api } = this.options;
    if (!api) return 'skipped';
    const online = this.options.isOnline ?? (() => typeof navigator === 'undefined' || navigator.onLine !== false);
    if (!online()) {
      // Nothing to try until the browser says the network is back (the 'online' trigger starts a round).
      this.set({ phase: 'offline', initial: null });
      return 'offline';
    }
    const blocked = await this.options.precheck?.().catch(() => null);
    if (blocked) {
      this.set({ phase: 'error', initial: null, error: blocked });
      return 'failed';
    }
    const abort = new AbortController();
    this.abort = abort;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    try {
      const firstPull = (await readCursor(db)) === null;
      this.set({ phase: 'syncing', retryAt: null, initial: firstPull ? { pulled: 0 } : null });
      if (await seedsWaiting(db)) {
        // Seeded defaults wait to be sent: learn the server's categories first, so a default renamed or
        // deleted on another device replaces the seed instead of the seed overwriting it (docs/sync.md).
        await pullChanges(db, api, {
          ...this.options.pull,
          signal: abort.signal,
          onProgress: firstPull ? (pulled) => this.set({ initial: { pulled } }) : undefined,
        });
      }
      const pushStart = performance.now();
      const pushed = await pushOutbox(db, api, {
        batchSize: this.options.pushBatchSize,
        signal: abort.signal,
        now: () => this.now().toISOString(),
      });
      // A push that sent changes and got through is recorded (User Timing, `wyrd:sync:push`): its end is when the
      // outbox emptied (unless more was queued meanwhile), the figure the benchmarks report.
      if (pushed.sent > 0) markPush(pushStart, pushed.sent);
      await pullChanges(db, api, {
        ...this.options.pull,
        signal: abort.signal,
        onProgress: firstPull ? (pulled) => this.set({ initial: { pulled } }) : undefined,
      });
      const at = this.now().toISOString();
      await db.meta.put({ key: SYNC_LAST_SYNCED_KEY, value: at });
      this.failures = 0;
      if (!this.stopped) this.set({ phase: 'idle', lastSyncedAt: at, error: null, initial: null, retryAt: null });
      return 'synced';
    } catch (error) {
      if (this.stopped || abort.signal.aborted || isClosedDb(error)) return 'skipped';
      this.failures += 1;
      if (error instanceof ApiHttpError && error.status === 401) {
        this.set({
          phase: 'error',
          initial: null,
          error: { kind: 'auth', message: 'Your session has expired. Sign in again to sync your changes.' },
        });
        return 'failed';
      }
      const versionMessage = syncVersionMessage(error);
      if (versionMessage) {
        // No retry loop: a reload (or the server's update, which the next trigger notices) is what fixes it.
        this.set({ phase: 'error', initial: null, error: { kind: 'version', message: versionMessage } });
        return 'failed';
      }
      this.scheduleRetry();
      if (error instanceof ApiNetworkError) {
        this.set({ phase: 'offline', initial: null, error: null });
        return 'offline';
      }
      const message = isTransientError(error)
        ? 'The server is not answering right now. Your changes are kept on this device and will be sent automatically.'
        : `Sync failed: ${error instanceof Error ? error.message : String(error)}. Your changes are kept on this device; it will try again.`;
      if (!isTransientError(error)) console.error('Sync round failed', error);
      this.set({ phase: 'error', initial: null, error: { kind: 'server', message } });
      return 'failed';
    } finally {
      if (this.abort === abort) this.abort = null;
    }
  }
}

/** The User Timing measure of one push that sent `sent` changes (nothing where the runtime lacks User Timing 3). */
function markPush(start: number, sent: number): void {
  try {
    performance.measure('wyrd:sync:push', { start, end: performance.now(), detail: { sent } });
  } catch {
    // Only a diagnostic.
  }
}
