// Compile step, flows: every occurrence of a flow primitive booked on its real date into per-step account
// deltas, income, expenses and taxable income (with super contributions), plus the base recurring items'
// expansion that every scenario of a compare shares (docs/forecast-model.md sections 2-3).
import { CONTRIBUTIONS_TAX_RATE, superGuaranteeRate } from '../au/super';
import { FREQUENCY_STEP, dateToDayNumber, dayNumber, lastDayOfMonthIndex } from '../calendar';
import { primaryCashIndex } from '../primary-cash';
import { PRIMARY_CASH, type IsoDate, type PrimitiveAdjustFlow, type PrimitiveFlow } from '../primitives';
import { anniversaryDay, bufferSize, dayStepCounts, makeGrid, scheduleOccurrences, type StepGrid } from './occurrences';
import { horizonYears } from './spec';
import type { BaseFlowCache, SimAccountInput, TimeTables } from './types';

export function makeTime(asOf: IsoDate, months: number): TimeTables {
  const grid = makeGrid(asOf, months);
  const stepDates: IsoDate[] = new Array(months + 1);
  stepDates[0] = asOf;
  const sgRate = new Float64Array(months + 1);
  for (let k = 1; k <= months; k++) {
    stepDates[k] = lastDayOfMonthIndex(grid.asOfMonth + k);
    sgRate[k] = superGuaranteeRate(stepDates[k]);
  }
  return { grid, stepDates, superGuaranteeRate: sgRate };
}

export function finite(n: number): number {
  return Number.isFinite(n) ? n : 0;
}

/** Where a flow's occurrences are booked: per-account per-step deltas plus per-step income and expenses. */
export type FlowBook = {
  grid: StepGrid;
  /** Step-major: the delta of account `row` in step k is accountDelta[k * accountStride + row]. */
  accountStride: number;
  accountDelta: Float64Array;
  income: Float64Array;
  expense: Float64Array;
  /** Schedule expansion buffers (occurrences.ts): overwritten by every booking. */
  occurrenceSteps: Int32Array;
  occurrenceDays: Int32Array;
  superGuaranteeRate: Float64Array;
};

export const SUPER_NONE = 0;
export const SUPER_SALARY = 1;
export const SUPER_PPL = 2;
export const SUPER_SALARY_SACRIFICE = 3;

/** How a taxed flow is taxed: whose taxable income it adds to and where its super contributions go. */
export type FlowTax = {
  taxable: Float64Array;
  /** The super account's row, or -1 when the flow carries no super. */
  superRow: number;
  /** SUPER_SALARY (SG on top), SUPER_PPL (SG-rate super on Paid Parental Leave), SUPER_SALARY_SACRIFICE. */
  superKind: number;
  /** A PPL flow's super rate fixed by the child's birth date (NaN: by payment date, the old tag). */
  pplRate: number;
  /** The taxpayer's concessional contributions per step (before contributions tax), for the caps. */
  concessional?: Float64Array;
  /** The taxpayer's employment income (gross salary) per step, for the Age Pension's Work Bonus. */
  employment?: Float64Array;
  /** A once-dated flow's taxable income is also booked here (taxed at the margin, not annualised); else null. */
  once: Float64Array | null;
  /** Also booked (x extraSign) here: reportable super for salary sacrifice, net investment income for
   * assessable and deductible flows (HELP repayment income); else null. */
  extra: Float64Array | null;
  extraSign: number;
} | null;

const PPL_SUPER_FROM = dateToDayNumber('2025-07-01');

/**
 * Books every occurrence of a flow (sign -1 takes a booking back out). Adjustments give a new amount from
 * a date or an earlier end; indexation steps once a year on the schedule's anniversary.
 */
export function bookFlow(
  book: FlowBook,
  flow: PrimitiveFlow,
  row: number,
  adjustments: ReadonlyArray<PrimitiveAdjustFlow> | undefined,
  tax: FlowTax,
  sign: number,
): void {
  const {
    accountStride,
    accountDelta,
    income,
    expense,
    occurrenceSteps,
    occurrenceDays,
    superGuaranteeRate: sgRate,
  } = book;
  if (adjustments === undefined && tax === null && !flow.indexation_rate) {
    // A plain weekly or fortnightly flow: occurrences per month by arithmetic (occurrenceDays holds the counts).
    const n = dayStepCounts(book.grid, flow.schedule, occurrenceDays, occurrenceSteps);
    if (n >= 0) {
      const raw = finite(flow.amount);
      if (raw === 0) return;
      const toIncome = raw > 0;
      for (let o = 0; o < n; o++) {
        const k = occurrenceSteps[o];
        const v = sign * raw * occurrenceDays[o];
        accountDelta[k * accountStride + row] += v;
        if (toIncome) income[k] += v;
        else expense[k] -= v;
      }
      return;
    }
  }
  const schedule = flow.schedule;
  // Weekly and fortnightly flows are booked in runs (every occurrence of a step with the same amount at once)
  // rather than one occurrence at a time: a 30-year weekly salary is about 1,560 occurrences in 360 steps.
  const period = schedule.type === 'recurring' ? FREQUENCY_STEP[schedule.frequency].days : 0;
  const count = period > 0 ? 0 : scheduleOccurrences(book.grid, schedule, occurrenceSteps, occurrenceDays);
  if (period === 0 && count === 0) return;
  const indexFactor = 1 + finite(flow.indexation_rate ?? 0) / 100;
  const indexed = indexFactor !== 1 && indexFactor > 0;
  const baseAmount = finite(flow.amount);
  if (period === 0 && adjustments === undefined && tax === null && !indexed) {
    // Most flows (the base items every compare books): one amount on every occurrence, no tax.
    if (baseAmount === 0) return;
    const v = sign * baseAmount;
    const toIncome = baseAmount > 0;
    for (let o = 0; o < count; o++) {
      const k = occurrenceSteps[o];
      accountDelta[k * accountStride + row] += v;
      if (toIncome) income[k] += v;
      else expense[k] -= v;
    }
    return;
  }
  let endDay = Infinity;
  const adjustedFrom: number[] = [];
  const adjustedAmount: number[] = [];
  for (const a of adjustments ?? []) {
    if (a.end_date) endDay = Math.min(endDay, dateToDayNumber(a.end_date));
    if (a.amount !== undefined) {
      adjustedFrom.push(dateToDayNumber(a.from));
      adjustedAmount.push(finite(a.amount));
    }
  }
  const startDate = schedule.type === 'once' ? schedule.date : schedule.start_date;
  const startYear = Number(startDate.slice(0, 4));
  const startMonth = Number(startDate.slice(5, 7));
  const startDay = Number(startDate.slice(8, 10));
  let years = 0;
  let nextAnniversary = indexed ? anniversaryDay(startYear, startMonth, startDay, 1) : Infinity;
  let factor = 1;
  const adjustmentCount = adjustedFrom.length;
  // The tax tables as locals: the loop calls anniversaryDay, after which fields read through `tax` are read again.
  const taxable = tax === null ? null : tax.taxable;
  const employment = tax?.employment ?? null;
  const once = tax === null ? null : tax.once;
  const extra = tax === null ? null : tax.extra;
  const extraSign = tax === null ? 0 : tax.extraSign;
  const superRow = tax === null ? -1 : tax.superRow;
  const superKind = tax === null ? SUPER_NONE : tax.superKind;
  const pplRate = tax === null ? NaN : tax.pplRate;
  const pplByDay = superKind === SUPER_PPL && Number.isNaN(pplRate);
  const concessional = tax?.concessional ?? null;
  // Runs of a weekly or fortnightly schedule: from nextDay, every `period` days up to lastDay.
  const { stepEnd } = book.grid;
  let nextDay = 0;
  let lastDay = 0;
  let step = 1;
  if (period > 0 && schedule.type === 'recurring') {
    const first0 = dayNumber(startYear, startMonth, startDay);
    lastDay = Math.min(book.grid.lastDay, endDay);
    if (schedule.end_date) lastDay = Math.min(lastDay, dateToDayNumber(schedule.end_date));
    const first = Math.max(book.grid.asOfDay + 1, first0);
    nextDay = first0 + Math.ceil((first - first0) / period) * period;
  }
  for (let o = 0; ; o++) {
    let day: number;
    let k: number;
    if (period > 0) {
      day = nextDay;
      if (day > lastDay) break;
      while (day > stepEnd[step]) step++;
      k = step;
    } else {
      if (o >= count) break;
      day = occurrenceDays[o];
      if (day > endDay) break;
      k = occurrenceSteps[o];
    }
    let amt = baseAmount;
    for (let j = 0; j < adjustmentCount; j++) if (day >= adjustedFrom[j]) amt = adjustedAmount[j];
    if (indexed) {
      while (day >= nextAnniversary) {
        years++;
        factor *= indexFactor;
        nextAnniversary = anniversaryDay(startYear, startMonth, startDay, years + 1);
      }
      amt *= factor;
      if (!Number.isFinite(amt)) amt = 0;
    }
    // How many occurrences this booking stands for: 1, or the run up to the step's end or the next day on which
    // the amount or its super changes (an anniversary, an adjustment, PPL super's start).
    let times = 1;
    if (period > 0) {
      let runEnd = Math.min(stepEnd[k], lastDay, nextAnniversary - 1);
      for (let j = 0; j < adjustmentCount; j++)
        if (adjustedFrom[j] > day) runEnd = Math.min(runEnd, adjustedFrom[j] - 1);
      if (pplByDay && PPL_SUPER_FROM > day) runEnd = Math.min(runEnd, PPL_SUPER_FROM - 1);
      times = Math.floor((runEnd - day) / period) + 1;
      nextDay = day + times * period;
    }
    if (amt === 0) continue;
    const signed = sign * times;
    accountDelta[k * accountStride + row] += signed * amt;
    if (amt > 0) income[k] += signed * amt;
    else expense[k] -= signed * amt;
    if (taxable === null) continue;
    taxable[k] += signed * amt;
    if (employment !== null) employment[k] += signed * amt;
    if (once !== null) once[k] += signed * amt;
    if (extra !== null) extra[k] += signed * amt * extraSign;
    if (superRow < 0) continue;
    let toSuper: number;
    if (superKind === SUPER_SALARY) toSuper = amt * sgRate[k];
    else if (superKind === SUPER_PPL) {
      toSuper = pplByDay ? (day >= PPL_SUPER_FROM ? amt * sgRate[k] : 0) : amt * pplRate;
    } else toSuper = -amt; // salary sacrifice: the (negative) flow's amount goes to super
    if (toSuper === 0) continue;
    if (concessional !== null) concessional[k] += signed * toSuper;
    const net = signed * toSuper * (1 - CONTRIBUTIONS_TAX_RATE);
    accountDelta[k * accountStride + superRow] += net;
    if (toSuper > 0) income[k] += net;
    else expense[k] -= net;
  }
}

export function buildBaseFlowCache(
  asOf: IsoDate,
  yearsIn: number,
  accounts: ReadonlyArray<SimAccountInput>,
  items: ReadonlyArray<PrimitiveFlow>,
): BaseFlowCache {
  const years = horizonYears(yearsIn);
  const time = makeTime(asOf, years * 12);
  const grid = time.grid;
  const stepCount = grid.months + 1;
  const index = new Map<string, number>();
  accounts.forEach((a, i) => {
    if (!index.has(a.id)) index.set(a.id, i);
  });
  const primary = primaryCashIndex(accounts);
  const occurrenceSteps = new Int32Array(bufferSize(grid));
  const book: FlowBook = {
    grid,
    accountStride: accounts.length,
    accountDelta: new Float64Array(accounts.length * stepCount),
    income: new Float64Array(stepCount),
    expense: new Float64Array(stepCount),
    occurrenceSteps,
    occurrenceDays: new Int32Array(occurrenceSteps.length),
    superGuaranteeRate: new Float64Array(stepCount),
  };
  const isCached = new Uint8Array(items.length);
  const itemAccount = new Int32Array(items.length).fill(-1);
  items.forEach((item, i) => {
    const row = item.account === PRIMARY_CASH ? primary : (index.get(item.account) ?? -1);
    if (row < 0 || item.tax) return;
    // Duplicate ids resolve to the first account in the simulator too.
    itemAccount[i] = row;
    isCached[i] = 1;
    bookFlow(book, item, row, undefined, null, 1);
  });
  return {
    as_of: asOf,
    years,
    time,
    accountIds: accounts.map((a) => a.id),
    primaryCash: primary,
    isCached,
    itemAccount,
    accountDelta: book.accountDelta,
    income: book.income,
    expense: book.expense,
  };
}
