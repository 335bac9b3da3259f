// A confirmed import is all or nothing: when a later chunk cannot be written, the chunks already written are undone,
// so "Nothing was imported" is true; the outbox then only holds creates followed by their deletes.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { WyrdDb } from '../../src/data/db';
import { createAccount } from '../../src/data/repositories/accounts';
import { DataValidationError } from '../../src/data/repositories/errors';
import { FIRST_CHUNK, saveConfirmedImport, SAVE_CHUNK } from '../../src/features/transactions/import/import-save';
import type { ImportPreview } from '../../src/features/transactions/import/import-preview';
import type { PlannedRow } from '../../src/features/transactions/import/import-types';
import { freshDb } from './helpers';

const dbs: WyrdDb[] = [];
afterEach(() => {
  for (const db of dbs.splice(0)) db.close();
});

function planned(i: number): PlannedRow {
  return {
    line: i + 1,
    date: `2026-0${1 + (i % 9)}-${String(1 + (i % 28)).padStart(2, '0')}`,
    amount_cents: -(100 + i),
    description: `EFTPOS SHOP ${i}`,
    payee: `Shop ${i}`,
    bank_id: null,
    balance_cents: null,
    fingerprint: `f-${i}`,
    file_index: 0,
    key: `0:${i + 1}`,
  };
}

const preview = {
  files: [
    {
      file_name: 'jan.csv',
      format: 'csv',
      bank: 'anz',
      rows: 0,
      skipped: [],
      closing_balance_cents: null,
      closing_balance_date: null,
    },
  ],
} as unknown as ImportPreview;

describe('saveConfirmedImport', () => {
  it('undoes the chunks already written when a later one fails, and writes every row when none does', async () => {
    const db = freshDb('import-save');
    dbs.push(db);
    const account = await createAccount(db, { name: 'Everyday', current_balance: 0 });
    // Three chunks; the bad row is in the third, validated while the second is written.
    const bad = FIRST_CHUNK + SAVE_CHUNK + 5;
    const rows = Array.from({ length: FIRST_CHUNK + SAVE_CHUNK + 10 }, (_, i) => planned(i));
    rows[bad] = { ...rows[bad], amount_cents: 1.5 };
    const error = await saveConfirmedImport(db, { accountId: account.id, preview, rows }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DataValidationError);
    expect(await db.transactions.count()).toBe(0);
    expect(await db.import_batches.count()).toBe(0);

    rows[bad] = planned(bad);
    const done = await saveConfirmedImport(db, { accountId: account.id, preview, rows });
    expect(done.added).toBe(rows.length);
    expect(await db.transactions.count()).toBe(rows.length);
    expect(await db.import_batches.count()).toBe(1);
    // The batch is written once, with the first chunk, not again with each later one.
    const batchRows = await db.outbox.where('[entity+entity_id]').equals(['import_batches', done.batchId]).toArray();
    expect(batchRows.map((r) => r.op)).toEqual(['create']);
  });
});
