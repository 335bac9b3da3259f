// `npm run bench:uncertainty`: the uncertainty engine in Node on the engine benchmark's heavy profile (5 scenarios,
// 60 accounts, 300 recurring items, 50 events): trials per second for 1,000 trials x 30 years x 5 scenarios on one
// thread, and the engine time per trial (all 5 scenarios) against one deterministic 5-scenario compare (target:
// within 2x). The browser part (Run to fan chart in Chromium, longest main-thread task) is measured by the
// compare screen's uncertainty benchmark: see "Chromium" at the end of main().
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import {
  compare,
  createSimulator,
  mergeTrialBatches,
  prepareTrials,
  runPreparedTrials,
  runTrialBatch,
  runUncertainty,
  sharedRowCount,
  splitTrials,
  type UncertaintyRequest,
} from '../worker/engine/index';
import { heavyProfile } from './bench-engine';

const AS_OF = '2026-11-21';
const YEARS = 30;
const TRIALS = Number(process.env.BENCH_TRIALS ?? 1000);

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

export type NodeUncertaintyFigures = {
  trials: number;
  scenarios: number;
  totalMs: number;
  trialsPerSecond: number;
  perTrialMs: number;
  deterministicMs: number;
  ratio: number;
  setupMs: number;
  fourBatchesMs: number;
  /** Account rows a trial runs once for every scenario (docs/uncertainty.md, Rows the scenarios share). */
  sharedRows: number;
};

/** The Node figures (also for a combined report). */
export function nodeUncertaintyBench(trials = TRIALS): NodeUncertaintyFigures {
  const profile = heavyProfile();
  const ids = (profile.scenarios ?? []).map((s) => s.id);
  const request: UncertaintyRequest = { as_of: AS_OF, years: YEARS, trials, seed: 1 };
  // Warm up both paths (JIT) before timing.
  runUncertainty(profile, { ...request, trials: 50 });
  const kept = createSimulator();
  for (let i = 0; i < 10; i++) compare(profile, { as_of: AS_OF, years: YEARS, scenario_ids: ids }, kept);

  // Interleaved (load on this shared machine falls on both alike): one deterministic compare, then 10 trials of a
  // prepared request (the per-trial engine time, without the one-off validation and compiling).
  const prepared = prepareTrials(profile, request);
  const deterministic: number[] = [];
  const tenTrials: number[] = [];
  for (let i = 0; i < 41; i++) {
    let t = performance.now();
    compare(profile, { as_of: AS_OF, years: YEARS, scenario_ids: ids }, kept);
    deterministic.push(performance.now() - t);
    t = performance.now();
    runPreparedTrials(prepared, { first_trial: (i * 10) % (trials - 10), count: 10 });
    tenTrials.push(performance.now() - t);
  }
  const deterministicMs = median(deterministic);
  const interleavedPerTrialMs = median(tenTrials) / 10;

  // Setup alone (validate, compile every scenario): a batch of no trials.
  const setups: number[] = [];
  for (let i = 0; i < 11; i++) {
    const t0 = performance.now();
    runTrialBatch(profile, request, { first_trial: 0, count: 0 });
    setups.push(performance.now() - t0);
  }
  const setupMs = median(setups);

  let t0 = performance.now();
  const result = runUncertainty(profile, request);
  const totalMs = performance.now() - t0;
  if (result.scenarios.length !== ids.length) throw new Error('unexpected scenario count');

  t0 = performance.now();
  const merged = mergeTrialBatches(
    request,
    splitTrials(trials, 4).map((r) => runTrialBatch(profile, request, r)),
  );
  const fourBatchesMs = performance.now() - t0;
  if (JSON.stringify(merged) !== JSON.stringify(result)) throw new Error('4 batches differ from 1 batch');

  const perTrialMs = interleavedPerTrialMs;
  return {
    trials,
    scenarios: ids.length,
    totalMs,
    trialsPerSecond: trials / (totalMs / 1000),
    perTrialMs,
    deterministicMs,
    ratio: perTrialMs / deterministicMs,
    setupMs,
    fourBatchesMs,
    sharedRows: sharedRowCount(prepared),
  };
}

function main(): void {
  const f = nodeUncertaintyBench();
  console.log(`Heavy profile, ${f.trials} trials x ${YEARS} years x ${f.scenarios} scenarios, one thread (Node):`);
  console.log(
    `  total ${f.totalMs.toFixed(0)} ms: ${f.trialsPerSecond.toFixed(0)} trials/s (each trial runs every scenario)`,
  );
  console.log(`  setup (validate + compile ${f.scenarios} scenarios) ${f.setupMs.toFixed(2)} ms`);
  console.log(`  account rows each trial runs once for every scenario: ${f.sharedRows}`);
  console.log(
    `  engine time per trial (all ${f.scenarios} scenarios) ${f.perTrialMs.toFixed(2)} ms vs one deterministic ` +
      `${f.scenarios}-scenario compare ${f.deterministicMs.toFixed(2)} ms, interleaved medians: ratio ` +
      `${f.ratio.toFixed(2)} (target <= 2)`,
  );
  console.log(`  the same trials in 4 batches, merged (identical result): ${f.fourBatchesMs.toFixed(0)} ms`);
  // Chromium: the time from Run to the fan chart drawn and the longest main-thread task belong to the compare
  // screen's Uncertainty mode (its worker pool); that measurement is added here alongside the Node figures.
}

// Importing this file must not start the benchmark.
if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) main();
