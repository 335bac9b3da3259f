// The Dexie side of the Accounts and Recurring Items summaries and the Dashboard: one consistent read of the
// tables they need. The figures are the engine's (accountsSummary, recurringSummary, dashboardData).
import { isHypothetical, realEventIds } from '../../../worker/engine/index';
import type { WyrdDb } from '../db';
import type { AccountRow, CategoryRow, RecurringItemRow, ScenarioEventRow, ScenarioRow } from '../entities';

/** The row each table a summary reads holds. */
type SummaryRows = {
  accounts: AccountRow;
  recurring_items: RecurringItemRow;
  categories: CategoryRow;
  scenarios: ScenarioRow;
  events: ScenarioEventRow;
};

export type SummaryTable = keyof SummaryRows;

/** Every row of each named table, by table name. */
export type TableRows<N extends SummaryTable> = { [K in N]: SummaryRows[K][] };

/**
 * Reads whole tables in one read transaction (a consistent snapshot). The same list of names is what a live
 * read watches (useLiveSnapshot's tables), so a screen names its tables once.
 */
export async function readTables<N extends SummaryTable>(db: WyrdDb, names: ReadonlyArray<N>): Promise<TableRows<N>> {
  const tables = names.map((name) => db.table(name));
  return db.transaction('r', tables, async () => {
    const rows = await Promise.all(tables.map((table) => table.toArray()));
    return Object.fromEntries(names.map((name, i) => [name, rows[i]])) as TableRows<N>;
  });
}

/**
 * Which scenario made an entity: `scenarioOf` for the event that created it (null for the user's own), and
 * `hypothetical` for the name shown on a what-if scenario's entity (null for a real one: the user's own or a
 * baseline's).
 */
export function scenarioLinks(snapshot: TableRows<'scenarios' | 'events'>) {
  const real = realEventIds(snapshot.scenarios, snapshot.events);
  const scenarioNames = new Map(snapshot.scenarios.map((s) => [s.id, s.name]));
  const eventScenario = new Map(snapshot.events.map((e) => [e.id, e.scenario_id]));
  const scenarioOf = (eventId: string | null | undefined) => (eventId ? (eventScenario.get(eventId) ?? null) : null);
  const hypothetical = (entity: { scenario_event_id?: string | null }) => {
    if (!isHypothetical(entity, real)) return null;
    const scenarioId = scenarioOf(entity.scenario_event_id);
    return (scenarioId && scenarioNames.get(scenarioId)) || 'Unknown scenario';
  };
  /** What every money row view carries about its entity: its id and name, and the scenario links above. */
  const rowView = (entity: { id: string; name: string; scenario_event_id?: string | null }) => ({
    id: entity.id,
    name: entity.name,
    eventScenarioId: scenarioOf(entity.scenario_event_id),
    hypotheticalScenario: hypothetical(entity),
  });
  return { scenarioOf, hypothetical, rowView };
}

/** Everything the summaries and the dashboard read, as stored (hypothetical entities included). */
export type Ledger = {
  accounts: ReadonlyArray<AccountRow>;
  recurring_items: ReadonlyArray<RecurringItemRow>;
  categories: ReadonlyArray<CategoryRow>;
  scenarios: ReadonlyArray<Pick<ScenarioRow, 'id' | 'is_baseline'>>;
  events: ReadonlyArray<Pick<ScenarioEventRow, 'id' | 'scenario_id'>>;
};

/** The tables loadLedger reads: only changes to these re-read it. */
export const LEDGER_TABLES = ['accounts', 'recurring_items', 'categories', 'scenarios', 'events'] as const;

/** Every stored row of the ledger's tables, as loadLedger reads them. */
export type LedgerRows = TableRows<(typeof LEDGER_TABLES)[number]>;

/** Reads every table the summaries need in one read transaction (a consistent snapshot). */
export function loadLedger(db: WyrdDb): Promise<LedgerRows> {
  return readTables(db, LEDGER_TABLES);
}
