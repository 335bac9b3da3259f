// Plan versus actual for past months: what the plan's recurring items expected, per category and in total, against
// what the stored transactions show, and each account's expected against actual month-end balance. Shared by the
// plan-vs-actual screen and the dashboard card. Cents throughout; transfers between the user's own accounts count
// as neither income nor expense.
import { addMonths, countedEntities, occurrencesInMonth } from '../../../worker/engine/index';
import type { WyrdDb } from '../db';
import type { AccountRow, CategoryRow, RecurringItemRow } from '../entities';

export type StoredTransaction = {
  id: string;
  account_id: string;
  date: string;
  amount_cents: number;
  category_id?: string | null;
  transfer_id?: string | null;
  balance_cents?: number | null;
};

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
  expected: number;
  actual: number;
  variance: number;
};

export type MonthResult = {
  month: string; // YYYY-MM
  categories: CategoryLine[];
  expectedNet: number;
  actualNet: number;
  variance: number;
  accounts: AccountLine[];
};

export type PlanActual = {
  months: MonthResult[];
  /** Sum of the months' variances: positive means ahead of the plan. */
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

const UNCATEGORISED = 'Uncategorised';

/**
 * Compares the `count` complete months before `today`'s month. Only accounts with transactions are compared: a
 * plan item on an account with no statement data has nothing to be checked against.
 */
export function planVersusActualMonths(input: PlanActualInput, today: string, count = 12): PlanActual {
  const accounts = countedEntities(input.accounts, input.scenarios, input.events);
  const items = countedEntities(input.recurringItems, input.scenarios, input.events).filter((i) => i.is_active);
  const withData = new Set(input.transactions.map((t) => t.account_id));
  const compared = accounts.filter((a) => withData.has(a.id));
  const comparedIds = new Set(compared.map((a) => a.id));
  const thisMonth = today.slice(0, 7);
  const earliest = input.transactions.reduce((m, t) => (t.date < m ? t.date : m), today).slice(0, 7);
  const months: string[] = [];
  for (let i = count; i >= 1; i--) {
    const m = addMonths(thisMonth, -i);
    if (m >= earliest) months.push(m);
  }
  const categoryById = new Map(input.categories.map((c) => [c.id, c]));
  const actualByMonth = new Map<string, Map<string | null, number>>();
  const flowByAccountMonth = new Map<string, number>();
  for (const t of input.transactions) {
    if (!comparedIds.has(t.account_id)) continue;
    const m = t.date.slice(0, 7);
    flowByAccountMonth.set(
      `${t.account_id}|${m}`,
      (flowByAccountMonth.get(`${t.account_id}|${m}`) ?? 0) + t.amount_cents,
    );
    if (t.transfer_id) continue;
    const perCat = actualByMonth.get(m) ?? new Map<string | null, number>();
    const cat = t.category_id ?? null;
    perCat.set(cat, (perCat.get(cat) ?? 0) + t.amount_cents);
    actualByMonth.set(m, perCat);
  }
  const plannedItems = items.filter((i) => comparedIds.has(i.account_id));
  const expectedFor = (m: string) => {
    const perCat = new Map<string | null, number>();
    const perAccount = new Map<string, number>();
    for (const item of plannedItems) {
      const n = occurrencesInMonth(item, m);
      if (n === 0) continue;
      const c = Math.round(item.amount * 100) * n;
      perCat.set(item.category_id, (perCat.get(item.category_id) ?? 0) + c);
      perAccount.set(item.account_id, (perAccount.get(item.account_id) ?? 0) + c);
    }
    return { perCat, perAccount };
  };

  // Actual month-end balances: each account's current balance less everything dated after the month.
  const laterSum = (accountId: string, month: string) => {
    let s = 0;
    for (const [key, v] of flowByAccountMonth) {
      const [a, m] = key.split('|');
      if (a === accountId && m > month) s += v;
    }
    return s;
  };
  const currentCents = new Map(compared.map((a) => [a.id, Math.round(a.current_balance * 100)]));
  const actualEnd = (accountId: string, month: string) =>
    (currentCents.get(accountId) ?? 0) - laterSum(accountId, month);
  const expectedRunning = new Map<string, number>();
  if (months.length > 0) {
    const before = addMonths(months[0], -1);
    for (const a of compared) expectedRunning.set(a.id, actualEnd(a.id, before));
  }

  const results: MonthResult[] = months.map((m) => {
    const { perCat, perAccount } = expectedFor(m);
    const actual = actualByMonth.get(m) ?? new Map<string | null, number>();
    const keys = new Set<string | null>([...perCat.keys(), ...actual.keys()]);
    const categories: CategoryLine[] = [...keys].map((k) => {
      const cat = k ? categoryById.get(k) : undefined;
      const expected = perCat.get(k) ?? 0;
      const act = actual.get(k) ?? 0;
      return {
        category_id: k,
        name: cat?.name ?? UNCATEGORISED,
        type: cat ? (cat.type as 'income' | 'expense') : act >= 0 ? 'income' : 'expense',
        expected,
        actual: act,
        variance: act - expected,
      };
    });
    categories.sort((a, b) =>
      a.type !== b.type ? (a.type === 'income' ? -1 : 1) : a.name.localeCompare(b.name, 'en-AU'),
    );
    const expectedNet = categories.reduce((s, c) => s + c.expected, 0);
    const actualNet = categories.reduce((s, c) => s + c.actual, 0);
    const accountLines: AccountLine[] = compared.map((a) => {
      const expected = (expectedRunning.get(a.id) ?? 0) + (perAccount.get(a.id) ?? 0);
      expectedRunning.set(a.id, expected);
      const act = actualEnd(a.id, m);
      return { account_id: a.id, name: a.name, expected, actual: act, variance: act - expected };
    });
    return { month: m, categories, expectedNet, actualNet, variance: actualNet - expectedNet, accounts: accountLines };
  });
  return {
    months: results,
    aheadBy: results.reduce((s, m) => s + m.variance, 0),
    accountIds: compared.map((a) => a.id),
  };
}

/** Reads what the comparison needs: the ledger and the transactions of the compared months. */
export async function loadPlanActual(db: WyrdDb, today: string, count = 12): Promise<PlanActual> {
  const from = `${addMonths(today.slice(0, 7), -count)}-01`;
  const hasTable = db.tables.some((t) => t.name === 'transactions');
  const [accounts, recurringItems, categories, scenarios, events, transactions] = await Promise.all([
    db.accounts.toArray(),
    db.recurring_items.toArray(),
    db.categories.toArray(),
    db.scenarios.toArray(),
    db.events.toArray(),
    hasTable
      ? db.table<StoredTransaction, string>('transactions').where('date').aboveOrEqual(from).toArray()
      : Promise.resolve([] as StoredTransaction[]),
  ]);
  return planVersusActualMonths(
    { accounts, recurringItems, categories, scenarios, events, transactions },
    today,
    count,
  );
}
