// The app's statement reader, loaded when the import screen first needs it (the parsers stay out of the
// Transactions screen's chunk).
import type { StatementReader } from './import-types';

let reader: Promise<StatementReader> | null = null;

export function loadStatementReader(): Promise<StatementReader> {
  reader ??= import('./in-process-reader').then((m) => m.createInProcessReader());
  return reader;
}
