// Live data for the Recurring Items screen: items with their category and account names, the pickers' lists,
// and the normalised monthly summary, read from the user's Dexie database (a failed read is an error state).
import type { WyrdDb } from '../../data/db';
import { useLiveSnapshot, type LiveData } from '../../data/use-live-snapshot';
import type { AccountRow, CategoryRow, RecurringItemRow, ScenarioEventRow, ScenarioRow } from '../../data/entities';
import {
  isHypothetical,
  realEventIds,
  recurringSummary,
  UNCATEGORISED,
  type RecurringSummary,
} from '../../../worker/engine/index';
import { sortByName } from '../../lib/format/name-sort';

/** A stored item with what its row shows; a wrapper, since copying 10,000 rows costs a long task. */
export type RecurringView = {
  id: string;
  name: string;
  item: RecurringItemRow;
  categoryName: string;
  accountName: string;
  /** Set for items a non-baseline scenario's event created: listed, never counted. */
  hypotheticalScenario: string | null;
  /** Where an event-linked item is edited, when its event is known. */
  eventScenarioId: string | null;
};

export type AccountOption = { id: string; name: string; hypotheticalScenario: string | null };

export type RecurringData = {
  income: RecurringView[];
  expenses: RecurringView[];
  summary: RecurringSummary;
  categories: CategoryRow[];
  accounts: AccountOption[];
  total: number;
};

type Snapshot = {
  recurring_items: RecurringItemRow[];
  accounts: AccountRow[];
  categories: CategoryRow[];
  scenarios: ScenarioRow[];
  events: ScenarioEventRow[];
};

/** What readSnapshot reads: only changes to these re-read it. */
const TABLES = ['recurring_items', 'accounts', 'categories', 'scenarios', 'events'];

async function readSnapshot(db: WyrdDb): Promise<Snapshot> {
  return db.transaction('r', [db.recurring_items, db.accounts, db.categories, db.scenarios, db.events], async () => {
    const [recurring_items, accounts, categories, scenarios, events] = await Promise.all([
      db.recurring_items.toArray(),
      db.accounts.toArray(),
      db.categories.toArray(),
      db.scenarios.toArray(),
      db.events.toArray(),
    ]);
    return { recurring_items, accounts, categories, scenarios, events };
  });
}

export function buildRecurringData(snapshot: Snapshot): RecurringData {
  const real = realEventIds(snapshot.scenarios, snapshot.events);
  const scenarioNames = new Map(snapshot.scenarios.map((s) => [s.id, s.name]));
  const eventScenario = new Map(snapshot.events.map((e) => [e.id, e.scenario_id]));
  const scenarioOf = (eventId: string | null | undefined) => (eventId ? (eventScenario.get(eventId) ?? null) : null);
  const hypothetical = (entity: { scenario_event_id?: string | null }) => {
    if (!isHypothetical(entity, real)) return null;
    const scenarioId = scenarioOf(entity.scenario_event_id);
    return (scenarioId && scenarioNames.get(scenarioId)) || 'Unknown scenario';
  };
  const categoryNames = new Map(snapshot.categories.map((c) => [c.id, c.name]));
  const accountNames = new Map(snapshot.accounts.map((a) => [a.id, a.name]));
  let income: RecurringView[] = [];
  let expenses: RecurringView[] = [];
  for (const r of snapshot.recurring_items) {
    const view: RecurringView = {
      id: r.id,
      name: r.name,
      item: r,
      categoryName: categoryNames.get(r.category_id) ?? UNCATEGORISED,
      accountName: accountNames.get(r.account_id) ?? 'Unknown account',
      hypotheticalScenario: hypothetical(r),
      eventScenarioId: scenarioOf(r.scenario_event_id),
    };
    (r.amount > 0 ? income : expenses).push(view);
  }
  income = sortByName(income);
  expenses = sortByName(expenses);
  const categories = sortByName([...snapshot.categories]);
  const accounts = sortByName(
    snapshot.accounts.map((a) => ({ id: a.id, name: a.name, hypotheticalScenario: hypothetical(a) })),
  );
  return {
    income,
    expenses,
    summary: recurringSummary(snapshot),
    categories,
    accounts,
    total: snapshot.recurring_items.length,
  };
}

/** The screen's data, live; `attempt` re-runs a failed read ('Try again'). */
export function useRecurringData(db: WyrdDb, attempt: number): LiveData<RecurringData> {
  return useLiveSnapshot(db, attempt, readSnapshot, buildRecurringData, 'Failed to load recurring items', TABLES);
}
