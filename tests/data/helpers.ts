// Test helpers for the data layer: a fresh per-test database (its own name), a stepping clock, an import batch and a
// stored transaction row.
import { WyrdDb } from '../../src/data/db';
import type { TransactionRow } from '../../src/features/transactions/tx-store';

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

/** A transaction row as stored (its payee the description's first word), for seeding a table directly. */
export function storedTransaction(
  id: string,
  accountId: string,
  date: string,
  cents: number,
  description: string,
  extra: Partial<TransactionRow> = {},
): TransactionRow {
  return {
    id,
    account_id: accountId,
    date,
    amount_cents: cents,
    description,
    payee: description.split(' ')[0],
    category_id: null,
    note: null,
    bank_id: null,
    balance_cents: null,
    batch_id: null,
    fingerprint: null,
    transfer_id: null,
    recurring_item_id: null,
    reconciled: false,
    updated_at: '2026-05-01T00:00:00.000Z',
    ...extra,
  };
}
