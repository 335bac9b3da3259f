// Where recurring detection runs: in the statement worker where the browser has workers (3 years of transactions
// take long enough to stall the page), else the engine's detector on this thread (tests, environments without
// workers). Loaded when the review screen first looks.
import type { DetectOptions, SeriesInput } from '../../../../worker/engine/index';
import type { RecurringSeries } from '../engine-types';

export type Detector = (rows: SeriesInput[], opts: DetectOptions) => RecurringSeries[] | Promise<RecurringSeries[]>;

let loaded: Promise<Detector> | null = null;

export function loadDetector(): Promise<Detector> {
  loaded ??=
    typeof Worker === 'undefined'
      ? import('./in-thread-detector').then((m) => m.detectRecurring)
      : import('../../../../worker/statement-client').then(({ getStatementClient }) => async (rows, opts) => {
          const result = await getStatementClient().detectRecurring(rows, opts);
          if (!result.ok) throw new Error(result.message);
          return result.value;
        });
  return loaded;
}
