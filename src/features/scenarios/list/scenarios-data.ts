// Live data of the scenario list: the scenarios in list order with their event counts, and the user's own
// accounts, recurring items and categories the baseline assistant reads.
import type { WyrdDb } from '../../../data/db';
import type { AccountRow, CategoryRow, RecurringItemRow, ScenarioEventRow, ScenarioRow } from '../../../data/entities';
import { compareCodeUnits } from '../../../lib/format/name-sort';

type Snapshot = {
  scenarios: ScenarioRow[];
  events: ScenarioEventRow[];
  accounts: AccountRow[];
  items: RecurringItemRow[];
  categories: CategoryRow[];
};

export type ScenariosData = {
  scenarios: ScenarioRow[];
  counts: Map<string, number>;
  /** The user's own accounts and items (none an event created). */
  ownAccounts: AccountRow[];
  ownItems: RecurringItemRow[];
  categories: CategoryRow[];
};

export async function readScenariosSnapshot(db: WyrdDb): Promise<Snapshot> {
  return db.transaction('r', [db.scenarios, db.events, db.accounts, db.recurring_items, db.categories], async () => {
    const [scenarios, events, accounts, items, categories] = await Promise.all([
      db.scenarios.toArray(),
      db.events.toArray(),
      db.accounts.toArray(),
      db.recurring_items.toArray(),
      db.categories.toArray(),
    ]);
    return { scenarios, events, accounts, items, categories };
  });
}

export function buildScenariosData(snapshot: Snapshot): ScenariosData {
  const counts = new Map<string, number>();
  for (const e of snapshot.events) counts.set(e.scenario_id, (counts.get(e.scenario_id) ?? 0) + 1);
  // Baseline first, then oldest first: the order scenarios were made in.
  const scenarios = [...snapshot.scenarios].sort(
    (a, b) => Number(b.is_baseline) - Number(a.is_baseline) || compareCodeUnits(a.created_at, b.created_at),
  );
  return {
    scenarios,
    counts,
    ownAccounts: snapshot.accounts.filter((a) => !a.scenario_event_id),
    ownItems: snapshot.items.filter((i) => !i.scenario_event_id),
    categories: snapshot.categories,
  };
}
