// Capital gains tax: today's 50% discount after 12 months, and the proposed 2027 reform behind an opt-in
// setting (docs/au-rules.md marks it UNCONFIRMED).
import type { IsoDate } from '../primitives';
import { atDate, type DatedTable } from './dated';
import { cents } from '../money';

/** CGT discount rules: `discount` applies to gains on assets held at least `min_months`. */
export type CgtRule = { discount: number; min_months: number };

export const CGT_DISCOUNT: DatedTable<CgtRule> = [{ from: '1999-09-21', figures: { discount: 0.5, min_months: 12 } }];

/**
 * UNCONFIRMED (budget 2026-27, reported passed, awaiting assent): for gains after 1 July 2027 the discount is
 * replaced by cost-base indexation with a 30% minimum tax. Only applied when a caller opts in.
 */
export const CGT_REFORM_FROM: IsoDate = '2027-07-01';
export const CGT_REFORM_MIN_TAX_RATE = 0.3;

/**
 * The assessable part of a capital gain realised on `saleDate`. Today's rule: half of it after 12 months.
 * With `reform` (opt-in, UNCONFIRMED) and a sale from 1 July 2027: cost base indexed by `inflationPct` a year
 * for the years held, no discount (the 30% minimum tax is reported in min_tax_rate for the caller).
 */
export function assessableCapitalGain(opts: {
  proceeds: number;
  costBase: number;
  heldMonths: number;
  saleDate: IsoDate;
  reform?: boolean;
  inflationPct?: number;
}): { gain: number; assessable: number; min_tax_rate: number } {
  const proceeds = Number.isFinite(opts.proceeds) ? opts.proceeds : 0;
  const costBase = Number.isFinite(opts.costBase) ? opts.costBase : 0;
  const gain = proceeds - costBase;
  if (gain <= 0) return { gain: cents(gain), assessable: 0, min_tax_rate: 0 };
  if (opts.reform && opts.saleDate >= CGT_REFORM_FROM) {
    const years = Math.max(0, opts.heldMonths) / 12;
    const indexed = costBase * Math.pow(1 + (opts.inflationPct ?? 0) / 100, years);
    return {
      gain: cents(gain),
      assessable: cents(Math.max(0, proceeds - indexed)),
      min_tax_rate: CGT_REFORM_MIN_TAX_RATE,
    };
  }
  const rule = atDate(CGT_DISCOUNT, opts.saleDate);
  const assessable = opts.heldMonths >= rule.min_months ? gain * (1 - rule.discount) : gain;
  return { gain: cents(gain), assessable: cents(assessable), min_tax_rate: 0 };
}
