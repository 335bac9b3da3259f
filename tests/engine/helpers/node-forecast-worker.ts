// Test helper: the forecast API exposed through Comlink over a node worker_threads port, the same
// structured-clone boundary the browser's module worker (worker/forecast.worker.ts) has.
import { parentPort } from 'node:worker_threads';
import { expose } from 'comlink';
import nodeEndpoint from 'comlink/dist/umd/node-adapter';
import { forecastApi } from '../../../worker/forecast-api';

if (parentPort) expose(forecastApi, nodeEndpoint(parentPort));
