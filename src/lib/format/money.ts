// The app's en-AU / AUD display on top of the engine's money module (docs/money.md): whole dollars for the
// dashboard and summaries, cents for detail, signs, chart axis labels, percentages and the amount field rule.
import { cents, formatDollars, formatDollarsAndCents, wholeDollars } from '../../../worker/engine/index';

const plain2 = new Intl.NumberFormat('en-AU', { maximumFractionDigits: 2, minimumFractionDigits: 2 });
const percent1 = new Intl.NumberFormat('en-AU', { maximumFractionDigits: 1 });

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

/** -1, 0 or 1: the sign of a figure as formatSignedMoney shows it (for its colour). */
export function displayedSign(value: number): number {
  return Math.sign(wholeDollars(value));
}

/** A parameter value with 2 decimals (docs/product.md section 9: 2 decimals), rounded as cents are. */
export function formatDecimal2(value: number): string {
  return plain2.format(cents(value));
}

/** A percentage (0..100) as the dashboard shows it, to 1 decimal: 76.1%. */
export function formatPercent(value: number): string {
  return `${percent1.format(Number.isFinite(value) ? value : 0)}%`;
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
  const intShown = intDigits === '' ? (fraction !== null ? '0' : '') : BigInt(intDigits).toLocaleString('en-AU');
  return fraction === null ? intShown : `${intShown}.${fraction}`;
}

/** The number an amount field holds, or null when it is empty or not a number. */
export function parseAmountInput(text: string): number | null {
  const cleaned = text.replace(/[^\d.]/g, '');
  if (cleaned === '' || cleaned === '.') return null;
  const n = Number(cleaned);
  return Number.isFinite(n) ? n : null;
}
