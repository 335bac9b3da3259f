// The app's adapter over the forecast worker for the compare screen: a replaceable runner (the worker in the app,
// the same engine in-process in tests) and the UI layer's clock for as_of.
import { wrap, type Remote } from 'comlink';
import type { CompareOutcome, CompareWorkerApi } from './compare-worker-api';
import type { CompareRequest } from './compare-view';

export type CompareRunner = (request: CompareRequest) => Promise<CompareOutcome>;

let worker: Worker | null = null;
let remote: Remote<CompareWorkerApi> | null = null;

function compareWorker(): Remote<CompareWorkerApi> {
  if (!remote) {
    worker = new Worker(new URL('./compare.worker.ts', import.meta.url), { type: 'module', name: 'wyrd-compare' });
    remote = wrap<CompareWorkerApi>(worker);
  }
  return remote;
}

/** Runs in the compare worker, created on first use and kept for later runs. */
export const workerCompareRunner: CompareRunner = (request) => compareWorker().compare(request);

/**
 * Starts the compare worker and warms its engine up on a tiny profile (off the main thread), so the first
 * Compare click doesn't pay for the worker's start. Does nothing where the runner isn't the worker.
 */
export function prewarmCompare(asOf: string = todayIso(), backup?: unknown): Promise<void> {
  if (current || typeof Worker === 'undefined') return Promise.resolve();
  return compareWorker()
    .warmUp(asOf, backup)
    .then(
      () => undefined,
      () => undefined,
    );
}

/** Runs the same engine code on the calling thread (tests, and a fallback where workers are unavailable). */
export const inProcessCompareRunner: CompareRunner = async (request) => {
  const { compareWorkerApi } = await import('./compare-worker-api');
  return compareWorkerApi.compare(request);
};

let current: CompareRunner | null = null;

export function getCompareRunner(): CompareRunner {
  if (current) return current;
  return typeof Worker === 'undefined' ? inProcessCompareRunner : workerCompareRunner;
}

/** Replaces the runner (tests); null restores the default. */
export function setCompareRunner(runner: CompareRunner | null): void {
  current = runner;
}

/** Stops the compare worker (route unmount is not enough reason: it is reused; tests and sign-out may call it). */
export function terminateCompareWorker(): void {
  worker?.terminate();
  worker = null;
  remote = null;
}

/** Today as YYYY-MM-DD in the device's time zone: the UI reads the clock, the engine never does. */
export function todayIso(now: Date = new Date()): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}
