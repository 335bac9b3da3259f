// The transactions' storage (src/data/tx-blocks.ts): rows kept a block per account and month behave as one table
// of rows by id (a model test against a plain Map, fast-check), rows that move between blocks leave the old one,
// the kept id-to-block map follows writes made through another connection (another tab) and writes rolled back,
// and the list's pages read from the blocks' heads match the full sorted read.
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { WyrdDb } from '../../src/data/db';
import { blockKey, HEADS_KEY } from '../../src/data/tx-blocks';
import { PAGE_SIZE, queryIds, readSnapshot } from '../../src/features/transactions/tx-store';
import { freshDb, storedTransaction } from './helpers';

const opened: WyrdDb[] = [];
afterEach(() => {
  for (const db of opened.splice(0)) db.close();
});
const open = (label = 'tx-blocks') => {
  const db = freshDb(label);
  opened.push(db);
  return db;
};

const ACCOUNTS = ['a1', 'a2', 'a3'];
const DATES = ['2026-01-03', '2026-01-28', '2026-02-01', '2026-02-14', '2026-03-31', '2025-12-31'];

type Op =
  | { kind: 'put'; rows: { id: number; account: number; date: number; cents: number }[] }
  | { kind: 'delete'; ids: number[] };

const idOf = (n: number) => `t${String(n).padStart(3, '0')}`;
const rowOf = (r: { id: number; account: number; date: number; cents: number }) =>
  storedTransaction(idOf(r.id), ACCOUNTS[r.account], DATES[r.date], r.cents, `SHOP ${r.id}`);

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('put' as const),
    rows: fc.array(
      fc.record({
        // Ids from a small range, so later puts move and replace earlier rows.
        id: fc.integer({ min: 0, max: 60 }),
        account: fc.integer({ min: 0, max: ACCOUNTS.length - 1 }),
        date: fc.integer({ min: 0, max: DATES.length - 1 }),
        cents: fc.integer({ min: -5000, max: 5000 }),
      }),
      { minLength: 1, maxLength: 45 },
    ),
  }),
  fc.record({
    kind: fc.constant('delete' as const),
    ids: fc.array(fc.integer({ min: 0, max: 60 }), { minLength: 1, maxLength: 20 }),
  }),
);

describe('transaction blocks', () => {
  it('behave as one table of rows by id, whatever is put, moved and deleted', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 8 }), async (ops) => {
        const db = open('tx-model');
        const model = new Map<string, ReturnType<typeof rowOf>>();
        for (const op of ops) {
          if (op.kind === 'put') {
            const rows = op.rows.map(rowOf);
            await db.transactions.bulkPut(rows);
            for (const r of rows) model.set(r.id, r);
          } else {
            const ids = op.ids.map(idOf);
            await db.transactions.bulkDelete(ids);
            for (const id of ids) model.delete(id);
          }
        }
        const all = await db.transactions.toArray();
        expect(all.map((r) => r.id)).toEqual([...model.keys()].sort());
        expect(all).toEqual([...model.keys()].sort().map((id) => model.get(id)));
        expect(await db.transactions.count()).toBe(model.size);
        const probe = Array.from({ length: 61 }, (_, i) => idOf(i));
        expect(await db.transactions.bulkGet(probe)).toEqual(probe.map((id) => model.get(id)));
        // Every block holds only its own account and month, in date then id order, and its head counts it.
        for (const b of await db.tx_blocks.toArray()) {
          expect(b.rows.every((r) => blockKey(r.account_id, r.date) === b.key)).toBe(true);
          expect(b.ids).toEqual(b.rows.map((r) => r.id));
          expect(b.head[2]).toBe(b.rows.length);
          const sorted = [...b.rows].sort((x, y) => (x.date + x.id < y.date + y.id ? -1 : 1));
          expect(b.rows).toEqual(sorted);
        }
        // The heads record (one record, written with the blocks) is what the blocks' head index holds.
        expect(await db.transactions.heads()).toEqual(await db.tx_blocks.orderBy('head').keys());
        for (const account of ACCOUNTS) {
          const expected = [...model.values()]
            .filter((r) => r.account_id === account)
            .sort((x, y) => (x.date + x.id < y.date + y.id ? -1 : 1));
          expect(await db.transactions.account(account)).toEqual(expected);
        }
        db.close();
      }),
      { numRuns: 40 },
    );
  });

  it('a row whose date or account changes leaves its old block (many rows at once, from the kept id map)', async () => {
    const db = open();
    const rows = Array.from({ length: 100 }, (_, i) =>
      storedTransaction(idOf(i), 'a1', `2026-01-${String(1 + (i % 28)).padStart(2, '0')}`, -i, `SHOP ${i}`),
    );
    await db.transactions.bulkPut(rows);
    // 40 ids (more than are asked of the index one by one) move to February in another account.
    const moved = rows.slice(0, 40).map((r) => ({ ...r, account_id: 'a2', date: '2026-02-10' }));
    await db.transactions.bulkPut(moved);
    expect(await db.transactions.count()).toBe(100);
    expect((await db.transactions.account('a1')).map((r) => r.id)).toEqual(
      rows
        .slice(40)
        .sort((x, y) => (x.date + x.id < y.date + y.id ? -1 : 1))
        .map((r) => r.id),
    );
    expect(await db.transactions.account('a2')).toHaveLength(40);
  });

  it('rows put again exactly as stored (a pull bringing back what was pushed) write no block', async () => {
    const db = open('tx-echo');
    const rows = Array.from({ length: 60 }, (_, i) =>
      storedTransaction(idOf(i), ACCOUNTS[i % 3], DATES[i % DATES.length], -i, `SHOP ${i}`),
    );
    await db.transactions.bulkPut(rows);
    const before = await db.transactions.heads();
    await db.transactions.bulkPut(rows.map((r) => ({ ...r })));
    expect(await db.transactions.heads()).toEqual(before);
    // One changed row rewrites its block only.
    await db.transactions.bulkPut([{ ...rows[4], note: 'edited' }, ...rows.slice(5)]);
    const after = await db.transactions.heads();
    expect(after.filter((h, i) => h[3] !== before[i][3])).toHaveLength(1);
    expect((await db.transactions.get(rows[4].id))?.note).toBe('edited');
  });

  it('the kept id map follows blocks written through another connection (another tab) and writes rolled back', async () => {
    const db = open('tx-tabs');
    const other = new WyrdDb('other', undefined, db.name);
    opened.push(other);
    const rows = Array.from({ length: 50 }, (_, i) => storedTransaction(idOf(i), 'a1', '2026-01-05', -i, `S ${i}`));
    await db.transactions.bulkPut(rows);
    // The first device's map now knows where the 50 are. Another tab moves them all to March.
    await db.transactions.bulkGet(rows.map((r) => r.id));
    await other.transactions.bulkPut(rows.map((r) => ({ ...r, date: '2026-03-05' })));
    // Moving them back here must find them in March, not leave copies there.
    await db.transactions.bulkPut(rows.map((r) => ({ ...r, date: '2026-04-05' })));
    expect(await db.transactions.count()).toBe(50);
    expect((await db.tx_blocks.toArray()).map((b) => b.month)).toEqual(['2026-04']);

    // A write rolled back: the map must not keep where it put the rows.
    await expect(
      db.transaction('rw', db.transactions.stores, async () => {
        await db.transactions.bulkPut(rows.map((r) => ({ ...r, date: '2026-05-05' })));
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    await db.transactions.bulkPut(rows.map((r) => ({ ...r, date: '2026-06-05', note: 'moved' })));
    expect(await db.transactions.count()).toBe(50);
    expect((await db.tx_blocks.toArray()).map((b) => b.month)).toEqual(['2026-06']);
  });

  it("the list's pages read from the heads are the full sorted read, sliced", async () => {
    const db = open('tx-pages');
    const rows = Array.from({ length: 730 }, (_, i) =>
      storedTransaction(
        `t${String(i).padStart(4, '0')}`,
        ACCOUNTS[i % 3],
        `202${5 + (i % 2)}-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 27)).padStart(2, '0')}`,
        -i,
        `SHOP ${i % 7}`,
      ),
    );
    await db.transactions.bulkPut(rows);
    for (const q of [
      { sort: 'date-desc' as const },
      { sort: 'date-asc' as const },
      { sort: 'date-desc' as const, accountId: 'a2' },
      { sort: 'amount-desc' as const },
      { sort: 'date-desc' as const, text: 'shop 3' },
      { sort: 'date-asc' as const, from: '2025-03-10', to: '2026-02-20' },
    ]) {
      const ids = await queryIds(db, q);
      const pages = Math.ceil(ids.length / PAGE_SIZE);
      for (let first = 0; first < pages; first += 2) {
        // The list's one read: the count, the rows of two pages, and the version they were read at.
        const snapshot = await readSnapshot(db, q, first, first + 1);
        expect(snapshot.count).toBe(ids.length);
        expect(snapshot.rows.map((r) => r.id)).toEqual(ids.slice(first * PAGE_SIZE, (first + 2) * PAGE_SIZE));
        expect(snapshot.version).toBe(await db.transactions.version());
      }
    }
    const newest = (await readSnapshot(db, { sort: 'date-desc' }, 0, 0)).rows;
    const expected = [...rows].sort((x, y) => (x.date + x.id < y.date + y.id ? 1 : -1)).slice(0, PAGE_SIZE);
    expect(newest.map((r) => r.id)).toEqual(expected.map((r) => r.id));
  });

  it('version 6 moves the rows of the one-record-per-row table into blocks', async () => {
    // Covered with the outbox's upgrade in tests/sync/reference-rows.test.ts; here with many rows and accounts.
    const { default: Dexie } = await import('dexie');
    const name = `upgrade-${crypto.randomUUID()}`;
    const old = new Dexie(name);
    old.version(5).stores({ transactions: 'id, [account_id+date], date, amount_cents, batch_id, recurring_item_id' });
    const rows = Array.from({ length: 300 }, (_, i) =>
      storedTransaction(idOf(i % 1000) + `-${i}`, ACCOUNTS[i % 3], DATES[i % DATES.length], -i, `S ${i}`),
    );
    await old.table('transactions').bulkPut(rows);
    old.close();
    const db = new WyrdDb('u', undefined, name);
    opened.push(db);
    await db.open();
    expect(await db.transactions.toArray()).toEqual([...rows].sort((a, b) => (a.id < b.id ? -1 : 1)));
    expect(await db.tx_blocks.count()).toBe(new Set(rows.map((r) => blockKey(r.account_id, r.date))).size);
    // Version 7 keeps every block's head in one record.
    const heads = await db.tx_blocks.orderBy('head').keys();
    expect(heads).toHaveLength(await db.tx_blocks.count());
    expect((await db.tx_heads.get(HEADS_KEY))?.heads).toEqual(heads);
  });

  it('the heads record changes with every write, and is made again from the index when something else deleted it', async () => {
    const db = open('tx-heads');
    const rows = Array.from({ length: 40 }, (_, i) =>
      storedTransaction(idOf(i), ACCOUNTS[i % 3], DATES[i % DATES.length], -i, `S ${i}`),
    );
    const v0 = await db.transactions.version();
    await db.transactions.bulkPut(rows);
    const v1 = await db.transactions.version();
    expect(v1).not.toBe(v0);
    // Nothing changed: no write, the same version.
    await db.transactions.bulkPut(rows);
    expect(await db.transactions.version()).toBe(v1);
    await db.transactions.delete(rows[0].id);
    expect(await db.transactions.version()).not.toBe(v1);

    // A writer beside the app (the benchmarks' seeders) deletes the record: the heads come from the index, and the
    // next write makes the record again.
    await db.tx_heads.clear();
    const fromIndex = await db.transactions.heads();
    expect(fromIndex).toEqual(await db.tx_blocks.orderBy('head').keys());
    expect(await db.transactions.version()).toBe(await db.transactions.version());
    await db.transactions.put({ ...rows[1], note: 'again' });
    const record = await db.tx_heads.get(HEADS_KEY);
    expect(record?.heads).toEqual(await db.tx_blocks.orderBy('head').keys());
    expect(await db.transactions.count()).toBe(39);

    // A rolled-back write leaves the record as it was.
    await expect(
      db.transaction('rw', db.transactions.stores, async () => {
        await db.transactions.bulkPut(rows.map((r) => ({ ...r, date: '2026-05-05' })));
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await db.tx_heads.get(HEADS_KEY)).toEqual(record);

    await db.transactions.clear();
    expect(await db.transactions.heads()).toEqual([]);
    expect(await db.transactions.count()).toBe(0);
  });
});
