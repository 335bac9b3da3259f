// Runs "explain this number" for the compare screen: in the app's forecast worker, or the same engine code on
// this thread where there are no workers (tests). Replaceable, as the compare runner is.
import type { ExplainScenariosOptions, FieldError, MonthExplanation } from '../../../../../worker/engine/index';
import type { EngineResult } from '../../../../../worker/forecast-api';
import { getForecastClient } from '../../../../../worker/forecast-client';
import { replaceableRunner } from '../../../../lib/forecast/replaceable-runner';

export type ExplainRequest = { backup: unknown; options: ExplainScenariosOptions };
export type ExplainOutcome =
  { ok: true; explanations: MonthExplanation[] } | { ok: false; message: string; errors: FieldError[] };
export type ExplainRunner = (request: ExplainRequest) => Promise<ExplainOutcome>;

function toOutcome(result: EngineResult<MonthExplanation[]>): ExplainOutcome {
  return result.ok
    ? { ok: true, explanations: result.value }
    : { ok: false, message: result.message, errors: result.errors };
}

export const workerExplainRunner: ExplainRunner = async ({ backup, options }) =>
  toOutcome(await getForecastClient().explainMonth(backup, options));

export const inProcessExplainRunner: ExplainRunner = async ({ backup, options }) => {
  const { forecastApi } = await import('../../../../../worker/forecast-api');
  return toOutcome(forecastApi.explainMonth(backup, options));
};

const runners = replaceableRunner(workerExplainRunner, inProcessExplainRunner);

export function getExplainRunner(): ExplainRunner {
  return runners.get();
}

/** Replaces the runner (tests); null restores the default. */
export function setExplainRunner(runner: ExplainRunner | null): void {
  runners.set(runner);
}
