// Australia's national public holidays as a dated table (docs/au-rules.md, "Public holidays"), for the business
// days on which banks move direct debits and pay runs. Pure: the table is data, nothing reads a clock.
import { dayNumber, isWeekdayNumber } from '../calendar';

/**
 * The days observed in every state and territory, by calendar year (month-day): New Year's Day, Australia Day,
 * Good Friday, Easter Monday, Anzac Day, Christmas Day and Boxing Day. A New Year's Day or Australia Day on a
 * weekend is observed on the Monday after; Christmas and Boxing Day on a weekend move to the next free weekdays
 * (Christmas on a Saturday gives Monday 27 and Tuesday 28); Anzac Day on a weekend has no national substitute.
 */
export const AU_NATIONAL_HOLIDAYS: Readonly<Record<number, readonly string[]>> = {
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

/** Day numbers of the table's holidays (built once: the detector asks per row and per projected date). */
const HOLIDAY_DAYS: ReadonlySet<number> = new Set(
  Object.entries(AU_NATIONAL_HOLIDAYS).flatMap(([year, days]) =>
    days.map((md) => dayNumber(Number(year), Number(md.slice(0, 2)), Number(md.slice(3, 5)))),
  ),
);

/** A national public holiday in the table (years outside it have none: only weekends are then off). */
export function isNationalHolidayNumber(n: number): boolean {
  return HOLIDAY_DAYS.has(n);
}

/** A weekday that is not a national public holiday, for a day number. */
export function isBusinessDayNumber(n: number): boolean {
  return isWeekdayNumber(n) && !HOLIDAY_DAYS.has(n);
}

/** The day itself when it is a business day, else the next one (a debit due on a holiday is taken then). */
export function nextBusinessDayNumber(n: number): number {
  let d = n;
  while (!isBusinessDayNumber(d)) d++;
  return d;
}
