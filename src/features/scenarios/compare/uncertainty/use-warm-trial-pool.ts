// Warms the uncertainty pool's workers once per visit of the Uncertainty view, on the run Run would start then
// (docs/app.md, Uncertainty): they start on its first trials, which that Run keeps, and V8 optimises the engine.
import { useEffect, useRef } from 'react';
import type { UncertaintyRequest } from '../../../../../worker/engine/index';
import { exportPlan } from '../../../../data/backup';
import type { WyrdDb } from '../../../../data/db';
import { prepareTrialPool, uncertaintyKey, warmTrialPool } from '../../../../lib/forecast/uncertainty-runner';
import { DEFAULT_TRIALS } from './uncertainty-state';

/**
 * Exports the plan, builds the request Run would send with the view's defaults (1,000 trials, no stress test, no
 * goal) and warms the pool on it. The compare screen calls this as soon as Uncertainty is chosen, before the view's
 * chunk has loaded and React has revealed it (up to 300 ms later); the view calls it again on mounting, which the
 * pool ignores when the sample is the same.
 */
export async function warmTrialPoolFor(db: WyrdDb, start: string, years: number, ids: string[]): Promise<void> {
  const { key, backup, request } = await defaultRun(db, start, years, ids);
  warmTrialPool(key, backup, request);
}

/** The same run, prepared only (no trials): the compare screen asks whenever its choice of scenarios or period changes. */
export async function prepareTrialPoolFor(db: WyrdDb, start: string, years: number, ids: string[]): Promise<void> {
  const { key, backup, request } = await defaultRun(db, start, years, ids);
  prepareTrialPool(key, backup, request);
}

async function defaultRun(db: WyrdDb, start: string, years: number, ids: string[]) {
  const request: UncertaintyRequest = {
    as_of: start,
    years,
    trials: DEFAULT_TRIALS,
    stress: null,
    goal: null,
    scenario_ids: ids,
  };
  const backup = await exportPlan(db);
  return { key: await uncertaintyKey(backup, request), backup, request };
}

export function useWarmTrialPool(db: WyrdDb, start: string, years: number, ids: string[]): void {
  const warmed = useRef(false);
  useEffect(() => {
    if (warmed.current) return;
    warmed.current = true;
    warmTrialPoolFor(db, start, years, ids).catch(() => undefined);
  }, [db, start, years, ids]);
}
