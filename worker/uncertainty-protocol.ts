// What the uncertainty pool and its workers exchange, without the engine itself: the worker interface the pool
// drives and the typed arrays a trial batch moves (transfers) between threads.
import type { EngineResult } from './forecast-api';
import type { TrialBatch, UncertaintyRequest, UncertaintyResult } from './engine/index';

export type TrialRange = { first_trial: number; count: number };

/** What the pool needs of one worker (a Comlink proxy in the app, the same API in-process in tests). */
export type TrialWorker = {
  load(key: string, profile: unknown): Promise<void>;
  trialBatch(key: string, request: UncertaintyRequest, range: TrialRange): Promise<EngineResult<TrialBatch[]>>;
  merge(request: UncertaintyRequest, batches: TrialBatch[][]): Promise<EngineResult<UncertaintyResult>>;
  terminate(): void;
};

/** The typed arrays of some batches: what a worker transfers (moves, not copies) when it returns them. */
export function batchBuffers(batches: ReadonlyArray<TrialBatch>): ArrayBuffer[] {
  return batches.flatMap((b) =>
    [b.net_worth, b.real_net_worth, b.shortfall_first_step, b.goal_reached].map((a) => a.buffer as ArrayBuffer),
  );
}
