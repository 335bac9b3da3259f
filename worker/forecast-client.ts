// The typed client the UI uses to run forecasts off the main thread: one lazily created module worker (the app's
// only one) wrapped by Comlink. Every call is async and takes and returns plain data.
import { wrap, type Remote } from 'comlink';
import type { ForecastApi } from './forecast-api';

/** forecast, compare, compareApi, compareView and warmUp, each returning a Promise of its EngineResult. */
export type ForecastClient = Remote<ForecastApi> & { terminate: () => void };

/** A new worker and its typed proxy. Call terminate() when done (tests, route unmount). */
export function createForecastClient(): ForecastClient {
  const worker = new Worker(new URL('./forecast.worker.ts', import.meta.url), {
    type: 'module',
    name: 'wyrd-forecast',
  });
  const remote = wrap<ForecastApi>(worker);
  const terminate = () => worker.terminate();
  // Not Object.assign: a property set on a Comlink proxy is posted to the worker, and every property read
  // returns another remote path, so `terminate` has to be answered in front of the proxy.
  return new Proxy(remote, {
    get: (target, prop, receiver) => (prop === 'terminate' ? terminate : Reflect.get(target, prop, receiver)),
  }) as ForecastClient;
}

let shared: ForecastClient | null = null;

/** The app-wide forecast worker, created on first use and kept for later calls. */
export function getForecastClient(): ForecastClient {
  if (!shared) shared = createForecastClient();
  return shared;
}

/** Stops the app-wide worker (tests, sign-out); the next getForecastClient() starts a new one. */
export function terminateForecastClient(): void {
  shared?.terminate();
  shared = null;
}
