// Allocation-free schedule expansion for the simulator: the step (snapshot index) and day number of every
// occurrence after as_of, written into reusable typed buffers (no Date objects, no callbacks, no arrays per call).
import { daysInMonth, dateToDayNumber, dayNumber, monthIndexOf, monthStartDay } from '../calendar';
import { FREQUENCY_STEP } from '../calendar';
import type { IsoDate, Schedule } from '../primitives';

/** The forecast's months: step k (1..S) is month m0 + k; step 1 also takes month 0 after as_of. */
export type StepGrid = {
  m0: number;
  S: number;
  asOfDay: number;
  /** Day number of the first day of month m0 + j, for j = 0..S+1. */
  mStart: Int32Array;
  /** Last day counted in step k (stepEnd[0] = as_of). */
  stepEnd: Int32Array;
  lastDay: number;
};

export function makeGrid(asOf: IsoDate, months: number): StepGrid {
  const m0 = monthIndexOf(asOf);
  const mStart = new Int32Array(months + 2);
  for (let j = 0; j < months + 2; j++) mStart[j] = monthStartDay(m0 + j);
  const stepEnd = new Int32Array(months + 1);
  const asOfDay = dateToDayNumber(asOf);
  stepEnd[0] = asOfDay;
  for (let k = 1; k <= months; k++) stepEnd[k] = mStart[k + 1] - 1;
  return { m0, S: months, asOfDay, mStart, stepEnd, lastDay: mStart[months + 1] - 1 };
}

/** Room for every occurrence of any schedule over the grid (weekly is the densest). */
export function bufferSize(grid: StepGrid): number {
  return Math.ceil(((grid.S + 2) * 31) / 7) + 8;
}

/** Step of a once-dated item: month 0 (any day) lands in step 1; earlier months are the past; -1 if outside. */
export function onceStep(grid: StepGrid, date: IsoDate): number {
  const s = monthIndexOf(date) - grid.m0;
  if (s < 0 || s > grid.S) return -1;
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
  const mStart = grid.mStart;
  for (let n = grid.m0 > startIdx ? Math.ceil((grid.m0 - startIdx) / p) : 0; ; n++) {
    const rel = startIdx + n * p - grid.m0;
    if (rel > grid.S) break;
    const dim = mStart[rel + 1] - mStart[rel];
    const day = mStart[rel] + (sd < dim ? sd : dim) - 1;
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
 * date: calls visit(step, count) for every step with at least one occurrence. Returns false for other
 * frequencies (use scheduleOccurrences).
 */
export function dayStepCounts(
  grid: StepGrid,
  schedule: Schedule,
  counts: Int32Array,
  stepsOut: Int32Array,
): number {
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
  // Occurrences at startDay + j p: the count in [lo, hi] is floor((hi - s) / p) - floor((lo - 1 - s) / p) for lo > s.
  let k = 1;
  while (stepEnd[k] < first) k++;
  for (; k <= grid.S; k++) {
    const lo = Math.max(first, stepEnd[k - 1] + 1);
    const hi = Math.min(last, stepEnd[k]);
    if (lo > hi) break;
    const c = Math.floor((hi - startDay) / p) - Math.floor((lo - 1 - startDay) / p);
    if (c > 0) {
      stepsOut[n] = k;
      counts[n++] = c;
    }
    if (hi === last) break;
  }
  return n;
}
