// Plan versus actual (docs/plan-vs-actual.md): for each past month, what the plan expected against what the
// transactions show, per category and in total, explained by timing; each account's planned against actual
// balance; and the dashboard's "ahead or behind the plan" figure. Exact integer cents throughout.
import { dateToDayNumber, lastDayOfMonthIndex, monthIndexOf, monthOfIndex } from '../calendar';
import { actualBalance, ledgers, plannedBalances } from './balances';
import { matchOccurrences } from './match';
import type {
  AccountComparison,
  AccountMonth,
  ActualTransaction,
  CategoryComparison,
  Figures,
  MonthComparison,
  PlanVersusActual,
  PlanVersusActualInput,
  PlanVersusActualOptions,
  TimingNote,
} from './types';

export const UNCATEGORISED = 'Uncategorised';

function figures(expected: number, actual: number): Figures {
  return { expected_cents: expected, actual_cents: actual, variance_cents: actual - expected };
}

type Sums = { expected: number; actual: number };

type MonthSums = {
  income: Sums;
  expenses: Sums;
  categories: Map<string | null, Sums>;
  timing: TimingNote[];
  unplanned: MonthComparison['unplanned'];
};

function add(s: Sums, expected: number, actual: number): void {
  s.expected += expected;
  s.actual += actual;
}

function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Compares the plan with the actual transactions for each month from..to. A matched transaction counts in the
 * month of the occurrence it pays (a bill paid three days early is that month's bill) and in its own category,
 * else the item's; an unplanned one counts in its own month and category. Transfers count nowhere. Money in is
 * income, money out is expenses, by sign; variance is actual minus expected, so a positive variance is better
 * off than planned. Occurrences not yet due at as_of, and pending ones, are not expected yet.
 */
export function planVersusActual(input: PlanVersusActualInput, opts: PlanVersusActualOptions): PlanVersusActual {
  const { plan } = input;
  const firstMonth = monthIndexOf(opts.from);
  // Months after as_of's have nothing to compare yet.
  const lastMonth = Math.min(monthIndexOf(opts.to), opts.as_of ? monthIndexOf(opts.as_of) : Number.POSITIVE_INFINITY);
  const from = `${monthOfIndex(firstMonth)}-01`;
  let to = lastDayOfMonthIndex(lastMonth);
  if (opts.as_of && opts.as_of < to) to = opts.as_of;
  const matched = matchOccurrences(plan.recurring_items, input.transactions, {
    from,
    to,
    as_of: opts.as_of,
    amount_tolerance: opts.amount_tolerance,
  });
  const txById = new Map<string, ActualTransaction>(input.transactions.map((t) => [t.id, t]));
  const itemName = new Map(plan.recurring_items.map((i) => [i.id, i.name]));
  const categoryName = new Map((plan.categories ?? []).map((c) => [c.id, c.name]));

  const months = new Map<number, MonthSums>();
  for (let m = firstMonth; m <= lastMonth; m++) {
    months.set(m, {
      income: { expected: 0, actual: 0 },
      expenses: { expected: 0, actual: 0 },
      categories: new Map(),
      timing: [],
      unplanned: [],
    });
  }
  const bucket = (sums: MonthSums, category: string | null): Sums => {
    let s = sums.categories.get(category);
    if (!s) {
      s = { expected: 0, actual: 0 };
      sums.categories.set(category, s);
    }
    return s;
  };
  const flow = (sums: MonthSums, cents: number): Sums => (cents >= 0 ? sums.income : sums.expenses);

  for (const o of matched.occurrences) {
    const sums = months.get(monthIndexOf(o.expected_date));
    if (!sums || o.status === 'pending') continue;
    add(flow(sums, o.expected_cents), o.expected_cents, 0);
    add(bucket(sums, o.category_id), o.expected_cents, 0);
    if (o.transaction_id !== null && o.actual_cents !== null) {
      const t = txById.get(o.transaction_id);
      add(flow(sums, o.actual_cents), 0, o.actual_cents);
      add(bucket(sums, t?.category_id ?? o.category_id), 0, o.actual_cents);
    }
    if (o.status !== 'on_time') {
      sums.timing.push({
        item_id: o.item_id,
        name: itemName.get(o.item_id) ?? o.item_id,
        expected_date: o.expected_date,
        actual_date: o.actual_date,
        days_off: o.days_off,
        status: o.status,
        expected_cents: o.expected_cents,
        actual_cents: o.actual_cents,
      });
    }
  }
  for (const t of matched.unplanned) {
    const sums = months.get(monthIndexOf(t.date));
    if (!sums) continue;
    add(flow(sums, t.amount_cents), 0, t.amount_cents);
    add(bucket(sums, t.category_id ?? null), 0, t.amount_cents);
    sums.unplanned.push({
      transaction_id: t.id,
      date: t.date,
      amount_cents: t.amount_cents,
      category_id: t.category_id ?? null,
    });
  }

  const total = { income: { expected: 0, actual: 0 }, expenses: { expected: 0, actual: 0 } };
  const monthList: MonthComparison[] = [];
  for (const [m, sums] of months) {
    add(total.income, sums.income.expected, sums.income.actual);
    add(total.expenses, sums.expenses.expected, sums.expenses.actual);
    const categories: CategoryComparison[] = [...sums.categories].map(([id, s]) => ({
      category_id: id,
      name: id === null ? UNCATEGORISED : (categoryName.get(id) ?? id),
      ...figures(s.expected, s.actual),
    }));
    categories.sort(
      (a, b) => Math.abs(b.variance_cents) - Math.abs(a.variance_cents) || compareStrings(a.name, b.name),
    );
    monthList.push({
      month: monthOfIndex(m),
      income: figures(sums.income.expected, sums.income.actual),
      expenses: figures(sums.expenses.expected, sums.expenses.actual),
      net: figures(sums.income.expected + sums.expenses.expected, sums.income.actual + sums.expenses.actual),
      categories,
      timing: sums.timing,
      unplanned: sums.unplanned,
    });
  }

  const accounts = compareBalances(input, firstMonth, lastMonth, opts.as_of);
  const lastDate = to;
  let ahead = 0;
  let known = false;
  for (const a of accounts) {
    const last = a.months[a.months.length - 1];
    if (last && last.variance_cents !== null) {
      ahead += last.variance_cents;
      known = true;
    }
  }
  const net = figures(total.income.expected + total.expenses.expected, total.income.actual + total.expenses.actual);
  return {
    months: monthList,
    totals: {
      income: figures(total.income.expected, total.income.actual),
      expenses: figures(total.expenses.expected, total.expenses.actual),
      net,
    },
    accounts,
    headline: known
      ? { ahead_cents: ahead, basis: 'balances', date: lastDate }
      : { ahead_cents: net.variance_cents, basis: 'cash_flow', date: lastDate },
    occurrences: matched.occurrences,
  };
}

/** Each account's planned and actual balance at each month's end (as_of in as_of's month). */
function compareBalances(
  input: PlanVersusActualInput,
  firstMonth: number,
  lastMonth: number,
  asOf: string | undefined,
): AccountComparison[] {
  const { plan } = input;
  const planAsOfDay = dateToDayNumber(plan.as_of);
  const override = new Map<string, number>();
  for (const p of input.planned_balances ?? []) override.set(`${p.account_id}\u0000${p.month}`, p.balance_cents);
  const books = ledgers(plan.accounts, input.transactions);
  const out: AccountComparison[] = [];
  for (const account of plan.accounts) {
    const ledger = books.get(account.id);
    if (!ledger) continue;
    const dates: { month: string; date: string; day: number }[] = [];
    for (let m = firstMonth; m <= lastMonth; m++) {
      let date = lastDayOfMonthIndex(m);
      if (asOf && asOf < date) date = asOf;
      dates.push({ month: monthOfIndex(m), date, day: dateToDayNumber(date) });
    }
    const planned = plannedBalances(
      account,
      plan.recurring_items,
      planAsOfDay,
      dates.map((d) => d.day),
    );
    const months = dates.map(({ month, date, day }, k): AccountMonth => {
      const expected = override.get(`${account.id}\u0000${month}`) ?? planned[k];
      const actual = actualBalance(ledger, planAsOfDay, day);
      return {
        month,
        date,
        planned_cents: expected,
        actual_cents: actual?.cents ?? null,
        variance_cents: expected !== null && actual ? actual.cents - expected : null,
        source: actual?.source ?? null,
      };
    });
    out.push({ account_id: account.id, name: account.name ?? account.id, months });
  }
  return out;
}
