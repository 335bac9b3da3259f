// Statement cell values: amounts to whole cents by reading the digits (never through a float of dollars) and
// dates as Australian banks write them (day first; month first only when the caller says so).
import { MONTH_NAMES } from '../calendar';
import type { SkippedRow } from './types';

/** Why an amount cell could not be read; null from parseCents means the cell was empty. */
export class AmountFormatError extends Error {}

/**
 * The amount `read` gives; or, when it throws an AmountFormatError (its message) or finds no amount (`none`), the
 * row is added to `skipped` with that reason and the result is undefined.
 */
export function amountOrSkip(
  read: () => number | null,
  row: { line: number; skipped: SkippedRow[]; none: string },
): number | undefined {
  let amount: number | null;
  try {
    amount = read();
  } catch (err) {
    if (!(err instanceof AmountFormatError)) throw err;
    row.skipped.push({ line: row.line, reason: err.message });
    return undefined;
  }
  if (amount === null) row.skipped.push({ line: row.line, reason: row.none });
  return amount ?? undefined;
}

const MAX_CENTS = 1e12 * 100;

/**
 * Whole cents from an amount as banks print it: "-45.50", "+1,234.56", "$1,234", "($12.00)", "12.00 CR",
 * "45.50 DR", "-$5", "1 234.50", "−3.20" (Unicode minus). Empty (or only "$") gives null. More than two decimals
 * are accepted only as trailing zeros ("45.5000"); anything else throws AmountFormatError.
 */
export function parseCents(raw: string): number | null {
  let s = raw.trim().replace(/[\u2212\u2012\u2013\u2014]/g, '-');
  if (s === '' || s === '$' || s === '-') return null;
  let negative = false;
  let signs = 0;
  const crdr = /\s*(CR|DR)\.?$/i.exec(s);
  if (crdr) {
    if (crdr[1].toUpperCase() === 'DR') negative = !negative;
    signs += 1;
    s = s.slice(0, crdr.index).trim();
  }
  if (s.startsWith('(') && s.endsWith(')')) {
    negative = !negative;
    signs += 1;
    s = s.slice(1, -1).trim();
  }
  // Signs and the dollar symbol in any order at the front ("-$5", "$-5", "+$5"), or a trailing minus ("5.00-").
  for (;;) {
    const c = s[0];
    if (c === '-' || c === '+') {
      if (c === '-') negative = !negative;
      signs += 1;
      s = s.slice(1).trim();
    } else if (c === '$') s = s.slice(1).trim();
    else if (s.startsWith('AUD')) s = s.slice(3).trim();
    else break;
  }
  if (s.endsWith('-')) {
    negative = !negative;
    signs += 1;
    s = s.slice(0, -1).trim();
  }
  if (signs > 1) throw new AmountFormatError(`"${raw.trim()}" is not an amount (more than one sign)`);
  // Thousands separators: commas, spaces or apostrophes between groups of three digits.
  if (!/^(\d{1,3}([,' \u00a0]\d{3})+|\d+)?(\.\d*)?$/.test(s) || s === '' || s === '.') {
    throw new AmountFormatError(`"${raw.trim()}" is not an amount`);
  }
  const [wholeText, fracText = ''] = s.replace(/[,' \u00a0]/g, '').split('.');
  if (fracText.length > 2 && !/^0*$/.test(fracText.slice(2))) {
    throw new AmountFormatError(`"${raw.trim()}" has fractions of a cent`);
  }
  const whole = wholeText === '' ? 0 : Number(wholeText);
  const frac = Number(fracText.slice(0, 2).padEnd(2, '0'));
  const total = whole * 100 + frac;
  if (!Number.isSafeInteger(total) || total > MAX_CENTS) {
    throw new AmountFormatError(`"${raw.trim()}" is too large for an amount`);
  }
  return negative && total !== 0 ? -total : total;
}

/** Whole cents as the CLI and the API print money: "-45.50", "1234.56" (exact, from the integer). */
export function centsToDecimalString(cents: number): string {
  const size = Math.abs(cents);
  const text = `${Math.trunc(size / 100)}.${String(size % 100).padStart(2, '0')}`;
  return cents < 0 ? `-${text}` : text;
}

/** Day-first (Australian), year-first (ISO) or month-first (only when chosen: Quicken US files). */
export type DateOrder = 'dmy' | 'ymd' | 'mdy';

const MONTHS: Record<string, number> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  sept: 9,
  oct: 10,
  nov: 11,
  dec: 12,
};

function daysIn(year: number, month: number): number {
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
}

/** A two-digit year: 00-69 are 2000-2069 and 70-99 are 1970-1999 (a fixed pivot; the engine has no clock). */
function fullYear(text: string, centuryHint?: '19' | '20'): number {
  if (text.length > 2) return Number(text);
  const yy = Number(text);
  if (centuryHint) return Number(centuryHint) * 100 + yy;
  return yy < 70 ? 2000 + yy : 1900 + yy;
}

function iso(year: number, month: number, day: number): string | null {
  if (!(year >= 1900 && year <= 2199) || month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) {
    return null;
  }
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * YYYY-MM-DD from a statement date, or null when it is not one. Understands dd/mm/yyyy, d/m/yy, dd-mm-yyyy,
 * dd.mm.yyyy, "d Mon yy", "d Mon yyyy", "d-Mon-yyyy", "Mon d, yyyy", ISO dates and datetimes (the date as written;
 * no time-zone shift), yyyymmdd, and QIF's d/m'yy (the apostrophe marks 2000s). A numeric date with the month
 * first is read only with order 'mdy'; 'dmy' (the default) never guesses it.
 */
export function parseStatementDate(raw: string, order: DateOrder = 'dmy'): string | null {
  const s = raw.trim();
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ][0-9:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/i.exec(s);
  if (m) return iso(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{4})(\d{2})(\d{2})$/.exec(s);
  if (m) return iso(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{4})\/(\d{1,2})\/(\d{1,2})$/.exec(s);
  if (m) return iso(Number(m[1]), Number(m[2]), Number(m[3]));
  // Numeric day/month/year with /, -, . or QIF's ' before a two-digit 2000s year; an optional time after it.
  m =
    /^(\d{1,2})\s*[/.-]\s*(\d{1,2})\s*(?:[/.-]|('))\s*(\d{4}|\d{1,2})(?:\s+\d{1,2}:\d{2}(?::\d{2})?(?:\s*[AP]M)?)?$/i.exec(
      s,
    );
  if (m) {
    const year = fullYear(m[4], m[3] === "'" ? '20' : undefined);
    const a = Number(m[1]);
    const b = Number(m[2]);
    if (order === 'ymd') return null;
    return order === 'mdy' ? iso(year, a, b) : iso(year, b, a);
  }
  m = /^(\d{1,2})[\s-]+([A-Za-z]{3,9})\.?,?[\s-]+(\d{4}|\d{2})(?:\s+\d{1,2}:\d{2}(?::\d{2})?)?$/.exec(s);
  if (m) {
    const month = monthName(m[2]);
    if (!month) return null;
    return iso(fullYear(m[3]), month, Number(m[1]));
  }
  m = /^([A-Za-z]{3,9})\.?\s+(\d{1,2}),?\s+(\d{4})$/.exec(s);
  if (m) {
    const month = monthName(m[1]);
    return month ? iso(Number(m[3]), month, Number(m[2])) : null;
  }
  return null;
}

/** Month names in lower case, January first. */
const FULL_MONTHS = MONTH_NAMES.map((m) => m.toLowerCase());

/** A month written in full or as its three-letter (or "Sept") abbreviation. */
function monthName(text: string): number | null {
  const t = text.toLowerCase();
  const full = FULL_MONTHS.indexOf(t);
  if (full >= 0) return full + 1;
  return MONTHS[t] ?? null;
}
