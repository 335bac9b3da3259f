// Superannuation rules by date: Super Guarantee rate, contributions tax, contribution caps (docs/au-rules.md).
// Each rule is one dated table keyed by the 1 July it takes effect.
import type { IsoDate } from '../primitives';
import { atDate, financialYearStart, type DatedTable } from './dated';

/** Super Guarantee as a fraction of ordinary time earnings, by the date the salary is paid. */
export const SUPER_GUARANTEE: DatedTable<number> = [
  { from: '2023-07-01', figures: 0.11 },
  { from: '2024-07-01', figures: 0.115 },
  { from: '2025-07-01', figures: 0.12 },
];

/** Tax on concessional contributions (SG, salary sacrifice) inside the fund. */
export const CONTRIBUTIONS_TAX_RATE = 0.15;
/** Tax on fund earnings in accumulation phase. */
export const SUPER_EARNINGS_TAX_RATE = 0.15;
/** Division 293: a further 15% where income plus concessional contributions exceed the threshold. */
export const DIVISION_293 = { threshold: 250_000, rate: 0.15 } as const;
/** Age from which super is preserved until (for retirement templates). */
export const PRESERVATION_AGE = 60;

/** Concessional contributions cap per financial year; the non-concessional cap is 4x it. */
export const CONCESSIONAL_CAP: DatedTable<number> = [
  { from: '2024-07-01', figures: 30_000 },
  // 2026-27 figure from a secondary source (indexation to $32,500).
  { from: '2026-07-01', figures: 32_500 },
];

export const NON_CONCESSIONAL_MULTIPLE = 4;

/** The Super Guarantee rate (fraction, e.g. 0.12) for salary paid on `date`. */
export function superGuaranteeRate(date: IsoDate): number {
  return atDate(SUPER_GUARANTEE, date);
}

/** The concessional cap for the financial year containing `date`. */
export function concessionalCap(date: IsoDate): number {
  return atDate(CONCESSIONAL_CAP, financialYearStart(date));
}

/** The non-concessional cap for the financial year containing `date` (4x the concessional cap). */
export function nonConcessionalCap(date: IsoDate): number {
  return concessionalCap(date) * NON_CONCESSIONAL_MULTIPLE;
}
