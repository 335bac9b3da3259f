// Runs an uncertainty request's trials across a pool of workers (docs/app.md, Uncertainty): small chunks of trials
// handed to whichever worker is free, progress after each chunk, prompt cancel, and the exact merge in the workers.
import type { TrialBatch, UncertaintyRequest, UncertaintyResult } from '../../../worker/engine/index';
import type { TrialRange, TrialWorker } from '../../../worker/uncertainty-protocol';

export type UncertaintyOutcome =
  | { status: 'done'; result: UncertaintyResult }
  | { status: 'cancelled' }
  /** `input`: the engine refused the profile or request (its message names the problem), else a fault. */
  | { status: 'failed'; message: string; input: boolean };

export type UncertaintyProgress = { done: number; total: number };

export type UncertaintyRun = {
  /** Settles once: with the result, 'cancelled' as soon as cancel() is called, or 'failed'. */
  done: Promise<UncertaintyOutcome>;
  cancel: () => void;
};

export type RunOptions = { onProgress?: (progress: UncertaintyProgress) => void; chunkSize?: number };

export type TrialPool = {
  readonly size: number;
  /** `key` names the profile (its hash): a worker is sent the profile once per key, not with every chunk. */
  run(key: string, profile: unknown, request: UncertaintyRequest, options?: RunOptions): UncertaintyRun;
  /**
   * Starts every worker now (they load the engine while the user is still choosing). With a sample (the profile and
   * the request Run would send now), each worker also runs WARM_TRIALS of its trials and drops them: a worker's
   * first trials run the engine's code unoptimised, which cost the first Run about a second more than later ones.
   */
  warm(sample?: WarmSample): void;
  /** Terminates every worker; a later run starts new ones. */
  dispose(): void;
};

export type WarmSample = { key: string; profile: unknown; request: UncertaintyRequest };

/** Trials each worker runs to warm up: enough for the month loop and the tax settlement to be optimised. */
export const WARM_TRIALS = 8;

/** Hardware concurrency less one (the page keeps a core), at least two. */
export function defaultPoolSize(hardwareConcurrency?: number): number {
  return Math.max(2, Math.floor(hardwareConcurrency ?? 1) - 1);
}

/**
 * Trials per chunk: 50 up to 1,000 trials (20+ progress steps), 100 above. A 30-year, 5-scenario chunk of 50 takes
 * a worker a fraction of a second, so Cancel frees the pool about that quickly.
 */
export function defaultChunkSize(trials: number): number {
  return trials > 1000 ? 100 : 50;
}

/** The smallest chunk the tail is cut into (tailChunk). */
const MIN_TAIL_CHUNK = 10;

/**
 * A chunk's size once fewer than two full rounds of chunks are left for `workers` workers: a share of what is left,
 * shrinking towards MIN_TAIL_CHUNK. Workers are handed chunks as they come free, so the run ends when the last
 * chunk does: with full-size chunks to the end, one worker could sit idle for most of a chunk (about 70 ms of a
 * 1,000-trial run measured) while the other finished the last one.
 */
function tailChunk(remaining: number, chunkSize: number, workers: number): number {
  if (workers <= 1 || remaining > 2 * workers * chunkSize) return chunkSize;
  return Math.min(chunkSize, Math.max(MIN_TAIL_CHUNK, Math.ceil(remaining / (2 * workers))));
}

/** The trials in chunks of `chunkSize`, the last ones smaller when `workers` share them (tailChunk). */
export function trialChunks(trials: number, chunkSize: number, workers = 1): TrialRange[] {
  const chunks: TrialRange[] = [];
  for (let first = 0; first < trials;) {
    const count = Math.min(tailChunk(trials - first, chunkSize, workers), trials - first);
    chunks.push({ first_trial: first, count });
    first += count;
  }
  return chunks;
}

/**
 * An in-flight chunk expected to take longer than this after Cancel gets its worker terminated (and replaced on
 * the next run) rather than left to finish a result nobody reads.
 */
const LATE_RESULT_MS = 150;

/** An engine answer of { ok: false }: bad input, described by its first field error. */
class RefusedInput extends Error {
  constructor(result: { message: string; errors: ReadonlyArray<{ path: string; message: string }> }) {
    super(result.errors[0]?.message ?? result.message);
  }
}

type Slot = { worker: TrialWorker | null; profileKey: string | null; busySince: number | null };

/**
 * A pool of `size` workers made by `spawn`, each created on first use and kept for later runs. One run at a time:
 * starting a run cancels the one before it.
 */
export function createTrialPool(spawn: (index: number) => TrialWorker, size: number): TrialPool {
  const slots: Slot[] = Array.from({ length: size }, () => ({ worker: null, profileKey: null, busySince: null }));
  let cancelCurrent: (() => void) | null = null;
  /** The last sample the workers were warmed on (warm). */
  let lastWarm: string | null = null;

  const workerAt = (i: number): TrialWorker => {
    const slot = slots[i];
    slot.worker ??= spawn(i);
    return slot.worker;
  };

  const retire = (slot: Slot) => {
    // A new worker in its place has warmed on nothing.
    lastWarm = null;
    slot.worker?.terminate();
    slot.worker = null;
    slot.profileKey = null;
    slot.busySince = null;
  };

  function run(key: string, profile: unknown, request: UncertaintyRequest, options: RunOptions = {}): UncertaintyRun {
    cancelCurrent?.();
    // A chunk size given (tests) is kept to the end; the default one is cut smaller at the tail.
    const chunks =
      options.chunkSize === undefined
        ? trialChunks(request.trials, defaultChunkSize(request.trials), size)
        : trialChunks(request.trials, options.chunkSize);
    const batches: TrialBatch[][] = new Array<TrialBatch[]>(chunks.length);
    const durations: number[] = [];
    let next = 0;
    let trialsDone = 0;
    let stopped = false;
    let settle!: (outcome: UncertaintyOutcome) => void;
    const done = new Promise<UncertaintyOutcome>((resolve) => (settle = resolve));
    const finish = (outcome: UncertaintyOutcome) => {
      if (stopped) return;
      stopped = true;
      if (cancelCurrent === cancel) cancelCurrent = null;
      settle(outcome);
    };
    const fail = (err: unknown) =>
      finish({
        status: 'failed',
        message: err instanceof Error ? err.message : String(err),
        input: err instanceof RefusedInput,
      });

    const cancel = () => {
      if (stopped) return;
      finish({ status: 'cancelled' });
      const now = performance.now();
      const expected = durations.length > 0 ? durations.reduce((a, b) => a + b, 0) / durations.length : Infinity;
      for (const slot of slots)
        if (slot.busySince !== null && expected - (now - slot.busySince) > LATE_RESULT_MS) retire(slot);
    };
    cancelCurrent = cancel;

    // Calls to one worker queue in its message order, so `load` reaches it before the chunks that need it.
    const ensureProfile = (i: number) => {
      const worker = workerAt(i);
      if (slots[i].profileKey !== key) {
        slots[i].profileKey = key;
        void worker.load(key, profile).catch(() => undefined);
      }
      return worker;
    };

    const work = async (i: number) => {
      while (!stopped && next < chunks.length) {
        const c = next++;
        const slot = slots[i];
        const worker = ensureProfile(i);
        const started = performance.now();
        slot.busySince = started;
        const result = await worker.trialBatch(key, request, chunks[c]);
        // A retired slot's worker may still answer: its result belongs to a cancelled run.
        if (slot.worker === worker) slot.busySince = null;
        if (stopped) return;
        if (!result.ok) throw new RefusedInput(result);
        durations.push(performance.now() - started);
        batches[c] = result.value;
        trialsDone += chunks[c].count;
        options.onProgress?.({ done: trialsDone, total: request.trials });
      }
    };

    /**
     * Each scenario's trials merge in their own call, spread over the pool (the merge sorts every trial's figure at
     * every sampled month: a main-thread task of hundreds of ms at 5,000 trials).
     */
    const merge = async (): Promise<UncertaintyResult> => {
      const ids = batches[0].map((b) => b.scenario_id);
      const parts = await Promise.all(
        ids.map(async (id, s) => {
          const i = s % size;
          const slot = slots[i];
          const worker = workerAt(i);
          slot.busySince = performance.now();
          const own = batches.map((chunk) => chunk.filter((b) => b.scenario_id === id));
          const result = await worker.merge({ ...request, scenario_ids: [id] }, own);
          if (slot.worker === worker) slot.busySince = null;
          if (!result.ok) throw new RefusedInput(result);
          return result.value;
        }),
      );
      return { ...parts[0], scenarios: parts.flatMap((p) => p.scenarios) };
    };

    const workers = Math.min(size, chunks.length);
    // User Timing entries ('uncertainty: trials', 'uncertainty: merge') let benchmarks see where the time goes.
    const started = performance.now();
    Promise.all(Array.from({ length: workers }, (_, i) => work(i)))
      .then(async () => {
        if (stopped) return;
        const trialsDone = performance.now();
        performance.measure('uncertainty: trials', { start: started, end: trialsDone });
        const result = await merge();
        performance.measure('uncertainty: merge', { start: trialsDone, end: performance.now() });
        finish({ status: 'done', result });
      })
      .catch(fail);
    return { done, cancel };
  }

  return {
    size,
    run,
    warm(sample) {
      // A run under way has the workers warm already, and a sample would only queue in front of its chunks.
      const running = cancelCurrent !== null;
      // The same sample again (the screen and then the view ask for it) would only queue another batch.
      const sampleKey = sample ? `${sample.key}\u0000${JSON.stringify(sample.request)}` : null;
      if (sampleKey !== null && !running) {
        if (sampleKey === lastWarm) return;
        lastWarm = sampleKey;
      }
      slots.forEach((slot, i) => {
        const worker = workerAt(i);
        if (!sample || running) return;
        if (slot.profileKey !== sample.key) {
          slot.profileKey = sample.key;
          void worker.load(sample.key, sample.profile).catch(() => undefined);
        }
        // The results are dropped; a run started meanwhile queues behind this batch in the worker.
        const count = Math.min(WARM_TRIALS, sample.request.trials);
        void worker.trialBatch(sample.key, sample.request, { first_trial: 0, count }).catch(() => undefined);
      });
    },
    dispose() {
      cancelCurrent?.();
      slots.forEach(retire);
    },
  };
}
