// Plan versus actual for past months, from the engine (planVersusActual, rebaseline): the plan's recurring items
// matched to the stored transactions (a bill paid a few days early is that month's bill), per category and in
// total, with the variance; each account's planned against actual month-end balance; and the dashboard's "ahead
// or behind" figure. Shared by the plan-vs-actual screen and the dashboard card. Cents throughout.
import {
  addMonths,
  countedEntities,
  planVersusActual,
  rebaseline,
  type ActualTransaction,
  type PlanItem,
  type TimingNote,
} from '../../../worker/engine/index';
import type { WyrdDb } from '../db';
import type { AccountRow, CategoryRow, RecurringItemRow } from '../entities';
import type { BlockHead } from '../tx-blocks';

export type StoredTransaction = ActualTransaction & { balance_cents?: number | null };

export type CategoryLine = {
  category_id: string | null;
  name: string;
  type: 'income' | 'expense';
  expected: number;
  actual: number;
  variance: number;
};

export type AccountLine = {
  account_id: string;
  name: string;
  /** null when nothing tells (no plan figure for the day, or no transactions). */
  expected: number | null;
  actual: number | null;
  variance: number | null;
};

export type MonthResult = {
  month: string; // YYYY-MM
  categories: CategoryLine[];
  expectedNet: number;
  actualNet: number;
  variance: number;
  accounts: AccountLine[];
  /** Planned payments that came early, late or not at all. */
  timing: TimingNote[];
};

export type PlanActual = {
  months: MonthResult[];
  /** Positive means ahead of the plan (the engine's headline: balances where known, else cash flow). */
  aheadBy: number;
  /** Accounts with transactions (the only ones compared). */
  accountIds: string[];
};

export type PlanActualInput = {
  accounts: ReadonlyArray<AccountRow>;
  recurringItems: ReadonlyArray<RecurringItemRow>;
  categories: ReadonlyArray<CategoryRow>;
  scenarios: ReadonlyArray<{ id: string; is_baseline: boolean }>;
  events: ReadonlyArray<{ id: string; scenario_id: string }>;
  transactions: ReadonlyArray<StoredTransaction>;
};

/**
 * The balance before an account's earliest day of rows, when that day's rows print balances: the row that no other
 * row of the day precedes is the one whose balance less its amount is not another row's balance.
 */
function balanceBeforeFirstRow(rows: readonly StoredTransaction[]): number | null {
  if (rows.length === 0) return null;
  const first = rows.reduce((m, t) => (t.date < m ? t.date : m), rows[0].date);
  const day = rows.filter((t) => t.date === first);
  if (day.some((t) => t.balance_cents == null)) return null;
  const after = new Set(day.map((t) => t.balance_cents as number));
  const starts = day.map((t) => (t.balance_cents as number) - t.amount_cents).filter((b) => !after.has(b));
  return starts.length === 1 ? starts[0] : null;
}

function dayBefore(iso: string): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

/**
 * Compares the `count` complete months before `today`'s month (from the first month with transactions). The plan
 * is taken as made the day before the first month, from the balances the accounts actually had then, so each
 * month's figures say how the plan's items played out. Only accounts with transactions are compared: a plan item
 * on an account without statement data has nothing to be checked against.
 */
export function planVersusActualMonths(input: PlanActualInput, today: string, count = 12): PlanActual {
  const accounts = countedEntities(input.accounts, input.scenarios, input.events);
  const withData = new Set(input.transactions.map((t) => t.account_id));
  const compared = accounts.filter((a) => withData.has(a.id));
  const comparedIds = new Set(compared.map((a) => a.id));
  const items: PlanItem[] = countedEntities(input.recurringItems, input.scenarios, input.events).filter(
    (i) => i.is_active && comparedIds.has(i.account_id),
  );
  const transactions = input.transactions.filter((t) => comparedIds.has(t.account_id));
  const thisMonth = today.slice(0, 7);
  const earliest = transactions.reduce((m, t) => (t.date < m ? t.date : m), today).slice(0, 7);
  const lastMonth = addMonths(thisMonth, -1);
  let firstMonth = addMonths(thisMonth, -count);
  if (earliest > firstMonth) firstMonth = earliest;
  if (compared.length === 0 || firstMonth > lastMonth) {
    return { months: [], aheadBy: 0, accountIds: compared.map((a) => a.id) };
  }
  const planAsOf = dayBefore(`${firstMonth}-01`);
  const opening = rebaseline(
    { plan: { as_of: today, accounts: compared, recurring_items: items }, transactions },
    { as_of: planAsOf },
  );
  const openingBalance = new Map(opening.accounts.map((a) => [a.account_id, a.current_balance]));
  // An account whose statements start inside the window and print balances: the balance before its first row is
  // what it held (rebaseline can only work back from today's balance, which the user may not have set yet).
  for (const a of compared) {
    const before = balanceBeforeFirstRow(transactions.filter((t) => t.account_id === a.id));
    if (before !== null && !transactions.some((t) => t.account_id === a.id && t.date <= planAsOf)) {
      openingBalance.set(a.id, before / 100);
    }
  }
  const result = planVersusActual(
    {
      plan: {
        as_of: planAsOf,
        accounts: compared.map((a) => ({
          id: a.id,
          name: a.name,
          is_asset: a.is_asset,
          current_balance: openingBalance.get(a.id) ?? a.current_balance,
        })),
        recurring_items: items,
        categories: input.categories,
      },
      transactions,
    },
    { from: firstMonth, to: lastMonth, as_of: today },
  );
  const categoryType = new Map(input.categories.map((c) => [c.id, c.type]));
  const months: MonthResult[] = result.months.map((m) => ({
    month: m.month,
    categories: m.categories.map((c) => ({
      category_id: c.category_id,
      name: c.name,
      type:
        (c.category_id ? (categoryType.get(c.category_id) as 'income' | 'expense' | undefined) : undefined) ??
        (c.actual_cents + c.expected_cents >= 0 ? 'income' : 'expense'),
      expected: c.expected_cents,
      actual: c.actual_cents,
      variance: c.variance_cents,
    })),
    expectedNet: m.net.expected_cents,
    actualNet: m.net.actual_cents,
    variance: m.net.variance_cents,
    accounts: result.accounts.map((a) => {
      const am = a.months.find((x) => x.month === m.month);
      return {
        account_id: a.account_id,
        name: a.name,
        expected: am?.planned_cents ?? null,
        actual: am?.actual_cents ?? null,
        variance: am?.variance_cents ?? null,
      };
    }),
    timing: m.timing,
  }));
  return { months, aheadBy: result.headline.ahead_cents, accountIds: compared.map((a) => a.id) };
}

/** The ledger's rows the comparison reads (every account, recurring item, category, scenario and event). */
type LedgerPart = Pick<PlanActualInput, 'accounts' | 'categories' | 'scenarios' | 'events'> & {
  recurring_items: ReadonlyArray<RecurringItemRow>;
};

/**
 * Reads what the comparison needs: the ledger and the transactions from the first compared month on. An aborted
 * `signal` (the screen has gone) stops it after the reads, before the comparison's work on the main thread.
 * `ledger` gives the ledger from elsewhere (the dashboard's kept read, already in memory) instead of reading it.
 */
export async function loadPlanActual(
  db: WyrdDb,
  today: string,
  count = 12,
  signal?: AbortSignal,
  ledger?: (db: WyrdDb) => Promise<LedgerPart>,
): Promise<PlanActual> {
  const from = `${addMonths(today.slice(0, 7), -count)}-01`;
  const hasTable = db.tables.some((t) => t.name === 'tx_blocks');
  // No transactions in the window: nothing is compared (planVersusActualMonths would say the same), so the
  // ledger (every account and recurring item) is not read; the dashboard reads it at the same moment.
  const inWindow = (heads: ReadonlyArray<BlockHead>) => heads.some((h) => h[0] >= from.slice(0, 7) && h[2] > 0);
  if (!hasTable || !inWindow(await db.transactions.heads())) return { months: [], aheadBy: 0, accountIds: [] };
  const readWindow = (): Promise<StoredTransaction[]> => db.transactions.between(from, '9999-12-31');
  let part: LedgerPart;
  let transactions: StoredTransaction[];
  if (ledger) {
    [part, transactions] = await Promise.all([ledger(db), readWindow()]);
  } else {
    // Only the recurring items of accounts with transactions are compared: read those, not all 10,000.
    transactions = await readWindow();
    // A row without an account (never written by the app, but possible in a restored file) is not a key.
    const withData = [...new Set(transactions.map((t) => t.account_id))].filter((id) => typeof id === 'string');
    const [accounts, recurring_items, categories, scenarios, events] = await Promise.all([
      db.accounts.toArray(),
      db.recurring_items.where('account_id').anyOf(withData).toArray(),
      db.categories.toArray(),
      db.scenarios.toArray(),
      db.events.toArray(),
    ]);
    part = { accounts, recurring_items, categories, scenarios, events };
  }
  const { accounts, recurring_items: recurringItems, categories, scenarios, events } = part;
  signal?.throwIfAborted();
  return planVersusActualMonths(
    { accounts, recurringItems, categories, scenarios, events, transactions },
    today,
    count,
  );
}
