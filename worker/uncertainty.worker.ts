// One of the uncertainty pool's module workers (src/lib/forecast/uncertainty-pool.ts): exposes
// worker/uncertainty-api.ts through Comlink, moving each batch's typed arrays back instead of copying them.
import { expose, transfer } from 'comlink';
import { createUncertaintyApi } from './uncertainty-api';
import { batchBuffers, type TrialRange } from './uncertainty-protocol';
import type { UncertaintyRequest } from './engine/index';

const api = createUncertaintyApi();

expose({
  load: api.load,
  trialBatch(key: string, request: UncertaintyRequest, range: TrialRange) {
    const result = api.trialBatch(key, request, range);
    return result.ok ? transfer(result, batchBuffers(result.value)) : result;
  },
  merge: api.merge,
});
