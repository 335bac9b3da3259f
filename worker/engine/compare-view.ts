// The compare screen's data, shaped from the engine's monthly comparison (inside the forecast worker): chart
// points sampled per the spec, summaries from every month, the first cash shortfall and today's-dollars figures.
import { compareWithProfile, sampleSnapshots, samplingStep, type Comparison } from './compare';
import { resolveAssumptions, type AssumptionsInput } from './model/assumptions';
import type { Snapshot } from './model/comparison';
import { cents, deflator } from './money';
import type { EventCompiler, ScenarioForecast, Simulator } from './simulate/index';

/** The card figures. In today's dollars `inflation` is the erosion of money held, so the three parts still add up. */
export type SummaryFigures = {
  current_net_worth: number;
  projected_net_worth: number;
  total_change: number;
  from_cash_flow: number;
  from_growth: number;
  inflation: number;
};

/** The first run of months in which liquid cash (checking plus savings) is below zero. */
export type CashShortfall = {
  /** YYYY-MM of the first month-end (or as_of) with liquid cash below zero. */
  month: string;
  /** Consecutive snapshots below zero from that month. */
  months: number;
  /** True when the cash is still short at the end of the forecast. */
  until_end: boolean;
};

/** One figure's chart points, in money of the day and in today's dollars (null: no figure at that point). */
export type SeriesPair = { nominal: Array<number | null>; real: Array<number | null> };

export type ScenarioView = {
  scenario_id: string;
  name: string;
  summary: SummaryFigures;
  real_summary: SummaryFigures;
  shortfall: CashShortfall | null;
  net_worth: SeriesPair;
  cash_flow: SeriesPair;
  capital_growth: SeriesPair;
};

export type CompareView = {
  as_of: string;
  years: number;
  /** Months between chart points (1, 3 or 6). */
  step: number;
  /** Percent a year used for today's dollars. */
  inflation_rate: number;
  /** Sampled snapshot dates (ISO), shared by every scenario. */
  dates: string[];
  scenarios: ScenarioView[];
};

export type CompareViewInput = {
  /** The backup file object (the app's exportPlan): the same input the forecast CLI reads. */
  backup: unknown;
  as_of: string;
  years: number;
  scenario_ids: string[];
};

/** The first run of snapshots with liquid cash below zero, over every month (never the sampled points). */
export function findCashShortfall(
  snapshots: ReadonlyArray<Pick<Snapshot, 'date' | 'liquid_cash'>>,
): CashShortfall | null {
  const start = snapshots.findIndex((s) => s.liquid_cash < -0.005);
  if (start < 0) return null;
  let end = start;
  while (end + 1 < snapshots.length && snapshots[end + 1].liquid_cash < -0.005) end++;
  return { month: snapshots[start].date.slice(0, 7), months: end - start + 1, until_end: end === snapshots.length - 1 };
}

/**
 * The summary in today's dollars, from every month: each month's flows deflated to as_of, plus what the previous
 * month's wealth lost in purchasing power over the month (negative while prices rise), so that
 * from_cash_flow + from_growth + inflation = total_change (to rounding).
 */
export function realSummary(snapshots: ReadonlyArray<Snapshot>, inflationRatePercent: number): SummaryFigures {
  let fromCash = 0;
  let fromGrowth = 0;
  let erosion = 0;
  let prevFactor = 1;
  for (let k = 1; k < snapshots.length; k++) {
    const f = deflator(inflationRatePercent, k);
    fromCash += snapshots[k].cash_flow * f;
    fromGrowth += snapshots[k].capital_growth * f;
    erosion += snapshots[k - 1].net_worth * (f - prevFactor);
    prevFactor = f;
  }
  const current = snapshots[0]?.net_worth ?? 0;
  const last = snapshots.length - 1;
  const projected = (snapshots[last]?.net_worth ?? 0) * deflator(inflationRatePercent, Math.max(0, last));
  return {
    current_net_worth: cents(current),
    projected_net_worth: cents(projected),
    total_change: cents(projected - current),
    from_cash_flow: cents(fromCash),
    from_growth: cents(fromGrowth),
    inflation: cents(erosion),
  };
}

function series(
  sampled: ReadonlyArray<Snapshot>,
  indexes: number[],
  pick: (s: Snapshot) => number,
  inflation: number,
  flow: boolean,
): SeriesPair {
  // Snapshot 0 is a moment (as_of), not a month: monthly flows have no point there.
  const at = (i: number, v: number) => (flow && indexes[i] === 0 ? null : v);
  return {
    nominal: sampled.map((s, i) => at(i, pick(s))),
    real: sampled.map((s, i) => at(i, cents(pick(s) * deflator(inflation, indexes[i])))),
  };
}

function scenarioView(forecast: ScenarioForecast, years: number, inflation: number): ScenarioView {
  const snaps = forecast.snapshots;
  const indexes = sampleSnapshots(
    snaps.map((_, k) => k),
    years,
  );
  const sampled = indexes.map((k) => snaps[k]);
  const s = forecast.summary;
  return {
    scenario_id: forecast.scenario_id,
    name: forecast.name,
    summary: {
      current_net_worth: s.current_net_worth,
      projected_net_worth: s.projected_net_worth,
      total_change: s.total_change,
      from_cash_flow: s.from_cash_flow,
      from_growth: s.from_growth,
      inflation: 0,
    },
    real_summary: realSummary(snaps, inflation),
    shortfall: findCashShortfall(snaps),
    net_worth: series(sampled, indexes, (x) => x.net_worth, inflation, false),
    cash_flow: series(sampled, indexes, (x) => x.cash_flow, inflation, true),
    capital_growth: series(sampled, indexes, (x) => x.capital_growth, inflation, true),
  };
}

/** The compare screen's view of an engine comparison (plain data: it crosses the worker boundary). */
export function toCompareView(comparison: Comparison, assumptions: AssumptionsInput | null | undefined): CompareView {
  const inflation = resolveAssumptions(assumptions).inflation_rate;
  const first = comparison.scenarios[0]?.snapshots ?? [];
  return {
    as_of: comparison.as_of,
    years: comparison.years,
    step: samplingStep(comparison.years),
    inflation_rate: inflation,
    dates: sampleSnapshots(first, comparison.years).map((s) => s.date),
    scenarios: comparison.scenarios.map((f) => scenarioView(f, comparison.years, inflation)),
  };
}

/** Compares the input's scenarios and shapes the result; throws EngineInputError on bad input. */
export function compareViewWith(
  input: CompareViewInput,
  compile: EventCompiler | null,
  simulator?: Simulator,
): CompareView {
  const { comparison, prepared } = compareWithProfile(
    input.backup,
    { as_of: input.as_of, years: input.years, scenario_ids: input.scenario_ids },
    compile,
    simulator,
  );
  return toCompareView(comparison, prepared.profile.assumptions);
}
