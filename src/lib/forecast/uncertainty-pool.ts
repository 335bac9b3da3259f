// Runs an uncertainty request's trials across a pool of workers (docs/app.md, Uncertainty): small chunks of trials
// handed to whichever worker is free, progress after each chunk, prompt cancel, and the exact merge in the workers.
import type { TrialBatch, UncertaintyRequest, UncertaintyResult } from '../../../worker/engine/index';
import type { EngineResult } from '../../../worker/forecast-api';
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
   * the request Run would send now), the workers also start on that request's first trials, WARM_CHUNK at a time,
   * up to WARM_TRIALS: a worker's first trials run the engine's code unoptimised (and V8 optimises it on threads
   * that compete with the workers for the cores), which cost the first Run a third more than later ones. A run of
   * the same request keeps what they computed; another request waits at most for one small chunk per worker.
   */
  warm(sample?: WarmSample): void;
  /**
   * Starts every worker and has each load the sample's profile and prepare its request (validation, compiling its
   * scenarios, kept for the runs after it), running none of its trials. Ignored while a run or a warm-up is under way.
   */
  prepare(sample: WarmSample): void;
  /** Terminates every worker; a later run starts new ones. */
  dispose(): void;
};

export type WarmSample = { key: string; profile: unknown; request: UncertaintyRequest };

/** The most trials the warm-up runs before Run (a fifth of the default 1,000): bounded work if Run never comes. */
export const WARM_TRIALS = 200;

/** Trials per warm-up chunk: a run of another request queues behind at most one of them on each worker. */
export const WARM_CHUNK = 10;

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

type ChunkAnswer = Promise<EngineResult<TrialBatch[]>>;

/**
 * The warm-up under way or done: the sample's first trials, handed out WARM_CHUNK at a time from `next`, in trial
 * order, so those that a run of the same request keeps are exactly its trials [0, next).
 */
type Warmup = {
  /** The sample's key and request together: a run is the same run only when both are equal. */
  id: string;
  next: number;
  /** The trials it runs at most (WARM_TRIALS, or the request's own fewer trials). */
  limit: number;
  stopped: boolean;
  chunks: Array<{ range: TrialRange; answer: ChunkAnswer }>;
};

/** A batch with arrays of its own. */
function copyBatch(b: TrialBatch): TrialBatch {
  return {
    ...b,
    net_worth: b.net_worth.slice(),
    real_net_worth: b.real_net_worth.slice(),
    shortfall_first_step: b.shortfall_first_step.slice(),
    goal_reached: b.goal_reached.slice(),
  };
}

/** The run's key and request together (a warm-up's id). */
function runId(key: string, request: UncertaintyRequest): string {
  return `${key}\u0000${JSON.stringify(request)}`;
}

/**
 * A pool of `size` workers made by `spawn`, each created on first use and kept for later runs. One run at a time:
 * starting a run cancels the one before it.
 */
export function createTrialPool(spawn: (index: number) => TrialWorker, size: number): TrialPool {
  const slots: Slot[] = Array.from({ length: size }, () => ({ worker: null, profileKey: null, busySince: null }));
  let cancelCurrent: (() => void) | null = null;
  let warmup: Warmup | null = null;

  /**
   * Stops the warm-up (no more chunks handed out) and forgets it; returns its chunks when `id` is its run, which then
   * owns them (their batches move to the merge, so no later run may take them again).
   */
  const endWarmup = (id: string | null): Warmup['chunks'] => {
    const ended = warmup;
    warmup = null;
    if (ended === null) return [];
    ended.stopped = true;
    return ended.id === id ? ended.chunks : [];
  };

  const workerAt = (i: number): TrialWorker => {
    const slot = slots[i];
    slot.worker ??= spawn(i);
    return slot.worker;
  };

  /**
   * Worker i with `profile` loaded under `key` (sent once per key, not with every call). Calls to one worker queue in
   * its message order, so `load` reaches it before the batches that need it.
   */
  const withProfile = (i: number, key: string, profile: unknown): TrialWorker => {
    const worker = workerAt(i);
    if (slots[i].profileKey !== key) {
      slots[i].profileKey = key;
      void worker.load(key, profile).catch(() => undefined);
    }
    return worker;
  };

  const retire = (slot: Slot) => {
    // A new worker in its place has warmed on nothing, and a warm-up chunk on this one never answers.
    endWarmup(null);
    slot.worker?.terminate();
    slot.worker = null;
    slot.profileKey = null;
    slot.busySince = null;
  };

  /**
   * Each scenario's trials merge in their own call, spread over the pool (the merge sorts every trial's figure at
   * every sampled month: a main-thread task of hundreds of ms at 5,000 trials). `busy`: the calls count as the
   * slots' work in flight (a run's merge, which Cancel may cut short).
   */
  async function mergeOnPool(
    request: UncertaintyRequest,
    batches: TrialBatch[][],
    busy: boolean,
  ): Promise<UncertaintyResult> {
    const ids = batches[0].map((b) => b.scenario_id);
    const parts = await Promise.all(
      ids.map(async (id, s) => {
        const i = s % size;
        const slot = slots[i];
        const worker = workerAt(i);
        if (busy) slot.busySince = performance.now();
        const own = batches.map((chunk) => chunk.filter((b) => b.scenario_id === id));
        const result = await worker.merge({ ...request, scenario_ids: [id] }, own);
        if (busy && slot.worker === worker) slot.busySince = null;
        if (!result.ok) throw new RefusedInput(result);
        return result.value;
      }),
    );
    return { ...parts[0], scenarios: parts.flatMap((p) => p.scenarios) };
  }

  function run(key: string, profile: unknown, request: UncertaintyRequest, options: RunOptions = {}): UncertaintyRun {
    cancelCurrent?.();
    // The warm-up's trials [0, from) when it warmed on this very run, in flight or answered.
    const kept = endWarmup(runId(key, request));
    const from = kept.reduce((n, c) => n + c.range.count, 0);
    // A chunk size given (tests) is kept to the end; the default one is cut smaller at the tail.
    const rest =
      options.chunkSize === undefined
        ? trialChunks(request.trials - from, defaultChunkSize(request.trials), size)
        : trialChunks(request.trials - from, options.chunkSize);
    const chunks = [
      ...kept.map((c) => c.range),
      ...rest.map((c) => ({ first_trial: from + c.first_trial, count: c.count })),
    ];
    const batches: TrialBatch[][] = new Array<TrialBatch[]>(chunks.length);
    const durations: number[] = [];
    let next = kept.length;
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

    const accept = (c: number, result: EngineResult<TrialBatch[]>) => {
      if (!result.ok) throw new RefusedInput(result);
      batches[c] = result.value;
      trialsDone += chunks[c].count;
      options.onProgress?.({ done: trialsDone, total: request.trials });
    };

    const work = async (i: number) => {
      while (!stopped && next < chunks.length) {
        const c = next++;
        const slot = slots[i];
        const worker = withProfile(i, key, profile);
        const started = performance.now();
        slot.busySince = started;
        const result = await worker.trialBatch(key, request, chunks[c]);
        // A retired slot's worker may still answer: its result belongs to a cancelled run.
        if (slot.worker === worker) slot.busySince = null;
        if (stopped) return;
        durations.push(performance.now() - started);
        accept(c, result);
      }
    };

    // The warm-up's chunks answer in their workers' order, ahead of this run's chunks there.
    const warmed = kept.map(async (chunk, c) => {
      const result = await chunk.answer;
      if (!stopped) accept(c, result);
    });

    const merge = () => mergeOnPool(request, batches, true);

    const workers = Math.min(size, chunks.length - kept.length);
    // User Timing entries ('uncertainty: trials', 'uncertainty: merge') let benchmarks see where the time goes.
    const started = performance.now();
    Promise.all([...warmed, ...Array.from({ length: workers }, (_, i) => work(i))])
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
      slots.forEach((_, i) => workerAt(i));
      // A run under way has the workers warm already, and a sample would only queue in front of its chunks.
      if (!sample || cancelCurrent !== null) return;
      const id = runId(sample.key, sample.request);
      // The same sample again (the screen and then the view ask for it) is the warm-up under way.
      if (warmup?.id === id) return;
      endWarmup(null);
      const limit = Math.min(WARM_TRIALS, sample.request.trials);
      const own: Warmup = { id, next: 0, limit, stopped: false, chunks: [] };
      warmup = own;
      // Each worker takes the next chunk when its last one answers, so the chunks stay in trial order.
      const pump = async (i: number) => {
        while (!own.stopped && own.next < limit) {
          const range = { first_trial: own.next, count: Math.min(WARM_CHUNK, limit - own.next) };
          own.next += range.count;
          const answer = workerAt(i).trialBatch(sample.key, sample.request, range);
          own.chunks.push({ range, answer });
          const result = await answer;
          if (!result.ok) own.stopped = true;
        }
      };
      const pumps = slots.map((_, i) => {
        withProfile(i, sample.key, sample.profile);
        return pump(i).catch(() => {
          own.stopped = true;
        });
      });
      // Then, with every warm-up trial answered and no run under way, they are merged once, as a run's merge spreads
      // them over the workers, and the result dropped: the first merge of a page runs its path cold (the merge's code,
      // the arrays moving to the workers and the result back), which made a first Run's merge take 53-88 ms against
      // 22-43 ms for later ones. Skipped when a run has taken the trials (it merges them itself).
      void Promise.all(pumps)
        .then(async () => {
          if (own.stopped || warmup !== own || cancelCurrent !== null) return;
          const answers = await Promise.all(own.chunks.map((c) => c.answer));
          if (own.stopped || warmup !== own || cancelCurrent !== null || answers.some((a) => !a.ok)) return;
          // Copies: a merge moves the arrays it is given, and a run of this request keeps the originals.
          const batches = answers.flatMap((a) => (a.ok ? [a.value.map(copyBatch)] : []));
          const start = performance.now();
          await mergeOnPool({ ...sample.request, trials: own.next }, batches, false);
          performance.measure('uncertainty: warm-up merge', { start, end: performance.now() });
        })
        .catch(() => undefined);
    },
    prepare(sample) {
      // A finished warm-up stays for a run of its request; one still handing out chunks has the workers busy.
      if (cancelCurrent !== null || (warmup !== null && !warmup.stopped && warmup.next < warmup.limit)) return;
      slots.forEach((_, i) => {
        const worker = withProfile(i, sample.key, sample.profile);
        void worker.trialBatch(sample.key, sample.request, { first_trial: 0, count: 0 }).catch(() => undefined);
      });
    },
    dispose() {
      cancelCurrent?.();
      slots.forEach(retire);
    },
  };
}
