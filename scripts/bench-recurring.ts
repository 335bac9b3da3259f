// `npx tsx scripts/bench-recurring.ts`: times recurring-series detection on three years of a synthetic person's
// transactions (about 5,000 rows; the budget is 200 ms) and prints the median with the machine's load average.
// benchRecurring() is exported so the import bench can print the same figure.
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { detectRecurring } from '../worker/engine/index';
import { syntheticHistory } from '../tests/engine/statements/synthetic-year';

export type RecurringBench = { rows: number; series: number; runs: number; median_ms: number; budget_ms: number };

export function benchRecurring(runs = Number(process.env.BENCH_RUNS ?? 21), seed = 1): RecurringBench {
  const history = syntheticHistory(seed, 36);
  let series = 0;
  for (let i = 0; i < 3; i++) series = detectRecurring(history.rows, { as_of: history.as_of }).length; // warm-up
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    detectRecurring(history.rows, { as_of: history.as_of });
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { rows: history.rows.length, series, runs, median_ms: times[times.length >> 1], budget_ms: 200 };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const r = benchRecurring();
  const load = os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');
  console.log(
    `recurring detection: ${r.rows} rows, ${r.series} series, median ${r.median_ms.toFixed(1)} ms of ${r.runs} runs ` +
      `(budget ${r.budget_ms} ms) ${r.median_ms < r.budget_ms ? 'OK' : 'OVER BUDGET'}; load average ${load}`,
  );
}
