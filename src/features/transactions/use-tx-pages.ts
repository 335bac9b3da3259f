// The Transactions list's data: the count of rows the query matches and the rows of the pages on screen, read from
// the account-month blocks (tx-store.ts) so the first rows show without reading every row. Only the blocks' heads
// are watched live; the count and the pages are read again when they change, and a read under way is finished and
// shown rather than restarted, so a sync writing blocks every few hundred milliseconds cannot keep the list empty.
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { WyrdDb } from '../../data/db';
import { countTransactions, PAGE_SIZE, readPages, txVersion, type TransactionRow, type TxQuery } from './tx-store';

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

/**
 * Calls `read` for the latest `key` and hands each result to `deliver` with the key it was read for. A read under
 * way when the key changes is not dropped: it ends, is delivered, and then the latest key is read. (Dexie's
 * liveQuery starts its query again on every write to what it read; the list's reads watch every block's head, so
 * during a sync they were restarted before they could end, and the list stayed on "Loading...".)
 */
function useLatestRead<T>(key: string, read: () => Promise<T>, deliver: (key: string, result: T | Error) => void) {
  const latest = useRef({ key, read, deliver });
  // Kept current before the effect below runs (layout effects run first), and for reads ending later.
  useLayoutEffect(() => {
    latest.current = { key, read, deliver };
  });
  const running = useRef<string | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  useEffect(() => {
    const run = () => {
      const { key: k, read: r } = latest.current;
      running.current = k;
      r()
        .then(
          (value) => value,
          (err: unknown) => (err instanceof Error ? err : new Error(String(err))),
        )
        .then((result) => {
          running.current = null;
          if (!mounted.current) return;
          latest.current.deliver(k, result);
          if (latest.current.key !== k) run();
        });
    };
    if (running.current === null) run();
  }, [key]);
}

/** `first`/`last`: the indexes of the rows on screen (with overscan). */
export function useTxPages(db: WyrdDb, q: TxQuery, first: number, last: number): TxPages {
  const key = queryKey(q);
  // The query object for this key (a new object with the same key must not re-read).
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const query = useMemo(() => q, [key]);
  // The blocks' heads change with every write of transactions; reading them is cheap (no rows).
  const version = useLiveQuery(() => txVersion(db), [db]);

  // The count, tagged with its query: after a filter change the list still shows the last query's count until
  // the new one's arrives, and that count must not count as the new query's first.
  const [tagged, setTagged] = useState<{ key: string; n: number } | undefined>(undefined);
  useLatestRead(
    version === undefined ? `${key}|waiting` : `${key}|${version}`,
    () => (version === undefined ? Promise.resolve(null) : countTransactions(db, query)),
    (readKey, result) => {
      if (result === null) return;
      if (result instanceof Error) console.error('Failed to count transactions', result);
      setTagged({ key: readKey.slice(0, readKey.lastIndexOf('|')), n: result instanceof Error ? -1 : result });
    },
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
  useLatestRead(
    JSON.stringify([cacheKey, firstPage, lastPage, version ?? null]),
    () => (version === undefined ? Promise.resolve(null) : readPages(db, query, firstPage, lastPage)),
    (readKey, rows) => {
      if (rows === null) return;
      const [readCache, from, to] = JSON.parse(readKey) as [string, number, number];
      if (rows instanceof Error) {
        console.error('Failed to load transactions', rows);
        setFailedKey(readCache);
        return;
      }
      // Pages read for an earlier query (or count) than the one now shown are dropped.
      if (readCache !== cacheKey) return;
      setState((prev) => {
        const pages = new Map(prev.key === readCache ? prev.pages : NO_PAGES);
        for (let p = from; p <= to; p++) pages.set(p, rows.slice((p - from) * PAGE_SIZE, (p - from + 1) * PAGE_SIZE));
        return { key: readCache, pages };
      });
    },
  );
  const pages = state.key === cacheKey ? state.pages : NO_PAGES;
  return {
    count: count === undefined ? null : count,
    failed: count === -1 || failedKey === cacheKey,
    row: (index) => pages.get(Math.floor(index / PAGE_SIZE))?.[index % PAGE_SIZE],
  };
}
