// The app's statement reader: the statement worker's client (parsing and de-duplication planning off the main
// thread), loaded when the import screen first needs it.
import type { StatementReader } from './import-types';

let reader: Promise<StatementReader> | null = null;

export function loadStatementReader(): Promise<StatementReader> {
  reader ??= Promise.reject(new Error('Reading statements is not available in this version of the app'));
  return reader;
}
