// The transaction and payee rule repositories on fake-indexeddb: imports write rows and outbox rows together
// (bulk, chunked), bad input writes nothing, undo removes a batch, account deletion cascades, backups carry them.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { exportBackup, importBackup } from '../../src/data/backup';
import type { WyrdDb } from '../../src/data/db';
import { createAccount, deleteAccount } from '../../src/data/repositories/accounts';
import { createCategory, deleteCategory } from '../../src/data/repositories/categories';
import { DataValidationError } from '../../src/data/repositories/errors';
import {
  createPayeeRule,
  deletePayeeRule,
  listPayeeRules,
  updatePayeeRule,
} from '../../src/data/repositories/payee-rules';
import {
  IMPORT_CHUNK,
  VALIDATE_SLICE,
  WRITE_SLICE,
  createTransaction,
  deleteTransaction,
  existingKeys,
  linkTransfer,
  recategorise,
  saveImport,
  saveImportChunk,
  setRecurringLink,
  undoImport,
  unlinkTransfer,
  updateTransaction,
  type NewTransaction,
} from '../../src/data/repositories/transactions';
import { expandRow, pendingChangeCount } from '../../src/data/outbox';
import { freshDb, statementBatch, steppingClock } from './helpers';

const dbs: WyrdDb[] = [];
afterEach(() => {
  for (const db of dbs.splice(0)) db.close();
});
function open(): WyrdDb {
  const db = freshDb('tx');
  dbs.push(db);
  return db;
}

const batch = (accountId: string) => statementBatch(accountId);

function rows(accountId: string, n: number): NewTransaction[] {
  return Array.from({ length: n }, (_, i) => ({
    account_id: accountId,
    date: `2026-0${1 + (i % 9)}-${String(1 + (i % 28)).padStart(2, '0')}`,
    amount_cents: -(100 + i),
    description: `CARD PURCHASE ${i}`,
    payee: `Shop ${i % 7}`,
    fingerprint: `fp-${i}`,
    bank_id: i % 2 === 0 ? `bank-${i}` : null,
  }));
}

describe('transactions repository', () => {
  it('saves an import in chunks with one queued change per record, and undo removes the batch with tombstones', async () => {
    const db = open();
    const account = await createAccount(db, { name: 'Everyday', current_balance: 0 });
    const n = IMPORT_CHUNK + 5;
    const { batch: saved, transactions } = await saveImport(
      db,
      { batch: batch(account.id), transactions: rows(account.id, n) },
      { now: steppingClock() },
    );
    expect(transactions).toHaveLength(n);
    expect(await db.transactions.count()).toBe(n);
    expect(transactions.every((t) => t.batch_id === saved.id && t.reconciled === false)).toBe(true);
    const outbox = await db.outbox.toArray();
    // One slice row per written slice (docs/sync.md "Slice rows"), each record named exactly once.
    const changes = outbox.flatMap(expandRow).filter((r) => r.entity === 'transactions');
    expect(changes.map((r) => r.entity_id).sort()).toEqual(transactions.map((t) => t.id).sort());
    expect(changes.every((r) => r.op === 'create' && r.payload === undefined)).toBe(true);
    expect(new Set(changes.map((r) => r.seq)).size).toBe(n);
    expect(outbox.filter((r) => r.entity === 'transactions')).toHaveLength(Math.ceil(IMPORT_CHUNK / WRITE_SLICE) + 1);
    expect(await pendingChangeCount(db)).toBe(n + 2);
    expect(outbox.filter((r) => r.entity === 'import_batches')).toHaveLength(1);
    const keys = await existingKeys(db, account.id);
    expect(keys.fingerprints.size).toBe(n);
    expect(keys.bankIds.has('bank-0')).toBe(true);

    expect(await undoImport(db, saved.id)).toBe(n);
    expect(await db.transactions.count()).toBe(0);
    expect(await db.import_batches.count()).toBe(0);
    const deletes = (await db.outbox.toArray()).filter((r) => r.op === 'delete');
    expect(deletes).toHaveLength(n + 1);
  });

  it('writes nothing when any row is invalid, and names the row and field', async () => {
    const db = open();
    const account = await createAccount(db, { name: 'Everyday', current_balance: 0 });
    const input = rows(account.id, 10);
    input[7] = { ...input[7], amount_cents: 1.5, date: '2026-02-30' };
    const before = await db.outbox.count();
    const error = await saveImport(db, { batch: batch(account.id), transactions: input }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DataValidationError);
    expect((error as DataValidationError).messageFor('transactions.7.amount_cents')).toBe(
      'must be a whole number of cents',
    );
    expect((error as DataValidationError).messageFor('transactions.7.date')).toBe('must be a real calendar date');
    expect(await db.transactions.count()).toBe(0);
    expect(await db.import_batches.count()).toBe(0);
    expect(await db.outbox.count()).toBe(before);
  });

  it('a chunk validated a slice per task still writes nothing when a row past the first slice is invalid', async () => {
    const db = open();
    const account = await createAccount(db, { name: 'Everyday', current_balance: 0 });
    const input = rows(account.id, VALIDATE_SLICE * 2 + 5);
    const bad = VALIDATE_SLICE + 3;
    input[bad] = { ...input[bad], amount_cents: 1.5 };
    const before = await db.outbox.count();
    const error = await saveImportChunk(db, { ...batch(account.id), id: 'batch-1' }, input).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DataValidationError);
    expect((error as DataValidationError).messageFor(`transactions.${bad}.amount_cents`)).toBe(
      'must be a whole number of cents',
    );
    expect(await db.transactions.count()).toBe(0);
    expect(await db.import_batches.count()).toBe(0);
    expect(await db.outbox.count()).toBe(before);
    // Valid, the same chunk is written whole, every row stamped with the batch.
    input[bad] = rows(account.id, bad + 1)[bad];
    const saved = await saveImportChunk(db, { ...batch(account.id), id: 'batch-1' }, input);
    expect(saved).toHaveLength(input.length);
    expect((await db.transactions.filter((t) => t.batch_id === 'batch-1').toArray()).length).toBe(input.length);
  });

  it('edits, recategorises, links recurring items and transfers, and deletes', async () => {
    const db = open();
    const a = await createAccount(db, { name: 'Everyday', current_balance: 0 });
    const b = await createAccount(db, { name: 'Savings', current_balance: 0, account_type: 'savings' });
    const out = await createTransaction(db, { ...rows(a.id, 1)[0], amount_cents: -5000, note: '  rent  ' });
    expect(out.note).toBe('rent');
    const into = await createTransaction(db, { ...rows(b.id, 1)[0], amount_cents: 5000 });
    await linkTransfer(db, out.id, into.id);
    expect((await db.transactions.get(out.id))?.transfer_id).toBe(into.id);
    expect((await db.transactions.get(into.id))?.transfer_id).toBe(out.id);
    await expect(linkTransfer(db, out.id, out.id)).rejects.toBeInstanceOf(DataValidationError);
    await unlinkTransfer(db, into.id);
    expect((await db.transactions.get(out.id))?.transfer_id).toBeNull();
    expect(await recategorise(db, [out.id, into.id, 'missing'], 'cat-1')).toBe(2);
    expect(await setRecurringLink(db, [out.id], 'item-1')).toBe(1);
    const edited = await updateTransaction(db, out.id, { payee: ' Landlord ' });
    expect(edited).toMatchObject({ payee: 'Landlord', category_id: 'cat-1', recurring_item_id: 'item-1' });
    await deleteTransaction(db, out.id);
    expect(await db.transactions.get(out.id)).toBeUndefined();
    const last = (await db.outbox.orderBy('seq').last())!;
    expect(last).toMatchObject({ entity: 'transactions', entity_id: out.id, op: 'delete' });
  });

  it('deleting an account deletes its transactions and batches, with tombstones', async () => {
    const db = open();
    const a = await createAccount(db, { name: 'Everyday', current_balance: 0 });
    const { batch: saved } = await saveImport(db, { batch: batch(a.id), transactions: rows(a.id, 3) });
    await deleteAccount(db, a.id);
    expect(await db.transactions.count()).toBe(0);
    expect(await db.import_batches.get(saved.id)).toBeUndefined();
    const deletes = (await db.outbox.toArray()).filter((r) => r.op === 'delete').map((r) => r.entity);
    expect(deletes.sort()).toEqual(['accounts', 'import_batches', 'transactions', 'transactions', 'transactions']);
  });

  it('deleting a category leaves its transactions uncategorised and removes its payee rules, with outbox rows', async () => {
    const db = open();
    const a = await createAccount(db, { name: 'Everyday', current_balance: 0 });
    const food = await createCategory(db, { name: 'Food', type: 'expense' });
    const fuel = await createCategory(db, { name: 'Fuel', type: 'expense' });
    const [t1, t2, t3] = await Promise.all(
      rows(a.id, 3).map((r, i) => createTransaction(db, { ...r, category_id: i < 2 ? food.id : fuel.id })),
    );
    await createPayeeRule(db, { payee: 'Woolworths', category_id: food.id });
    await createPayeeRule(db, { payee: 'BP', category_id: fuel.id });
    const before = await db.outbox.count();
    await deleteCategory(db, food.id);
    expect((await db.transactions.bulkGet([t1.id, t2.id, t3.id])).map((t) => t?.category_id)).toEqual([
      null,
      null,
      fuel.id,
    ]);
    expect((await listPayeeRules(db)).map((r) => r.payee)).toEqual(['BP']);
    const added = (await db.outbox.toArray())
      .slice(before)
      .flatMap(expandRow)
      .map((r) => `${r.entity} ${r.op}`);
    expect(added.sort()).toEqual([
      'categories delete',
      'payee_rules delete',
      'transactions update',
      'transactions update',
    ]);
  });
});

describe('payee rules repository', () => {
  it('creates, refuses a duplicate payee, updates and deletes', async () => {
    const db = open();
    const rule = await createPayeeRule(db, { payee: ' Woolworths ', category_id: 'groceries' });
    expect(rule.payee).toBe('Woolworths');
    await expect(createPayeeRule(db, { payee: 'WOOLWORTHS', category_id: 'x' })).rejects.toBeInstanceOf(
      DataValidationError,
    );
    const blank = await createPayeeRule(db, { payee: '  ', category_id: 'x' }).catch((e: unknown) => e);
    expect((blank as DataValidationError).messageFor('payee')).toBe('must not be empty');
    await updatePayeeRule(db, rule.id, { category_id: 'food' });
    expect((await listPayeeRules(db))[0].category_id).toBe('food');
    await deletePayeeRule(db, rule.id);
    expect(await listPayeeRules(db)).toEqual([]);
  });
});

describe('backup with bank data', () => {
  it('exports version 2 with the three sections and imports it back; a version 1 file leaves bank data alone', async () => {
    const db = open();
    const a = await createAccount(db, { name: 'Everyday', current_balance: 0 });
    expect((await exportBackup(db)).version).toBe(1);
    await saveImport(db, { batch: batch(a.id), transactions: rows(a.id, 4) });
    await createPayeeRule(db, { payee: 'Shop 1', category_id: 'c' });
    const file = await exportBackup(db);
    expect(file.version).toBe(2);
    if (file.version !== 2) return;
    expect(file.transactions).toHaveLength(4);
    expect(file.import_batches).toHaveLength(1);
    expect(file.payee_rules).toHaveLength(1);

    const other = open();
    const result = await importBackup(other, JSON.parse(JSON.stringify(file)));
    expect(result.ok && result.counts).toMatchObject({ transactions: 4, import_batches: 1, payee_rules: 1 });
    expect(await other.transactions.count()).toBe(4);

    const v1 = { ...file, version: 1 } as Record<string, unknown>;
    delete v1.transactions;
    delete v1.import_batches;
    delete v1.payee_rules;
    const again = await importBackup(other, v1);
    expect(again.ok).toBe(true);
    expect(await other.transactions.count()).toBe(4);
  });
});
