// The en-AU date formatters, written out without Intl: held to what Intl.DateTimeFormat('en-AU') writes for every
// day of several years (so every month's abbreviation, including June, July and Sept), and what they do with bad input.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatLongLocalDate, formatMonthYear, formatShortDate } from '../../src/lib/format/dates';

const short = new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const month = new Intl.DateTimeFormat('en-AU', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const long = (d: Date) => d.toLocaleDateString('en-AU', { day: 'numeric', month: 'long', year: 'numeric' });

describe('en-AU dates', () => {
  it('write what Intl.DateTimeFormat writes', () => {
    for (let day = Date.UTC(2023, 0, 1); day < Date.UTC(2029, 0, 1); day += 86_400_000) {
      const iso = new Date(day).toISOString().slice(0, 10);
      expect(formatShortDate(iso)).toBe(short.format(new Date(day)));
      expect(formatMonthYear(iso.slice(0, 7))).toBe(month.format(new Date(day)));
    }
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1970, 0, 1), max: Date.UTC(2100, 0, 1) }), (ms) => {
        const moment = new Date(ms);
        expect(formatLongLocalDate(moment)).toBe(long(moment));
        const iso = moment.toISOString();
        expect(formatShortDate(iso.slice(0, 10))).toBe(short.format(new Date(`${iso.slice(0, 10)}T00:00:00Z`)));
      }),
    );
  });

  it('gives back what is not a date', () => {
    expect(formatShortDate('')).toBe('');
    expect(formatShortDate('soon')).toBe('soon');
    expect(formatShortDate('2026-13-01')).toBe('2026-13-01');
    expect(formatMonthYear('2026')).toBe('2026');
    expect(formatLongLocalDate(new Date('nope'))).toBe('');
  });
});
