// Live accounts data for the Accounts screen: rows plus the scenario facts that mark hypothetical accounts,
// read from the user's Dexie database (or the ledger kept in memory); a failed read becomes an error state the page
// can retry.
import type { WyrdDb } from '../../data/db';
import type { LiveData } from '../../data/use-live-snapshot';
import { useLedgerPart, type LedgerPart } from '../../data/ledger-source';
import { readTables, scenarioLinks, type TableRows } from '../../data/repositories/summaries';
import type { AccountRow } from '../../data/entities';
import { accountsSummary, type NetWorthData } from '../../../worker/engine/index';
import { sortByName } from '../../lib/format/name-sort';

/** A stored account with what its row shows (a wrapper: copying every row would cost time at scale). */
export type AccountView = {
  id: string;
  name: string;
  account: AccountRow;
  /** Set for accounts a non-baseline scenario's event created: they show in the lists but never count. */
  hypotheticalScenario: string | null;
  /** Where an event-linked account is edited (/scenarios/{scenarioId}?editEvent={eventId}), when known. */
  eventScenarioId: string | null;
};

export type AccountsData = {
  assets: AccountView[];
  liabilities: AccountView[];
  summary: NetWorthData;
  total: number;
};

/** What readSnapshot reads: only changes to these re-read it. */
const TABLES = ['accounts', 'scenarios', 'events'] as const;

type Snapshot = TableRows<(typeof TABLES)[number]>;

const readSnapshot = (db: WyrdDb): Promise<Snapshot> => readTables(db, TABLES);

/** Groups and sorts the accounts and works out the summary; memoised on the snapshot so re-renders are cheap. */
export function buildAccountsData(snapshot: Snapshot): AccountsData {
  const { rowView } = scenarioLinks(snapshot);
  let assets: AccountView[] = [];
  let liabilities: AccountView[] = [];
  for (const a of snapshot.accounts) {
    const view: AccountView = { ...rowView(a), account: a };
    (a.is_asset ? assets : liabilities).push(view);
  }
  assets = sortByName(assets);
  liabilities = sortByName(liabilities);
  return { assets, liabilities, summary: accountsSummary(snapshot), total: snapshot.accounts.length };
}

const PART: LedgerPart<Snapshot> = { read: readSnapshot, tables: TABLES, failure: 'Failed to load accounts' };

/**
 * The screen's data, live: from the kept ledger when another screen has it in memory (useLedgerPart), else its
 * own read of the three tables. `attempt` re-runs a failed read ('Try again').
 */
export function useAccountsData(db: WyrdDb, attempt: number): LiveData<AccountsData> {
  return useLedgerPart(db, attempt, PART, buildAccountsData);
}
