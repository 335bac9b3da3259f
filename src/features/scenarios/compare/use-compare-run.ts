// Runs a comparison in the forecast worker on the user's local data; the latest run wins, and the last successful
// result stays on screen while a re-run computes.
import { useCallback, useState } from 'react';
import { exportPlan } from '../../../data/backup';
import type { WyrdDb } from '../../../data/db';
import { getCompareRunner, todayIso } from '../../../lib/forecast/compare-runner';
import { useLatestRun } from '../../../lib/async/use-latest-run';
import type { CompareView } from '../../../../worker/engine/index';

/**
 * The last successful run; `run` counts results so each new one draws fresh charts. `opening`: the comparison the
 * screen ran by itself on opening (nobody asked for it yet: its charts draw as they come into view).
 */
export type CompareResult = { view: CompareView; run: number; opening: boolean };

export function useCompareRun(db: WyrdDb, asOf: string | undefined, failedMessage: string) {
  const [result, setResult] = useState<CompareResult | null>(null);
  const [running, setRunning] = useState(false);
  const [failed, setFailed] = useState(false);
  const latest = useLatestRun();

  const run = useCallback(
    async (ids: string[], forYears: number, opening = false) => {
      const isLatest = latest.begin();
      setRunning(true);
      setFailed(false);
      const fail = (detail: unknown) => {
        console.error(failedMessage, detail);
        setResult(null);
        setFailed(true);
      };
      try {
        // User Timing entries ('compare: export', 'compare: engine') let benchmarks see where the time goes.
        const start = performance.now();
        const backup = await exportPlan(db);
        // A newer run, or leaving the screen, while the data was read: the engine need not compute this one.
        if (!isLatest()) return;
        const exported = performance.now();
        const outcome = await getCompareRunner()({
          backup,
          as_of: asOf ?? todayIso(),
          years: forYears,
          scenario_ids: ids,
        });
        performance.measure('compare: export', { start, end: exported });
        performance.measure('compare: engine', { start: exported, end: performance.now() });
        if (!isLatest()) return;
        if (outcome.ok) setResult((prev) => ({ view: outcome.view, run: (prev?.run ?? 0) + 1, opening }));
        else fail(outcome.errors);
      } catch (err) {
        if (isLatest()) fail(err);
      } finally {
        if (isLatest()) setRunning(false);
      }
    },
    [db, asOf, latest, failedMessage],
  );

  return { result, running, failed, run };
}
