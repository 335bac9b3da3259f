// Starts one uncertainty pool worker (worker/uncertainty.worker.ts) and wraps it with Comlink as a TrialWorker; the
// trial batches sent to a merge move (transfer) their typed arrays instead of copying them.
import { transfer, wrap } from 'comlink';
import type { UncertaintyApi } from './uncertainty-api';
import { batchBuffers, type TrialWorker } from './uncertainty-protocol';

export function createUncertaintyWorker(index: number): TrialWorker {
  const worker = new Worker(new URL('./uncertainty.worker.ts', import.meta.url), {
    type: 'module',
    name: `wyrd-uncertainty-${index}`,
  });
  const remote = wrap<UncertaintyApi>(worker);
  return {
    load: (key, profile) => remote.load(key, profile),
    trialBatch: (key, request, range) => remote.trialBatch(key, request, range),
    merge: (request, batches) => remote.merge(request, transfer(batches, batchBuffers(batches.flat()))),
    terminate: () => worker.terminate(),
  };
}
