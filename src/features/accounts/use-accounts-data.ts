// Live accounts data for the Accounts screen: rows plus the scenario facts that mark hypothetical accounts,
// read from the user's Dexie database; a failed read becomes an error state the page can retry.
import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo } from 'react';
import type { WyrdDb } from '../../data/db';
import type { AccountRow, ScenarioEventRow, ScenarioRow } from '../../data/entities';
import { accountsSummary, isHypothetical, realEventIds, type AccountsSummary } from '../../data/repositories/summaries';

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
  summary: AccountsSummary;
  total: number;
};

type Snapshot = { accounts: AccountRow[]; scenarios: ScenarioRow[]; events: ScenarioEventRow[] };
type LoadState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; snapshot: Snapshot };

/**
 * A sort key that orders names the way people read them (case-insensitive, "Item 2" before "Item 10") with
 * plain string comparison: Intl.Collator's compare is several times slower over 10,000 names.
 */
export function nameSortKey(name: string): string {
  return name.toLowerCase().replace(/\d+/g, (digits) => digits.padStart(16, '0'));
}

function sortByName<T extends { name: string; id: string }>(rows: T[]): T[] {
  const keyed = rows.map((row) => ({ key: nameSortKey(row.name), row }));
  keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.row.id < b.row.id ? -1 : a.row.id > b.row.id ? 1 : 0));
  return keyed.map((k) => k.row);
}

async function readSnapshot(db: WyrdDb): Promise<Snapshot> {
  return db.transaction('r', [db.accounts, db.scenarios, db.events], async () => {
    const [accounts, scenarios, events] = await Promise.all([db.accounts.toArray(), db.scenarios.toArray(), db.events.toArray()]);
    return { accounts, scenarios, events };
  });
}

/** Groups and sorts the accounts and works out the summary; memoised on the snapshot so re-renders are cheap. */
export function buildAccountsData(snapshot: Snapshot): AccountsData {
  const real = realEventIds(snapshot);
  const scenarioNames = new Map(snapshot.scenarios.map((s) => [s.id, s.name]));
  const eventScenario = new Map(snapshot.events.map((e) => [e.id, e.scenario_id]));
  let assets: AccountView[] = [];
  let liabilities: AccountView[] = [];
  for (const a of snapshot.accounts) {
    const scenarioId = a.scenario_event_id ? (eventScenario.get(a.scenario_event_id) ?? null) : null;
    const view: AccountView = {
      id: a.id,
      name: a.name,
      account: a,
      eventScenarioId: scenarioId,
      hypotheticalScenario: isHypothetical(a, real) ? (scenarioId ? (scenarioNames.get(scenarioId) ?? 'Unknown scenario') : 'Unknown scenario') : null,
    };
    (a.is_asset ? assets : liabilities).push(view);
  }
  assets = sortByName(assets);
  liabilities = sortByName(liabilities);
  return { assets, liabilities, summary: accountsSummary(snapshot), total: snapshot.accounts.length };
}

/** The Accounts screen's data, live; `attempt` re-runs a failed read ('Try again'). */
export function useAccountsData(db: WyrdDb, attempt: number): { status: 'loading' } | { status: 'error' } | { status: 'ready'; data: AccountsData } {
  const state = useLiveQuery<LoadState, LoadState>(
    async () => {
      try {
        return { status: 'ready', snapshot: await readSnapshot(db) };
      } catch (err) {
        console.error('Failed to load accounts', err);
        return { status: 'error' };
      }
    },
    [db, attempt],
    { status: 'loading' },
  );
  const snapshot = state.status === 'ready' ? state.snapshot : null;
  const data = useMemo(() => (snapshot ? buildAccountsData(snapshot) : null), [snapshot]);
  if (state.status !== 'ready' || !data) return state.status === 'error' ? { status: 'error' } : { status: 'loading' };
  return { status: 'ready', data };
}
