// Small pure calendar helpers on ISO dates (day-number arithmetic, so no time zone or clock is involved).
import type { IsoDate, IsoMonth } from '../primitives';
import { dateToDayNumber, dayNumberToDate, daysInMonth, formatDate, isWeekdayNumber } from '../calendar';

// Day-number arithmetic (calendar.ts), not Date objects: these run per paid day and per drawdown year
// inside template compilers, where Date construction and toISOString dominated the compile time.
export function addDays(date: IsoDate, days: number): IsoDate {
  return dayNumberToDate(dateToDayNumber(date) + days);
}

/** Monday to Friday. */
export function isWeekday(date: IsoDate): boolean {
  return isWeekdayNumber(dateToDayNumber(date));
}

/** Whole days from a to b (b - a). */
export function daysBetween(a: IsoDate, b: IsoDate): number {
  return dateToDayNumber(b) - dateToDayNumber(a);
}

export function lastDayOfMonth(month: IsoMonth): IsoDate {
  const y = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  return formatDate(y, m, daysInMonth(y, m));
}

export function firstDayOfMonth(month: IsoMonth): IsoDate {
  return `${month.slice(0, 7)}-01`;
}

/** The month `n` months after `month` (n may be negative). */
export function addMonths(month: IsoMonth, n: number): IsoMonth {
  const y = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7)) - 1 + n;
  const year = y + Math.floor(m / 12);
  const mm = ((m % 12) + 12) % 12;
  return `${String(year).padStart(4, '0')}-${String(mm + 1).padStart(2, '0')}`;
}

/** Months from a to b (b - a). */
export function monthsBetween(a: IsoMonth, b: IsoMonth): number {
  return (Number(b.slice(0, 4)) - Number(a.slice(0, 4))) * 12 + Number(b.slice(5, 7)) - Number(a.slice(5, 7));
}

/** The same day-of-month `n` months later, clamped to the month's last day. */
export function addMonthsToDate(date: IsoDate, n: number): IsoDate {
  const month = addMonths(date.slice(0, 7), n);
  const last = lastDayOfMonth(month);
  const day = Math.min(Number(date.slice(8, 10)), Number(last.slice(8, 10)));
  return `${month}-${String(day).padStart(2, '0')}`;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export function isIsoDate(value: unknown): value is IsoDate {
  if (typeof value !== 'string' || !ISO_DATE.test(value)) return false;
  const y = Number(value.slice(0, 4));
  const m = Number(value.slice(5, 7));
  const d = Number(value.slice(8, 10));
  // Years below 100 were never valid here (Date.UTC maps them to 19xx); kept so validation does not change.
  return y >= 100 && m >= 1 && m <= 12 && d >= 1 && d <= daysInMonth(y, m);
}

export function isIsoMonth(value: unknown): value is IsoMonth {
  return typeof value === 'string' && /^\d{4}-(0[1-9]|1[0-2])$/.test(value);
}
