// The ledger (every account, recurring item, category, scenario and event) as one kept live read: the Dashboard
// and Recurring Items show it (Accounts and the transaction screens a part of it), so it is read once and kept up
// to date in memory while the user's database is open, and moving between those screens does not read 10,000
// rows again.
import type { WyrdDb } from './db';
import { whenStill } from './db-activity';
import { LEDGER_TABLES, loadLedger, type LedgerRows } from './repositories/summaries';
import { useMemo } from 'react';
import {
  currentSnapshot,
  hasKeptSnapshot,
  prefetchSnapshot,
  useLiveSnapshot,
  type LiveData,
} from './use-live-snapshot';

const LEDGER_FAILURE = 'Failed to load the ledger';

/** The ledger, live, built into a screen's view model (`build` a module-level function). */
export function useLedger<D>(db: WyrdDb, attempt: number, build: (ledger: LedgerRows) => D): LiveData<D> {
  return useLiveSnapshot(db, attempt, loadLedger, build, LEDGER_FAILURE, LEDGER_TABLES, { keep: true });
}

/** A screen's own read of part of the ledger (useLedgerPart). */
export type LedgerPart<P> = {
  read: (db: WyrdDb) => Promise<P>;
  tables: ReadonlyArray<string>;
  failure: string;
};

/**
 * A screen that shows part of the ledger (Accounts: the accounts and the scenario links): built from the kept
 * ledger when it is in memory as the screen opens, else from the screen's own smaller read, so opening it cold
 * does not read 10,000 recurring items it does not show. `build` must accept either (the ledger has every table).
 */
export function useLedgerPart<P, D>(
  db: WyrdDb,
  attempt: number,
  part: LedgerPart<P>,
  build: (rows: P) => D,
): LiveData<D> {
  const warm = useMemo(() => hasKeptSnapshot(db, loadLedger), [db]);
  const read = (warm ? loadLedger : part.read) as (db: WyrdDb) => Promise<P>;
  return useLiveSnapshot(
    db,
    attempt,
    read,
    build,
    warm ? LEDGER_FAILURE : part.failure,
    warm ? LEDGER_TABLES : part.tables,
    {
      keep: warm,
    },
  );
}

/** The ledger as stored now, from memory when the kept read is current (another read builds on it). */
export function currentLedger(db: WyrdDb): Promise<LedgerRows> {
  return currentSnapshot(db, loadLedger, LEDGER_FAILURE, LEDGER_TABLES);
}

/**
 * Reads the ledger ahead for the next screen once the current one has its data (whenStill: reading 10,000 rows
 * beside a screen's own read made that screen twice as slow to open). Returns a cancel function.
 */
export function prefetchLedger(db: WyrdDb): () => void {
  return whenStill(db, () => prefetchSnapshot(db, loadLedger, LEDGER_FAILURE, LEDGER_TABLES));
}
