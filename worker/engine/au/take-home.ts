// Take-home pay back to gross salary: the inverse of the personal income tax (income tax, LITO and Medicare levy)
// for the baseline assistant and Smart Create, which read pay as the amount that reaches the bank.
import type { IsoDate } from '../primitives';
import { personalTax } from './tax';

/**
 * Gross annual salary whose take-home pay (after income tax, LITO and Medicare levy for the financial year
 * of `date`) is `netAnnual`. Bisection on the engine's own tax function, so the forecast's tax gives back
 * the same take-home pay.
 */
export function grossFromNet(netAnnual: number, date: IsoDate): number {
  if (!(netAnnual > 0)) return 0;
  let lo = netAnnual;
  let hi = netAnnual * 2 + 50_000;
  for (let i = 0; i < 60; i++) {
    const mid = (lo + hi) / 2;
    if (mid - personalTax(mid, date).total < netAnnual) lo = mid;
    else hi = mid;
  }
  return Math.round((lo + hi) / 2);
}
