// Matching actual transactions to the plan's expected occurrences (docs/plan-vs-actual.md, "Matching"): linked
// transactions first, then same account, same direction, similar amount and close date, one-to-one, so a bill
// paid three days early is that month's bill and not an extra one.
import { dateToDayNumber, dayNumberToDate, forEachOccurrence } from '../calendar';
import type { Frequency } from '../model/common';
import type { ActualTransaction, MatchOptions, MatchResult, OccurrenceMatch, PlanItem } from './types';

/** Days either side of the planned date within which an unlinked transaction may be the occurrence. */
export const MATCH_WINDOW_DAYS: Readonly<Record<Frequency, number>> = {
  weekly: 3,
  fortnightly: 5,
  monthly: 7,
  quarterly: 10,
  yearly: 14,
};

/** A transaction the user linked to the item may be up to half a period away from the planned date. */
export const LINKED_WINDOW_DAYS: Readonly<Record<Frequency, number>> = {
  weekly: 3,
  fortnightly: 7,
  monthly: 15,
  quarterly: 45,
  yearly: 182,
};

export const DEFAULT_AMOUNT_TOLERANCE = 0.35;

/** A plan amount (dollars, typed to the cent) in whole cents. */
export function dollarsToCents(dollars: number): number {
  const c = Math.round(dollars * 100);
  return Number.isFinite(c) && c !== 0 ? c : 0;
}

function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

type Expected = { item: PlanItem; day: number; cents: number };

/**
 * Every occurrence of the active items between two day numbers, from the engine's calendar (forEachOccurrence:
 * start and end dates, the day-of-month rule), so the comparison expects exactly the dates the forecast counts.
 */
export function expectedOccurrences(items: readonly PlanItem[], fromDay: number, toDay: number): Expected[] {
  const out: Expected[] = [];
  for (const item of items) {
    if (item.is_active === false) continue;
    const cents = dollarsToCents(item.amount);
    if (cents === 0) continue;
    forEachOccurrence(item, fromDay, toDay, (day) => out.push({ item, day, cents }));
  }
  out.sort((a, b) => a.day - b.day || compareStrings(a.item.id, b.item.id));
  return out;
}

/** First position in `list` (indices into `expected`, by day) whose day is at least `day`. */
function lowerBound(list: number[], expected: Expected[], day: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (expected[list[mid]].day < day) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

type Candidate = { e: number; t: number; linked: boolean; gap: number; diff: number };

/**
 * Matches transactions to expected occurrences from `from` to `to`. Expected occurrences are generated a window
 * beyond both ends, and transactions read two windows beyond, so a payment early for the first day or late for
 * the last still finds its occurrence; only occurrences and unplanned transactions dated from..to are reported.
 * Transfer-linked transactions are never matched and never unplanned.
 */
export function matchOccurrences(
  items: readonly PlanItem[],
  transactions: readonly ActualTransaction[],
  opts: MatchOptions,
): MatchResult {
  const fromDay = dateToDayNumber(opts.from);
  const toDay = dateToDayNumber(opts.to);
  const asOfDay = opts.as_of ? dateToDayNumber(opts.as_of) : Number.POSITIVE_INFINITY;
  const tolerance = opts.amount_tolerance ?? DEFAULT_AMOUNT_TOLERANCE;
  const reach = LINKED_WINDOW_DAYS.yearly;
  const expected = expectedOccurrences(items, fromDay - reach, Math.min(toDay + reach, asOfDay));
  const txs = transactions
    .filter((t) => !t.transfer_id && t.amount_cents !== 0)
    .map((t) => ({ t, day: dateToDayNumber(t.date) }))
    .filter((x) => x.day >= fromDay - 2 * reach && x.day <= toDay + 2 * reach)
    .sort((a, b) => a.day - b.day || compareStrings(a.t.id, b.t.id));

  // Expected occurrences by account (unlinked transactions) and by item (linked ones), each in date order.
  const byAccount = new Map<string, number[]>();
  const byItem = new Map<string, number[]>();
  expected.forEach((e, i) => {
    for (const [map, key] of [
      [byAccount, e.item.account_id],
      [byItem, e.item.id],
    ] as const) {
      const list = map.get(key);
      if (list) list.push(i);
      else map.set(key, [i]);
    }
  });
  const widest = Math.max(...Object.values(MATCH_WINDOW_DAYS));
  const candidates: Candidate[] = [];
  txs.forEach(({ t, day }, ti) => {
    if (t.recurring_item_id) {
      for (const ei of byItem.get(t.recurring_item_id) ?? []) {
        const e = expected[ei];
        const gap = day - e.day;
        if (e.item.account_id !== t.account_id || Math.abs(gap) > LINKED_WINDOW_DAYS[e.item.frequency]) continue;
        candidates.push({ e: ei, t: ti, linked: true, gap, diff: Math.abs(t.amount_cents - e.cents) });
      }
      return;
    }
    const list = byAccount.get(t.account_id) ?? [];
    for (let k = lowerBound(list, expected, day - widest); k < list.length; k++) {
      const ei = list[k];
      const e = expected[ei];
      if (e.day > day + widest) break;
      const gap = day - e.day;
      const diff = Math.abs(t.amount_cents - e.cents);
      if (Math.abs(gap) > MATCH_WINDOW_DAYS[e.item.frequency]) continue;
      if (Math.sign(t.amount_cents) !== Math.sign(e.cents)) continue;
      if (diff > Math.max(100, Math.abs(e.cents) * tolerance)) continue;
      // A transaction the user filed under another category is not this item's occurrence.
      if (t.category_id && e.item.category_id && t.category_id !== e.item.category_id) continue;
      candidates.push({ e: ei, t: ti, linked: false, gap, diff });
    }
  });
  // Linked first; then the closest date, the closest amount, the earlier occurrence, ids: one-to-one, greedy.
  candidates.sort(
    (a, b) =>
      Number(b.linked) - Number(a.linked) ||
      Math.abs(a.gap) - Math.abs(b.gap) ||
      a.diff - b.diff ||
      expected[a.e].day - expected[b.e].day ||
      compareStrings(expected[a.e].item.id, expected[b.e].item.id) ||
      compareStrings(txs[a.t].t.id, txs[b.t].t.id),
  );
  const matchOf = new Map<number, Candidate>();
  const usedTx = new Set<number>();
  for (const c of candidates) {
    if (matchOf.has(c.e) || usedTx.has(c.t)) continue;
    matchOf.set(c.e, c);
    usedTx.add(c.t);
  }

  const occurrences: OccurrenceMatch[] = [];
  expected.forEach((e, i) => {
    if (e.day < fromDay || e.day > toDay || e.day > asOfDay) return;
    const m = matchOf.get(i);
    const base = {
      item_id: e.item.id,
      account_id: e.item.account_id,
      category_id: e.item.category_id ?? null,
      expected_date: dayNumberToDate(e.day),
      expected_cents: e.cents,
    };
    if (!m) {
      const open = e.day + MATCH_WINDOW_DAYS[e.item.frequency] > asOfDay;
      occurrences.push({
        ...base,
        transaction_id: null,
        actual_date: null,
        actual_cents: null,
        days_off: null,
        status: open ? 'pending' : 'missed',
        linked: false,
      });
      return;
    }
    const t = txs[m.t].t;
    occurrences.push({
      ...base,
      transaction_id: t.id,
      actual_date: t.date,
      actual_cents: t.amount_cents,
      days_off: m.gap,
      status: m.gap < 0 ? 'early' : m.gap > 0 ? 'late' : 'on_time',
      linked: m.linked,
    });
  });
  const unplanned = txs.filter((x, ti) => !usedTx.has(ti) && x.day >= fromDay && x.day <= toDay).map((x) => x.t);
  return { occurrences, unplanned };
}
