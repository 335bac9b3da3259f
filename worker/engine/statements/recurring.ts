// Recurring-series detection (docs/transactions.md, "Recurring detection"): finds pay, rent, bills and
// subscriptions in imported transactions, as proposals the user confirms. Pure and order-independent.
import { isBusinessDayNumber, nextBusinessDayNumber } from '../au/holidays';
import { civilFromDayNumber, dateToDayNumber, dayNumber, dayNumberToDate, daysInMonth, monthIndex } from '../calendar';
import type { Frequency } from '../model/common';
import { cents } from '../money';
import type { RecurringSeries, SeriesInput } from './types';

export type DetectOptions = {
  /** Today (YYYY-MM-DD): next_date is the first expected occurrence after it; series that ended are dropped. */
  as_of: string;
};

/** How each rhythm is recognised. Periods in days; month rhythms step by calendar months. */
type Rhythm = {
  frequency: Frequency;
  /** Shortest and longest single period in days (months are 28 to 31 days). */
  minDays: number;
  maxDays: number;
  /** Calendar months per period (0: a fixed number of days). */
  months: number;
  /** Days an occurrence may slip (weekends, public holidays, processing). */
  tol: number;
  /** Largest relative change of amount between two consecutive occurrences. */
  maxStep: number;
  /** Largest robust spread (median absolute deviation / median) of a varying amount. */
  maxSpread: number;
  /** Fewest occurrences for a proposal. */
  minCount: number;
  /** Occurrences at which the count no longer adds to confidence. */
  fullCount: number;
  /** Periods in a year, for the typical amount of a varying series (the last year's median). */
  perYear: number;
  /** Gaps of two periods (one missed occurrence) are allowed. */
  allowMissed: boolean;
};

const RHYTHMS: readonly Rhythm[] = [
  rhythm('weekly', 7, 7, 0, 4, 0.15, 0.12, 4, 8, 52, true),
  rhythm('fortnightly', 14, 14, 0, 4, 0.15, 0.12, 3, 6, 26, true),
  rhythm('monthly', 28, 31, 1, 4, 0.2, 0.15, 3, 6, 12, true),
  // Quarterly gas and power swing with the seasons: a winter bill may be three times the spring one.
  rhythm('quarterly', 89, 92, 3, 10, 0.7, 0.35, 3, 4, 4, true),
  rhythm('yearly', 365, 366, 12, 7, 0.15, 0.1, 2, 3, 1, false),
];

function rhythm(
  frequency: Frequency,
  minDays: number,
  maxDays: number,
  months: number,
  tol: number,
  maxStep: number,
  maxSpread: number,
  minCount: number,
  fullCount: number,
  perYear: number,
  allowMissed: boolean,
): Rhythm {
  return { frequency, minDays, maxDays, months, tol, maxStep, maxSpread, minCount, fullCount, perYear, allowMissed };
}

/** The chance that a window holds another row of the payee in the chain's band may be at most this (evaluate). */
const MAX_CHANCE = 0.25;
/** Nor may more than this many chains of its length be expected by chance. */
const MAX_CHANCE_CHAINS = 0.001;
/** Chains of each rhythm tried per round in a payee's rows. */
const CHAINS_PER_RHYTHM = 4;
/** Proposals below this confidence are not shown. */
const MIN_CONFIDENCE = 0.3;

/** `offDay`: the row fell on a weekend or a national public holiday (the payer does not move it). */
type Row = { id: string; day: number; size: number; payee: string; offDay: boolean };

type Chain = {
  rows: Row[];
  /** Links that skip one expected occurrence. */
  missed: number;
};

type Candidate = { chain: Chain; series: RecurringSeries; score: number };

function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The grouping form of a payee: case and spacing do not split a series. */
export function payeeKey(payee: string): string {
  return payee.trim().replace(/\s+/g, ' ').toLowerCase();
}

/**
 * Detects recurring series: rows are grouped by account, normalised payee and sign (transfer-linked rows and
 * zero amounts are ignored); within a group the best regular chains of each rhythm are found, the best one that
 * passes the checks becomes a series, its rows are removed and the search repeats, so one payee may carry several
 * series. The result is sorted by account, payee, frequency and key, whatever the input order.
 */
export function detectRecurring(rows: readonly SeriesInput[], opts: DetectOptions): RecurringSeries[] {
  const asOfDay = dateToDayNumber(opts.as_of);
  const groups = new Map<string, { account: string; sign: number; rows: Row[] }>();
  for (const r of rows) {
    if (r.transfer_id || r.amount_cents === 0 || !Number.isFinite(r.amount_cents)) continue;
    const sign = r.amount_cents < 0 ? -1 : 1;
    const key = `${r.account_id}\u0000${payeeKey(r.payee)}\u0000${sign}`;
    let g = groups.get(key);
    if (!g) {
      g = { account: r.account_id, sign, rows: [] };
      groups.set(key, g);
    }
    const day = dateToDayNumber(r.date);
    g.rows.push({ id: r.id, day, size: Math.abs(r.amount_cents), payee: r.payee, offDay: !isBusinessDayNumber(day) });
  }
  const out: RecurringSeries[] = [];
  for (const [key, g] of groups) {
    if (g.rows.length < 2) continue;
    g.rows.sort((a, b) => a.day - b.day || a.size - b.size || compareStrings(a.id, b.id));
    const found = detectInGroup(g.rows, g.account, g.sign, key.split('\u0000')[1], asOfDay);
    out.push(...found);
  }
  const order = new Map(RHYTHMS.map((r, i) => [r.frequency, i]));
  out.sort(
    (a, b) =>
      compareStrings(a.account_id, b.account_id) ||
      compareStrings(payeeKey(a.payee), payeeKey(b.payee)) ||
      (order.get(a.frequency) ?? 0) - (order.get(b.frequency) ?? 0) ||
      compareStrings(a.key, b.key),
  );
  return out;
}

function detectInGroup(all: Row[], account: string, sign: number, payee: string, asOfDay: number): RecurringSeries[] {
  let rows = all;
  const found: RecurringSeries[] = [];
  const keys = new Set<string>();
  while (rows.length >= 2) {
    let best: Candidate | null = null;
    for (const rh of RHYTHMS) {
      if (rows.length < rh.minCount) continue;
      for (const chain of bestChains(rows, rh, CHAINS_PER_RHYTHM)) {
        const c = evaluate(chain, rows, rh, account, sign, payee, asOfDay);
        if (c && (!best || c.score > best.score)) best = c;
      }
    }
    if (!best) break;
    let key = best.series.key;
    for (let n = 2; keys.has(key); n++) key = `${best.series.key}#${n}`;
    keys.add(key);
    found.push({ ...best.series, key });
    const used = new Set(best.chain.rows);
    rows = rows.filter((r) => !used.has(r));
  }
  return found;
}

/**
 * The best chain of one rhythm through a payee's rows (sorted by day): dynamic programming over links whose gap
 * is one period (or two: a missed occurrence) within the slip tolerance and whose amounts differ by at most the
 * rhythm's step. Each row scores 1 plus the quality of the link into it, so the longest, most regular chain wins;
 * a row of the same payee that does not fit (a one-off) is simply stepped over. Returns up to `limit` chains (the
 * best first), so a chain that fails the checks does not hide another series of the same rhythm.
 */
function bestChains(rows: Row[], rh: Rhythm, limit: number): Chain[] {
  const n = rows.length;
  const best = new Float64Array(n);
  const prev = new Int32Array(n).fill(-1);
  const bands: [number, number, number][] = [[rh.minDays - rh.tol, rh.maxDays + rh.tol, 1]];
  if (rh.allowMissed) bands.push([2 * rh.minDays - rh.tol, 2 * rh.maxDays + rh.tol, 2]);
  // Per band, the rows whose gap to row i falls inside it: [from, to) moves forward with i (rows are by day).
  const from = bands.map(() => 0);
  const to = bands.map(() => 0);
  for (let i = 0; i < n; i++) {
    best[i] = 1;
    const ri = rows[i];
    for (let b = 0; b < bands.length; b++) {
      const [lo, hi] = bands[b];
      while (ri.day - rows[from[b]].day > hi) from[b]++;
      while (to[b] < i && ri.day - rows[to[b]].day >= lo) to[b]++;
      for (let j = from[b]; j < to[b]; j++) {
        const w = linkWeight(rows[j], ri, rh, bands);
        if (w > 0 && best[j] + w > best[i]) {
          best[i] = best[j] + w;
          prev[i] = j;
        }
      }
    }
  }
  // The best chains by their end row: the best first, then others whose end is not inside one already taken.
  const ends = Array.from({ length: n }, (_, i) => i).filter((i) => prev[i] >= 0);
  ends.sort((a, b) => best[b] - best[a] || b - a);
  const taken = new Set<number>();
  const chains: Chain[] = [];
  for (const end of ends) {
    if (chains.length >= limit) break;
    if (taken.has(end)) continue;
    const path: Row[] = [];
    for (let i = end; i >= 0; i = prev[i]) {
      path.push(rows[i]);
      taken.add(i);
    }
    path.reverse();
    let missed = 0;
    for (let k = 1; k < path.length; k++) if (timingOf(path[k - 1], path[k], rh, bands)[1] === 2) missed++;
    chains.push({ rows: path, missed });
  }
  return chains;
}

/** Timing quality (1: on time, 0: at the tolerance's edge) and periods spanned, or [-1, 0] outside every band. */
function timingOf(a: Row, b: Row, rh: Rhythm, bands: [number, number, number][]): [number, number] {
  const gap = b.day - a.day;
  for (const [lo, hi, periods] of bands) {
    if (gap < lo || gap > hi) continue;
    const inner = periods * rh.minDays;
    const outer = periods * rh.maxDays;
    const off = gap < inner ? inner - gap : gap > outer ? gap - outer : 0;
    return [1 - off / (rh.tol + 1), periods];
  }
  return [-1, 0];
}

function linkWeight(a: Row, b: Row, rh: Rhythm, bands: [number, number, number][]): number {
  const [quality, periods] = timingOf(a, b, rh, bands);
  if (periods === 0) return 0;
  const step = Math.abs(a.size - b.size) / Math.max(a.size, b.size);
  if (step > rh.maxStep) return 0;
  return 1 - 0.5 * (1 - quality) - 0.5 * (step / rh.maxStep) - (periods === 2 ? 0.7 : 0);
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : Math.round((s[m - 1] + s[m]) / 2);
}

/** Same level: within 1% (pay with a cent of rounding, a subscription to the cent). */
function sameLevel(a: number, b: number): boolean {
  return Math.abs(a - b) <= Math.max(1, Math.round(Math.max(a, b) * 0.01));
}

/** Amounts that mostly repeat: at least half the steps from one occurrence to the next stay at the same level. */
function isFixed(sizes: number[]): boolean {
  let repeats = 0;
  for (let k = 1; k < sizes.length; k++) if (sameLevel(sizes[k - 1], sizes[k])) repeats++;
  return repeats * 2 >= sizes.length - 1;
}

/**
 * Typical amount and whether it varies. Amounts that mostly repeat (a fixed debit, or pay that steps up) are
 * levels: the typical amount is the latest level. Otherwise (power bills) it is the median of the last year's
 * occurrences, and the spread is the median absolute deviation over the median.
 */
function amountOf(sizes: number[], rh: Rhythm): { typical: number; variable: boolean; spread: number } {
  const variable = !isFixed(sizes);
  if (!variable) {
    let start = sizes.length - 1;
    while (start > 0 && sameLevel(sizes[start - 1], sizes[sizes.length - 1])) start--;
    const latest = sizes.slice(start);
    const typical = latest.length >= 2 ? median(latest) : median(sizes.slice(-3));
    return { typical, variable, spread: 0 };
  }
  const recent = sizes.slice(-Math.max(rh.perYear, 3));
  const typical = median(recent);
  const spread = typical > 0 ? median(recent.map((s) => Math.abs(s - typical))) / typical : 0;
  return { typical, variable, spread };
}

function evaluate(
  chain: Chain,
  groupRows: Row[],
  rh: Rhythm,
  account: string,
  sign: number,
  payee: string,
  asOfDay: number,
): Candidate | null {
  const rows = chain.rows;
  const n = rows.length;
  if (n < rh.minCount || chain.missed * 3 > n) return null;
  const last = rows[n - 1].day;
  // Ended: more than one expected occurrence has passed without a payment.
  if (asOfDay > last + 2 * rh.maxDays + rh.tol) return null;
  const sizes = rows.map((r) => r.size);
  const amount = amountOf(sizes, rh);
  if (amount.spread > rh.maxSpread) return null;
  // Two fixed amounts taking turns are two series half a rhythm apart (two monthly bills read as fortnightly).
  if (
    amount.variable &&
    n >= 6 &&
    isFixed(sizes.filter((_, k) => k % 2 === 0)) &&
    isFixed(sizes.filter((_, k) => k % 2))
  ) {
    return null;
  }
  // A varying amount is weaker evidence than a repeated one: it needs one more occurrence (a yearly bill excepted).
  if (amount.variable && rh.months !== 12 && n < rh.minCount + 1) return null;

  const { next, phase, residuals } = schedule(rows, rh, asOfDay);
  // Chance: could the payee's other rows line up like this by accident? From how often the payee shows an amount
  // in the chain's band (its levels to the cent for a fixed amount, the allowed step around a varying one), the
  // chance q that a window holds such a row, and the expected number of chance chains this long. A busy
  // payee (the supermarket) lines up a "series" by chance; a bill with a rare one-off beside it does not.
  const margin = amount.variable ? rh.maxStep / 2 : 0.01;
  const minSize = Math.min(...sizes) * (1 - margin);
  const maxSize = Math.max(...sizes) * (1 + margin);
  const inChain = new Set(rows);
  let others = 0;
  for (const r of groupRows) if (!inChain.has(r) && r.size >= minSize && r.size <= maxSize) others++;
  const span = Math.max(groupRows[groupRows.length - 1].day - groupRows[0].day + 1, rh.maxDays);
  // The share of the payee's other rows in the band, smoothed (Laplace) so a share seen as 0 of 200 is not taken
  // for certain; a payee with no other rows gives no chance at all.
  const rest = groupRows.length - n;
  // The window is the chain's own scatter about its schedule: a bill on the same day each quarter is not matched
  // by chance as easily as one that wanders across the whole tolerance.
  const window = Math.max(3, 2 * Math.max(...residuals.map(Math.abs)) + 1);
  const chance = 1 - Math.exp(-(((others + 1) / (rest + 2)) * rest * window) / span);
  // Any of the payee's rows could have started such a chain, so the expectation counts every row of the group.
  if (chance > MAX_CHANCE || groupRows.length * chance ** (n - 1) > MAX_CHANCE_CHAINS) return null;

  const regularity = residuals.reduce((s, r) => s + Math.max(0, 1 - Math.abs(r) / (rh.tol + 1)), 0) / n;
  const coverage = n / (n + chain.missed);
  const countScore = Math.min(1, (n - 1) / (rh.fullCount - 1));
  const stability = amount.variable ? Math.max(0, 1 - amount.spread / rh.maxSpread) * 0.8 + 0.2 : 1;
  const raw = (0.15 + 0.35 * regularity + 0.25 * countScore + 0.25 * stability) * coverage * (1 - chance);
  // Two decimals, rounded the one way the engine rounds (money.ts).
  const confidence = cents(Math.min(1, Math.max(0, raw)));
  if (confidence < MIN_CONFIDENCE) return null;

  const key = `${account}|${payee}|${sign < 0 ? 'out' : 'in'}|${rh.frequency}|${phase}`;
  const series: RecurringSeries = {
    key,
    account_id: account,
    payee: displayPayee(rows),
    amount_cents: sign * amount.typical,
    frequency: rh.frequency,
    next_date: dayNumberToDate(next),
    transaction_ids: [...rows].sort((a, b) => a.day - b.day || compareStrings(a.id, b.id)).map((r) => r.id),
    occurrences: n,
    confidence,
    variable_amount: amount.variable,
  };
  return { chain, series, score: n * confidence };
}

/** The payee as written most often in the series (ties: the first alphabetically). */
function displayPayee(rows: Row[]): string {
  const counts = new Map<string, number>();
  for (const r of rows) counts.set(r.payee, (counts.get(r.payee) ?? 0) + 1);
  let best = '';
  let bestCount = 0;
  for (const [p, c] of counts) {
    if (c > bestCount || (c === bestCount && compareStrings(p, best) < 0)) {
      best = p;
      bestCount = c;
    }
  }
  return best;
}

/**
 * The next expected date after as_of, from the series' nominal rhythm: the usual phase of its occurrences (so a
 * payment moved to Monday does not move the schedule). When no occurrence ever fell on a weekend or a national
 * public holiday, the bank moves it to the next business day: so does next_date, and an occurrence so moved is on
 * time (its residual is measured from the moved date). The phase also names the series in its key.
 */
function schedule(rows: Row[], rh: Rhythm, asOfDay: number): { next: number; phase: string; residuals: number[] } {
  const last = rows[rows.length - 1].day;
  const shifts = !rows.some((r) => r.offDay);
  // A row later than its nominal day, measured from that day moved to the next business day.
  const slip = (day: number, nominal: number) =>
    shifts && day > nominal ? day - nextBusinessDayNumber(nominal) : day - nominal;
  let next: number;
  let phase: string;
  let residuals: number[];
  if (rh.months === 0) {
    const p = rh.minDays;
    const half = Math.floor(p / 2);
    const offsets = rows.map((r) => ((((r.day - last + half) % p) + p) % p) - half);
    const m = mode(offsets);
    const nominal = last + m;
    residuals = rows.map((r, k) => {
      // The nominal day in the row's own period, or the one before: a move of more than half a week (Good Friday
      // to Tuesday) reads as early for the next period, but a bank never pays early.
      const own = slip(r.day, r.day - offsets[k] + m);
      const before = slip(r.day, r.day - offsets[k] + m - p);
      return Math.abs(before) < Math.abs(own) ? before : own;
    });
    next = nominal + p * Math.ceil((asOfDay + 1 - nominal) / p);
    phase = rh.frequency === 'weekly' ? `d${(((nominal + 4) % 7) + 7) % 7}` : `f${((nominal % p) + p) % p}`;
  } else {
    const dom = mode(rows.map((r) => civilFromDayNumber(r.day)[2]));
    // Each occurrence against the nominal day of its own month or a neighbour (a slip may cross a month's end).
    residuals = rows.map((r) => {
      const [y, m] = civilFromDayNumber(r.day);
      const idx = monthIndex(y, m);
      let best = slip(r.day, nominalDay(idx, dom));
      for (const k of [idx - 1, idx + 1]) {
        const res = slip(r.day, nominalDay(k, dom));
        if (Math.abs(res) < Math.abs(best)) best = res;
      }
      return best;
    });
    const [ly, lm] = civilFromDayNumber(last);
    // The nominal month of the last occurrence: its own, or the one before when a slip crossed a month's end.
    let base = monthIndex(ly, lm);
    if (Math.abs(nominalDay(base - 1, dom) - last) < Math.abs(nominalDay(base, dom) - last)) base--;
    // The first step after as_of (before the last occurrence too, when the rows run past as_of).
    const [ay, am] = civilFromDayNumber(asOfDay);
    let k = Math.floor((monthIndex(ay, am) - base) / rh.months) - 1;
    while (nominalDay(base + k * rh.months, dom) <= asOfDay) k++;
    next = nominalDay(base + k * rh.months, dom);
    phase = rh.months === 1 ? `m${dom}` : `m${((base % rh.months) + rh.months) % rh.months}-${dom}`;
  }
  if (shifts) next = nextBusinessDayNumber(next);
  return { next, phase, residuals };
}

/**
 * The most common value (ties: the smallest). Banks move a payment later (to the next business day), never
 * earlier, so the usual day is the schedule's day while a median would be pulled late by the moves.
 */
function mode(values: number[]): number {
  const counts = new Map<number, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  let best = values[0];
  let bestCount = 0;
  for (const [v, c] of counts) {
    if (c > bestCount || (c === bestCount && v < best)) {
      best = v;
      bestCount = c;
    }
  }
  return best;
}

/** Day number of a month's nominal day (the day of month, clamped to the month's end: the engine's calendar rule). */
function nominalDay(index: number, dom: number): number {
  const y = Math.floor(index / 12);
  const m = (index % 12) + 1;
  return dayNumber(y, m, Math.min(dom, daysInMonth(y, m)));
}
