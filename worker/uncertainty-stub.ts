// TEMPORARY stand-in for the uncertainty engine (worker/engine's runTrialBatch, mergeTrialBatches, runUncertainty
// and its help text) while both are built side by side: same signatures, made-up spreads. Deleted once the real
// engine is in main; nothing here is a model.
/* eslint-disable @typescript-eslint/no-restricted-imports -- temporary, until the engine barrel exports these */
import { compare, type Simulator } from './engine/index';
import type { PercentileSeries, TrialBatch, UncertaintyRequest, UncertaintyResult } from './engine/uncertainty/types';

export type {
  PercentileSeries,
  ScenarioUncertainty,
  StressName,
  StressOption,
  TrialBatch,
  UncertaintyGoal,
  UncertaintyRequest,
  UncertaintyResult,
} from './engine/uncertainty/types';

export const UNCERTAINTY_HELP_TEXT =
  'Placeholder help: each trial draws a different path of market returns and inflation; the bands show the range most trials fall in.';

function rng(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 4294967296;
  };
}

export function runTrialBatch(
  profile: unknown,
  request: UncertaintyRequest,
  range: { first_trial: number; count: number },
  simulator?: Simulator,
): TrialBatch[] {
  const comparison = compare(
    profile,
    { as_of: request.as_of, years: request.years, scenario_ids: request.scenario_ids ?? [] },
    simulator,
  );
  return comparison.scenarios.map((s, si) => {
    const months = s.snapshots.map((x) => x.date.slice(0, 7));
    const n = months.length;
    const net = new Float64Array(range.count * n);
    const real = new Float64Array(range.count * n);
    const shortfall = new Int32Array(range.count).fill(-1);
    const goal = new Uint8Array(range.count);
    for (let t = 0; t < range.count; t++) {
      const next = rng((request.seed ?? 1) * 7919 + (range.first_trial + t) * 104729 + si);
      let factor = 1;
      for (let k = 0; k < n; k++) {
        if (k > 0) factor *= 1 + (next() - 0.5) * 0.04;
        net[t * n + k] = s.snapshots[k].net_worth * factor;
        real[t * n + k] = (s.snapshots[k].net_worth * factor) / Math.pow(1.025, k / 12);
        if (shortfall[t] < 0 && s.snapshots[k].liquid_cash * factor < 0) shortfall[t] = k;
      }
      if (request.goal && net[t * n + n - 1] >= request.goal.amount) goal[t] = 1;
    }
    return {
      scenario_id: s.scenario_id,
      name: s.name,
      first_trial: range.first_trial,
      count: range.count,
      sample_months: months,
      net_worth: net,
      real_net_worth: real,
      shortfall_first_step: shortfall,
      goal_reached: goal,
    };
  });
}

function percentiles(values: Float64Array, trials: number, points: number): PercentileSeries {
  const out: PercentileSeries = { p10: [], p25: [], p50: [], p75: [], p90: [] };
  const column = new Float64Array(trials);
  for (let k = 0; k < points; k++) {
    for (let t = 0; t < trials; t++) column[t] = values[t * points + k];
    column.sort();
    const at = (p: number) => column[Math.min(trials - 1, Math.floor(p * trials))];
    out.p10.push(at(0.1));
    out.p25.push(at(0.25));
    out.p50.push(at(0.5));
    out.p75.push(at(0.75));
    out.p90.push(at(0.9));
  }
  return out;
}

export function mergeTrialBatches(request: UncertaintyRequest, batches: TrialBatch[][]): UncertaintyResult {
  const byScenario = new Map<string, TrialBatch[]>();
  for (const chunk of batches)
    for (const b of chunk) byScenario.set(b.scenario_id, [...(byScenario.get(b.scenario_id) ?? []), b]);
  const scenarios = [...byScenario.values()].map((list) => {
    list.sort((a, b) => a.first_trial - b.first_trial);
    const months = list[0].sample_months;
    const n = months.length;
    const trials = list.reduce((sum, b) => sum + b.count, 0);
    const net = new Float64Array(trials * n);
    const real = new Float64Array(trials * n);
    const counts = new Map<number, number>();
    let short = 0;
    let goal = 0;
    for (const b of list) {
      net.set(b.net_worth, (b.first_trial - list[0].first_trial) * n);
      real.set(b.real_net_worth, (b.first_trial - list[0].first_trial) * n);
      for (let t = 0; t < b.count; t++) {
        const k = b.shortfall_first_step[t];
        if (k >= 0) {
          short++;
          counts.set(k, (counts.get(k) ?? 0) + 1);
        }
        goal += b.goal_reached[t];
      }
    }
    let best = -1;
    for (const [k, c] of counts)
      if (best < 0 || c > (counts.get(best) ?? 0) || (c === counts.get(best) && k < best)) best = k;
    return {
      scenario_id: list[0].scenario_id,
      name: list[0].name,
      trials,
      sample_months: months,
      nominal: percentiles(net, trials, n),
      real: percentiles(real, trials, n),
      shortfall_probability: short / trials,
      shortfall_most_likely_first_month: best >= 0 ? months[best] : null,
      goal_probability: request.goal ? goal / trials : null,
    };
  });
  return {
    as_of: request.as_of,
    years: request.years,
    trials: request.trials,
    seed: request.seed ?? 1,
    stress: request.stress ?? null,
    scenarios,
  };
}

export function runUncertainty(profile: unknown, request: UncertaintyRequest): UncertaintyResult {
  return mergeTrialBatches(request, [runTrialBatch(profile, request, { first_trial: 0, count: request.trials })]);
}
