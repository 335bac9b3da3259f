// The forecast worker's API as plain functions (so tests and the server can call the same code without a
// worker): plain data in, plain data out, errors as data (Comlink would drop an error's field list).
import {
  compare,
  compareView,
  createSimulator,
  EngineInputError,
  explainMonths,
  forecast,
  toComparisonResult,
  type CompareOptions,
  type Comparison,
  type CompareView,
  type CompareViewInput,
  type ComparisonResult,
  type ExplainScenariosOptions,
  type MonthExplanation,
  type FieldError,
  type ForecastOptions,
  type ScenarioForecast,
} from './engine/index';

export type EngineResult<T> = { ok: true; value: T } | { ok: false; message: string; errors: FieldError[] };

/** Runs an engine call with its errors as data (also used by the uncertainty worker's API). */
export function run<T>(fn: () => T): EngineResult<T> {
  try {
    return { ok: true, value: fn() };
  } catch (err) {
    if (err instanceof EngineInputError) return { ok: false, message: err.message, errors: err.errors };
    const message = err instanceof Error ? err.message : String(err);
    return { ok: false, message, errors: [{ path: '$', message }] };
  }
}

/** A tiny profile for warming the engine up: every code path a real comparison takes, on almost no data. */
const WARM_UP_PROFILE = {
  accounts: [
    { id: 'w-chk', name: 'Cash', account_type: 'checking', current_balance: 1000, is_asset: true },
    { id: 'w-home', name: 'Home', account_type: 'property', current_balance: 500000, is_asset: true },
    { id: 'w-loan', name: 'Loan', account_type: 'mortgage', current_balance: -300000, is_asset: false },
  ],
  recurring_items: [
    {
      id: 'w-pay',
      name: 'Pay',
      amount: 4000,
      frequency: 'fortnightly',
      start_date: '2020-01-03',
      end_date: null,
      account_id: 'w-chk',
      category_id: 'c',
      is_active: true,
    },
    {
      id: 'w-rent',
      name: 'Costs',
      amount: -3000,
      frequency: 'monthly',
      start_date: '2020-01-01',
      end_date: null,
      account_id: 'w-chk',
      category_id: 'c',
      is_active: true,
    },
  ],
  scenarios: [],
};

/** The worker's simulator: its scratch buffers are reused by every call (runs are synchronous, one at a time). */
const simulator = createSimulator();

export const forecastApi = {
  /** One scenario (or the base, scenario_id null), every month. */
  forecast(
    profile: unknown,
    options: ForecastOptions & { scenario_id?: string | null },
  ): EngineResult<ScenarioForecast> {
    return run(() => forecast(profile, options, simulator));
  },
  /** Several scenarios over the same months, with summaries; every month. */
  compare(profile: unknown, options: CompareOptions): EngineResult<Comparison> {
    return run(() => compare(profile, options, simulator));
  },
  /** The POST /scenarios/compare response shape (decimal strings), optionally chart-sampled. */
  compareApi(profile: unknown, options: CompareOptions & { sampled?: boolean }): EngineResult<ComparisonResult> {
    return run(() => toComparisonResult(compare(profile, options, simulator), options.sampled ?? false));
  },
  /** The compare screen's view: chart points sampled, summaries and cash shortfall from every month, today's dollars. */
  compareView(input: CompareViewInput): EngineResult<CompareView> {
    return run(() => compareView(input, simulator));
  },
  /** Explain this number: one month's breakdown for each scenario (the compare screen's panel, the CLI's --explain). */
  explainMonth(profile: unknown, options: ExplainScenariosOptions): EngineResult<MonthExplanation[]> {
    return run(() => explainMonths(profile, options, simulator));
  },
  /**
   * Loads and exercises the engine so the user's first comparison runs warm: on the user's own data when given
   * (every scenario, a short period: it reaches every template they use), else on a tiny profile for 30 years.
   */
  warmUp(asOf: string, profile?: unknown): EngineResult<true> {
    return run(() => {
      compareView(
        { backup: profile ?? WARM_UP_PROFILE, as_of: asOf, years: profile ? 2 : 30, scenario_ids: [] },
        simulator,
      );
      return true as const;
    });
  },
};

export type ForecastApi = typeof forecastApi;
