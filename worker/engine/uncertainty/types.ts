// The uncertainty engine's contract (seeded Monte Carlo and stress tests): what a caller asks for, the exact
// per-trial batch a worker returns, and the merged result every consumer (screen, CLI) reads.
import type { IsoDate, IsoMonth } from '../primitives';

/** Deterministic sequence-of-returns stress tests. */
export type StressName =
  /** Shares fall 30% and property 15% in the first year of the projection. */
  | 'crash_first_year'
  /** The same fall in the year of a chosen event (`event_id`). */
  | 'crash_at_event'
  /** The same fall in the year a person retires (the first retirement event). */
  | 'crash_at_retirement'
  /** Inflation at 7% a year for the first ten years. */
  | 'high_inflation_decade'
  /** Interest rates 3 points higher for the first five years. */
  | 'rates_up_5y';

export type StressOption = { name: StressName; event_id?: string | null };

/** An optional goal: net worth (or one account's balance) at least `amount` by `date`. */
export type UncertaintyGoal = {
  amount: number;
  date: IsoDate;
  account_id?: string | null;
  /** True: `amount` is in today's dollars (each trial's value is deflated by its own prices). Absent: money of the day. */
  real?: boolean;
};

export type UncertaintyRequest = {
  as_of: IsoDate;
  years: number;
  /** Total trials per scenario (the screen offers 500, 1,000 and 5,000). */
  trials: number;
  /** Absent: the assumptions' seed. */
  seed?: number;
  stress?: StressOption | null;
  goal?: UncertaintyGoal | null;
  /** Absent: every scenario of the profile (the base forecast included as the compare screen does). */
  scenario_ids?: string[];
};

/** Trials [first_trial, first_trial + count) of one scenario: every figure needed to merge exactly. */
export type TrialBatch = {
  scenario_id: string;
  name: string;
  first_trial: number;
  count: number;
  /** The seed the trials were drawn with (the request's, else the assumptions'): the merged result reports it. */
  seed?: number;
  /** The sampled months (identical in every batch of one request). */
  sample_months: IsoMonth[];
  /** count x sample_months.length, trial-major: nominal net worth. */
  net_worth: Float64Array;
  /** The same in today's dollars (deflated by each trial's own inflation path). */
  real_net_worth: Float64Array;
  /** Per trial: the first month index (0 = as_of) with a cash shortfall, or -1 for none. */
  shortfall_first_step: Int32Array;
  /** Per trial: 1 when the goal was reached by its date (all 0 when no goal). */
  goal_reached: Uint8Array;
};

export type PercentileSeries = { p10: number[]; p25: number[]; p50: number[]; p75: number[]; p90: number[] };

export type ScenarioUncertainty = {
  scenario_id: string;
  name: string;
  trials: number;
  sample_months: IsoMonth[];
  nominal: PercentileSeries;
  real: PercentileSeries;
  /** Share of trials (0..1) with a cash shortfall at any point. */
  shortfall_probability: number;
  /** The month in which shortfalls most often begin, or null when no trial runs short. */
  shortfall_most_likely_first_month: IsoMonth | null;
  /** Share of trials (0..1) that reach the goal, or null when no goal is set. */
  goal_probability: number | null;
};

export type UncertaintyResult = {
  as_of: IsoDate;
  years: number;
  trials: number;
  seed: number;
  stress: StressOption | null;
  scenarios: ScenarioUncertainty[];
};
