// The typed client the UI uses to run forecasts off the main thread: one lazily created module worker (the app's
// only one) wrapped by Comlink. Every call is async and takes and returns plain data.
import type { ForecastApi } from './forecast-api';
import { workerClient, type WorkerClient } from './worker-client';

/** forecast, compare, compareApi, compareView and warmUp, each returning a Promise of its EngineResult. */
export type ForecastClient = WorkerClient<ForecastApi>;

const client = workerClient<ForecastApi>(
  () => new Worker(new URL('./forecast.worker.ts', import.meta.url), { type: 'module', name: 'wyrd-forecast' }),
);

/** A new worker and its typed proxy. Call terminate() when done (tests, route unmount). */
export const createForecastClient: () => ForecastClient = client.create;

/** The app-wide forecast worker, created on first use and kept for later calls. */
export const getForecastClient: () => ForecastClient = client.get;

/** Stops the app-wide worker (tests, sign-out); the next getForecastClient() starts a new one. */
export const terminateForecastClient: () => void = client.terminate;
