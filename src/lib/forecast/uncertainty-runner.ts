// The compare screen's way to the uncertainty engine: the app's worker pool (created on the first run, kept), and
// an in-memory cache of results keyed by a hash of the profile data, its assumptions and the request.
import type { UncertaintyRequest, UncertaintyResult } from '../../../worker/engine/index';
import type { TrialWorker } from '../../../worker/uncertainty-protocol';
import { createUncertaintyWorker } from '../../../worker/uncertainty-client';
import {
  createTrialPool,
  defaultPoolSize,
  type RunOptions,
  type TrialPool,
  type UncertaintyOutcome,
  type UncertaintyRun,
} from './uncertainty-pool';

let pool: TrialPool | null = null;

/** The in-process fallback, loaded on demand: the engine stays out of the screen's own chunk. */
function lazyInProcessWorker(): TrialWorker {
  const inner = import('../../../worker/uncertainty-api').then((m) => m.createInProcessTrialWorker());
  return {
    load: async (key, profile) => (await inner).load(key, profile),
    trialBatch: async (key, request, range) => (await inner).trialBatch(key, request, range),
    merge: async (request, batches) => (await inner).merge(request, batches),
    terminate: () => undefined,
  };
}

/** The app's pool: hardware concurrency less one workers (at least two), or the same code in-process without Worker. */
export function getTrialPool(): TrialPool {
  if (pool) return pool;
  const size = defaultPoolSize(typeof navigator === 'undefined' ? undefined : navigator.hardwareConcurrency);
  pool =
    typeof Worker === 'undefined'
      ? createTrialPool(lazyInProcessWorker, size)
      : createTrialPool(createUncertaintyWorker, size);
  return pool;
}

/**
 * Warms the pool's workers on a sample of the run the user is about to start (the pool's warm(sample)): only real
 * workers (the in-process fallback would run the sample on the page) and only when the result is not cached.
 */
export function warmTrialPool(key: string, profile: unknown, request: UncertaintyRequest): void {
  if (typeof Worker === 'undefined' || cache.has(key)) return;
  getTrialPool().warm({ key, profile, request });
}

/**
 * Has the pool's workers prepare the request (the pool's prepare: validation and compiling, no trials): real
 * workers only, and only when that result is not cached.
 */
export function prepareTrialPool(key: string, profile: unknown, request: UncertaintyRequest): void {
  if (typeof Worker === 'undefined' || cache.has(key)) return;
  getTrialPool().prepare({ key, profile, request });
}

/** Replaces the pool (tests); null disposes the current one and restores the default. */
export function setTrialPool(next: TrialPool | null): void {
  if (pool && pool !== next) pool.dispose();
  pool = next;
}

/** Results by key: a few recent runs (each a few hundred kB of percentiles), dropped oldest first. */
const CACHE_LIMIT = 8;
const cache = new Map<string, UncertaintyResult>();

export function clearUncertaintyCache(): void {
  cache.clear();
}

/** SHA-256 of the JSON of the profile (data and assumptions) and the request, as hex. */
export async function uncertaintyKey(profile: unknown, request: UncertaintyRequest): Promise<string> {
  const text = JSON.stringify({ profile, request });
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export function cachedUncertainty(key: string): UncertaintyResult | null {
  return cache.get(key) ?? null;
}

/**
 * Runs the request on the pool (or answers from the cache: `cached` says which) and remembers a finished result.
 * The profile is the backup object the compare screen exports (exportPlan).
 */
export function runUncertaintyCached(
  key: string,
  profile: unknown,
  request: UncertaintyRequest,
  options: RunOptions = {},
): UncertaintyRun & { cached: boolean } {
  const hit = cache.get(key);
  if (hit) {
    options.onProgress?.({ done: request.trials, total: request.trials });
    return {
      done: Promise.resolve<UncertaintyOutcome>({ status: 'done', result: hit }),
      cancel: () => {},
      cached: true,
    };
  }
  const run = getTrialPool().run(key, profile, request, options);
  const done = run.done.then((outcome) => {
    if (outcome.status === 'done') {
      cache.delete(key);
      cache.set(key, outcome.result);
      while (cache.size > CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
    }
    return outcome;
  });
  return { done, cancel: run.cancel, cached: false };
}
