// Reference rows (docs/sync.md): transaction writes queue outbox rows that name the record instead of copying it;
// the push sends the record as stored when it builds the batch. Covers the stored shape, what is sent after
// later edits, a record deleted before its push, a refusal, crash-safety (nothing removed unanswered) and the
// version 4 upgrade of rows queued with payloads.
import Dexie from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { WyrdDb } from '../../src/data/db';
import { createAccount } from '../../src/data/repositories/accounts';
import {
  createTransaction,
  deleteTransaction,
  recategorise,
  saveImport,
  undoImport,
  updateTransaction,
  WRITE_SLICE,
} from '../../src/data/repositories/transactions';
import { expandRow, outboxFor, pendingChangeCount } from '../../src/data/outbox';
import { createCategory } from '../../src/data/repositories/categories';
import { sweepMissing } from '../../src/data/sync/merge';
import { pushOutbox } from '../../src/data/sync/push';
import { listRejections } from '../../src/data/sync/rejections';
import { createApiClient } from '../../src/lib/http/api-client';
import type { Mutation } from '../../src/data/sync/protocol';
import { fakeServer, type FakeServer } from './support/fake-server';

const opened: WyrdDb[] = [];
function device(factory = new IDBFactory()): WyrdDb {
  const db = new WyrdDb('user-1', { indexedDB: factory, IDBKeyRange });
  opened.push(db);
  return db;
}
afterEach(() => {
  for (const db of opened.splice(0)) db.close();
});

function api(server: FakeServer) {
  return createApiClient({
    baseUrl: 'http://api.test',
    fetch: server.fetch,
    retry: { baseDelayMs: 1, maxDelayMs: 2 },
    getToken: async () => 'token-1',
  });
}

const sentMutations = (server: FakeServer): Mutation[] =>
  server.requests
    .filter((r) => r.path === '/sync/push')
    .flatMap((r) => (r.body as { mutations: Mutation[] }).mutations);

const tx = (account_id: string, i: number) => ({
  account_id,
  date: `2026-10-${String(1 + (i % 28)).padStart(2, '0')}`,
  amount_cents: -(100 + i),
  description: `EFTPOS ${i}`,
  payee: `Shop ${i}`,
  fingerprint: `fp-${i}`,
});

const batch = (account_id: string) => ({
  account_id,
  imported_at: '2026-11-21T10:00:00.000Z',
  file_names: ['oct.csv'],
  format: 'csv' as const,
  bank: 'anz',
  row_count: 3,
  skipped_count: 0,
});

/** A device with an import of three slice rows (two full, one of 100) not yet pushed, and a fake server. */
async function slicedImport() {
  const server = fakeServer();
  const db = device();
  const a = await createAccount(db, { name: 'Everyday', current_balance: 0 });
  const n = 2 * WRITE_SLICE + 100;
  const { transactions } = await saveImport(db, {
    batch: { ...batch(a.id), row_count: n },
    transactions: Array.from({ length: n }, (_, i) => tx(a.id, i)),
  });
  return { server, db, n, transactions };
}

describe('reference rows', () => {
  it('an import stores each transaction once: one slice row names them and carries no copy', async () => {
    const db = device();
    const a = await createAccount(db, { name: 'Everyday', current_balance: 0 });
    const { transactions } = await saveImport(db, {
      batch: batch(a.id),
      transactions: [0, 1, 2].map((i) => tx(a.id, i)),
    });
    const rows = (await db.outbox.toArray()).filter((r) => r.entity === 'transactions');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ op: 'create', entity_id: '', refs: transactions.map((t) => t.id) });
    expect('payload' in rows[0]).toBe(false);
    // Each record is a reference change of its own, under its own mutation id.
    const changes = expandRow(rows[0]);
    expect(changes.map((c) => [c.entity_id, c.op, 'payload' in c])).toEqual(
      transactions.map((t) => [t.id, 'create', false]),
    );
    expect(changes.map((c) => c.seq)).toEqual([rows[0].seq! - 2, rows[0].seq! - 1, rows[0].seq]);
    // Other entities still queue their payload.
    const batchRow = (await db.outbox.toArray()).find((r) => r.entity === 'import_batches');
    expect(batchRow?.payload).toMatchObject({ account_id: a.id, row_count: 3 });
    // A record in a slice row is found by id (a pull holds it back like any pending change).
    expect((await outboxFor(db, 'transactions', transactions[1].id)).map((r) => r.seq)).toEqual([changes[1].seq]);
  });

  it('the push sends each record as stored when the batch is built, in seq order, once, and empties the outbox', async () => {
    const server = fakeServer();
    const db = device();
    const a = await createAccount(db, { name: 'Everyday', current_balance: 0 });
    const t = await createTransaction(db, tx(a.id, 1), { now: '2026-11-01T00:00:00.000Z' });
    const other = await createTransaction(db, tx(a.id, 2), { now: '2026-11-01T00:00:00.000Z' });
    await updateTransaction(db, t.id, { payee: 'Landlord' }, { now: '2026-11-02T00:00:00.000Z' });
    await recategorise(db, [t.id], 'cat-rent', { now: '2026-11-03T00:00:00.000Z' });
    const queued = await db.outbox.orderBy('seq').toArray();
    await pushOutbox(db, api(server));
    const sent = sentMutations(server);
    // Seq order kept. `t` was written again after its create was queued, so its newest state goes once, with its
    // last change (the consecutive update and recategorise go as one, under the later seq); its create row has
    // nothing of its own to send.
    expect(sent.map((m) => [m.mutation_id, m.entity, m.op, m.id])).toEqual([
      [queued[0].seq, 'accounts', 'create', a.id],
      [queued[2].seq, 'transactions', 'create', other.id],
      [queued[4].seq, 'transactions', 'update', t.id],
    ]);
    const stored = await db.transactions.get(t.id);
    for (const m of sent.filter((x) => x.id === t.id)) expect(m.payload).toEqual(stored);
    expect(stored).toMatchObject({ payee: 'Landlord', category_id: 'cat-rent' });
    expect(server.live().get(`transactions/${t.id}`)).toMatchObject({ payee: 'Landlord', category_id: 'cat-rent' });
    expect(await db.outbox.count()).toBe(0);
    // One request: the rows a coalesced mutation stood for left the outbox with its answer.
    expect(server.requests.filter((r) => r.path === '/sync/push')).toHaveLength(1);
  });

  it('a batch that starts with coalesced rows removes all of them with its answer', async () => {
    const server = fakeServer();
    const db = device();
    const a = await createAccount(db, { name: 'Everyday', current_balance: 0 });
    await pushOutbox(db, api(server));
    const t = await createTransaction(db, tx(a.id, 1));
    await updateTransaction(db, t.id, { note: 'one' });
    await updateTransaction(db, t.id, { note: 'two' });
    await pushOutbox(db, api(server));
    const pushes = server.requests.filter((r) => r.path === '/sync/push');
    expect(pushes).toHaveLength(2);
    expect((pushes[1].body as { mutations: Mutation[] }).mutations).toHaveLength(1);
    expect(await db.outbox.count()).toBe(0);
  });

  it('a record deleted before its push sends only the delete; its earlier rows leave the outbox unsent', async () => {
    const server = fakeServer();
    const db = device();
    const a = await createAccount(db, { name: 'Everyday', current_balance: 0 });
    const t = await createTransaction(db, tx(a.id, 1));
    await updateTransaction(db, t.id, { note: 'lunch' });
    await deleteTransaction(db, t.id);
    // Batches of one: the create and the update of the deleted record each make a batch with nothing to send.
    await pushOutbox(db, api(server), { batchSize: 1 });
    const sent = sentMutations(server);
    expect(sent.filter((m) => m.id === t.id).map((m) => m.op)).toEqual(['delete']);
    expect(sent.find((m) => m.id === t.id)?.payload).toMatchObject({ id: t.id });
    expect(await db.outbox.count()).toBe(0);
    expect(server.live().has(`transactions/${t.id}`)).toBe(false);
  });

  it('a refused reference row is parked with the record as it was sent', async () => {
    const server = fakeServer();
    server.reject = (m) => (m.entity === 'transactions' ? { code: 422, detail: 'no' } : null);
    const db = device();
    const a = await createAccount(db, { name: 'Everyday', current_balance: 0 });
    const t = await createTransaction(db, tx(a.id, 1));
    await pushOutbox(db, api(server));
    const [parked] = await listRejections(db);
    expect(parked).toMatchObject({ entity: 'transactions', entity_id: t.id, op: 'create', code: 422 });
    expect(parked.payload).toEqual(await db.transactions.get(t.id));
    expect(await db.outbox.count()).toBe(0);
  });

  it('rows the server never answered stay queued and are sent with the current record next time', async () => {
    const server = fakeServer();
    const db = device();
    const a = await createAccount(db, { name: 'Everyday', current_balance: 0 });
    const t = await createTransaction(db, tx(a.id, 1));
    server.failNext = [503, 503, 503];
    await expect(pushOutbox(db, api(server))).rejects.toMatchObject({ status: 503 });
    expect(await db.outbox.count()).toBe(2);
    await updateTransaction(db, t.id, { note: 'later' });
    await pushOutbox(db, api(server));
    expect(await db.outbox.count()).toBe(0);
    expect(server.live().get(`transactions/${t.id}`)).toMatchObject({ note: 'later' });
  });

  it('slice rows cut by batches: every record is sent once under ids that rise, and the outbox empties', async () => {
    const { server, db, n, transactions } = await slicedImport();
    expect((await db.outbox.toArray()).filter((r) => r.entity === 'transactions')).toHaveLength(3);
    // Batches of 300 end inside the first and second slice rows, which then keep their rest.
    await pushOutbox(db, api(server), { batchSize: 300 });
    const sent = sentMutations(server);
    const ids = sent.map((m) => m.mutation_id);
    expect(ids).toEqual([...ids].sort((x, y) => x - y));
    expect(new Set(ids).size).toBe(ids.length);
    const txSent = sent.filter((m) => m.entity === 'transactions');
    expect(txSent.map((m) => m.id).sort()).toEqual(transactions.map((t) => t.id).sort());
    for (const m of txSent) expect(m.payload).toEqual(await db.transactions.get(m.id));
    expect(await db.outbox.count()).toBe(0);
    expect([...server.live().keys()].filter((k) => k.startsWith('transactions/'))).toHaveLength(n);
  });

  it('the next batch is read while the server applies this one: edits made meanwhile still go, later and newest', async () => {
    const { server, db, n, transactions } = await slicedImport();
    // While the first batch (300 changes) is at the server, the second has been read: edit one record of each batch
    // and one of the third, and delete one of the second.
    const [inFirst, inSecond, inThird, deletedInSecond] = [
      transactions[10],
      transactions[310],
      transactions[599],
      transactions[320],
    ];
    const plain = server.fetch;
    let held = false;
    server.fetch = async (input, init) => {
      if (!held && String(input).endsWith('/sync/push')) {
        held = true;
        await new Promise((resolve) => setTimeout(resolve, 20));
        for (const t of [inFirst, inSecond, inThird]) await updateTransaction(db, t.id, { note: `edited ${t.id}` });
        await deleteTransaction(db, deletedInSecond.id);
      }
      return plain(input, init);
    };
    await pushOutbox(db, api(server), { batchSize: 300 });
    const sent = sentMutations(server);
    const ids = sent.map((m) => m.mutation_id);
    expect(ids).toEqual([...ids].sort((x, y) => x - y));
    expect(new Set(ids).size).toBe(ids.length);
    for (const t of [inFirst, inSecond, inThird]) {
      // The last change sent for each edited record is the record as stored now.
      const last = sent.filter((m) => m.id === t.id).at(-1)!;
      expect(last.payload).toEqual(await db.transactions.get(t.id));
      expect(server.live().get(`transactions/${t.id}`)).toMatchObject({ note: `edited ${t.id}` });
    }
    expect(sent.filter((m) => m.id === deletedInSecond.id).at(-1)!.op).toBe('delete');
    expect(server.live().has(`transactions/${deletedInSecond.id}`)).toBe(false);
    expect(await db.outbox.count()).toBe(0);
    expect([...server.live().keys()].filter((k) => k.startsWith('transactions/'))).toHaveLength(n - 1);
  });

  it('a push failing after its first batch keeps every unanswered change, and the next push sends them once', async () => {
    const { server, db, n } = await slicedImport();
    const plain = server.fetch;
    let pushes = 0;
    server.fetch = async (input, init) => {
      // The second push fails for good (every retry): the batch read ahead of it is dropped.
      if (String(input).endsWith('/sync/push') && ++pushes >= 2) throw new TypeError('fetch failed');
      return plain(input, init);
    };
    await expect(pushOutbox(db, api(server), { batchSize: 300 })).rejects.toThrow();
    const firstIds = sentMutations(server).map((m) => m.mutation_id);
    expect(await pendingChangeCount(db)).toBe(n + 2 - 300);
    server.fetch = plain;
    await pushOutbox(db, api(server), { batchSize: 300 });
    const all = sentMutations(server).map((m) => m.mutation_id);
    expect(new Set(all).size).toBe(all.length);
    expect(all.slice(0, firstIds.length)).toEqual(firstIds);
    expect(await db.outbox.count()).toBe(0);
    expect([...server.live().keys()].filter((k) => k.startsWith('transactions/'))).toHaveLength(n);
  });

  it('a record of a slice edited later goes once, newest; one deleted goes as its delete; undo removes the rest', async () => {
    const server = fakeServer();
    const db = device();
    const a = await createAccount(db, { name: 'Everyday', current_balance: 0 });
    const { batch: saved, transactions } = await saveImport(
      db,
      { batch: batch(a.id), transactions: [0, 1, 2, 3].map((i) => tx(a.id, i)) },
      { now: '2026-11-01T00:00:00.000Z' },
    );
    const [edited, deleted] = transactions;
    await updateTransaction(db, edited.id, { note: 'newest' }, { now: '2026-11-02T00:00:00.000Z' });
    await deleteTransaction(db, deleted.id, { now: '2026-11-03T00:00:00.000Z' });
    await pushOutbox(db, api(server));
    const sent = sentMutations(server);
    expect(sent.filter((m) => m.id === edited.id).map((m) => [m.op, (m.payload as { note: string }).note])).toEqual([
      ['update', 'newest'],
    ]);
    expect(sent.filter((m) => m.id === deleted.id).map((m) => m.op)).toEqual(['delete']);
    expect(sent.filter((m) => m.entity === 'transactions')).toHaveLength(4);
    expect(server.live().get(`transactions/${edited.id}`)).toMatchObject({ note: 'newest' });
    expect(server.live().has(`transactions/${deleted.id}`)).toBe(false);
    expect(await db.outbox.count()).toBe(0);

    // Undone before it is pushed: only the deletes go (nothing of the slice row is sent).
    const again = await saveImport(db, { batch: batch(a.id), transactions: [5, 6].map((i) => tx(a.id, i)) });
    await undoImport(db, again.batch.id);
    const before = sentMutations(server).length;
    await pushOutbox(db, api(server));
    const later = sentMutations(server).slice(before);
    expect(later.filter((m) => m.entity === 'transactions').map((m) => m.op)).toEqual(['delete', 'delete']);
    expect(await db.outbox.count()).toBe(0);
    await undoImport(db, saved.id);
    await pushOutbox(db, api(server));
    expect([...server.live().keys()].filter((k) => !k.startsWith('accounts/'))).toEqual([]);
  });

  it('a transaction recategorised after its import is sent after the new category, not before it', async () => {
    const server = fakeServer();
    // As the real server: a transaction naming a category it does not have yet is refused.
    server.reject = (m) => {
      const category = (m.payload as { category_id?: string } | undefined)?.category_id;
      return m.entity === 'transactions' && category && !server.live().has(`categories/${category}`)
        ? { code: 422, detail: 'is not one of your categories' }
        : null;
    };
    const db = device();
    const a = await createAccount(db, { name: 'Everyday', current_balance: 0 });
    const { transactions } = await saveImport(
      db,
      { batch: batch(a.id), transactions: [0, 1, 2].map((i) => tx(a.id, i)) },
      { now: '2026-11-01T00:00:00.000Z' },
    );
    // More changes queued between the import and the category than a batch holds (batches of 2 here).
    for (const i of [1, 2, 3]) await createAccount(db, { name: `Other ${i}`, current_balance: 0 });
    const food = await createCategory(db, { name: 'Food', type: 'expense' });
    await recategorise(db, [transactions[0].id], food.id, { now: '2026-11-02T00:00:00.000Z' });
    const summary = await pushOutbox(db, api(server), { batchSize: 2 });
    expect(summary.rejected).toBe(0);
    expect(await listRejections(db)).toEqual([]);
    const sent = sentMutations(server);
    const first = sent.filter((m) => m.id === transactions[0].id);
    expect(first.map((m) => m.op)).toEqual(['update']);
    expect(sent.indexOf(first[0])).toBeGreaterThan(sent.findIndex((m) => m.id === food.id));
    expect(server.live().get(`transactions/${transactions[0].id}`)).toMatchObject({ category_id: food.id });
    expect(await db.outbox.count()).toBe(0);
  });

  it('a re-sync keeps records whose only pending change is in a slice row', async () => {
    const db = device();
    const a = await createAccount(db, { name: 'Everyday', current_balance: 0 });
    const { transactions } = await saveImport(db, {
      batch: batch(a.id),
      transactions: [0, 1, 2].map((i) => tx(a.id, i)),
    });
    // The server sent nothing as live: only records with a pending change survive.
    await sweepMissing(db, new Set());
    expect((await db.transactions.toCollection().primaryKeys()).sort()).toEqual(transactions.map((t) => t.id).sort());
    expect(await pendingChangeCount(db)).toBe(5);
  });

  it('version 4 turns transaction creates and updates queued at version 3 into reference rows', async () => {
    const factory = new IDBFactory();
    // The database as version 3 left it (the last schema before reference rows).
    const old = new Dexie('wyrd-user-user-1', { indexedDB: factory, IDBKeyRange });
    old.version(3).stores({
      accounts: 'id, scenario_event_id, updated_at',
      recurring_items: 'id, account_id, category_id, scenario_event_id, updated_at',
      categories: 'id, type, updated_at',
      scenarios: 'id, updated_at',
      events: 'id, scenario_id, template_id, trigger_month, updated_at',
      modifications: 'id, scenario_id, target_id, updated_at',
      outbox: '++seq, [entity+entity_id], created_at',
      meta: 'key',
      sync_rejections: 'mutation_id, [entity+entity_id]',
      sync_deferred: '[entity+entity_id]',
      sync_base: '[entity+entity_id]',
      transactions:
        'id, account_id, [account_id+date], date, amount_cents, batch_id, category_id, payee, fingerprint, bank_id, transfer_id, recurring_item_id, updated_at',
      import_batches: 'id, account_id, imported_at',
      payee_rules: 'id, payee, category_id',
    });
    const at = '2026-11-01T00:00:00.000Z';
    const row = { id: 't-1', ...tx('acc-1', 1), updated_at: at };
    await old.table('transactions').put(row);
    await old.table('outbox').bulkAdd([
      { entity: 'transactions', entity_id: 't-1', op: 'create', payload: row, created_at: at, attempts: 0 },
      { entity: 'accounts', entity_id: 'acc-1', op: 'update', payload: { id: 'acc-1' }, created_at: at, attempts: 0 },
      {
        entity: 'transactions',
        entity_id: 't-2',
        op: 'delete',
        payload: { id: 't-2', deleted_at: at },
        created_at: at,
        attempts: 0,
      },
    ]);
    old.close();
    const db = device(factory);
    await db.open();
    expect(db.verno).toBe(7);
    const rows = await db.outbox.orderBy('seq').toArray();
    expect(rows.map((r) => [r.entity, r.op, 'payload' in r])).toEqual([
      ['transactions', 'create', false],
      ['accounts', 'update', true],
      ['transactions', 'delete', true],
    ]);
    // Version 6 moved the rows into account-month blocks (src/data/tx-blocks.ts).
    expect(db.tables.map((t) => t.name)).not.toContain('transactions');
    expect(db.tx_blocks.schema.indexes.map((i) => i.name).sort()).toEqual(['head', 'ids', 'month']);
    expect(await db.transactions.get('t-1')).toEqual(row);
    const server = fakeServer();
    await pushOutbox(db, api(server));
    expect(sentMutations(server)[0]).toMatchObject({ entity: 'transactions', op: 'create', payload: row });
  });
});
