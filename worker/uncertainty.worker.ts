// One of the uncertainty pool's module workers (src/lib/forecast/uncertainty-pool.ts): exposes
// worker/uncertainty-api.ts through Comlink, moving each batch's typed arrays back instead of copying them.
import { expose, transfer } from 'comlink';
import { createUncertaintyApi } from './uncertainty-api';
import { batchBuffers, type TrialRange } from './uncertainty-protocol';
import type { UncertaintyRequest } from './engine/index';

// The first message a worker sends with a transferred buffer makes V8 throw away its optimised code that reads typed
// arrays: a V8 log of the first Run showed some twenty engine functions (the month loop and the tax settlement among
// them) deoptimised at the first batch sent back, in the middle of the run, and then optimised again. Sending one
// such message on a channel of its own now, before any engine code has run, spends that at no cost.
const spent = new Float64Array(1).buffer;
const channel = new MessageChannel();
channel.port1.postMessage({ ok: true, value: [{ net_worth: new Float64Array(spent) }] }, [spent]);
channel.port1.close();

const api = createUncertaintyApi();

expose({
  load: api.load,
  trialBatch(key: string, request: UncertaintyRequest, range: TrialRange) {
    const result = api.trialBatch(key, request, range);
    return result.ok ? transfer(result, batchBuffers(result.value)) : result;
  },
  merge: api.merge,
});
