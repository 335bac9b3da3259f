// Dashboard and summary figures from the user's entities, shared by the app, the API server and the CLI: what
// counts (docs/forecast-model.md section 6: hypothetical entities never do), net worth, the Accounts and Recurring
// Items summaries, and a period's actual cash flow, spending and income by category. Pure: the caller passes
// `today` (the engine reads no clock). Every figure is rounded to cents with the money module (docs/money.md).
import { addMonths, forEachOccurrence, monthIndexOf, monthStartDay, type RecurringSchedule } from './calendar';
import type { Account, Category } from './model/account';
import type {
  CashFlowData,
  CategoryAmount,
  DashboardData,
  IncomeByCategory,
  NetWorthData,
  RecurringSummary,
  SpendingByCategory,
} from './model/dashboard';
import type { RecurringItem } from './model/recurring-item';
import { cents, monthlyEquivalent, percentOf } from './money';
import type { IsoDate, IsoMonth } from './primitives';

/** An entity a scenario's event may have created (its scenario_event_id). */
export type EventLinked = { scenario_event_id?: string | null };

/**
 * The scenarios whose events decide what counts. Events may be nested in their scenario (the backup file, the
 * API's scenario with children) or listed apart with their scenario_id (the app's and the server's tables).
 */
export type ScenarioRef = { id?: string; is_baseline: boolean; events?: ReadonlyArray<{ id: string }> };
export type EventRef = { id: string; scenario_id: string };

/** An account as the dashboard reads it. */
export type DashboardAccount = EventLinked & Pick<Account, 'current_balance' | 'is_asset'>;
/** A recurring item as the summaries and the dashboard read it. */
export type DashboardItem = EventLinked &
  Pick<RecurringItem, 'amount' | 'frequency' | 'start_date' | 'end_date' | 'is_active' | 'category_id'>;

/** Everything the dashboard and the summaries read: the user's tables (hypothetical entities included). */
export type DashboardLedger = {
  accounts: ReadonlyArray<DashboardAccount>;
  recurring_items: ReadonlyArray<DashboardItem>;
  categories: ReadonlyArray<Pick<Category, 'id' | 'name'>>;
  scenarios: ReadonlyArray<ScenarioRef>;
  events?: ReadonlyArray<EventRef>;
};

/** Calendar months `from` to `to`, both included (YYYY-MM). */
export type MonthRange = { from: IsoMonth; to: IsoMonth };

/** Category name for an id no longer among the user's categories. */
export const UNCATEGORISED = 'Uncategorised';

/** Ids of the events whose entities count as real: those of baseline scenarios. */
export function realEventIds(scenarios: ReadonlyArray<ScenarioRef>, events: ReadonlyArray<EventRef> = []): Set<string> {
  const real = new Set<string>();
  const baseline = new Set<string>();
  for (const s of scenarios) {
    if (!s.is_baseline) continue;
    if (s.id !== undefined) baseline.add(s.id);
    for (const e of s.events ?? []) real.add(e.id);
  }
  for (const e of events) if (baseline.has(e.scenario_id)) real.add(e.id);
  return real;
}

/**
 * True for an account or item a non-baseline scenario's event created (or whose event is gone): lists show it
 * with its event link, but it never counts in summaries or on the dashboard.
 */
export function isHypothetical(entity: EventLinked, realEvents: ReadonlySet<string>): boolean {
  return !!entity.scenario_event_id && !realEvents.has(entity.scenario_event_id);
}

/** The entities that describe the present: unlinked ones and those materialised by a baseline scenario's events. */
export function countedEntities<T extends EventLinked>(
  entities: ReadonlyArray<T>,
  scenarios: ReadonlyArray<ScenarioRef>,
  events: ReadonlyArray<EventRef> = [],
): T[] {
  const real = realEventIds(scenarios, events);
  return entities.filter((e) => !isHypothetical(e, real));
}

/** The ledger without its hypothetical accounts and recurring items (inactive items stay: figures skip them). */
export function countedLedger<L extends DashboardLedger>(ledger: L): L {
  const real = realEventIds(ledger.scenarios, ledger.events);
  return {
    ...ledger,
    accounts: ledger.accounts.filter((a) => !isHypothetical(a, real)),
    recurring_items: ledger.recurring_items.filter((r) => !isHypothetical(r, real)),
  };
}

/** Net worth = assets - amounts owed; liabilities are the amount owed (|balance|), positive. Counted accounts only. */
export function netWorthData(accounts: ReadonlyArray<Pick<Account, 'current_balance' | 'is_asset'>>): NetWorthData {
  let assets = 0;
  let owed = 0;
  for (const a of accounts) {
    if (a.is_asset) assets += a.current_balance;
    else owed += Math.abs(a.current_balance);
  }
  return { net_worth: cents(assets - owed), total_assets: cents(assets), total_liabilities: cents(owed) };
}

/** The Accounts page summary: net worth of the accounts that count (hypothetical ones never do). */
export function accountsSummary(ledger: Pick<DashboardLedger, 'accounts' | 'scenarios' | 'events'>): NetWorthData {
  return netWorthData(countedEntities(ledger.accounts, ledger.scenarios, ledger.events));
}

/** Income and expenses rounded to cents, and net as the difference of those two, so the three figures add up. */
function totals(income: number, expenses: number): { income: number; expenses: number; net: number } {
  const i = cents(income);
  const e = cents(expenses);
  return { income: i, expenses: e, net: cents(i - e) };
}

/**
 * The normalised monthly income, expenses (positive) and net of active items (docs/forecast-model.md section 2:
 * weekly x 52/12, fortnightly x 26/12, quarterly / 3, yearly / 12). Counted items only.
 */
export function normalisedMonthlyTotals(
  items: ReadonlyArray<Pick<DashboardItem, 'amount' | 'frequency' | 'is_active'>>,
): {
  income: number;
  expenses: number;
  net: number;
} {
  let income = 0;
  let expenses = 0;
  for (const item of items) {
    if (!item.is_active) continue;
    const monthly = monthlyEquivalent(item.amount, item.frequency);
    if (monthly > 0) income += monthly;
    else expenses -= monthly;
  }
  return totals(income, expenses);
}

/** The Recurring Items page summary: Monthly Income, Monthly Expenses (positive) and Net Cash Flow. */
export function recurringSummary(
  ledger: Pick<DashboardLedger, 'recurring_items' | 'scenarios' | 'events'>,
): RecurringSummary {
  const t = normalisedMonthlyTotals(countedEntities(ledger.recurring_items, ledger.scenarios, ledger.events));
  return { monthly_income: t.income, monthly_expenses: t.expenses, net_cash_flow: t.net };
}

/** The calendar month before the one containing `today` (YYYY-MM-DD), as YYYY-MM. */
export function previousMonth(today: IsoDate): IsoMonth {
  return addMonths(today.slice(0, 7), -1);
}

/**
 * The `months` whole calendar months before the month containing `today` (the dashboard's "last month" is
 * months = 1, the API's default, docs/product.md section 7). `months` is taken as a whole number of at least 1.
 */
export function lastMonths(today: IsoDate, months = 1): MonthRange {
  const n = Number.isFinite(months) ? Math.max(1, Math.floor(months)) : 1;
  const current = today.slice(0, 7);
  return { from: addMonths(current, -n), to: addMonths(current, -1) };
}

function toRange(period: IsoMonth | MonthRange): MonthRange {
  return typeof period === 'string' ? { from: period, to: period } : period;
}

/**
 * Sums of a period's actual occurrences (real calendar dates: a weekly item counts 4 or 5 times a month), kept
 * unrounded until the figures are read, so summing the items in slices gives exactly the whole sum.
 */
class PeriodTally {
  income = 0;
  expenses = 0;
  readonly incomeByCategory = new Map<string, number>();
  readonly spendingByCategory = new Map<string, number>();
  private readonly fromDay: number;
  private readonly toDay: number;

  constructor(period: IsoMonth | MonthRange) {
    const { from, to } = toRange(period);
    this.fromDay = monthStartDay(monthIndexOf(from));
    this.toDay = monthStartDay(monthIndexOf(to) + 1) - 1;
  }

  /** Adds the active items' occurrences; the caller leaves hypothetical items out. */
  add(items: ReadonlyArray<Pick<DashboardItem, 'amount' | 'is_active' | 'category_id'> & RecurringSchedule>): void {
    for (const item of items) {
      if (!item.is_active) continue;
      let count = 0;
      forEachOccurrence(item, this.fromDay, this.toDay, () => count++);
      const total = item.amount * count;
      if (total > 0) {
        this.income += total;
        this.incomeByCategory.set(item.category_id, (this.incomeByCategory.get(item.category_id) ?? 0) + total);
      } else if (total < 0) {
        this.expenses -= total;
        this.spendingByCategory.set(item.category_id, (this.spendingByCategory.get(item.category_id) ?? 0) - total);
      }
    }
  }

  cashFlow(): CashFlowData {
    const t = totals(this.income, this.expenses);
    return { total_income: t.income, total_expenses: t.expenses, net_cash_flow: t.net };
  }

  spending(categories: DashboardLedger['categories']): SpendingByCategory {
    return { categories: byCategory(this.spendingByCategory, this.expenses, categories) };
  }

  incomes(categories: DashboardLedger['categories']): IncomeByCategory {
    return { categories: byCategory(this.incomeByCategory, this.income, categories) };
  }
}

/** Positive amounts by category, largest first (then by name), with each one's percentage of the total. */
function byCategory(
  amounts: ReadonlyMap<string, number>,
  total: number,
  categories: DashboardLedger['categories'],
): CategoryAmount[] {
  const names = new Map(categories.map((c) => [c.id, c.name]));
  return [...amounts]
    .map(([category_id, amount]) => ({
      category_id,
      category_name: names.get(category_id) ?? UNCATEGORISED,
      amount: cents(amount),
      percentage: percentOf(amount, total),
    }))
    .sort((a, b) => b.amount - a.amount || a.category_name.localeCompare(b.category_name, 'en-AU'));
}

/**
 * A period's actual income, expenses (positive) and net of active items (a month or a range of months).
 * Counted items only: pass countedLedger(...).recurring_items.
 */
export function cashFlowData(items: ReadonlyArray<DashboardItem>, period: IsoMonth | MonthRange): CashFlowData {
  const tally = new PeriodTally(period);
  tally.add(items);
  return tally.cashFlow();
}

/**
 * Spending (expenses, positive) by category in a period, largest first; percentages of the period's total
 * expenses, to 2 decimals; an unknown category id is 'Uncategorised'. Counted items only.
 */
export function spendingByCategory(
  items: ReadonlyArray<DashboardItem>,
  categories: DashboardLedger['categories'],
  period: IsoMonth | MonthRange,
): SpendingByCategory {
  return talliedPeriod(items, period).spending(categories);
}

/** Income by category in a period, as spendingByCategory does it for expenses. Counted items only. */
export function incomeByCategory(
  items: ReadonlyArray<DashboardItem>,
  categories: DashboardLedger['categories'],
  period: IsoMonth | MonthRange,
): IncomeByCategory {
  return talliedPeriod(items, period).incomes(categories);
}

/** The counted items of a period, tallied by category. */
function talliedPeriod(items: ReadonlyArray<DashboardItem>, period: IsoMonth | MonthRange): PeriodTally {
  const tally = new PeriodTally(period);
  tally.add(items);
  return tally;
}

/**
 * The Dashboard data, computed a slice of `sliceSize` recurring items at a time: the generator pauses (yields)
 * between slices so a caller on a UI thread can let the page breathe, and returns exactly dashboardData().
 */
export function* dashboardDataInSlices(
  ledger: DashboardLedger,
  today: IsoDate,
  sliceSize: number,
  months = 1,
): Generator<void, DashboardData, void> {
  const real = realEventIds(ledger.scenarios, ledger.events);
  const tally = new PeriodTally(lastMonths(today, months));
  const items = ledger.recurring_items;
  const step = Math.max(1, Math.floor(sliceSize));
  for (let start = 0; start < items.length; start += step) {
    if (start > 0) yield;
    tally.add(items.slice(start, start + step).filter((r) => !isHypothetical(r, real)));
  }
  return {
    net_worth: netWorthData(ledger.accounts.filter((a) => !isHypothetical(a, real))),
    cash_flow: tally.cashFlow(),
    spending_by_category: tally.spending(ledger.categories),
  };
}

/**
 * The Dashboard data: net worth now; cash flow and spending by category of the `months` calendar months
 * before today's month (1: last month) from the actual occurrences of the active items that count.
 */
export function dashboardData(ledger: DashboardLedger, today: IsoDate, months = 1): DashboardData {
  const steps = dashboardDataInSlices(ledger, today, Infinity, months);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}
