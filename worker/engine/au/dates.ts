// Small pure calendar helpers on ISO dates (UTC arithmetic, so no time zone or clock is involved).
import type { IsoDate, IsoMonth } from '../primitives';

function toUtc(date: IsoDate): number {
  return Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));
}

function fromUtc(ms: number): IsoDate {
  return new Date(ms).toISOString().slice(0, 10);
}

export function addDays(date: IsoDate, days: number): IsoDate {
  return fromUtc(toUtc(date) + days * 86_400_000);
}

/** Monday to Friday. */
export function isWeekday(date: IsoDate): boolean {
  const day = new Date(toUtc(date)).getUTCDay();
  return day >= 1 && day <= 5;
}

/** Whole days from a to b (b - a). */
export function daysBetween(a: IsoDate, b: IsoDate): number {
  return Math.round((toUtc(b) - toUtc(a)) / 86_400_000);
}

export function lastDayOfMonth(month: IsoMonth): IsoDate {
  const y = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  return fromUtc(Date.UTC(y, m, 0));
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

export function isIsoDate(value: unknown): value is IsoDate {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const ms = toUtc(value);
  return Number.isFinite(ms) && fromUtc(ms) === value;
}

export function isIsoMonth(value: unknown): value is IsoMonth {
  return typeof value === 'string' && /^\d{4}-(0[1-9]|1[0-2])$/.test(value);
}
