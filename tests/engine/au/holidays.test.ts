// The national public holiday rules (Easter by the Gregorian computus, weekend substitutes) against the published
// dates of 21 years, and the business-day helpers on known dates.
import { describe, expect, it } from 'vitest';
import {
  easterSunday,
  isBusinessDayNumber,
  isNationalHolidayNumber,
  nationalHolidays,
  nextBusinessDayNumber,
} from '../../../worker/engine/au/holidays';
import { dateToDayNumber, dayNumberToDate } from '../../../worker/engine/calendar';

/**
 * The published national holidays, 2015 to 2035 (month-day; docs/au-rules.md "Public holidays" names the sources):
 * the rules must give exactly these.
 */
const PUBLISHED: Readonly<Record<number, readonly string[]>> = {
  2015: ['01-01', '01-26', '04-03', '04-06', '12-25', '12-28'],
  2016: ['01-01', '01-26', '03-25', '03-28', '04-25', '12-26', '12-27'],
  2017: ['01-02', '01-26', '04-14', '04-17', '04-25', '12-25', '12-26'],
  2018: ['01-01', '01-26', '03-30', '04-02', '04-25', '12-25', '12-26'],
  2019: ['01-01', '01-28', '04-19', '04-22', '04-25', '12-25', '12-26'],
  2020: ['01-01', '01-27', '04-10', '04-13', '12-25', '12-28'],
  2021: ['01-01', '01-26', '04-02', '04-05', '12-27', '12-28'],
  2022: ['01-03', '01-26', '04-15', '04-18', '04-25', '12-26', '12-27'],
  2023: ['01-02', '01-26', '04-07', '04-10', '04-25', '12-25', '12-26'],
  2024: ['01-01', '01-26', '03-29', '04-01', '04-25', '12-25', '12-26'],
  2025: ['01-01', '01-27', '04-18', '04-21', '04-25', '12-25', '12-26'],
  2026: ['01-01', '01-26', '04-03', '04-06', '12-25', '12-28'],
  2027: ['01-01', '01-26', '03-26', '03-29', '12-27', '12-28'],
  2028: ['01-03', '01-26', '04-14', '04-17', '04-25', '12-25', '12-26'],
  2029: ['01-01', '01-26', '03-30', '04-02', '04-25', '12-25', '12-26'],
  2030: ['01-01', '01-28', '04-19', '04-22', '04-25', '12-25', '12-26'],
  2031: ['01-01', '01-27', '04-11', '04-14', '04-25', '12-25', '12-26'],
  2032: ['01-01', '01-26', '03-26', '03-29', '12-27', '12-28'],
  2033: ['01-03', '01-26', '04-15', '04-18', '04-25', '12-26', '12-27'],
  2034: ['01-02', '01-26', '04-07', '04-10', '04-25', '12-25', '12-26'],
  2035: ['01-01', '01-26', '03-23', '03-26', '04-25', '12-25', '12-26'],
};

describe('national public holidays', () => {
  it('the rules give the published dates of every year from 2015 to 2035', () => {
    for (const [year, days] of Object.entries(PUBLISHED)) {
      const byRule = nationalHolidays(Number(year)).map((n) => dayNumberToDate(n).slice(5));
      expect(byRule, year).toEqual(days);
    }
  });

  it('finds Easter by the computus (known Easter Sundays)', () => {
    for (const d of ['2000-04-23', '2019-04-21', '2038-04-25', '2285-03-22'])
      expect(dayNumberToDate(easterSunday(Number(d.slice(0, 4)))), d).toBe(d);
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
