// Dated rule tables: every Australian rule is a list of (effective-from date -> figures), so a long
// forecast picks up legislated changes at their dates and a new budget is a one-line change.
import type { IsoDate } from '../primitives';

/** One row of a dated table: the figures apply from `from` (inclusive) until the next row's `from`. */
export type DatedRow<T> = { from: IsoDate; figures: T };
export type DatedTable<T> = ReadonlyArray<DatedRow<T>>;

/**
 * The figures in force on `date`: the last row whose `from` is on or before it. Dates before the first row
 * use the first row (the engine never forecasts into the past, and an earlier rule is better than none).
 * ISO dates compare correctly as strings.
 */
export function atDate<T>(table: DatedTable<T>, date: IsoDate): T {
  let chosen = table[0];
  for (const row of table) {
    if (row.from <= date) chosen = row;
    else break;
  }
  return chosen.figures;
}

/** The 1 July that starts the financial year containing `date` (FY runs 1 July - 30 June). */
export function financialYearStart(date: IsoDate): IsoDate {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  const startYear = month >= 7 ? year : year - 1;
  return `${String(startYear).padStart(4, '0')}-07-01`;
}

/** The calendar year in which the financial year containing `date` starts (2026 for 2026-27). */
export function financialYearOf(date: IsoDate): number {
  return Number(financialYearStart(date).slice(0, 4));
}

/** '2026-27' for any date from 1 July 2026 to 30 June 2027. */
export function financialYearLabel(date: IsoDate): string {
  const start = Number(financialYearStart(date).slice(0, 4));
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}
