// en-AU display of statement figures: cents as money, ISO dates as "3 Mar 2026", month keys as "March 2026".
import { formatMonthYear, formatShortDate } from '../../lib/format/dates';
import { formatCount, formatMoneyCents } from '../../lib/format/money';

// Built on first use: only the import history shows times, and a page's first Intl formatter is costly.
let stampFormat: Intl.DateTimeFormat | undefined;

export function formatCents(c: number): string {
  return formatMoneyCents(c / 100);
}

/** With an explicit + for money in (a statement's way of showing it). */
export function formatSignedCents(c: number): string {
  return c > 0 ? `+${formatCents(c)}` : formatCents(c);
}

export function formatDay(iso: string): string {
  return formatShortDate(iso);
}

export function formatMonth(month: string): string {
  return formatMonthYear(month);
}

export function formatStamp(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  stampFormat ??= new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium', timeStyle: 'short' });
  return stampFormat.format(d);
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`;
}
