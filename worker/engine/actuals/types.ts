// Shapes of plan versus actual (docs/plan-vs-actual.md): the plan as the comparison needs it, the actual
// transactions, and what matching, the monthly comparison and re-baselining return. Money is whole cents here.
import type { Account, Category } from '../model/account';
import type { RecurringItem } from '../model/recurring-item';
import type { Transaction } from '../model/transaction';

/** A recurring item of the plan (amount in dollars, signed: income positive, expense negative). */
export type PlanItem = Pick<RecurringItem, 'id' | 'name' | 'amount' | 'frequency' | 'start_date' | 'account_id'> &
  Partial<Pick<RecurringItem, 'end_date' | 'category_id' | 'is_active'>>;

/** An account of the plan with its balance (dollars) on the plan's as_of. */
export type PlanAccount = Pick<Account, 'id' | 'current_balance'> & Partial<Pick<Account, 'name' | 'is_asset'>>;

export type PlanCategory = Pick<Category, 'id' | 'name'> & Partial<Pick<Category, 'type'>>;

/** The plan being checked: the base plan's accounts (balances on as_of), recurring items and categories. */
export type Plan = {
  /** The date the accounts' balances are for (the forecast's as_of when the plan was made or re-baselined). */
  as_of: string;
  accounts: readonly PlanAccount[];
  recurring_items: readonly PlanItem[];
  categories?: readonly PlanCategory[];
};

/** What the comparison needs of a transaction (amount in cents, money out negative). */
export type ActualTransaction = Pick<Transaction, 'id' | 'account_id' | 'date' | 'amount_cents'> &
  Partial<Pick<Transaction, 'category_id' | 'transfer_id' | 'recurring_item_id' | 'balance_cents'>>;

/**
 * How an expected occurrence went: paid on its day, early or late (matched within the window), missed (nothing
 * matched), or pending (nothing yet, but its window has not closed by as_of).
 */
export type OccurrenceStatus = 'on_time' | 'early' | 'late' | 'missed' | 'pending';

export type OccurrenceMatch = {
  item_id: string;
  account_id: string;
  category_id: string | null;
  /** The plan's date for this occurrence (the engine's calendar). */
  expected_date: string;
  expected_cents: number;
  transaction_id: string | null;
  actual_date: string | null;
  actual_cents: number | null;
  /** actual_date - expected_date in days (negative: early). */
  days_off: number | null;
  status: OccurrenceStatus;
  /** Matched through the transaction's recurring_item_id (the user's link), not by amount and date. */
  linked: boolean;
};

export type MatchOptions = {
  /** First and last day (YYYY-MM-DD) whose expected occurrences and transactions are reported. */
  from: string;
  to: string;
  /** Today: occurrences after it are not yet due; unmatched ones whose window is still open are pending. */
  as_of?: string;
  /** Largest difference between an unlinked transaction and the planned amount, as a share of it (default 0.35). */
  amount_tolerance?: number;
};

export type MatchResult = {
  /** Every expected occurrence dated from..to, by date, then item id. */
  occurrences: OccurrenceMatch[];
  /** Transactions dated from..to that no expected occurrence explains (transfers excluded), by date, then id. */
  unplanned: ActualTransaction[];
};

/** Expected against actual, in cents; variance = actual - expected (positive: better off than planned). */
export type Figures = { expected_cents: number; actual_cents: number; variance_cents: number };

export type CategoryComparison = Figures & {
  /** null: transactions with no category and no matched item. */
  category_id: string | null;
  name: string;
};

/** An expected occurrence that did not go to plan (early, late, missed), for the month's explanation. */
export type TimingNote = {
  item_id: string;
  name: string;
  expected_date: string;
  actual_date: string | null;
  days_off: number | null;
  status: Exclude<OccurrenceStatus, 'on_time'>;
  expected_cents: number;
  actual_cents: number | null;
};

export type MonthComparison = {
  month: string; // YYYY-MM
  income: Figures;
  expenses: Figures;
  net: Figures;
  /** Per category, largest variance (in size) first, then by name. */
  categories: CategoryComparison[];
  timing: TimingNote[];
  unplanned: { transaction_id: string; date: string; amount_cents: number; category_id: string | null }[];
};

export type BalanceSource = 'running_balance' | 'transactions';

export type AccountMonth = {
  month: string;
  /** The day the balances are for: the month's last day, or as_of in as_of's month. */
  date: string;
  /** What the plan expected (null before the plan's as_of). */
  planned_cents: number | null;
  /** What the account actually held (null when nothing tells). */
  actual_cents: number | null;
  variance_cents: number | null;
  source: BalanceSource | null;
};

export type AccountComparison = { account_id: string; name: string; months: AccountMonth[] };

export type PlanVersusActual = {
  months: MonthComparison[];
  /** Over every month from..to. */
  totals: { income: Figures; expenses: Figures; net: Figures };
  accounts: AccountComparison[];
  /**
   * The dashboard's figure: how far ahead (positive) or behind (negative) of the plan, in cents. From the
   * accounts' balances on the last day compared when any account has both figures, else the net cash-flow variance.
   */
  headline: { ahead_cents: number; basis: 'balances' | 'cash_flow'; date: string };
  occurrences: OccurrenceMatch[];
};

export type PlanVersusActualInput = {
  plan: Plan;
  transactions: readonly ActualTransaction[];
  /** Balances the forecast expected (account, month YYYY-MM, cents), used instead of the plan's plain addition. */
  planned_balances?: readonly { account_id: string; month: string; balance_cents: number }[];
};

/** as_of and amount_tolerance as for matching (as_of: nothing after it is expected yet). */
export type PlanVersusActualOptions = Pick<MatchOptions, 'as_of' | 'amount_tolerance'> & {
  /** First and last month compared (YYYY-MM). */
  from: string;
  to: string;
};

export type RebaselineAccount = {
  account_id: string;
  /** Balance in dollars, as the account entity stores it (current_balance). */
  previous_balance: number;
  current_balance: number;
  change_cents: number;
  /** Where the new balance came from; 'unchanged' when no transaction tells (the balance is kept). */
  source: BalanceSource | 'unchanged';
};

export type Rebaseline = {
  /** The new as_of the balances are for. */
  as_of: string;
  /** The plan's as_of before, kept with the previous balances so the app can go back. */
  previous_as_of: string;
  accounts: RebaselineAccount[];
};
