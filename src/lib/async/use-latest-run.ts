// "Latest run wins" for async work started from a screen: each run takes a ticket, and only the newest ticket may
// still touch the screen's state (an older run's late answer, or a cancelled one's, is dropped). Unmounting the
// screen makes every run stale, so work still under way when the user leaves stops at its next check.
import { useEffect, useMemo, useRef } from 'react';

export type LatestRun = {
  /** Starts a run; the returned check is true while no newer run has started and nothing invalidated it. */
  begin: () => () => boolean;
  /** Makes every run so far stale (cancel, or the screen going away). */
  invalidate: () => void;
};

export function useLatestRun(): LatestRun {
  const seq = useRef(0);
  useEffect(
    () => () => {
      seq.current++;
    },
    [],
  );
  return useMemo(
    () => ({
      begin: () => {
        const mine = ++seq.current;
        return () => mine === seq.current;
      },
      invalidate: () => {
        seq.current++;
      },
    }),
    [],
  );
}
