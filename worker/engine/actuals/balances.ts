// Account balances for plan versus actual (docs/plan-vs-actual.md, "Balances"): what an account actually held on
// a day (from the statement's running balance, else the plan's balance plus the transactions since) and what the
// plan expected it to hold (the plan's balance plus the expected occurrences since).
import { dateToDayNumber } from '../calendar';
import { dollarsToCents, expectedOccurrences } from './match';
import type { ActualTransaction, BalanceSource, PlanAccount, PlanItem } from './types';

type Dated = { t: ActualTransaction; day: number };

export type AccountLedger = {
  account: PlanAccount;
  /** The account's transactions (transfers included: they move its balance), by day then id. */
  rows: Dated[];
};

function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Each plan account with its transactions in date order. */
export function ledgers(
  accounts: readonly PlanAccount[],
  transactions: readonly ActualTransaction[],
): Map<string, AccountLedger> {
  const out = new Map<string, AccountLedger>();
  for (const account of accounts) out.set(account.id, { account, rows: [] });
  for (const t of transactions) out.get(t.account_id)?.rows.push({ t, day: dateToDayNumber(t.date) });
  for (const l of out.values()) l.rows.sort((a, b) => a.day - b.day || compareStrings(a.t.id, b.t.id));
  return out;
}

/**
 * The end-of-day running balance of one day's rows that carry a balance: the row no other row follows (a later row's
 * balance less its amount is an earlier row's balance). Null when the rows do not form one chain.
 */
function endOfDayBalance(rows: Dated[]): number | null {
  const withBalance = rows.filter((r) => r.t.balance_cents != null);
  const before = new Set(withBalance.map((r) => (r.t.balance_cents as number) - r.t.amount_cents));
  const ends = withBalance.filter((r) => !before.has(r.t.balance_cents as number));
  if (ends.length === 1) return ends[0].t.balance_cents as number;
  // Every row is followed (a cycle of equal balances) or several are last: take one only when they agree.
  const values = new Set((ends.length ? ends : withBalance).map((r) => r.t.balance_cents as number));
  return values.size === 1 ? [...values][0] : null;
}

/**
 * What the account held at the end of a day. From the running balance of the latest row on or before it that
 * carries one, plus any rows after that row; otherwise from the plan's balance on its as_of plus (or, before
 * as_of, less) the transactions between. Null for an account with no transactions at all: nothing tells.
 */
export function actualBalance(
  ledger: AccountLedger,
  planAsOfDay: number,
  day: number,
): { cents: number; source: BalanceSource } | null {
  const rows = ledger.rows;
  if (rows.length === 0) return null;
  let last = -1;
  for (let i = 0; i < rows.length && rows[i].day <= day; i++) if (rows[i].t.balance_cents != null) last = i;
  if (last >= 0) {
    const d = rows[last].day;
    const sameDay = rows.filter((r) => r.day === d);
    const b = endOfDayBalance(sameDay);
    if (b !== null) {
      let cents = b;
      for (const r of rows) if (r.day > d && r.day <= day) cents += r.t.amount_cents;
      return { cents, source: 'running_balance' };
    }
  }
  let cents = dollarsToCents(ledger.account.current_balance);
  for (const r of rows) {
    if (r.day > planAsOfDay && r.day <= day) cents += r.t.amount_cents;
    else if (r.day > day && r.day <= planAsOfDay) cents -= r.t.amount_cents;
  }
  return { cents, source: 'transactions' };
}

/**
 * What the plan expected the account to hold at the end of each given day (ascending) on or after the plan's
 * as_of: its balance then plus every expected occurrence of its recurring items since (plain addition: the
 * cash-flow part of the forecast, without interest, growth, loan repayments or tax; pass the forecast's own
 * balances to use those). Null for a day before the plan's as_of.
 */
export function plannedBalances(
  account: PlanAccount,
  items: readonly PlanItem[],
  planAsOfDay: number,
  days: readonly number[],
): (number | null)[] {
  const own = items.filter((i) => i.account_id === account.id);
  const lastDay = days.length ? Math.max(...days) : planAsOfDay;
  const occurrences = expectedOccurrences(own, planAsOfDay + 1, lastDay);
  let cents = dollarsToCents(account.current_balance);
  let k = 0;
  return days.map((day) => {
    if (day < planAsOfDay) return null;
    while (k < occurrences.length && occurrences[k].day <= day) cents += occurrences[k++].cents;
    return cents;
  });
}
