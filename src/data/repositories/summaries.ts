// The Dexie side of the Accounts and Recurring Items summaries and the Dashboard: one consistent read of the
// tables they need. The figures are the engine's (accountsSummary, recurringSummary, dashboardData).
import type { WyrdDb } from '../db';
import type { AccountRow, CategoryRow, RecurringItemRow, ScenarioEventRow, ScenarioRow } from '../entities';

/** Everything the summaries and the dashboard read, as stored (hypothetical entities included). */
export type Ledger = {
  accounts: ReadonlyArray<AccountRow>;
  recurring_items: ReadonlyArray<RecurringItemRow>;
  categories: ReadonlyArray<CategoryRow>;
  scenarios: ReadonlyArray<Pick<ScenarioRow, 'id' | 'is_baseline'>>;
  events: ReadonlyArray<Pick<ScenarioEventRow, 'id' | 'scenario_id'>>;
};

/** Reads every table the summaries need in one read transaction (a consistent snapshot). */
export async function loadLedger(db: WyrdDb): Promise<Ledger> {
  return db.transaction('r', [db.accounts, db.recurring_items, db.categories, db.scenarios, db.events], async () => {
    const [accounts, recurring_items, categories, scenarios, events] = await Promise.all([
      db.accounts.toArray(),
      db.recurring_items.toArray(),
      db.categories.toArray(),
      db.scenarios.toArray(),
      db.events.toArray(),
    ]);
    return { accounts, recurring_items, categories, scenarios, events };
  });
}
