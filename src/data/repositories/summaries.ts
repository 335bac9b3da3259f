// Pure figures for the screens: Accounts summary, Recurring Items summary and the Dashboard data, from rows
// with the engine's calendar helpers. Entities created by a non-baseline scenario's events are hypothetical
// and never count; `today` is always a parameter.
import {
  actualMonthTotals,
  addMonths,
  normalisedMonthlyTotals,
  occurrencesInMonth,
  type DashboardData,
} from '../../../worker/engine/index';
import type { WyrdDb } from '../db';
import type { AccountRow, CategoryRow, RecurringItemRow, ScenarioEventRow, ScenarioRow } from '../entities';

/** Everything the summaries read. */
export type Ledger = {
  accounts: ReadonlyArray<AccountRow>;
  recurring_items: ReadonlyArray<RecurringItemRow>;
  categories: ReadonlyArray<CategoryRow>;
  scenarios: ReadonlyArray<Pick<ScenarioRow, 'id' | 'is_baseline'>>;
  events: ReadonlyArray<Pick<ScenarioEventRow, 'id' | 'scenario_id'>>;
};

export type AccountsSummary = { total_assets: number; total_liabilities: number; net_worth: number };
export type RecurringSummary = { monthly_income: number; monthly_expenses: number; net_cash_flow: number };

const cents = (n: number) => {
  const r = Math.round(n * 100) / 100;
  return r === 0 ? 0 : r;
};

/** Ids of events whose entities count as real: those of baseline scenarios. */
export function realEventIds(ledger: Pick<Ledger, 'scenarios' | 'events'>): Set<string> {
  const baseline = new Set(ledger.scenarios.filter((s) => s.is_baseline).map((s) => s.id));
  return new Set(ledger.events.filter((e) => baseline.has(e.scenario_id)).map((e) => e.id));
}

/**
 * True for an account or item a non-baseline scenario's event created (or whose event is gone): it shows in
 * lists with its event link but never counts in summaries or on the dashboard.
 */
export function isHypothetical(entity: { scenario_event_id?: string | null }, realEvents: ReadonlySet<string>): boolean {
  return !!entity.scenario_event_id && !realEvents.has(entity.scenario_event_id);
}

function counted<T extends { scenario_event_id?: string | null }>(rows: ReadonlyArray<T>, ledger: Pick<Ledger, 'scenarios' | 'events'>): T[] {
  const real = realEventIds(ledger);
  return rows.filter((r) => !isHypothetical(r, real));
}

/** Total assets, total liabilities (the amount owed, positive) and net worth. */
export function accountsSummary(ledger: Pick<Ledger, 'accounts' | 'scenarios' | 'events'>): AccountsSummary {
  let assets = 0;
  let liabilities = 0;
  for (const a of counted(ledger.accounts, ledger)) {
    if (a.is_asset) assets += a.current_balance;
    else liabilities += Math.abs(a.current_balance);
  }
  return { total_assets: cents(assets), total_liabilities: cents(liabilities), net_worth: cents(assets - liabilities) };
}

/** Monthly Income, Monthly Expenses (positive) and Net Cash Flow: normalised monthly equivalents of active items. */
export function recurringSummary(ledger: Pick<Ledger, 'recurring_items' | 'scenarios' | 'events'>): RecurringSummary {
  const t = normalisedMonthlyTotals(counted(ledger.recurring_items, ledger));
  return { monthly_income: t.income, monthly_expenses: t.expenses, net_cash_flow: t.net };
}

/** The calendar month before the one containing `today` (YYYY-MM-DD), as YYYY-MM. */
export function previousMonth(today: string): string {
  return addMonths(today.slice(0, 7), -1);
}

/** Category name for an id no longer among the user's categories. */
export const UNCATEGORISED = 'Uncategorised';

/**
 * The Dashboard data (spec section 3): net worth now; cash flow and spending by category of the previous
 * calendar month from the actual occurrences of active recurring items (a weekly item counts 4 or 5 times).
 * Spending is sorted largest first; percentages are of total expenses, to 1 decimal.
 */
export function dashboardData(ledger: Ledger, today: string): DashboardData {
  const month = previousMonth(today);
  const items = counted(ledger.recurring_items, ledger).filter((r) => r.is_active);
  const totals = actualMonthTotals(items, month);
  const names = new Map(ledger.categories.map((c) => [c.id, c.name]));
  const spend = new Map<string, number>();
  for (const r of items) {
    if (r.amount >= 0) continue;
    const amount = -r.amount * occurrencesInMonth(r, month);
    if (amount > 0) spend.set(r.category_id, (spend.get(r.category_id) ?? 0) + amount);
  }
  const categories = [...spend.entries()]
    .map(([category_id, amount]) => ({
      category_id,
      category_name: names.get(category_id) ?? UNCATEGORISED,
      amount: cents(amount),
      percentage: totals.expenses > 0 ? Math.round((amount / totals.expenses) * 1000) / 10 : 0,
    }))
    .sort((a, b) => b.amount - a.amount || a.category_name.localeCompare(b.category_name, 'en-AU'));
  const nw = accountsSummary(ledger);
  return {
    net_worth: { net_worth: nw.net_worth, total_assets: nw.total_assets, total_liabilities: nw.total_liabilities },
    cash_flow: { total_income: totals.income, total_expenses: totals.expenses, net_cash_flow: totals.net },
    spending_by_category: { categories },
  };
}

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
