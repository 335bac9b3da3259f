// Month helpers for the breakdown: which months a forecast can explain, and how a month is named on screen.
import { MONTH_NAMES, monthIndexOf, monthOfIndex } from '../../../../../worker/engine/index';

/** 'March 2027' from 'YYYY-MM'. */
export function longMonth(yyyyMm: string): string {
  return `${MONTH_NAMES[Number(yyyyMm.slice(5, 7)) - 1] ?? ''} ${yyyyMm.slice(0, 4)}`;
}

/** The first and last months a forecast from asOf over `years` has (month 0, the part-month of as_of, has none). */
export function explainableMonths(asOf: string, years: number): { first: string; last: string } {
  const start = monthIndexOf(asOf);
  return { first: monthOfIndex(start + 1), last: monthOfIndex(start + years * 12) };
}

/** The month a chart point stands for: its date's month; snapshot 0 (as_of, a moment) stands for the first month. */
export function monthOfChartDate(date: string, asOf: string): string {
  const month = date.slice(0, 7);
  return monthIndexOf(month) <= monthIndexOf(asOf) ? monthOfIndex(monthIndexOf(asOf) + 1) : month;
}

/** Moves a YYYY-MM month by n months, kept within [first, last]. */
export function stepMonth(month: string, n: number, first: string, last: string): string {
  const i = Math.min(monthIndexOf(last), Math.max(monthIndexOf(first), monthIndexOf(month) + n));
  return monthOfIndex(i);
}
