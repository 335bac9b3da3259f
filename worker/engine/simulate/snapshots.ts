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

export function toSnapshots(columns: Columns, stepDates: ReadonlyArray<IsoDate>, withOffsets = false): Snapshot[] {
  const { netWorth, cashFlow, capitalGrowth, totalAssets, totalLiabilities, liquidCash, income, expenses, tax } =
    columns;
  const stepCount = stepDates.length;
  const snapshots: Snapshot[] = new Array(stepCount);
  for (let k = 0; k < stepCount; k++) {
    snapshots[k] = {
      date: stepDates[k],
      net_worth: cents(netWorth[k]),
      cash_flow: cents(cashFlow[k]),
      capital_growth: cents(capitalGrowth[k]),
      total_assets: cents(totalAssets[k]),
      total_liabilities: cents(totalLiabilities[k]),
      liquid_cash: cents(liquidCash[k]),
      income: cents(income[k]),
      expenses: cents(expenses[k]),
      tax: cents(tax[k]),
    };
    if (withOffsets) snapshots[k].offset_saving = cents(columns.offsetSaving[k]);
  }
  return snapshots;
}
