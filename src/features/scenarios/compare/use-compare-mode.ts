// The compare screen's Projection / Uncertainty mode. Choosing Uncertainty also starts the trial workers' warm-up at
// once: the Uncertainty view mounts only when its chunk has loaded and React reveals it (up to 300 ms later).
import { useState } from 'react';
import type { WyrdDb } from '../../../data/db';
import type { CompareMode } from './uncertainty/ModeSwitch';

export function useCompareMode(
  db: WyrdDb,
  start: string,
  years: number,
  ids: string[],
): [CompareMode, (next: CompareMode) => void] {
  const [mode, setMode] = useState<CompareMode>('projection');
  const switchMode = (next: CompareMode) => {
    setMode(next);
    // On the run Run would send now; the view's own warm-up, on mounting, then finds it done.
    if (next === 'uncertainty')
      void import('./uncertainty/use-warm-trial-pool')
        .then((m) => m.warmTrialPoolFor(db, start, years, ids))
        .catch(() => undefined);
  };
  return [mode, switchMode];
}
