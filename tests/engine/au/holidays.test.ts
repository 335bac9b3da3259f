// The national public holiday table against the rules it follows (Easter by the Gregorian computus, weekend
// substitutes), so a mistyped date in the table fails here; and the business-day helpers on known dates.
import { describe, expect, it } from 'vitest';
import {
  AU_NATIONAL_HOLIDAYS,
  isBusinessDayNumber,
  isNationalHolidayNumber,
  nextBusinessDayNumber,
} from '../../../worker/engine/au/holidays';
import { dateToDayNumber, dayNumberToDate } from '../../../worker/engine/calendar';

/** Easter Sunday (anonymous Gregorian algorithm), as a day number. */
function easterSunday(y: number): number {
  const a = y % 19;
  const b = Math.floor(y / 100);
  const c = y % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return dateToDayNumber(`${y}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`);
}

const dow = (n: number) => (((n + 4) % 7) + 7) % 7; // 0 = Sunday
const day = (y: number, md: string) => dateToDayNumber(`${y}-${md}`);

/** The national holidays of a year by the rules (docs/au-rules.md, "Public holidays"). */
function byRule(y: number): string[] {
  const monday = (n: number) => (dow(n) === 6 ? n + 2 : dow(n) === 0 ? n + 1 : n);
  const out = [monday(day(y, '01-01')), monday(day(y, '01-26')), easterSunday(y) - 2, easterSunday(y) + 1];
  const anzac = day(y, '04-25');
  if (dow(anzac) !== 0 && dow(anzac) !== 6) out.push(anzac);
  const xmas = day(y, '12-25');
  const xmasDow = dow(xmas);
  if (xmasDow >= 1 && xmasDow <= 4) out.push(xmas, xmas + 1);
  else if (xmasDow === 5) out.push(xmas, xmas + 3);
  else if (xmasDow === 6) out.push(xmas + 2, xmas + 3);
  else out.push(xmas + 1, xmas + 2);
  return out.sort((a, b) => a - b).map((n) => dayNumberToDate(n).slice(5));
}

describe('national public holidays', () => {
  it('the table follows the rules for every year it covers', () => {
    const years = Object.keys(AU_NATIONAL_HOLIDAYS).map(Number);
    expect(years[0]).toBe(2015);
    expect(years[years.length - 1]).toBe(2035);
    for (const y of years) expect(AU_NATIONAL_HOLIDAYS[y], String(y)).toEqual(byRule(y));
  });

  it('knows published dates: Easter, Australia Day on a Monday, Christmas and Boxing Day substitutes', () => {
    const holiday = (d: string) => isNationalHolidayNumber(dateToDayNumber(d));
    for (const d of ['2024-03-29', '2024-04-01', '2025-01-27', '2021-12-27', '2021-12-28', '2022-01-03'])
      expect(holiday(d), d).toBe(true);
    // Anzac Day on a Saturday has no national substitute; an ordinary day is not a holiday.
    for (const d of ['2026-04-27', '2025-01-26', '2025-06-10']) expect(holiday(d), d).toBe(false);
  });

  it('the next business day steps over weekends and holidays', () => {
    const next = (d: string) => dayNumberToDate(nextBusinessDayNumber(dateToDayNumber(d)));
    expect(next('2026-12-25')).toBe('2026-12-29'); // Friday, Boxing Day on Saturday observed Monday 28
    expect(next('2027-12-25')).toBe('2027-12-29'); // Saturday: Monday 27 and Tuesday 28 are the substitutes
    expect(next('2026-04-03')).toBe('2026-04-07'); // Good Friday to the Tuesday after Easter
    expect(next('2026-01-26')).toBe('2026-01-27');
    expect(next('2026-06-10')).toBe('2026-06-10');
    expect(isBusinessDayNumber(dateToDayNumber('2026-06-13'))).toBe(false); // a Saturday
  });
});
