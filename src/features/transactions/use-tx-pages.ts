// The Transactions list's data: the count of rows the query matches and the rows of the pages on screen, read
// together from the account-month blocks (tx-store.ts readSnapshot) so the first rows show without reading every
// row. Only the blocks' version is watched live; the count and the pages are read again when it differs from theirs,
// and a read under way is finished and shown rather than restarted, so a sync writing blocks every few hundred
// milliseconds cannot keep the list empty.
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { WyrdDb } from '../../data/db';
import {
  keptSnapshot,
  PAGE_SIZE,
  queryKey,
  takeSnapshot,
  txVersion,
  type TransactionRow,
  type TxQuery,
} from './tx-store';

type Shown = { key: string; version: string; count: number; pages: ReadonlyMap<number, TransactionRow[]> };

const NO_PAGES: ReadonlyMap<number, TransactionRow[]> = new Map();

export type TxPages = {
  /** null while the first count is read; -1 when the read failed. */
  count: number | null;
  row: (index: number) => TransactionRow | undefined;
  failed: boolean;
};

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
  // Changes with every write of transactions; reading it reads one small record.
  const version = useLiveQuery(() => txVersion(db), [db]);
  const firstPage = Math.floor(Math.max(0, first) / PAGE_SIZE);
  const lastPage = Math.max(firstPage, Math.floor(Math.max(0, last) / PAGE_SIZE));

  // What is shown: the count and the pages read so far of one query, and the version they were read at. After a
  // filter change the last query's count stays until the new one's arrives (its rows do not).
  const [shown, setShown] = useState<Shown | null>(() => {
    const last = keptSnapshot(db, query);
    return last ? { key, version: last.version, count: last.count, pages: new Map([[0, last.rows]]) } : null;
  });
  const [failedKey, setFailedKey] = useState<string | null>(null);
  // The first read does not wait for the live version: it reads the count, the pages and their version together,
  // and is read again (`round`) only when the live version differs from the one shown. (Waiting for the version
  // first put a whole render and a read before the first rows.)
  // Bumped once per live version that differs from the shown one (a live version older than the one just read
  // costs one read more, not a loop).
  const [round, setRound] = useState<{ version?: string; n: number }>({ n: 0 });
  const shownVersion = shown?.key === key ? shown.version : undefined;
  if (version !== undefined && shownVersion !== undefined && version !== shownVersion && round.version !== version)
    setRound({ version, n: round.n + 1 });
  useLatestRead(
    JSON.stringify([key, firstPage, lastPage, round.n]),
    () => takeSnapshot(db, query, firstPage, lastPage),
    (readKey, result) => {
      const [readQuery, from, to] = JSON.parse(readKey) as [string, number, number];
      if (result instanceof Error) {
        console.error('Failed to load transactions', result);
        setFailedKey(readQuery);
        return;
      }
      setFailedKey(null);
      setShown((prev) => {
        // Pages already read stay while the count is the same; a change in the count (an import, an undo) shifts
        // every offset, so only the pages just read are kept.
        const keep = prev !== null && prev.key === readQuery && prev.count === result.count;
        const pages = new Map(keep ? prev.pages : NO_PAGES);
        for (let p = from; p <= to; p++)
          pages.set(p, result.rows.slice((p - from) * PAGE_SIZE, (p - from + 1) * PAGE_SIZE));
        return { key: readQuery, version: result.version, count: result.count, pages };
      });
    },
  );
  const pages = shown?.key === key ? shown.pages : NO_PAGES;
  const failed = failedKey === key;
  return {
    count: failed ? -1 : shown ? shown.count : null,
    failed,
    row: (index) => pages.get(Math.floor(index / PAGE_SIZE))?.[index % PAGE_SIZE],
  };
}
