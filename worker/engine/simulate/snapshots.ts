// Snapshot output: the month loop writes one Float64Array column per figure; here they become the plain
// Snapshot objects the engine returns, rounded to cents by the money module. Nothing returned points into the columns.
import type { Snapshot } from '../model/comparison';
import { cents } from '../money';
import type { IsoDate } from '../primitives';
import type { ScratchArena } from './scratch';

/** One value per step (0..months) for each snapshot figure. */
export type Columns = {
  netWorth: Float64Array;
  cashFlow: Float64Array;
  capitalGrowth: Float64Array;
  totalAssets: Float64Array;
  /** What is owed, positive. */
  totalLiabilities: Float64Array;
  liquidCash: Float64Array;
  income: Float64Array;
  expenses: Float64Array;
  tax: Float64Array;
  /** Interest offset accounts saved (all loans); in the snapshots only when some loan has an offset. */
  offsetSaving: Float64Array;
};

export function allocateColumns(stepCount: number, scratch: ScratchArena): Columns {
  return {
    netWorth: scratch.float64(stepCount),
    cashFlow: scratch.float64(stepCount),
    capitalGrowth: scratch.float64(stepCount),
    totalAssets: scratch.float64(stepCount),
    totalLiabilities: scratch.float64(stepCount),
    liquidCash: scratch.float64(stepCount),
    income: scratch.float64(stepCount),
    expenses: scratch.float64(stepCount),
    tax: scratch.float64(stepCount),
    offsetSaving: scratch.float64(stepCount),
  };
}

/**
 * Makes the plain Snapshot objects (prototype Object.prototype, the literal's field order). A constructor, not an
 * object literal: V8 tracks an object literal's allocation site and, as every snapshot lives on in the result,
 * moves that site's allocations to the old generation (where, probably, each boxed figure stored costs a write
 * barrier into the young one). That made turning the columns into snapshots about 5 times slower inside a
 * compare, and the garbage collector's extra work slowed the rest of it. A constructor's objects are not tracked.
 */
const SnapshotRow = function (
  this: Snapshot,
  date: IsoDate,
  netWorth: number,
  cashFlow: number,
  capitalGrowth: number,
  totalAssets: number,
  totalLiabilities: number,
  liquidCash: number,
  income: number,
  expenses: number,
  tax: number,
) {
  this.date = date;
  this.net_worth = netWorth;
  this.cash_flow = cashFlow;
  this.capital_growth = capitalGrowth;
  this.total_assets = totalAssets;
  this.total_liabilities = totalLiabilities;
  this.liquid_cash = liquidCash;
  this.income = income;
  this.expenses = expenses;
  this.tax = tax;
} as unknown as new (...figures: [IsoDate, ...number[]]) => Snapshot;
// Objects it makes are plain objects: the same prototype (and constructor) as a literal's.
SnapshotRow.prototype = Object.prototype;

export function toSnapshots(columns: Columns, stepDates: ReadonlyArray<IsoDate>, withOffsets = false): Snapshot[] {
  const { netWorth, cashFlow, capitalGrowth, totalAssets, totalLiabilities, liquidCash, income, expenses, tax } =
    columns;
  const stepCount = stepDates.length;
  const snapshots: Snapshot[] = new Array(stepCount);
  for (let k = 0; k < stepCount; k++) {
    const snap: Snapshot = new SnapshotRow(
      stepDates[k],
      cents(netWorth[k]),
      cents(cashFlow[k]),
      cents(capitalGrowth[k]),
      cents(totalAssets[k]),
      cents(totalLiabilities[k]),
      cents(liquidCash[k]),
      cents(income[k]),
      cents(expenses[k]),
      cents(tax[k]),
    );
    if (withOffsets) snap.offset_saving = cents(columns.offsetSaving[k]);
    snapshots[k] = snap;
  }
  return snapshots;
}
