// Pure calendar arithmetic for the simulator and the dashboard: day numbers, month indices and schedule
// occurrences with day-of-month clamping (docs/forecast-model.md section 2).
// No Date objects: day numbers are days since 1970-01-01, month indices are year * 12 + (month - 1).
import type { Frequency } from './model/common';
import type { IsoDate, IsoMonth } from './primitives';

/** Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's days_from_civil). */
export function dayNumber(y: number, m: number, d: number): number {
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const mp = (m + 9) % 12;
  const doy = Math.floor((153 * mp + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/** The [year, month (1-12), day] of a day number (civil_from_days). */
export function civilFromDayNumber(n: number): [number, number, number] {
  const z = n + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  return [m <= 2 ? yoe + era * 400 + 1 : yoe + era * 400, m, d];
}

export function isLeapYear(y: number): boolean {
  return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

export function daysInMonth(y: number, m: number): number {
  return m === 2 && isLeapYear(y) ? 29 : DAYS_IN_MONTH[m - 1];
}

function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}

export function formatDate(y: number, m: number, d: number): IsoDate {
  return `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`;
}

export function parseDate(date: IsoDate): [number, number, number] {
  return [Number(date.slice(0, 4)), Number(date.slice(5, 7)), Number(date.slice(8, 10))];
}

export function dateToDayNumber(date: IsoDate): number {
  const [y, m, d] = parseDate(date);
  return dayNumber(y, m, d);
}

export function dayNumberToDate(n: number): IsoDate {
  const [y, m, d] = civilFromDayNumber(n);
  return formatDate(y, m, d);
}

/** Monday to Friday, for a day number (days since 1970-01-01, a Thursday). */
export function isWeekdayNumber(n: number): boolean {
  const dow = (((n + 4) % 7) + 7) % 7; // 0 = Sunday
  return dow >= 1 && dow <= 5;
}

/** Month index: year * 12 + (month - 1). Works for YYYY-MM and YYYY-MM-DD strings. */
export function monthIndexOf(dateOrMonth: string): number {
  return Number(dateOrMonth.slice(0, 4)) * 12 + Number(dateOrMonth.slice(5, 7)) - 1;
}

export function monthIndex(y: number, m: number): number {
  return y * 12 + m - 1;
}

export function monthOfIndex(index: number): IsoMonth {
  return `${pad(Math.floor(index / 12), 4)}-${pad((index % 12) + 1, 2)}`;
}

/** [year, month 1-12] of a month index. */
export function yearMonthOfIndex(index: number): [number, number] {
  return [Math.floor(index / 12), (index % 12) + 1];
}

export function addMonths(month: IsoMonth, n: number): IsoMonth {
  return monthOfIndex(monthIndexOf(month) + n);
}

/** Day number of the first day of a month index. */
export function monthStartDay(index: number): number {
  const [y, m] = yearMonthOfIndex(index);
  return dayNumber(y, m, 1);
}

export function lastDayOfMonthIndex(index: number): IsoDate {
  const [y, m] = yearMonthOfIndex(index);
  return formatDate(y, m, daysInMonth(y, m));
}

export function lastDayOfMonth(dateOrMonth: string): IsoDate {
  return lastDayOfMonthIndex(monthIndexOf(dateOrMonth));
}

/** Months between a start and an end month index of one recurrence step, or days for weekly/fortnightly. */
export const FREQUENCY_STEP: Record<Frequency, { days: number; months: number }> = {
  weekly: { days: 7, months: 0 },
  fortnightly: { days: 14, months: 0 },
  monthly: { days: 0, months: 1 },
  quarterly: { days: 0, months: 3 },
  yearly: { days: 0, months: 12 },
};

export type RecurringSchedule = { frequency: Frequency; start_date: IsoDate; end_date?: IsoDate | null };

/**
 * Calls `visit(dayNumber, n)` for each occurrence n = 0, 1, ... of a schedule with fromDay <= day <= toDay,
 * in date order, honouring start_date, end_date and the day-of-month clamp (the 31st becomes the 30th
 * or the 28th/29th; the next month goes back to the 31st).
 */
export function forEachOccurrence(
  schedule: RecurringSchedule,
  fromDay: number,
  toDay: number,
  visit: (day: number, n: number) => void,
): void {
  const [sy, sm, sd] = parseDate(schedule.start_date);
  const startDay = dayNumber(sy, sm, sd);
  let last = toDay;
  if (schedule.end_date) last = Math.min(last, dateToDayNumber(schedule.end_date));
  const first = Math.max(fromDay, startDay);
  if (first > last) return;
  const step = FREQUENCY_STEP[schedule.frequency];
  if (step.days > 0) {
    let n = Math.ceil((first - startDay) / step.days);
    for (let day = startDay + n * step.days; day <= last; day += step.days, n++) visit(day, n);
    return;
  }
  const startIndex = monthIndex(sy, sm);
  const [fy, fm] = civilFromDayNumber(first);
  // First candidate occurrence at or after the month of `first`.
  let n = Math.max(0, Math.ceil((monthIndex(fy, fm) - startIndex) / step.months) - 1);
  for (; ; n++) {
    const idx = startIndex + n * step.months;
    const [y, m] = yearMonthOfIndex(idx);
    const day = dayNumber(y, m, Math.min(sd, daysInMonth(y, m)));
    if (day > last) return;
    if (day >= first) visit(day, n);
  }
}

/** Dates of every occurrence in [from, to] (inclusive). For tests and the UI; the simulator uses forEachOccurrence. */
export function occurrencesBetween(schedule: RecurringSchedule, from: IsoDate, to: IsoDate): IsoDate[] {
  const out: IsoDate[] = [];
  forEachOccurrence(schedule, dateToDayNumber(from), dateToDayNumber(to), (day) => out.push(dayNumberToDate(day)));
  return out;
}

/** Number of occurrences in a calendar month (YYYY-MM). */
export function occurrencesInMonth(schedule: RecurringSchedule, month: IsoMonth): number {
  const idx = monthIndexOf(month);
  let count = 0;
  forEachOccurrence(schedule, monthStartDay(idx), monthStartDay(idx + 1) - 1, () => count++);
  return count;
}

/** Whole years from the anniversary of `start` to `date` (0 before the first anniversary), for indexation. */
export function wholeYearsSince(start: IsoDate, y: number, m: number, d: number): number {
  const [sy, sm, sd] = parseDate(start);
  const years = y - sy - (m < sm || (m === sm && d < sd) ? 1 : 0);
  return years > 0 ? years : 0;
}

/** Month names, January first, as the app shows them in full. */
export const MONTH_NAMES: readonly string[] = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** Three-letter month names (fixed: ICU's en-AU would say 'Sept'). */
export const MONTH_SHORT_NAMES: readonly string[] = MONTH_NAMES.map((name) => name.slice(0, 3));
