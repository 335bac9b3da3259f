// The ledger (every account, recurring item, category, scenario and event) as one kept live read: the Dashboard,
// Recurring Items and the plan-versus-actual card show it, so it is read once and kept up to date in memory
// while the user's database is open, and moving between those screens does not read 10,000 rows again.
import type { WyrdDb } from './db';
import { whenStill } from './db-activity';
import { LEDGER_TABLES, loadLedger, type LedgerRows } from './repositories/summaries';
import { currentSnapshot, prefetchSnapshot, useLiveSnapshot, type LiveData } from './use-live-snapshot';

const LEDGER_FAILURE = 'Failed to load the ledger';

/** The ledger, live, built into a screen's view model (`build` a module-level function). */
export function useLedger<D>(db: WyrdDb, attempt: number, build: (ledger: LedgerRows) => D): LiveData<D> {
  return useLiveSnapshot(db, attempt, loadLedger, build, LEDGER_FAILURE, LEDGER_TABLES, { keep: true });
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
