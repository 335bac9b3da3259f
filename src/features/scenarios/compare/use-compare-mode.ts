// The compare screen's Projection / Uncertainty mode, and the uncertainty workers' head start: once the screen has
// settled they prepare the run Uncertainty would start for the screen's choice, and choosing it starts their warm-up.
import { useEffect, useState } from 'react';
import type { WyrdDb } from '../../../data/db';
import type { CompareMode } from './uncertainty/ModeSwitch';
import { prepareTrialPoolFor, warmTrialPoolFor } from './uncertainty/use-warm-trial-pool';

/**
 * `settled`: the screen's first load is over (its chart warm-up has started). From then on, whenever the choice of
 * scenarios or period changes in Projection, the workers start (if they have not) and prepare the default run for it
 * (validation and compiling, no trials: a few ms once warm), so a first Run does not wait for that cold work, nor
 * compete with V8 optimising it. The Uncertainty view mounts only when its chunk has loaded and React reveals it (up
 * to 300 ms after the choice), so the warm-up does not wait for it.
 */
export function useCompareMode(
  db: WyrdDb,
  start: string,
  years: number,
  ids: string[],
  settled: boolean,
): [CompareMode, (next: CompareMode) => void] {
  const [mode, setMode] = useState<CompareMode>('projection');
  // The ids as one value, so a new array with the same ids asks for nothing.
  const choice = JSON.stringify(ids);
  useEffect(() => {
    const chosen = JSON.parse(choice) as string[];
    if (settled && mode === 'projection' && chosen.length > 0)
      prepareTrialPoolFor(db, start, years, chosen).catch(() => undefined);
  }, [db, start, years, choice, settled, mode]);
  const switchMode = (next: CompareMode) => {
    setMode(next);
    // On the run Run would send now; the view's own warm-up, on mounting, then finds it under way.
    if (next === 'uncertainty') warmTrialPoolFor(db, start, years, ids).catch(() => undefined);
  };
  return [mode, switchMode];
}
