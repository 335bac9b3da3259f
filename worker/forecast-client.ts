// The typed client the UI uses to run forecasts off the main thread: one lazily created module worker
// wrapped by Comlink. Every call is async and takes and returns plain data.
import { wrap, type Remote } from 'comlink';
import type { ForecastApi } from './forecast-api';

export type ForecastClient = Remote<ForecastApi> & { terminate: () => void };

/** A new worker and its typed proxy. Call terminate() when done (tests, route unmount). */
export function createForecastClient(): ForecastClient {
  const worker = new Worker(new URL('./forecast.worker.ts', import.meta.url), { type: 'module' });
  const remote = wrap<ForecastApi>(worker);
  return Object.assign(remote, { terminate: () => worker.terminate() }) as ForecastClient;
}

let shared: ForecastClient | null = null;

/** The app-wide forecast worker, created on first use. */
export function getForecastClient(): ForecastClient {
  if (!shared) shared = createForecastClient();
  return shared;
}
