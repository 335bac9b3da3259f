// Transactions, import batches and payee rules sync between two devices through the real server (PGlite):
// an import pushed from one device arrives whole on the other, an undo removes it there, and users stay apart.
// A transaction's (and an import batch's) account and a transaction's (and a payee rule's) category must be live
// records of the user: an account and its transactions in one batch apply; an import into an account deleted on
// another device is rejected and kept on the device.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WyrdDb } from '../../src/data/db';
import { createAccount, deleteAccount } from '../../src/data/repositories/accounts';
import { createCategory } from '../../src/data/repositories/categories';
import { createPayeeRule } from '../../src/data/repositories/payee-rules';
import { recategorise, saveImport, undoImport } from '../../src/data/repositories/transactions';
import { pullChanges } from '../../src/data/sync/pull';
import { pushOutbox } from '../../src/data/sync/push';
import { listRejections, retryRejection } from '../../src/data/sync/rejections';
import { createApiClient } from '../../src/lib/http/api-client';
import { startTestApi, type TestApi } from './harness';

describe('bank data over sync', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi('pglite');
  }, 120_000);
  afterAll(async () => {
    await api?.close();
  });

  const device = (sub: string) => {
    const db = new WyrdDb(sub, { indexedDB: new IDBFactory(), IDBKeyRange });
    const client = createApiClient({ baseUrl: api.url, getToken: async () => api.token(sub) });
    return { db, client };
  };

  it('round-trips an import, a recategorisation, a rule and an undo between two devices', async () => {
    const a = device('bank-user');
    const b = device('bank-user');
    const account = await createAccount(a.db, { name: 'Everyday', current_balance: 0 });
    const transactions = Array.from({ length: 450 }, (_, i) => ({
      account_id: account.id,
      date: `2026-10-${String(1 + (i % 28)).padStart(2, '0')}`,
      amount_cents: -(100 + i),
      description: `EFTPOS ${i}`,
      payee: `Shop ${i % 5}`,
      fingerprint: `fp-${i}`,
    }));
    const { batch } = await saveImport(a.db, {
      batch: {
        account_id: account.id,
        imported_at: '2026-11-21T10:00:00.000Z',
        file_names: ['oct.csv'],
        format: 'csv',
        bank: 'anz',
        row_count: 450,
        skipped_count: 0,
      },
      transactions,
    });
    const ids = (await a.db.transactions.toCollection().primaryKeys()).slice(0, 10);
    const groceries = await createCategory(a.db, { name: 'Groceries', type: 'expense' });
    await recategorise(a.db, ids, groceries.id);
    await createPayeeRule(a.db, { payee: 'Shop 1', category_id: groceries.id });
    const pushed = await pushOutbox(a.db, a.client);
    expect(pushed.rejected).toBe(0);
    expect(await a.db.outbox.count()).toBe(0);

    await pullChanges(b.db, b.client, { yieldToMain: async () => undefined });
    const mine = await a.db.transactions.toArray();
    const theirs = await b.db.transactions.toArray();
    const strip = (rows: typeof mine) =>
      rows.map(({ updated_at: _u, ...r }) => r).sort((x, y) => x.id.localeCompare(y.id));
    expect(strip(theirs)).toEqual(strip(mine));
    expect(await b.db.import_batches.count()).toBe(1);
    expect(await b.db.payee_rules.count()).toBe(1);
    expect((await b.db.transactions.get(ids[0]))?.category_id).toBe(groceries.id);

    // Another user sees none of it.
    const stranger = device('someone-else');
    await pullChanges(stranger.db, stranger.client, { yieldToMain: async () => undefined });
    expect(await stranger.db.transactions.count()).toBe(0);

    await undoImport(a.db, batch.id);
    await pushOutbox(a.db, a.client);
    await pullChanges(b.db, b.client, { yieldToMain: async () => undefined });
    expect(await b.db.transactions.count()).toBe(0);
    expect(await b.db.import_batches.count()).toBe(0);
    for (const d of [a, b, stranger]) d.db.close();
  }, 60_000);

  type Result = { mutation_id: number; status: string; code?: number; detail?: unknown };
  const push = (sub: string, mutations: unknown[]) =>
    api.call<{ results: Result[] }>('POST', '/sync/push', { sub, body: { client_id: `dev-${sub}`, mutations } });
  const txPayload = (account_id: string, extra: Record<string, unknown> = {}) => ({
    account_id,
    date: '2026-11-02',
    amount_cents: -450,
    description: 'COFFEE',
    payee: 'Coffee',
    ...extra,
  });

  it('applies an account and its transactions pushed in one batch, and rejects bad references clearly', async () => {
    const sub = 'ref-sync';
    const other = await push('ref-other', [
      {
        mutation_id: 1,
        entity: 'accounts',
        op: 'create',
        id: 'theirs',
        payload: { name: 'Theirs', current_balance: 0 },
      },
    ]);
    expect(other.body.results[0].status).toBe('applied');
    // [entity, op, id, payload], numbered 1, 2, ... in order.
    const steps: Array<[string, string, string, unknown?]> = [
      ['accounts', 'create', 'acc', { name: 'Everyday', current_balance: 0 }],
      ['categories', 'create', 'cat', { name: 'Food', type: 'expense' }],
      ['transactions', 'create', 't1', txPayload('acc', { category_id: 'cat' })],
      ['transactions', 'create', 't2', txPayload('missing')],
      ['transactions', 'create', 't3', txPayload('theirs')],
      ['accounts', 'create', 'old', { name: 'Old', current_balance: 0 }],
      ['accounts', 'delete', 'old'],
      ['transactions', 'create', 't4', txPayload('old')],
      ['transactions', 'update', 't1', txPayload('acc', { category_id: 'x' })],
      ['transactions', 'create', 't5', txPayload('acc')],
      // The app sends a queued transaction as stored when it pushes: it may name a category queued after it.
      ['transactions', 'create', 't6', txPayload('acc', { category_id: 'later' })],
      ['categories', 'create', 'later', { name: 'Later', type: 'expense' }],
    ];
    const reply = await push(
      sub,
      steps.map(([entity, op, id, payload], i) => ({ mutation_id: i + 1, entity, op, id, payload })),
    );
    expect(reply.status).toBe(200);
    const byId = new Map(reply.body.results.map((r) => [r.mutation_id, r]));
    for (const id of [1, 2, 3, 6, 7, 10, 11, 12]) expect(byId.get(id)?.status).toBe('applied');
    const reason = (loc: string, msg: string) => ({
      status: 'rejected',
      code: 422,
      detail: [{ loc: ['body', loc], msg, type: 'reference_error' }],
    });
    expect(byId.get(4)).toMatchObject(reason('account_id', 'is not one of your accounts'));
    // Another user's account reads exactly as a missing one.
    expect(byId.get(5)).toMatchObject(reason('account_id', 'is not one of your accounts'));
    expect({ ...byId.get(5), mutation_id: 4 }).toEqual(byId.get(4));
    expect(byId.get(8)).toMatchObject(reason('account_id', 'names an account that was deleted'));
    expect(byId.get(9)).toMatchObject(reason('category_id', 'is not one of your categories'));
    const kept = await api.call<{ items: Array<{ id: string; category_id: string | null }> }>('GET', '/transactions', {
      sub,
    });
    expect(kept.body.items.map((t) => [t.id, t.category_id]).sort()).toEqual([
      ['t1', 'cat'],
      ['t5', null],
      ['t6', 'later'],
    ]);
  });

  it("checks an import batch's account and a payee rule's category on push like a transaction's", async () => {
    const sub = 'ref-sync-bank';
    await push('ref-other-bank', [
      { mutation_id: 1, entity: 'categories', op: 'create', id: 'their-cat', payload: { name: 'T', type: 'expense' } },
    ]);
    const batchPayload = (account_id: string) => ({
      account_id,
      imported_at: '2026-11-23T10:00:00.000Z',
      file_names: ['nov.csv'],
      format: 'csv',
      bank: 'anz',
      row_count: 1,
      skipped_count: 0,
    });
    const rule = (category_id: string) => ({ payee: 'Coffee', category_id });
    const steps: Array<[string, string, string, unknown?]> = [
      ['accounts', 'create', 'acc', { name: 'Everyday', current_balance: 0 }],
      ['import_batches', 'create', 'b1', batchPayload('acc')],
      ['import_batches', 'create', 'b2', batchPayload('missing')],
      ['import_batches', 'create', 'b3', batchPayload('theirs')],
      ['accounts', 'create', 'old', { name: 'Old', current_balance: 0 }],
      ['accounts', 'delete', 'old'],
      ['import_batches', 'create', 'b4', batchPayload('old')],
      // Named before its create in the same batch: live.
      ['import_batches', 'create', 'b5', batchPayload('later')],
      ['accounts', 'create', 'later', { name: 'Later', current_balance: 0 }],
      ['categories', 'create', 'cat', { name: 'Food', type: 'expense' }],
      ['payee_rules', 'create', 'r1', rule('cat')],
      ['payee_rules', 'create', 'r2', rule('missing')],
      ['payee_rules', 'create', 'r3', rule('their-cat')],
      ['categories', 'create', 'gone', { name: 'Gone', type: 'expense' }],
      ['categories', 'delete', 'gone'],
      ['payee_rules', 'create', 'r4', rule('gone')],
      ['payee_rules', 'update', 'r1', rule('gone')],
      ['payee_rules', 'create', 'r5', rule('later-cat')],
      ['categories', 'create', 'later-cat', { name: 'Later', type: 'expense' }],
    ];
    const reply = await push(
      sub,
      steps.map(([entity, op, id, payload], i) => ({ mutation_id: i + 1, entity, op, id, payload })),
    );
    expect(reply.status).toBe(200);
    const byId = new Map(reply.body.results.map((r) => [r.mutation_id, r]));
    for (const id of [1, 2, 5, 6, 8, 9, 10, 11, 14, 15, 18, 19]) expect(byId.get(id)?.status).toBe('applied');
    const reason = (loc: string, msg: string) => ({
      status: 'rejected',
      code: 422,
      detail: [{ loc: ['body', loc], msg, type: 'reference_error' }],
    });
    expect(byId.get(3)).toMatchObject(reason('account_id', 'is not one of your accounts'));
    // Another user's account and category read exactly as missing ones.
    expect({ ...byId.get(4), mutation_id: 3 }).toEqual(byId.get(3));
    expect(byId.get(7)).toMatchObject(reason('account_id', 'names an account that was deleted'));
    expect(byId.get(12)).toMatchObject(reason('category_id', 'is not one of your categories'));
    expect({ ...byId.get(13), mutation_id: 12 }).toEqual(byId.get(12));
    expect(byId.get(16)).toMatchObject(reason('category_id', 'names a category that was deleted'));
    expect(byId.get(17)).toMatchObject(reason('category_id', 'names a category that was deleted'));
    const batches = await api.call<Array<{ id: string }>>('GET', '/import-batches', { sub });
    expect(batches.body.map((b) => b.id).sort()).toEqual(['b1', 'b5']);
    const rules = await api.call<Array<{ id: string; category_id: string }>>('GET', '/payee-rules', { sub });
    expect(rules.body.map((r) => [r.id, r.category_id]).sort()).toEqual([
      ['r1', 'cat'],
      ['r5', 'later-cat'],
    ]);
    // The other user sees none of this user's records.
    expect((await api.call<unknown[]>('GET', '/payee-rules', { sub: 'ref-other-bank' })).body).toEqual([]);
  });

  it('rejects transactions into an account deleted on another device, and the device keeps them', async () => {
    const a = device('ref-devices');
    const b = device('ref-devices');
    const account = await createAccount(a.db, { name: 'Old card', current_balance: 0 });
    await pushOutbox(a.db, a.client);
    await pullChanges(b.db, b.client, { yieldToMain: async () => undefined });
    expect(await b.db.accounts.get(account.id)).toBeDefined();

    await deleteAccount(a.db, account.id);
    expect((await pushOutbox(a.db, a.client)).rejected).toBe(0);
    // Device b has not heard of the deletion: it imports into the account.
    await saveImport(b.db, {
      batch: {
        account_id: account.id,
        imported_at: '2026-11-21T10:00:00.000Z',
        file_names: ['nov.csv'],
        format: 'csv',
        bank: 'anz',
        row_count: 2,
        skipped_count: 0,
      },
      transactions: [0, 1].map((i) => ({ ...txPayload(account.id), description: `COFFEE ${i}`, fingerprint: `f${i}` })),
    });
    const pushed = await pushOutbox(b.db, b.client);
    expect(pushed.rejected).toBe(3); // the batch and its two transactions
    const parked = await listRejections(b.db);
    expect(parked.map((r) => [r.entity, r.code, r.message])).toEqual([
      ['import_batches', 422, expect.stringContaining('names an account that was deleted')],
      ['transactions', 422, expect.stringContaining('names an account that was deleted')],
      ['transactions', 422, expect.stringContaining('names an account that was deleted')],
    ]);
    // Nothing is lost: after pulling the deletion, the rejected transactions are still on the device.
    await pullChanges(b.db, b.client, { yieldToMain: async () => undefined });
    expect(await b.db.accounts.get(account.id)).toBeUndefined();
    expect(await b.db.transactions.count()).toBe(2);
    expect((await api.call<{ items: unknown[] }>('GET', '/transactions', { sub: 'ref-devices' })).body.items).toEqual(
      [],
    );
    // Sent again unchanged, they are refused again (the account stays deleted): the user moves or discards them.
    await retryRejection(b.db, parked[1].mutation_id);
    expect((await pushOutbox(b.db, b.client)).rejected).toBe(1);
    for (const d of [a, b]) d.db.close();
  }, 60_000);
});
