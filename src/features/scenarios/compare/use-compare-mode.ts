// The compare screen's Projection / Uncertainty mode, and the uncertainty workers' start: they load the engine once
// the screen has settled, and choosing Uncertainty starts their warm-up on the run Run would send, at once.
import { useEffect, useState } from 'react';
import type { WyrdDb } from '../../../data/db';
import { startTrialWorkers } from '../../../lib/forecast/uncertainty-runner';
import type { CompareMode } from './uncertainty/ModeSwitch';
import { warmTrialPoolFor } from './uncertainty/use-warm-trial-pool';

/**
 * `settled`: the screen's first load is over (its chart warm-up has started); only then do the workers start, so
 * their engine's download and start-up stay out of the screen's own load. The Uncertainty view mounts only when its
 * chunk has loaded and React reveals it (up to 300 ms after the choice), so the warm-up does not wait for it.
 */
export function useCompareMode(
  db: WyrdDb,
  start: string,
  years: number,
  ids: string[],
  settled: boolean,
): [CompareMode, (next: CompareMode) => void] {
  const [mode, setMode] = useState<CompareMode>('projection');
  useEffect(() => {
    if (settled) startTrialWorkers();
  }, [settled]);
  const switchMode = (next: CompareMode) => {
    setMode(next);
    // On the run Run would send now; the view's own warm-up, on mounting, then finds it under way.
    if (next === 'uncertainty') warmTrialPoolFor(db, start, years, ids).catch(() => undefined);
  };
  return [mode, switchMode];
}
