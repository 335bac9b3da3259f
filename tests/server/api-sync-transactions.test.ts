// Transactions, import batches and payee rules sync between two devices through the real server (PGlite):
// an import pushed from one device arrives whole on the other, an undo removes it there, and users stay apart.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WyrdDb } from '../../src/data/db';
import { createAccount } from '../../src/data/repositories/accounts';
import { createPayeeRule } from '../../src/data/repositories/payee-rules';
import { recategorise, saveImport, undoImport } from '../../src/data/repositories/transactions';
import { pullChanges } from '../../src/data/sync/pull';
import { pushOutbox } from '../../src/data/sync/push';
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
    await recategorise(a.db, ids, 'groceries');
    await createPayeeRule(a.db, { payee: 'Shop 1', category_id: 'groceries' });
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
    expect((await b.db.transactions.get(ids[0]))?.category_id).toBe('groceries');

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
});
