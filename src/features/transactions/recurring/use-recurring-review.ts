// The recurring review's search: looks for series in the stored transactions when asked (the latest run wins; a
// run still going when the screen closes is dropped), and takes a series off the list once accepted or dismissed.
import { useState } from 'react';
import type { WyrdDb } from '../../../data/db';
import { useLatestRun } from '../../../lib/async/use-latest-run';
import { localToday } from '../../../lib/dates/local-today';
import type { RecurringSeries } from '../engine-types';
import { findSeries } from './detect';

export type Found =
  | { status: 'idle' }
  | { status: 'running' }
  | { status: 'error'; message: string }
  | { status: 'done'; series: RecurringSeries[] };

export function useRecurringReview(db: WyrdDb) {
  const [found, setFound] = useState<Found>({ status: 'idle' });
  const latest = useLatestRun();

  const run = async () => {
    const isLatest = latest.begin();
    setFound({ status: 'running' });
    try {
      const series = await findSeries(db, localToday());
      if (isLatest()) setFound({ status: 'done', series });
    } catch (err) {
      if (!isLatest()) return;
      console.error('Failed to find recurring items', err);
      setFound({ status: 'error', message: err instanceof Error ? err.message : 'Could not look for recurring items' });
    }
  };
  const drop = (key: string) =>
    setFound((f) => (f.status === 'done' ? { status: 'done', series: f.series.filter((s) => s.key !== key) } : f));

  return { found, run, drop };
}
