// The forecast worker's API as plain functions (so tests and the server can call the same code without a
// worker): plain data in, plain data out, errors as data (Comlink would drop an error's field list).
import {
  compare,
  EngineInputError,
  forecast,
  toComparisonResult,
  type CompareOptions,
  type Comparison,
  type ComparisonResult,
  type FieldError,
  type ForecastOptions,
  type ScenarioForecast,
} from './engine/index';

export type EngineResult<T> = { ok: true; value: T } | { ok: false; message: string; errors: FieldError[] };

function run<T>(fn: () => T): EngineResult<T> {
  try {
    return { ok: true, value: fn() };
  } catch (err) {
    if (err instanceof EngineInputError) return { ok: false, message: err.message, errors: err.errors };
    const message = err instanceof Error ? err.message : String(err);
    return { ok: false, message, errors: [{ path: '$', message }] };
  }
}

export const forecastApi = {
  /** One scenario (or the base, scenario_id null), every month. */
  forecast(profile: unknown, options: ForecastOptions & { scenario_id?: string | null }): EngineResult<ScenarioForecast> {
    return run(() => forecast(profile, options));
  },
  /** Several scenarios over the same months, with summaries; every month. */
  compare(profile: unknown, options: CompareOptions): EngineResult<Comparison> {
    return run(() => compare(profile, options));
  },
  /** The POST /scenarios/compare response shape (decimal strings), optionally chart-sampled. */
  compareApi(profile: unknown, options: CompareOptions & { sampled?: boolean }): EngineResult<ComparisonResult> {
    return run(() => toComparisonResult(compare(profile, options), options.sampled ?? false));
  },
};

export type ForecastApi = typeof forecastApi;
