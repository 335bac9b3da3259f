// Australia's national public holidays by their rules (docs/au-rules.md, "Public holidays"), for the business days
// on which banks move direct debits and pay runs. Pure: every year is worked out from the rules, nothing reads a clock.
import { civilFromDayNumber, dayNumber, isWeekdayNumber } from '../calendar';

/** Day of the week of a day number, 0 = Sunday (day 0, 1970-01-01, was a Thursday). */
const dayOfWeek = (n: number): number => (((n + 4) % 7) + 7) % 7;

/** Easter Sunday of a year by the Gregorian computus (the anonymous algorithm), as a day number. */
export function easterSunday(year: number): number {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const h = (19 * a + b - Math.floor(b / 4) - Math.floor((b - Math.floor((b + 8) / 25) + 1) / 3) + 15) % 30;
  const l = (32 + 2 * (b % 4) + 2 * Math.floor(c / 4) - h - (c % 4)) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const monthDay = h + l - 7 * m + 114;
  return dayNumber(year, Math.floor(monthDay / 31), (monthDay % 31) + 1);
}

/**
 * The days observed in every state and territory in one calendar year, as sorted day numbers: New Year's Day,
 * Australia Day, Good Friday, Easter Monday, Anzac Day, Christmas Day and Boxing Day. New Year's Day or Australia
 * Day on a weekend is observed on the Monday after; Christmas and Boxing Day on a weekend move to the next free
 * weekdays (Christmas on a Saturday gives Monday 27 and Tuesday 28); Anzac Day on a weekend has no national
 * substitute.
 */
export function nationalHolidays(year: number): number[] {
  const mondayIfWeekend = (n: number) => {
    const dow = dayOfWeek(n);
    return dow === 6 ? n + 2 : dow === 0 ? n + 1 : n;
  };
  const easter = easterSunday(year);
  const days = [
    mondayIfWeekend(dayNumber(year, 1, 1)),
    mondayIfWeekend(dayNumber(year, 1, 26)),
    easter - 2,
    easter + 1,
  ];
  const anzac = dayNumber(year, 4, 25);
  if (isWeekdayNumber(anzac)) days.push(anzac);
  // Christmas and Boxing Day: the two days observed, by Christmas's day of the week.
  const christmas = dayNumber(year, 12, 25);
  const dow = dayOfWeek(christmas);
  const [first, second] = dow === 0 ? [1, 2] : dow === 5 ? [0, 3] : dow === 6 ? [2, 3] : [0, 1];
  days.push(christmas + first, christmas + second);
  return days.sort((x, y) => x - y);
}

/** Each year's holidays as a set, worked out once (the detector asks per row and per projected date). */
const byYear = new Map<number, ReadonlySet<number>>();

/** A national public holiday, for a day number. */
export function isNationalHolidayNumber(n: number): boolean {
  const year = civilFromDayNumber(n)[0];
  let days = byYear.get(year);
  if (!days) {
    days = new Set(nationalHolidays(year));
    byYear.set(year, days);
  }
  return days.has(n);
}

/** A weekday that is not a national public holiday, for a day number. */
export function isBusinessDayNumber(n: number): boolean {
  return isWeekdayNumber(n) && !isNationalHolidayNumber(n);
}

/** The day itself when it is a business day, else the next one (a debit due on a holiday is taken then). */
export function nextBusinessDayNumber(n: number): number {
  let d = n;
  while (!isBusinessDayNumber(d)) d++;
  return d;
}
