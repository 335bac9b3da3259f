// Computes the Dashboard data without blocking the page: the data layer's dashboardData() runs over slices of
// the recurring items with a yield to the browser between slices (10,000 items on a cold JIT would otherwise
// be one 100+ ms task), and the slices' sums are combined exactly as dashboardData() combines items.
import { dashboardData, type Ledger } from '../../data/repositories/summaries';
import type { DashboardData } from '../../../worker/engine/index';

/** Items per slice: small enough that one slice stays well under the 100 ms long-task budget. */
export const SLICE_SIZE = 500;

const cents = (n: number) => {
  const r = Math.round(n * 100) / 100;
  return r === 0 ? 0 : r;
};

const yieldToBrowser = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export class DashboardCancelled extends Error {
  constructor() {
    super('Dashboard computation superseded');
    this.name = 'DashboardCancelled';
  }
}

/** dashboardData(ledger, today), computed in slices; `cancelled()` stops early when newer data has arrived. */
export async function computeDashboard(ledger: Ledger, today: string, cancelled: () => boolean = () => false): Promise<DashboardData> {
  const items = ledger.recurring_items;
  if (items.length <= SLICE_SIZE) return dashboardData(ledger, today);
  // Net worth needs only the accounts; the recurring items are summed slice by slice.
  const base = dashboardData({ ...ledger, recurring_items: [] }, today);
  let income = 0;
  let expenses = 0;
  const spend = new Map<string, { name: string; amount: number }>();
  for (let start = 0; start < items.length; start += SLICE_SIZE) {
    await yieldToBrowser();
    if (cancelled()) throw new DashboardCancelled();
    const part = dashboardData({ ...ledger, accounts: [], recurring_items: items.slice(start, start + SLICE_SIZE) }, today);
    income += part.cash_flow.total_income;
    expenses += part.cash_flow.total_expenses;
    for (const c of part.spending_by_category.categories) {
      const entry = spend.get(c.category_id);
      if (entry) entry.amount += c.amount;
      else spend.set(c.category_id, { name: c.category_name, amount: c.amount });
    }
  }
  const totalExpenses = cents(expenses);
  const categories = [...spend.entries()]
    .map(([category_id, { name, amount }]) => ({
      category_id,
      category_name: name,
      amount: cents(amount),
      percentage: totalExpenses > 0 ? Math.round((amount / totalExpenses) * 1000) / 10 : 0,
    }))
    .sort((a, b) => b.amount - a.amount || a.category_name.localeCompare(b.category_name, 'en-AU'));
  return {
    net_worth: base.net_worth,
    cash_flow: { total_income: cents(income), total_expenses: totalExpenses, net_cash_flow: cents(income - expenses) },
    spending_by_category: { categories },
  };
}
