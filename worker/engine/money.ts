// Money, once for the engine, the app, the server and the CLI: rounding to cents, the wire's decimal strings,
// periods per year, percentage shares and the en-AU / AUD formatters. The representation is in docs/money.md.
import type { Frequency } from './model/common';

/**
 * Below 2^44 dollars (about 17.6 trillion) dollars x 100 stays under 2^51, so Math.round(dollars * 100) / 100 is
 * exact enough to round a rounded figure to itself. From there to 2^46 the product's own error can pass half a
 * cent, so the cents are counted on the fraction alone (which a double holds exactly); from 2^46 a double's
 * spacing is wider than a cent and the value is returned unchanged.
 */
const FAST_CENTS_BELOW = 2 ** 44;
const NO_CENTS_ABOVE = 2 ** 46;

/** cents() for 2^44 <= |dollars| < 2^46: whole cents counted exactly, read back as the nearest double. */
function largeCents(dollars: number): number {
  const whole = Math.trunc(dollars);
  // Both exact: the fraction of a double this size has at most 8 binary places, so 100 x it fits in 53 bits.
  const total = whole * 100 + Math.round((dollars - whole) * 100);
  const size = Math.abs(total);
  const centsPart = size % 100;
  const text = `${total < 0 ? '-' : ''}${(size - centsPart) / 100}.${String(centsPart).padStart(2, '0')}`;
  return Number(text);
}

/**
 * Rounds dollars to whole cents. Ties go up (towards +infinity), as Math.round does: 0.125 -> 0.13 and
 * -0.125 -> -0.12. The tie is judged on the binary value, so 1.005 (stored as 1.00499999...) gives 1.
 * -0 becomes 0; NaN and +-Infinity become 0 (docs/money.md, "Not a number"). Rounding a rounded figure gives it back.
 */
export function cents(dollars: number): number {
  if (!Number.isFinite(dollars)) return 0;
  const size = Math.abs(dollars);
  if (size >= FAST_CENTS_BELOW) return size >= NO_CENTS_ABOVE ? dollars : largeCents(dollars);
  const rounded = Math.round(dollars * 100) / 100;
  return rounded === 0 ? 0 : rounded;
}

/**
 * A figure as the API and the CLI carry it: cents(dollars) as a decimal string with exactly 2 decimals and no
 * exponent ("1234.50", "-0.07"; "-0.00" never appears).
 */
export function toDecimalString(dollars: number): string {
  const rounded = cents(dollars);
  // toFixed switches to exponent notation from 1e21; a double that large is a whole number.
  return Math.abs(rounded) < 1e21 ? rounded.toFixed(2) : `${BigInt(rounded)}.00`;
}

/** Occurrences of a recurring amount in a year (docs/forecast-model.md section 2: weekly 52, fortnightly 26, ...). */
export const PERIODS_PER_YEAR: Readonly<Record<Frequency, number>> = {
  weekly: 52,
  fortnightly: 26,
  monthly: 12,
  quarterly: 4,
  yearly: 1,
};

/** The amount a year of a recurring amount: amount x periods per year (not rounded). */
export function annualEquivalent(amount: number, frequency: Frequency): number {
  return amount * PERIODS_PER_YEAR[frequency];
}

/**
 * The normalised monthly equivalent of a recurring amount (docs/forecast-model.md section 2): weekly x 52/12,
 * fortnightly x 26/12, quarterly / 3, yearly / 12. Not rounded: summaries round their totals.
 */
export function monthlyEquivalent(amount: number, frequency: Frequency): number {
  return (amount * PERIODS_PER_YEAR[frequency]) / 12;
}

/**
 * `part` as a percentage of `total`, to 2 decimals (ties up, as cents), for shares such as a category's part
 * of a month's spending. 0 when the total is not positive or either figure is not a finite number.
 */
export function percentOf(part: number, total: number): number {
  if (!(total > 0) || !Number.isFinite(total) || !Number.isFinite(part)) return 0;
  return cents((part / total) * 100);
}

/**
 * Dollars rounded to whole dollars as the screens show them: ties away from zero (as Intl rounds: 2.5 -> 3,
 * -2.5 -> -3), -0 as 0 and anything not finite as 0.
 */
export function wholeDollars(dollars: number): number {
  if (!Number.isFinite(dollars)) return 0;
  const rounded = Math.sign(dollars) * Math.round(Math.abs(dollars));
  return rounded === 0 ? 0 : rounded;
}

/** Digits grouped in threes with commas, as en-AU writes them: '1234567' -> '1,234,567'. */
export function groupThousands(digits: string): string {
  const head = digits.length % 3 || 3;
  let out = digits.slice(0, head);
  for (let at = head; at < digits.length; at += 3) out += `,${digits.slice(at, at + 3)}`;
  return out;
}

/**
 * Below this size a whole-dollar or cents-rounded figure is written out here, digit for digit what
 * Intl.NumberFormat('en-AU', AUD) writes; above it (sums no household reaches) Intl itself formats it. Why not
 * always Intl: a page's first Intl formatter loads the ICU locale data, 25-85 ms of the main thread in Chromium
 * (four times that on Lighthouse's mobile CPU), and every signed-in page's first render formats money.
 */
const WRITTEN_BELOW = 2 ** 44;
const intlDollars: Partial<Record<0 | 2, Intl.NumberFormat>> = {};

function viaIntl(value: number, fractionDigits: 0 | 2): string {
  intlDollars[fractionDigits] ??= new Intl.NumberFormat('en-AU', {
    style: 'currency',
    currency: 'AUD',
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  });
  return intlDollars[fractionDigits].format(value);
}

/** Whole dollars in en-AU / AUD: $1,234 and -$1,234 (never -$0), after wholeDollars. */
export function formatDollars(dollars: number): string {
  const whole = wholeDollars(dollars);
  const size = Math.abs(whole);
  if (size >= WRITTEN_BELOW) return viaIntl(whole, 0);
  return `${whole < 0 ? '-' : ''}$${groupThousands(String(size))}`;
}

/** Dollars and cents in en-AU / AUD: $1,234.56 and -$0.07 (never -$0.00), after cents(). */
export function formatDollarsAndCents(dollars: number): string {
  const rounded = cents(dollars);
  const size = Math.abs(rounded);
  if (size >= WRITTEN_BELOW) return viaIntl(rounded, 2);
  // Exact: a cents-rounded double this size is within a hair of its 2-decimal value, so toFixed gives it back.
  const text = size.toFixed(2);
  return `${rounded < 0 ? '-' : ''}$${groupThousands(text.slice(0, -3))}${text.slice(-3)}`;
}

/** Dollars, with cents only when there are any: $750,000 or $1,234.50 (descriptions and messages). */
export function formatDollarsShortest(dollars: number): string {
  const rounded = cents(dollars);
  return Number.isInteger(rounded) ? formatDollars(rounded) : formatDollarsAndCents(rounded);
}

/** Today's dollars: (1 + i)^(-t) for snapshot k, t = k / 12 years after as_of. */
export function deflator(inflationRatePercent: number, monthIndex: number): number {
  return Math.pow(1 + inflationRatePercent / 100, -monthIndex / 12);
}
