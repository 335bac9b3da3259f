// The typed client the UI uses to run forecasts off the main thread: one lazily created module worker (the app's
// only one) wrapped by Comlink. Every call is async and takes and returns plain data.
import type { ForecastApi } from './forecast-api';
import { sharedClient, wrapWorker, type WorkerClient } from './worker-client';

/** forecast, compare, compareApi, compareView and warmUp, each returning a Promise of its EngineResult. */
export type ForecastClient = WorkerClient<ForecastApi>;

/** A new worker and its typed proxy. Call terminate() when done (tests, route unmount). */
export function createForecastClient(): ForecastClient {
  return wrapWorker<ForecastApi>(
    new Worker(new URL('./forecast.worker.ts', import.meta.url), { type: 'module', name: 'wyrd-forecast' }),
  );
}

const shared = sharedClient(createForecastClient);

/** The app-wide forecast worker, created on first use and kept for later calls. */
export function getForecastClient(): ForecastClient {
  return shared.get();
}

/** Stops the app-wide worker (tests, sign-out); the next getForecastClient() starts a new one. */
export function terminateForecastClient(): void {
  shared.terminate();
}
