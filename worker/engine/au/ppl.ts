// Paid Parental Leave (Services Australia): paid days by the child's birth date, daily rate by the financial
// year each paid day falls in, and the government's super on PPL from 1 July 2025 (docs/au-rules.md).
import type { IsoDate } from '../primitives';
import { atDate, financialYearOf, financialYearStart, type DatedTable } from './dated';
import { cents } from '../money';
import { superGuaranteeRate } from './super';
import { civilFromDayNumber, dateToDayNumber, dayNumberToDate, isWeekdayNumber } from '../calendar';

/** Paid days (Monday-Friday, in 5-day weeks) for a child born or adopted on or after `from`. */
export const PPL_DAYS: DatedTable<number> = [
  { from: '2024-07-01', figures: 110 },
  { from: '2025-07-01', figures: 120 },
  { from: '2026-07-01', figures: 130 },
];

/** Daily rate = 7.6 x the hourly national minimum wage, by the financial year the paid day falls in. */
export const PPL_DAILY_RATE: DatedTable<number> = [
  { from: '2024-07-01', figures: 183.16 },
  { from: '2025-07-01', figures: 189.62 },
  // UNCONFIRMED: "about $200.94" for 2026-27; correct when the minimum wage decision is applied.
  { from: '2026-07-01', figures: 200.94 },
];

/** From this date of birth the government pays super on PPL at the Super Guarantee rate. */
export const PPL_SUPER_FROM: IsoDate = '2025-07-01';

/** The number of PPL days for a child born (or adopted) on `birthDate`. */
export function pplDays(birthDate: IsoDate): number {
  return atDate(PPL_DAYS, birthDate);
}

/**
 * The PPL daily rate for a paid day on `date`. Beyond the last known financial year the last known rate is
 * indexed once per financial year by `wageGrowthPct` (the minimum wage rises each July); 0 keeps it flat.
 */
export function pplDailyRate(date: IsoDate, wageGrowthPct = 0): number {
  const lastKnown = PPL_DAILY_RATE[PPL_DAILY_RATE.length - 1];
  const rate = atDate(PPL_DAILY_RATE, financialYearStart(date));
  const yearsBeyond = financialYearOf(date) - financialYearOf(lastKnown.from);
  if (yearsBeyond <= 0 || !Number.isFinite(wageGrowthPct)) return rate;
  return cents(rate * Math.pow(1 + wageGrowthPct / 100, yearsBeyond));
}

/** The super rate the government adds to PPL for a child born on `birthDate` (0 before 1 July 2025). */
export function pplSuperRate(birthDate: IsoDate): number {
  return birthDate >= PPL_SUPER_FROM ? superGuaranteeRate(birthDate) : 0;
}

/** One month's PPL: `days` weekdays paid, `amount` gross, recorded on `date` (the last paid day that month). */
export type PplPayment = { date: IsoDate; days: number; amount: number };

/**
 * PPL paid as one amount per calendar month: `days` weekdays (Monday-Friday) from `startDate` (inclusive),
 * each at the daily rate of the financial year it falls in. Default days: the entitlement for `birthDate`.
 */
export function pplSchedule(opts: {
  birthDate: IsoDate;
  startDate?: IsoDate;
  days?: number;
  wageGrowthPct?: number;
}): PplPayment[] {
  const entitlement = pplDays(opts.birthDate);
  const days = Math.max(0, Math.min(entitlement, Math.floor(opts.days ?? entitlement)));
  const payments: PplPayment[] = [];
  const growth = opts.wageGrowthPct ?? 0;
  // Day numbers, not date strings: a date is formatted once per paid month, a rate looked up once per
  // financial year (the rate changes only on 1 July).
  let n = dateToDayNumber(opts.startDate ?? opts.birthDate);
  let paid = 0;
  let month = -1;
  let fyEnd = -Infinity;
  let rate = 0;
  let current: { last: number; days: number; amount: number } | null = null;
  const out: Array<{ last: number; days: number; amount: number }> = [];
  // At most days * 7/5 + a few calendar days: bounded.
  while (paid < days) {
    if (isWeekdayNumber(n)) {
      if (n >= fyEnd) {
        const date = dayNumberToDate(n);
        rate = pplDailyRate(date, growth);
        const fy = financialYearOf(date);
        fyEnd = dateToDayNumber(`${String(fy + 1).padStart(4, '0')}-07-01`);
      }
      const [y, m] = civilFromDayNumber(n);
      const mi = y * 12 + m;
      if (!current || mi !== month) {
        month = mi;
        current = { last: n, days: 0, amount: 0 };
        out.push(current);
      }
      current.days += 1;
      current.amount += rate;
      current.last = n;
      paid += 1;
    }
    n += 1;
  }
  for (const p of out) payments.push({ date: dayNumberToDate(p.last), days: p.days, amount: cents(p.amount) });
  return payments;
}

/** Total PPL for a schedule (sum of its months). */
export function pplTotal(opts: {
  birthDate: IsoDate;
  startDate?: IsoDate;
  days?: number;
  wageGrowthPct?: number;
}): number {
  return cents(pplSchedule(opts).reduce((sum, p) => sum + p.amount, 0));
}
