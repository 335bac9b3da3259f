// Allocation-free schedule expansion for the simulator: the step (snapshot index) and day number of every
// occurrence after as_of, written into reusable typed buffers (no Date objects, no callbacks, no arrays per call).
import { daysInMonth, dateToDayNumber, dayNumber, monthIndexOf, monthStartDay } from '../calendar';
import { FREQUENCY_STEP } from '../calendar';
import type { IsoDate, Schedule } from '../primitives';

/** The forecast's months: step k (1..months) is month asOfMonth + k; step 1 also takes month 0 after as_of. */
export type StepGrid = {
  /** Month index (calendar.ts) of the month containing as_of. */
  asOfMonth: number;
  /** Months forecast: the last step. */
  months: number;
  asOfDay: number;
  /** Day number of the first day of month asOfMonth + j, for j = 0..months+1. */
  monthStart: Int32Array;
  /** Last day counted in step k (stepEnd[0] = as_of). */
  stepEnd: Int32Array;
  lastDay: number;
};

export function makeGrid(asOf: IsoDate, months: number): StepGrid {
  const asOfMonth = monthIndexOf(asOf);
  const monthStart = new Int32Array(months + 2);
  for (let j = 0; j < months + 2; j++) monthStart[j] = monthStartDay(asOfMonth + j);
  const stepEnd = new Int32Array(months + 1);
  const asOfDay = dateToDayNumber(asOf);
  stepEnd[0] = asOfDay;
  for (let k = 1; k <= months; k++) stepEnd[k] = monthStart[k + 1] - 1;
  return { asOfMonth, months, asOfDay, monthStart, stepEnd, lastDay: monthStart[months + 1] - 1 };
}

/** Room for every occurrence of any schedule over the grid (weekly is the densest). */
export function bufferSize(grid: StepGrid): number {
  return Math.ceil(((grid.months + 2) * 31) / 7) + 8;
}

/** Step of a once-dated item: month 0 (any day) lands in step 1; earlier months are the past; -1 if outside. */
export function onceStep(grid: StepGrid, date: IsoDate): number {
  const s = monthIndexOf(date) - grid.asOfMonth;
  if (s < 0 || s > grid.months) return -1;
  return s === 0 ? 1 : s;
}

/**
 * Writes each occurrence (step, day number) of a schedule after as_of into the buffers; returns the count.
 * Recurring schedules honour start_date, end_date and the day-of-month clamp. A once-dated item in month 0
 * counts even on or before as_of (a planned one-off cannot already be in today's balances).
 */
export function scheduleOccurrences(grid: StepGrid, schedule: Schedule, steps: Int32Array, days: Int32Array): number {
  if (schedule.type === 'once') {
    const step = onceStep(grid, schedule.date);
    if (step < 0) return 0;
    steps[0] = step;
    days[0] = Math.max(dateToDayNumber(schedule.date), grid.asOfDay + 1);
    return 1;
  }
  const d = schedule.start_date;
  const sy = Number(d.slice(0, 4));
  const sm = Number(d.slice(5, 7));
  const sd = Number(d.slice(8, 10));
  const startDay = dayNumber(sy, sm, sd);
  let last = grid.lastDay;
  if (schedule.end_date) last = Math.min(last, dateToDayNumber(schedule.end_date));
  const first = Math.max(grid.asOfDay + 1, startDay);
  if (first > last) return 0;
  const stepEnd = grid.stepEnd;
  const rule = FREQUENCY_STEP[schedule.frequency];
  let count = 0;
  if (rule.days > 0) {
    const p = rule.days;
    let k = 1;
    for (let day = startDay + Math.ceil((first - startDay) / p) * p; day <= last; day += p) {
      while (day > stepEnd[k]) k++;
      steps[count] = k;
      days[count++] = day;
    }
    return count;
  }
  const p = rule.months;
  const startIdx = sy * 12 + sm - 1;
  const monthStart = grid.monthStart;
  for (let n = grid.asOfMonth > startIdx ? Math.ceil((grid.asOfMonth - startIdx) / p) : 0; ; n++) {
    const rel = startIdx + n * p - grid.asOfMonth;
    if (rel > grid.months) break;
    const dim = monthStart[rel + 1] - monthStart[rel];
    const day = monthStart[rel] + (sd < dim ? sd : dim) - 1;
    if (day > last) break;
    if (day >= first) {
      steps[count] = rel === 0 ? 1 : rel;
      days[count++] = day;
    }
  }
  return count;
}

/** Day number of the n-th anniversary of a start date (29 February falls back to the 28th). */
export function anniversaryDay(sy: number, sm: number, sd: number, n: number): number {
  const y = sy + n;
  return dayNumber(y, sm, Math.min(sd, daysInMonth(y, sm)));
}

/**
 * Occurrence counts per step of a weekly or fortnightly schedule, by arithmetic rather than by visiting each
 * date: writes (stepsOut[j], counts[j]) for every step with at least one occurrence and returns how many.
 * Returns -1 for other frequencies (use scheduleOccurrences).
 */
export function dayStepCounts(grid: StepGrid, schedule: Schedule, counts: Int32Array, stepsOut: Int32Array): number {
  if (schedule.type !== 'recurring') return -1;
  const p = FREQUENCY_STEP[schedule.frequency].days;
  if (p === 0) return -1;
  const startDay = dateToDayNumber(schedule.start_date);
  let last = grid.lastDay;
  if (schedule.end_date) last = Math.min(last, dateToDayNumber(schedule.end_date));
  const first = Math.max(grid.asOfDay + 1, startDay);
  if (first > last) return 0;
  const stepEnd = grid.stepEnd;
  let n = 0;
  // Occurrences at startDay + j p: each step counts those up to its last day, walking from the first on or after
  // `first` by whole periods (a few additions a month; two floor divisions a month cost more).
  let next = startDay + Math.ceil((first - startDay) / p) * p;
  let k = 1;
  while (stepEnd[k] < first) k++;
  for (; k <= grid.months; k++) {
    const hi = Math.min(last, stepEnd[k]);
    let c = 0;
    while (next <= hi) {
      c++;
      next += p;
    }
    if (c > 0) {
      stepsOut[n] = k;
      counts[n++] = c;
    }
    if (hi === last) break;
  }
  return n;
}
