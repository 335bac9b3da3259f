// The app's statement reader, loaded when the import screen first needs it: the statement worker where the
// browser has workers (parsing 10,000 rows never blocks the page), else the same code on this thread.
import type { StatementReader } from './import-types';

let reader: Promise<StatementReader> | null = null;

export function loadStatementReader(): Promise<StatementReader> {
  reader ??=
    typeof Worker === 'undefined'
      ? import('./in-process-reader').then((m) => m.createInProcessReader())
      : import('./worker-reader').then((m) => m.createWorkerReader());
  return reader;
}
