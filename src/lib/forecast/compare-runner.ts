// The app's adapter over the forecast worker for the compare screen: a replaceable runner (the app's one forecast
// worker in the app, the same engine in-process in tests) and the UI layer's clock for as_of.
import type { CompareView, CompareViewInput, FieldError } from '../../../worker/engine/index';
import type { EngineResult } from '../../../worker/forecast-api';
import { getForecastClient } from '../../../worker/forecast-client';
import { replaceableRunner } from './replaceable-runner';

export type CompareRequest = CompareViewInput;

export type CompareOutcome = { ok: true; view: CompareView } | { ok: false; message: string; errors: FieldError[] };

export type CompareRunner = (request: CompareRequest) => Promise<CompareOutcome>;

function toOutcome(result: EngineResult<CompareView>): CompareOutcome {
  return result.ok ? { ok: true, view: result.value } : { ok: false, message: result.message, errors: result.errors };
}

/** Runs in the app's forecast worker (worker/forecast-client.ts), created on first use and kept for later runs. */
export const workerCompareRunner: CompareRunner = async (request) =>
  toOutcome(await getForecastClient().compareView(request));

/**
 * Starts the forecast worker and warms its engine up (off the main thread) on the user's data, or a tiny profile,
 * so the first Compare click doesn't pay for the worker's start. Does nothing where the runner isn't the worker.
 */
export function prewarmCompare(asOf: string = todayIso(), backup?: unknown): Promise<void> {
  if (runners.replaced() || typeof Worker === 'undefined') return Promise.resolve();
  return getForecastClient()
    .warmUp(asOf, backup)
    .then(
      () => undefined,
      () => undefined,
    );
}

/** Runs the same engine code on the calling thread (tests, and a fallback where workers are unavailable). */
export const inProcessCompareRunner: CompareRunner = async (request) => {
  // Loaded on demand: the engine stays out of the screen's own chunk.
  const { forecastApi } = await import('../../../worker/forecast-api');
  return toOutcome(forecastApi.compareView(request));
};

const runners = replaceableRunner(workerCompareRunner, inProcessCompareRunner);

export function getCompareRunner(): CompareRunner {
  return runners.get();
}

/** Replaces the runner (tests); null restores the default. */
export function setCompareRunner(runner: CompareRunner | null): void {
  runners.set(runner);
}

/** Today as YYYY-MM-DD in the device's time zone: the UI reads the clock, the engine never does. */
export function todayIso(now: Date = new Date()): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}
