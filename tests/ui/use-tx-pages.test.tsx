// The Transactions list's paged reads (useTxPages) on a real Dexie database (fake-indexeddb): the pages read
// before the first count arrives are kept, not read again (the first rows wait for one read, not two), and a
// later change in the count (rows added) still reads the pages again.
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { WyrdDb } from '../../src/data/db';
import { type TransactionRow, type TxQuery } from '../../src/features/transactions/tx-store';
import { useTxPages } from '../../src/features/transactions/use-tx-pages';
import { freshDb, storedTransaction } from '../data/helpers';

const opened: WyrdDb[] = [];
afterEach(() => {
  // Unmounted first: a read still under way must not be delivered to a hook whose database is closed.
  cleanup();
  for (const db of opened.splice(0)) db.close();
});

const row = (i: number): TransactionRow =>
  storedTransaction(
    `t${String(i).padStart(4, '0')}`,
    'a1',
    `2026-0${1 + (Math.floor(i / 28) % 9)}-${String(1 + (i % 28)).padStart(2, '0')}`,
    -100 - i,
    `SHOP ${i}`,
  );

/**
 * Counts the reads of transaction rows the list asks for: the rows live in account-month blocks
 * (src/data/tx-blocks.ts), each read of rows one `readBlocks` or `readMonths` call (a few blocks per request inside it); the
 * blocks' heads (their counts) are one record without rows and are not counted.
 */
function countingReads(db: WyrdDb): { reads: number } {
  const counter = { reads: 0 };
  const read = db.transactions.readBlocks.bind(db.transactions);
  const readMonths = db.transactions.readMonths.bind(db.transactions);
  // readMonths reads some months through readBlocks: one read, counted once.
  let inMonths = false;
  db.transactions.readBlocks = (keys, counts) => ((counter.reads += inMonths ? 0 : 1), read(keys, counts));
  db.transactions.readMonths = (months) => {
    counter.reads += 1;
    inMonths = true;
    try {
      return readMonths(months);
    } finally {
      inMonths = false;
    }
  };
  return counter;
}

describe('useTxPages', () => {
  it('keeps the pages read before the first count, and reads again when the count changes', async () => {
    const db = freshDb('tx-pages');
    opened.push(db);
    const counter = countingReads(db);
    await db.transactions.bulkPut(Array.from({ length: 150 }, (_, i) => row(i)));
    const before = counter.reads;
    const { result, rerender } = renderHook(({ q }) => useTxPages(db, q, 0, 49), {
      initialProps: { q: { sort: 'date-desc' } as TxQuery },
    });
    await waitFor(() => expect(result.current.count).toBe(150));
    await waitFor(() => expect(result.current.row(0)).toBeDefined());
    // The first page is read once (the count is a request of its own, not counted here).
    await new Promise((r) => setTimeout(r, 50));
    const firstReads = counter.reads - before;
    expect(firstReads).toBe(1);
    const newest = result.current.row(0)!;

    // More rows, a later date: the count changes, and the pages are read again with the new row first.
    await db.transactions.put({ ...row(999), id: 'newest', date: '2026-12-31' });
    await waitFor(() => expect(result.current.count).toBe(151));
    await waitFor(() => expect(result.current.row(0)?.id).toBe('newest'));
    expect(result.current.row(1)?.id).toBe(newest.id);

    // Another query (a search): its first count is not taken from the last query's, and the search's count and
    // page share one read of the rows.
    await new Promise((r) => setTimeout(r, 50));
    const beforeSearch = counter.reads;
    rerender({ q: { sort: 'date-desc', text: 'SHOP 1' } });
    await waitFor(() => expect(result.current.count).toBe(61));
    await waitFor(() => expect(result.current.row(0)?.description).toMatch(/^SHOP 1/));
    await new Promise((r) => setTimeout(r, 50));
    expect(counter.reads - beforeSearch).toBe(1);
  });

  it('opens again with the first page it last read, then reads it again (a change since shows)', async () => {
    const db = freshDb('tx-pages-kept');
    opened.push(db);
    await db.transactions.bulkPut(Array.from({ length: 150 }, (_, i) => row(i)));
    const q: TxQuery = { sort: 'date-desc' };
    const first = renderHook(() => useTxPages(db, q, 0, 49));
    await waitFor(() => expect(first.result.current.row(0)).toBeDefined());
    const newest = first.result.current.row(0)!;
    first.unmount();
    // Written while the list was closed.
    await db.transactions.put({ ...row(999), id: 'newer', date: '2026-12-31' });
    const again = renderHook(() => useTxPages(db, q, 0, 49));
    // At once, before any read: what it showed last.
    expect(again.result.current.count).toBe(150);
    expect(again.result.current.row(0)?.id).toBe(newest.id);
    // Then the stored data.
    await waitFor(() => expect(again.result.current.row(0)?.id).toBe('newer'));
    expect(again.result.current.count).toBe(151);
  });

  it('shows the rows of a new query while transactions keep being written (a sync), instead of restarting its read', async () => {
    const db = freshDb('tx-pages-busy');
    opened.push(db);
    await db.transactions.bulkPut(Array.from({ length: 150 }, (_, i) => row(i)));
    const { result, rerender } = renderHook(({ q }) => useTxPages(db, q, 0, 49), {
      initialProps: { q: { sort: 'date-desc' } as TxQuery },
    });
    await waitFor(() => expect(result.current.row(0)).toBeDefined());
    // A writer like a pull: a block of another account rewritten back to back until told to stop.
    let stop = false;
    let writes = 0;
    const writer = (async () => {
      while (!stop && writes < 2_000) {
        await db.transactions.put({ ...row(5_000 + (writes % 20)), account_id: 'a2', date: '2025-01-02' });
        writes += 1;
      }
    })();
    try {
      rerender({ q: { sort: 'amount-asc', text: 'SHOP 1' } });
      await waitFor(() => expect(result.current.row(0)?.description).toMatch(/^SHOP 1/), { timeout: 4_000 });
      // The rows came while the writes went on.
      expect(stop).toBe(false);
      expect(writes).toBeLessThan(2_000);
    } finally {
      stop = true;
      await writer;
    }
  });
});
