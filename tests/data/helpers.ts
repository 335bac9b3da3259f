// Test helpers for the data layer: a fresh per-test database (its own name), a stepping clock and an import batch.
import { WyrdDb } from '../../src/data/db';

export function freshDb(label = 'data'): WyrdDb {
  return new WyrdDb(`${label}-${crypto.randomUUID()}`);
}

/** A clock that returns 2026-11-21T10:00:00.000Z, then one second later on each call. */
export function steppingClock(start = '2026-11-21T10:00:00.000Z'): () => string {
  let t = Date.parse(start);
  return () => {
    const out = new Date(t).toISOString();
    t += 1000;
    return out;
  };
}

/** A CommBank CSV import batch for one account, as the import screen saves it (saveImport's `batch`). */
export function statementBatch(accountId: string, rowCount = 0) {
  return {
    account_id: accountId,
    imported_at: '2026-11-21T10:00:00.000Z',
    file_names: ['statement.csv'],
    format: 'csv' as const,
    bank: 'commbank',
    row_count: rowCount,
    skipped_count: 0,
  };
}
