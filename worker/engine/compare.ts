// Compare: several scenarios over the same months from the same as_of, chart sampling
// (docs/forecast-model.md section 6) and the POST /scenarios/compare response shape (decimal strings).
import { SNAPSHOT_FIGURES, type ApiSnapshot, type ComparisonResult, type Snapshot } from './model/comparison';
import { parseOrThrow } from './model/issues';
import { toDecimalString } from './money';
import {
  ForecastOptionsSchema,
  forecastPrepared,
  prepareProfile,
  type ForecastOptions,
  type PreparedProfile,
  type EventCompiler,
  type ScenarioForecast,
  type Simulator,
  scenarioIdsOf,
} from './simulate/index';

/** Months between chart points: 1 up to 5 years, 3 up to 15 years, otherwise 6 (spec section 9). */
export function samplingStep(years: number): number {
  if (years <= 5) return 1;
  if (years <= 15) return 3;
  return 6;
}

/** Every step-th snapshot from snapshot 0, plus the last one always. */
export function sampleSnapshots<T>(snapshots: ReadonlyArray<T>, years: number): T[] {
  const step = samplingStep(years);
  const out: T[] = [];
  for (let k = 0; k < snapshots.length; k += step) out.push(snapshots[k]);
  if (snapshots.length > 0 && (snapshots.length - 1) % step !== 0) out.push(snapshots[snapshots.length - 1]);
  return out;
}

export function toApiSnapshot(s: Snapshot): ApiSnapshot {
  const out: Record<string, string> = { date: s.date };
  for (const f of SNAPSHOT_FIGURES) out[f] = toDecimalString(s[f]);
  if (s.offset_saving !== undefined) out.offset_saving = toDecimalString(s.offset_saving);
  return out as ApiSnapshot;
}

export type CompareOptions = ForecastOptions & { scenario_ids: ReadonlyArray<string> };

export type Comparison = { as_of: string; years: number; scenarios: ScenarioForecast[] };

/**
 * Forecast each scenario id (or 'base') over the same months. An empty id list forecasts every scenario,
 * or the base when the profile has none. Throws EngineInputError on bad input or an unknown id.
 */
export function compareScenarios(
  profileInput: unknown,
  options: CompareOptions,
  compile: EventCompiler | null,
  simulator?: Simulator,
): Comparison {
  return compareWithProfile(profileInput, options, compile, simulator).comparison;
}

/** compareScenarios plus the validated profile (the compare view reads its assumptions). */
export function compareWithProfile(
  profileInput: unknown,
  options: CompareOptions,
  compile: EventCompiler | null,
  simulator?: Simulator,
): { comparison: Comparison; prepared: PreparedProfile } {
  const opts = parseOrThrow(ForecastOptionsSchema, { as_of: options.as_of, years: options.years }, '$options');
  const prepared = prepareProfile(profileInput, compile, simulator);
  const ids = scenarioIdsOf(prepared, options.scenario_ids);
  const scenarios = ids.map((id) => forecastPrepared(prepared, id, opts));
  return { comparison: { as_of: opts.as_of, years: opts.years, scenarios }, prepared };
}

/** The POST /scenarios/compare response: keyed by scenario id, each with name and (optionally sampled) snapshots. */
export function toComparisonResult(comparison: Comparison, sampled = false): ComparisonResult {
  const out: ComparisonResult = {};
  for (const s of comparison.scenarios) {
    const snaps = sampled ? sampleSnapshots(s.snapshots, comparison.years) : s.snapshots;
    out[s.scenario_id] = { name: s.name, snapshots: snaps.map(toApiSnapshot) };
  }
  return out;
}
