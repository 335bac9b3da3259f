// Dashboard and summary figures from the user's entities (product-spec section 3 "Dashboard data"):
// what counts (forecast-model.md section 6: hypothetical entities never do), net worth, a month's actual
// cash flow and spending by category. Pure: the caller chooses the month (the engine reads no clock).
import { occurrencesInMonth } from './calendar';
import type { Account, Category } from './model/account';
import type { CashFlowData, NetWorthData, SpendingByCategory } from './model/dashboard';
import type { RecurringItem } from './model/recurring-item';
import type { IsoMonth } from './primitives';

type Linked = { scenario_event_id?: string | null };
type ScenarioLike = { is_baseline: boolean; events?: ReadonlyArray<{ id: string }> };

const cents = (n: number): number => {
  const r = Math.round(n * 100) / 100;
  return Number.isFinite(r) && r !== 0 ? r : 0;
};

/**
 * Keeps the entities that describe the present: unlinked ones and those materialised by a baseline scenario's
 * events. Those created by a non-baseline scenario's events are hypothetical and never count.
 */
export function countedEntities<T extends Linked>(entities: ReadonlyArray<T>, scenarios: ReadonlyArray<ScenarioLike>): T[] {
  const baselineEvents = new Set<string>();
  for (const s of scenarios) if (s.is_baseline) for (const e of s.events ?? []) baselineEvents.add(e.id);
  return entities.filter((e) => !e.scenario_event_id || baselineEvents.has(e.scenario_event_id));
}

/** Net worth = assets - amounts owed; liabilities are shown as a positive amount owed. */
export function netWorthData(accounts: ReadonlyArray<Pick<Account, 'current_balance' | 'is_asset'>>): NetWorthData {
  let assets = 0;
  let owed = 0;
  for (const a of accounts) {
    if (a.is_asset) assets += a.current_balance;
    else owed += Math.abs(a.current_balance);
  }
  return { net_worth: cents(assets - owed), total_assets: cents(assets), total_liabilities: cents(owed) };
}

/** Actual income and expenses of active recurring items in a calendar month (real occurrences). */
export function cashFlowData(items: ReadonlyArray<RecurringItem>, month: IsoMonth): CashFlowData {
  let income = 0;
  let expenses = 0;
  for (const item of items) {
    if (!item.is_active) continue;
    const total = item.amount * occurrencesInMonth(item, month);
    if (total > 0) income += total;
    else expenses -= total;
  }
  return { total_income: cents(income), total_expenses: cents(expenses), net_cash_flow: cents(income - expenses) };
}

/** Spending (expenses, positive) by category in a calendar month, largest first; percentages of the total. */
export function spendingByCategory(
  items: ReadonlyArray<RecurringItem>,
  categories: ReadonlyArray<Pick<Category, 'id' | 'name'>>,
  month: IsoMonth,
): SpendingByCategory {
  const byCategory = new Map<string, number>();
  let total = 0;
  for (const item of items) {
    if (!item.is_active || item.amount >= 0) continue;
    const spent = -item.amount * occurrencesInMonth(item, month);
    if (spent === 0) continue;
    byCategory.set(item.category_id, (byCategory.get(item.category_id) ?? 0) + spent);
    total += spent;
  }
  const names = new Map(categories.map((c) => [c.id, c.name]));
  return {
    categories: [...byCategory]
      .map(([category_id, amount]) => ({
        category_id,
        category_name: names.get(category_id) ?? 'Uncategorised',
        amount: cents(amount),
        percentage: total > 0 ? Math.round((amount / total) * 10000) / 100 : 0,
      }))
      .sort((a, b) => b.amount - a.amount || a.category_name.localeCompare(b.category_name)),
  };
}
