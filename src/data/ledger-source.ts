// The ledger (every account, recurring item, category, scenario and event) as one kept live read: the Dashboard,
// Recurring Items and the plan-versus-actual card show it, so it is read once and kept up to date in memory
// while the user's database is open, and moving between those screens does not read 10,000 rows again.
import type { WyrdDb } from './db';
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
 * Reads the ledger once the signed-in shell is idle, so the first screen that shows it opens at once. The read's
 * rows arrive in one task; an idle moment keeps that off the first paint.
 */
export function prefetchLedger(db: WyrdDb): () => void {
  const start = () => prefetchSnapshot(db, loadLedger, LEDGER_FAILURE, LEDGER_TABLES);
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(start, { timeout: 2_000 });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(start, 500);
  return () => clearTimeout(timer);
}
