// HELP (study loan) compulsory repayments by financial year (docs/au-rules.md).
import type { IsoDate } from '../primitives';
import { atDate, financialYearStart, type DatedTable } from './dated';
import { cents } from '../money';

/**
 * Marginal repayment system (from 2025-26): nil to `nil_to`; `rate1` of the excess to `band2_from`;
 * `band2_base` + `rate2` of the excess over `band2_from` to `flat_from`; `flat_rate` of the whole income above.
 */
export type HelpRule = {
  nil_to: number;
  rate1: number;
  band2_from: number;
  band2_base: number;
  rate2: number;
  flat_from: number;
  flat_rate: number;
};

export const HELP_REPAYMENT: DatedTable<HelpRule> = [
  // Thresholds are indexed each 1 July: UNCONFIRMED from 2026-27 (add a row when the ATO publishes them).
  {
    from: '2025-07-01',
    figures: {
      nil_to: 67_000,
      rate1: 0.15,
      band2_from: 125_000,
      band2_base: 8_700,
      rate2: 0.17,
      flat_from: 179_286,
      flat_rate: 0.1,
    },
  },
];

/** The compulsory HELP repayment for a year's repayment income (financial year containing `date`). */
export function helpRepayment(repaymentIncome: number, date: IsoDate): number {
  const income = Number.isFinite(repaymentIncome) && repaymentIncome > 0 ? repaymentIncome : 0;
  const r = atDate(HELP_REPAYMENT, financialYearStart(date));
  if (income <= r.nil_to) return 0;
  if (income >= r.flat_from) return cents(income * r.flat_rate);
  if (income <= r.band2_from) return cents((income - r.nil_to) * r.rate1);
  return cents(r.band2_base + (income - r.band2_from) * r.rate2);
}
