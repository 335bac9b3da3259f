// Live data for the Recurring Items screen: items with their category and account names, the pickers' lists,
// and the normalised monthly summary, from the kept ledger read of the user's Dexie database (a failed read is an
// error state).
import type { WyrdDb } from '../../data/db';
import type { LiveData } from '../../data/use-live-snapshot';
import { useLedger } from '../../data/ledger-source';
import { scenarioLinks, type LedgerRows } from '../../data/repositories/summaries';
import type { CategoryRow, RecurringItemRow } from '../../data/entities';
import { recurringSummary, UNCATEGORISED, type RecurringSummary } from '../../../worker/engine/index';
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

export function buildRecurringData(snapshot: LedgerRows): RecurringData {
  const { hypothetical, rowView } = scenarioLinks(snapshot);
  const categoryNames = new Map(snapshot.categories.map((c) => [c.id, c.name]));
  const accountNames = new Map(snapshot.accounts.map((a) => [a.id, a.name]));
  let income: RecurringView[] = [];
  let expenses: RecurringView[] = [];
  for (const r of snapshot.recurring_items) {
    const view: RecurringView = {
      ...rowView(r),
      item: r,
      categoryName: categoryNames.get(r.category_id) ?? UNCATEGORISED,
      accountName: accountNames.get(r.account_id) ?? 'Unknown account',
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

/**
 * The screen's data, live, from the kept ledger the Dashboard also shows (useLedger): coming from another screen
 * it is already in memory. `attempt` re-runs a failed read ('Try again').
 */
export function useRecurringData(db: WyrdDb, attempt: number): LiveData<RecurringData> {
  return useLedger(db, attempt, buildRecurringData);
}
