// The Transactions list's data: the live count of rows the query matches and the rows of the pages on screen,
// read a page at a time through the query's Dexie index, so the first rows show without reading the table.
import { liveQuery } from 'dexie';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo, useState } from 'react';
import type { WyrdDb } from '../../data/db';
import { countTransactions, PAGE_SIZE, readPages, type TransactionRow, type TxQuery } from './tx-store';

type Pages = { key: string; pages: ReadonlyMap<number, TransactionRow[]> };

const NO_PAGES: ReadonlyMap<number, TransactionRow[]> = new Map();

export type TxPages = {
  /** null while the first count is read; -1 when the read failed. */
  count: number | null;
  row: (index: number) => TransactionRow | undefined;
  failed: boolean;
};

export function queryKey(q: TxQuery): string {
  return JSON.stringify([q.accountId ?? '', q.from ?? '', q.to ?? '', q.category ?? '', q.text?.trim() ?? '', q.sort]);
}

/** `first`/`last`: the indexes of the rows on screen (with overscan). */
export function useTxPages(db: WyrdDb, q: TxQuery, first: number, last: number): TxPages {
  const key = queryKey(q);
  // The query object for this key (a new object with the same key must not re-subscribe).
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const query = useMemo(() => q, [key]);
  // Tagged with its query: after a filter change the hook still gives the last query's count until the new one's
  // arrives, and that count must not count as the new query's first.
  const tagged = useLiveQuery(
    () =>
      countTransactions(db, query)
        .catch((err: unknown) => (console.error('Failed to count transactions', err), -1))
        .then((n) => ({ key, n })),
    [db, query],
  );
  const count = tagged?.n;
  const ownCount = tagged?.key === key ? tagged.n : undefined;
  const firstPage = Math.floor(Math.max(0, first) / PAGE_SIZE);
  const lastPage = Math.max(firstPage, Math.floor(Math.max(0, last) / PAGE_SIZE));
  // Pages are cached per query and count: a change in the count (an import, an undo) shifts every offset. The
  // first count to arrive is no change: the pages read before it stay, rather than being read a second time
  // (which made the first rows wait for the count and then for another read).
  const [counted, setCounted] = useState<{ key: string; count: number | null; epoch: number }>({
    key,
    count: ownCount ?? null,
    epoch: 0,
  });
  let current = counted;
  if (counted.key !== key) current = { key, count: ownCount ?? null, epoch: 0 };
  else if (ownCount !== undefined && ownCount !== counted.count)
    current = { key, count: ownCount, epoch: counted.count === null ? counted.epoch : counted.epoch + 1 };
  if (current !== counted) setCounted(current);
  const cacheKey = `${key}|${current.epoch}`;
  const [state, setState] = useState<Pages>({ key: cacheKey, pages: NO_PAGES });
  const [failedKey, setFailedKey] = useState<string | null>(null);
  useEffect(() => {
    const sub = liveQuery(() => readPages(db, query, firstPage, lastPage)).subscribe({
      next: (rows) =>
        setState((prev) => {
          const pages = new Map(prev.key === cacheKey ? prev.pages : NO_PAGES);
          for (let p = firstPage; p <= lastPage; p++) {
            pages.set(p, rows.slice((p - firstPage) * PAGE_SIZE, (p - firstPage + 1) * PAGE_SIZE));
          }
          return { key: cacheKey, pages };
        }),
      error: (err: unknown) => {
        console.error('Failed to load transactions', err);
        setFailedKey(cacheKey);
      },
    });
    return () => sub.unsubscribe();
  }, [db, query, cacheKey, firstPage, lastPage]);
  const pages = state.key === cacheKey ? state.pages : NO_PAGES;
  return {
    count: count === undefined ? null : count,
    failed: count === -1 || failedKey === cacheKey,
    row: (index) => pages.get(Math.floor(index / PAGE_SIZE))?.[index % PAGE_SIZE],
  };
}
