// The uncertainty worker's API as plain functions (so the pool's tests run the same code in-process): load a
// profile once per run, run a range of trials for every scenario, and merge every range exactly.
import {
  keepProfile,
  mergeTrialBatches,
  prepareTrials,
  runPreparedTrials,
  type KeptProfile,
  type PreparedTrials,
  type TrialBatch,
  type UncertaintyRequest,
  type UncertaintyResult,
} from './engine/index';
import { run, type EngineResult } from './forecast-api';
import type { TrialRange, TrialWorker } from './uncertainty-protocol';

/**
 * One API per worker: the profile it was last given (kept: validated, its events and plans compiled once, for every
 * run with it), and the request it last prepared (set up once, then every chunk of that run reuses it).
 */
export function createUncertaintyApi() {
  let loaded: { key: string; text: string; profile: KeptProfile } | null = null;
  let prepared: { key: string; request: string; trials: PreparedTrials } | null = null;
  return {
    /**
     * Keeps the profile for the trial batches that follow (sent once per run, not with every batch). The pool's key
     * names the profile and the request together, so every new request brings the profile again: one equal to the
     * profile kept keeps its validation and compiled plans.
     */
    load(key: string, profile: unknown): void {
      const text = JSON.stringify(profile);
      loaded = loaded && loaded.text === text ? { ...loaded, key } : { key, text, profile: keepProfile(profile) };
      prepared = null;
    },
    /** Trials [first_trial, first_trial + count) of every requested scenario, one batch per scenario. */
    trialBatch(key: string, request: UncertaintyRequest, range: TrialRange): EngineResult<TrialBatch[]> {
      return run(() => {
        if (!loaded || loaded.key !== key) throw new Error('The uncertainty worker has no profile for this run');
        const text = JSON.stringify(request);
        if (!prepared || prepared.key !== key || prepared.request !== text)
          prepared = { key, request: text, trials: prepareTrials(loaded.profile, request) };
        return runPreparedTrials(prepared.trials, range);
      });
    },
    /** The kept profile the batches run on (tests: a profile loaded again with the same data keeps it). */
    keptProfile(): KeptProfile | null {
      return loaded?.profile ?? null;
    },
    /** The exact merge (percentiles from all the trials' figures), off the main thread. */
    merge(request: UncertaintyRequest, batches: TrialBatch[][]): EngineResult<UncertaintyResult> {
      return run(() => mergeTrialBatches(request, batches));
    },
  };
}

export type UncertaintyApi = ReturnType<typeof createUncertaintyApi>;

/**
 * The same API on the calling thread, answering each call in a later task (tests, and a fallback where workers
 * are unavailable; there long runs do block the page).
 */
export function createInProcessTrialWorker(): TrialWorker {
  const api = createUncertaintyApi();
  const later = <T>(fn: () => T) => new Promise<T>((resolve) => setTimeout(() => resolve(fn()), 0));
  return {
    load: (key, profile) => later(() => api.load(key, profile)),
    trialBatch: (key, request, range) => later(() => api.trialBatch(key, request, range)),
    merge: (request, batches) => later(() => api.merge(request, batches)),
    terminate: () => undefined,
  };
}
