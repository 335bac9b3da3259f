// Warms the uncertainty pool's workers once per visit of the Uncertainty view, on the run Run would start then
// (docs/app.md, Uncertainty): each worker runs a few of its trials, so the engine's code is optimised before Run.
import { useEffect, useRef } from 'react';
import type { UncertaintyRequest } from '../../../../../worker/engine/index';
import { exportPlan } from '../../../../data/backup';
import type { WyrdDb } from '../../../../data/db';
import { uncertaintyKey, warmTrialPool } from '../../../../lib/forecast/uncertainty-runner';
import { DEFAULT_TRIALS } from './uncertainty-state';

export function useWarmTrialPool(db: WyrdDb, start: string, years: number, ids: string[]): void {
  const warmed = useRef(false);
  useEffect(() => {
    if (warmed.current) return;
    warmed.current = true;
    const request: UncertaintyRequest = {
      as_of: start,
      years,
      trials: DEFAULT_TRIALS,
      stress: null,
      goal: null,
      scenario_ids: ids,
    };
    void (async () => {
      const backup = await exportPlan(db);
      warmTrialPool(await uncertaintyKey(backup, request), backup, request);
    })().catch(() => undefined);
  }, [db, start, years, ids]);
}
