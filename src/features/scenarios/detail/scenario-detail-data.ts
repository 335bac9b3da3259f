// Live data of the scenario detail screen: the scenario with its events in timeline order, and the accounts
// and recurring items its event cards describe; a scenario that is not there reads as missing.
import type { WyrdDb } from '../../../data/db';
import type { AccountRow, RecurringItemRow, ScenarioEventRow } from '../../../data/entities';
import { getScenarioWithChildren, type ScenarioWithChildrenRows } from '../../../data/repositories/scenarios';
import { compareCodeUnits } from '../../../lib/format/name-sort';

type Snapshot = { scenario: ScenarioWithChildrenRows | undefined; accounts: AccountRow[]; items: RecurringItemRow[] };

export type ScenarioDetailData =
  | { found: false }
  | {
      found: true;
      scenario: ScenarioWithChildrenRows;
      events: ScenarioEventRow[];
      accounts: AccountRow[];
      items: RecurringItemRow[];
    };

export async function readScenarioDetail(db: WyrdDb, scenarioId: string): Promise<Snapshot> {
  return db.transaction('r', [db.scenarios, db.events, db.modifications, db.accounts, db.recurring_items], async () => {
    const [scenario, accounts, items] = await Promise.all([
      getScenarioWithChildren(db, scenarioId),
      db.accounts.toArray(),
      db.recurring_items.toArray(),
    ]);
    return { scenario, accounts, items };
  });
}

/** Sorted by trigger_date ascending (then name, so equal dates keep a stable order). */
export function sortEvents(events: ReadonlyArray<ScenarioEventRow>): ScenarioEventRow[] {
  const date = (e: ScenarioEventRow) => e.trigger_date || `${e.trigger_month}-01`;
  return [...events].sort((a, b) => compareCodeUnits(date(a), date(b)) || a.name.localeCompare(b.name));
}

export function buildScenarioDetail(snapshot: Snapshot): ScenarioDetailData {
  const { scenario, accounts, items } = snapshot;
  if (!scenario) return { found: false };
  return { found: true, scenario, events: sortEvents(scenario.events), accounts, items };
}
