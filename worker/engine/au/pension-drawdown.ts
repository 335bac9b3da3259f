// Account-based pensions (retirement phase of super): the minimum yearly drawdown by age, worked out on the
// balance at 1 July (pro-rated in the year the pension starts), and the tax-free earnings rate (docs/au-rules.md).
import type { IsoDate } from '../primitives';
import { atDate, financialYearStart, type DatedTable } from './dated';
import { daysBetween } from './dates';
import { SUPER_EARNINGS_TAX_RATE } from './super';

/** A minimum drawdown band: `rate` of the balance from age `from_age` (inclusive) until the next band. */
export type DrawdownBand = { from_age: number; rate: number };

/**
 * Minimum annual payment factors (Superannuation Industry (Supervision) Regulations 1994, Schedule 7), the
 * standard rates that apply again from 1 July 2023 after the 50% COVID-19 reduction of 2019-20 to 2022-23.
 */
export const MINIMUM_DRAWDOWN: DatedTable<DrawdownBand[]> = [
  {
    from: '2023-07-01',
    figures: [
      { from_age: 0, rate: 0.04 },
      { from_age: 65, rate: 0.05 },
      { from_age: 75, rate: 0.06 },
      { from_age: 80, rate: 0.07 },
      { from_age: 85, rate: 0.09 },
      { from_age: 90, rate: 0.11 },
      { from_age: 95, rate: 0.14 },
    ],
  },
];

/** The minimum drawdown rate for someone `age` on 1 July (or on the pension's start date in its first year). */
export function minimumDrawdownRate(age: number, date: IsoDate): number {
  let rate = 0;
  for (const band of atDate(MINIMUM_DRAWDOWN, financialYearStart(date))) if (age >= band.from_age) rate = band.rate;
  return rate;
}

/**
 * The minimum to pay in a financial year: rate x balance (on 1 July, or on the start date in the first year),
 * rounded to the nearest $10 as the regulations require. In the year a pension starts the minimum is pro-rated
 * by the days from the start date to 30 June inclusive over the days in the year, and it is nil when the pension
 * starts on or after 1 June.
 */
export function minimumDrawdown(balance: number, age: number, date: IsoDate, startedOn: IsoDate | null = null): number {
  if (!(balance > 0)) return 0;
  const rate = minimumDrawdownRate(age, date);
  let amount = balance * rate;
  if (startedOn !== null) {
    const fy = financialYearStart(startedOn);
    const end = `${String(Number(fy.slice(0, 4)) + 1).padStart(4, '0')}-07-01`;
    if (startedOn.slice(5, 7) === '06') return 0;
    amount *= daysBetween(startedOn, end) / daysBetween(fy, end);
  }
  return Math.round(amount / 10) * 10;
}

/**
 * The yearly return in pension phase from a return quoted after the fund's 15% earnings tax (the engine's super
 * rate is after fees and tax): earnings are tax-free in retirement phase, so the after-tax rate is grossed up by
 * 1 / (1 - 15%). A negative return is left as it is (no tax is saved on a loss).
 */
export function pensionPhaseRate(accumulationRatePercent: number): number {
  if (!(accumulationRatePercent > 0)) return accumulationRatePercent;
  return accumulationRatePercent / (1 - SUPER_EARNINGS_TAX_RATE);
}
