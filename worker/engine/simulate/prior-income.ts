// The first financial year's income before as_of (docs/forecast-engine.md, Tax and super): each taxed recurring
// flow running at as_of counts as if it had run since 1 July, at its amount on as_of, so a financial year that
// began before the forecast is taxed on the whole year's income and only the tax of the months from as_of on
// reaches the projection.
import { civilFromDayNumber, dateToDayNumber, dayNumber, daysInMonth, FREQUENCY_STEP, monthIndex } from '../calendar';
import { PERIODS_PER_YEAR } from '../money';
import type { Frequency, PrimitiveAdjustFlow, PrimitiveFlow, PrimitiveTaxAdjustment } from '../primitives';
import { anniversaryDay } from './occurrences';

/** Day number of the 1 July that starts the financial year containing `day`. */
export function financialYearStartDay(day: number): number {
  const [y, m] = civilFromDayNumber(day);
  return dayNumber(m >= 7 ? y : y - 1, 7, 1);
}

/**
 * Occurrences in [fromDay, toDay] of a recurring schedule's pattern (its frequency, weekday or day of month)
 * extended back before its start_date: "as if it had run" since fromDay.
 */
export function patternOccurrences(frequency: Frequency, startDate: string, fromDay: number, toDay: number): number {
  if (toDay < fromDay) return 0;
  const step = FREQUENCY_STEP[frequency];
  const sy = Number(startDate.slice(0, 4));
  const sm = Number(startDate.slice(5, 7));
  const sd = Number(startDate.slice(8, 10));
  if (step.days > 0) {
    const startDay = dayNumber(sy, sm, sd);
    const offset = (((fromDay - startDay) % step.days) + step.days) % step.days;
    const first = offset === 0 ? fromDay : fromDay + (step.days - offset);
    return first > toDay ? 0 : Math.floor((toDay - first) / step.days) + 1;
  }
  const startIndex = monthIndex(sy, sm);
  const [fy, fm] = civilFromDayNumber(fromDay);
  const [ty, tm] = civilFromDayNumber(toDay);
  let count = 0;
  for (let idx = monthIndex(fy, fm); idx <= monthIndex(ty, tm); idx++) {
    if ((((idx - startIndex) % step.months) + step.months) % step.months !== 0) continue;
    const y = Math.floor(idx / 12);
    const m = (idx % 12) + 1;
    const day = dayNumber(y, m, Math.min(sd, daysInMonth(y, m)));
    if (day >= fromDay && day <= toDay) count++;
  }
  return count;
}

/** A flow's signed amount on `day` (its adjustments and indexation applied), or 0 when it is not running then. */
export function amountOn(
  flow: PrimitiveFlow | PrimitiveTaxAdjustment,
  adjustments: ReadonlyArray<PrimitiveAdjustFlow> | undefined,
  day: number,
): number {
  const s = flow.schedule;
  if (s.type !== 'recurring') return 0;
  if (dateToDayNumber(s.start_date) > day) return 0;
  if (s.end_date && dateToDayNumber(s.end_date) < day) return 0;
  let amount = Number.isFinite(flow.amount) ? flow.amount : 0;
  for (const a of adjustments ?? []) {
    if (a.end_date && dateToDayNumber(a.end_date) < day) return 0;
    if (a.amount !== undefined && dateToDayNumber(a.from) <= day) amount = Number.isFinite(a.amount) ? a.amount : 0;
  }
  const rate = 'indexation_rate' in flow ? (flow.indexation_rate ?? 0) : 0;
  if (rate && Number.isFinite(rate) && 1 + rate / 100 > 0) {
    const sy = Number(s.start_date.slice(0, 4));
    const sm = Number(s.start_date.slice(5, 7));
    const sd = Number(s.start_date.slice(8, 10));
    let years = 0;
    while (anniversaryDay(sy, sm, sd, years + 1) <= day) years++;
    amount *= Math.pow(1 + rate / 100, years);
  }
  return Number.isFinite(amount) ? amount : 0;
}

/** What a running flow contributes before as_of: its occurrences since `fromDay` and its yearly rate. */
export function priorContribution(
  flow: PrimitiveFlow | PrimitiveTaxAdjustment,
  adjustments: ReadonlyArray<PrimitiveAdjustFlow> | undefined,
  fromDay: number,
  asOfDay: number,
): { prior: number; annual: number } {
  const s = flow.schedule;
  if (s.type !== 'recurring') return { prior: 0, annual: 0 };
  const amount = amountOn(flow, adjustments, asOfDay);
  if (amount === 0) return { prior: 0, annual: 0 };
  return {
    prior: amount * patternOccurrences(s.frequency, s.start_date, fromDay, asOfDay),
    annual: amount * PERIODS_PER_YEAR[s.frequency],
  };
}
