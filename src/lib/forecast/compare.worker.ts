// The compare screen's module worker: runs the engine on the user's backup object and returns only the sampled,
// summarised view (src/lib/forecast/compare-view.ts), so the main thread never handles every month.
import { expose } from 'comlink';
import { compareWorkerApi } from './compare-worker-api';

expose(compareWorkerApi);
