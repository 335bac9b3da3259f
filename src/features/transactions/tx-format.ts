// en-AU display of statement figures: cents as money, ISO dates as "3 Mar 2026", month keys as "March 2026".
import { formatMoneyCents } from '../../lib/format/money';

const dayFormat = new Intl.DateTimeFormat('en-AU', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const monthFormat = new Intl.DateTimeFormat('en-AU', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const stampFormat = new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium', timeStyle: 'short' });

export function formatCents(c: number): string {
  return formatMoneyCents(c / 100);
}

/** With an explicit + for money in (a statement's way of showing it). */
export function formatSignedCents(c: number): string {
  return c > 0 ? `+${formatCents(c)}` : formatCents(c);
}

export function formatDay(iso: string): string {
  return dayFormat.format(new Date(`${iso}T00:00:00Z`));
}

export function formatMonth(month: string): string {
  return monthFormat.format(new Date(`${month.slice(0, 7)}-01T00:00:00Z`));
}

export function formatStamp(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : stampFormat.format(d);
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString('en-AU')} ${n === 1 ? one : many}`;
}
