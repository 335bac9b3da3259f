// After an import, transfers between the user's accounts are linked: money out of one account and the same amount
// into another within 3 days. Only other accounts' rows of an opposite amount are read; dates outside the window,
// the imported account's own rows and already linked rows never pair.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { WyrdDb } from '../../src/data/db';
import { createAccount } from '../../src/data/repositories/accounts';
import { saveImport, type NewTransaction } from '../../src/data/repositories/transactions';
import { linkTransfers } from '../../src/features/transactions/tx-writes';
import { freshDb } from './helpers';

const dbs: WyrdDb[] = [];
afterEach(() => {
  for (const db of dbs.splice(0)) db.close();
});

function row(account_id: string, date: string, amount_cents: number, description: string): NewTransaction {
  return {
    account_id,
    date,
    amount_cents,
    description,
    payee: description,
    category_id: null,
    note: null,
    bank_id: null,
    balance_cents: null,
    batch_id: null,
    fingerprint: `${account_id}|${date}|${amount_cents}|${description}`,
    transfer_id: null,
    recurring_item_id: null,
    reconciled: false,
  };
}

async function importRows(db: WyrdDb, accountId: string, rows: NewTransaction[]) {
  const { transactions } = await saveImport(db, {
    batch: {
      account_id: accountId,
      imported_at: '2026-11-21T10:00:00.000Z',
      file_names: ['statement.csv'],
      format: 'csv',
      bank: 'commbank',
      row_count: rows.length,
      skipped_count: 0,
    },
    transactions: rows,
  });
  return transactions;
}

describe('linkTransfers', () => {
  it("pairs the new rows with other accounts' opposite amounts within 3 days, and nothing else", async () => {
    const db = freshDb('transfers');
    dbs.push(db);
    const everyday = await createAccount(db, { name: 'Everyday', current_balance: 0 });
    const savings = await createAccount(db, { name: 'Savings', current_balance: 0 });
    const stored = await importRows(db, everyday.id, [
      row(everyday.id, '2026-03-02', -50_000, 'TRANSFER TO SAVINGS'),
      row(everyday.id, '2026-03-20', -7_500, 'TRANSFER TO SAVINGS'), // five days before its opposite: no pair
      row(everyday.id, '2026-03-05', 12_345, 'REFUND'),
    ]);
    const fresh = await importRows(db, savings.id, [
      row(savings.id, '2026-03-03', 50_000, 'TRANSFER FROM EVERYDAY'),
      row(savings.id, '2026-03-25', 7_500, 'TRANSFER FROM EVERYDAY'),
      row(savings.id, '2026-03-05', -12_000, 'NOT AN OPPOSITE'),
      row(savings.id, '2026-03-06', -12_345, 'SAME ACCOUNT AS NOTHING'),
    ]);
    // The refund of 123.45 into Everyday and the 123.45 out of Savings a day later are a pair too.
    expect(await linkTransfers(db, fresh)).toBe(2);
    const byDescription = new Map(
      (await db.transactions.toArray()).map((t) => [`${t.account_id}|${t.description}|${t.date}`, t]),
    );
    const out = byDescription.get(`${everyday.id}|TRANSFER TO SAVINGS|2026-03-02`)!;
    const into = byDescription.get(`${savings.id}|TRANSFER FROM EVERYDAY|2026-03-03`)!;
    expect(out.transfer_id).toBe(into.id);
    expect(into.transfer_id).toBe(out.id);
    expect(byDescription.get(`${everyday.id}|TRANSFER TO SAVINGS|2026-03-20`)!.transfer_id).toBeNull();
    expect(byDescription.get(`${savings.id}|NOT AN OPPOSITE|2026-03-05`)!.transfer_id).toBeNull();
    expect(stored).toHaveLength(3);
    // Linked rows are not linked again.
    expect(await linkTransfers(db, fresh)).toBe(0);
  });

  it('never pairs rows of the imported account with each other', async () => {
    const db = freshDb('transfers-own');
    dbs.push(db);
    const everyday = await createAccount(db, { name: 'Everyday', current_balance: 0 });
    const fresh = await importRows(db, everyday.id, [
      row(everyday.id, '2026-03-02', -50_000, 'OUT'),
      row(everyday.id, '2026-03-03', 50_000, 'IN'),
    ]);
    expect(await linkTransfers(db, fresh)).toBe(0);
  });
});
