// The app's en-AU / AUD display on top of the engine's money module (docs/money.md): whole dollars for the
// dashboard and summaries, cents for detail, signs, chart axis labels, percentages and the amount field rule.
// Numbers are written out here rather than by Intl.NumberFormat (the engine's money module says why: a page's
// first Intl formatter costs 25-85 ms of the main thread); tests/ui/money-format.test.ts holds them to Intl's output.
import {
  cents,
  formatDollars,
  formatDollarsAndCents,
  groupThousands,
  wholeDollars,
} from '../../../worker/engine/index';

let intlFallback: { plain2: Intl.NumberFormat; percent1: Intl.NumberFormat } | undefined;
const intl = () =>
  (intlFallback ??= {
    plain2: new Intl.NumberFormat('en-AU', { maximumFractionDigits: 2, minimumFractionDigits: 2 }),
    percent1: new Intl.NumberFormat('en-AU', { maximumFractionDigits: 1 }),
  });

/**
 * A finite number to at most `digits` decimals as Intl.NumberFormat('en-AU') writes it in V8: the shortest
 * decimal that reads back as the double (String(x)), rounded half away from zero on those digits (so 0.15 is
 * 0.2, though the double is a hair under 0.15), thousands grouped, trailing zeros kept to `minDigits`. A negative
 * number keeps its sign even when it rounds to 0 (-0.04 -> "-0"), as Intl does. Null where String(x) has an
 * exponent (under 1e-6 or from 1e21): Intl formats those.
 */
function writeDecimal(value: number, minDigits: number, maxDigits: number): string | null {
  const shortest = String(Math.abs(value));
  if (shortest.includes('e')) return null;
  const [intPart, fraction = ''] = shortest.split('.');
  let digits = intPart + fraction.slice(0, maxDigits).padEnd(maxDigits, '0');
  if (fraction.length > maxDigits && fraction[maxDigits] >= '5') digits = String(BigInt(digits) + 1n);
  digits = digits.padStart(maxDigits + 1, '0');
  const whole = digits.slice(0, digits.length - maxDigits);
  let decimals = digits.slice(digits.length - maxDigits);
  while (decimals.length > minDigits && decimals.endsWith('0')) decimals = decimals.slice(0, -1);
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  return `${sign}${groupThousands(whole)}${decimals ? `.${decimals}` : ''}`;
}

/** Whole dollars, as dashboards and summaries show them (docs/product.md section 9: no decimals): $1,234 / -$1,234, never -$0. */
export function formatMoney(value: number): string {
  return formatDollars(value);
}

/** Dollars and cents, for tooltips and detail: $1,234.56. */
export function formatMoneyCents(value: number): string {
  return formatDollarsAndCents(value);
}

/** Whole dollars with an explicit sign: +$1,234 / -$1,234 (a zero shows as +$0). */
export function formatSignedMoney(value: number): string {
  const whole = wholeDollars(value);
  return whole < 0 ? `-${formatDollars(-whole)}` : `+${formatDollars(whole)}`;
}

/** A count as en-AU writes it: 12,345 (Number.toLocaleString, without loading Intl's locale data). */
export function formatCount(n: number): string {
  return Number.isSafeInteger(n)
    ? `${n < 0 ? '-' : ''}${groupThousands(String(Math.abs(n)))}`
    : n.toLocaleString('en-AU');
}

/** -1, 0 or 1: the sign of a figure as formatSignedMoney shows it (for its colour). */
export function displayedSign(value: number): number {
  return Math.sign(wholeDollars(value));
}

/** A parameter value with 2 decimals (docs/product.md section 9: 2 decimals), rounded as cents are. */
export function formatDecimal2(value: number): string {
  const rounded = cents(value);
  return writeDecimal(rounded, 2, 2) ?? intl().plain2.format(rounded);
}

/** A percentage (0..100) as the dashboard shows it, to 1 decimal: 76.1%. */
export function formatPercent(value: number): string {
  const shown = Number.isFinite(value) ? value : 0;
  return `${writeDecimal(shown, 0, 1) ?? intl().percent1.format(shown)}%`;
}

/** Chart axis label: $Nk under a million, $N.NM from a million ($-12k for negatives). */
export function formatAxisMoney(value: number): string {
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  if (abs >= 1_000_000) return `${sign}$${(abs / 1_000_000).toFixed(1)}M`;
  if (abs >= 1_000) return `${sign}$${Math.round(abs / 1_000)}k`;
  return `${sign}$${Math.round(abs)}`;
}

/**
 * The amount field's rule (docs/product.md section 5, Account): keep digits and dots only, one dot, and show
 * thousands separators in the integer part. Returns the display text; parseAmountInput gives the number.
 */
export function formatAmountInput(raw: string): string {
  const cleaned = raw.replace(/[^\d.]/g, '');
  const dot = cleaned.indexOf('.');
  const intPart = dot === -1 ? cleaned : cleaned.slice(0, dot);
  const fraction = dot === -1 ? null : cleaned.slice(dot + 1).replace(/\./g, '');
  const intDigits = intPart.replace(/^0+(?=\d)/, '');
  const intShown = intDigits === '' ? (fraction !== null ? '0' : '') : groupThousands(intDigits);
  return fraction === null ? intShown : `${intShown}.${fraction}`;
}

/** The number an amount field holds, or null when it is empty or not a number. */
export function parseAmountInput(text: string): number | null {
  const cleaned = text.replace(/[^\d.]/g, '');
  if (cleaned === '' || cleaned === '.') return null;
  const n = Number(cleaned);
  return Number.isFinite(n) ? n : null;
}
