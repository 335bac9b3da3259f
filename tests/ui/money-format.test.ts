// The shared en-AU money formatters: dashboard whole dollars, signs, cents, percentages, axis abbreviations and the
// amount field rule.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  displayedSign,
  formatCount,
  formatAmountInput,
  formatAxisMoney,
  formatDecimal2,
  formatMoney,
  formatMoneyCents,
  formatPercent,
  formatSignedMoney,
  parseAmountInput,
} from '../../src/lib/format/money';
import { cents } from '../../worker/engine/index';

describe('money formatting', () => {
  it('shows whole AUD dollars with separators', () => {
    expect(formatMoney(1234567.89)).toBe('$1,234,568');
    expect(formatMoney(-2500)).toBe('-$2,500');
    expect(formatMoney(-0.2)).toBe('$0');
  });
  it('signs totals', () => {
    expect(formatSignedMoney(1500)).toBe('+$1,500');
    expect(formatSignedMoney(-1500)).toBe('-$1,500');
    expect(formatSignedMoney(0)).toBe('+$0');
    expect(formatSignedMoney(-0.4)).toBe('+$0');
  });
  it('rounds whole dollars one way everywhere: ties away from zero, sign and colour agreeing', () => {
    expect(formatMoney(-1.5)).toBe('-$2');
    expect(formatSignedMoney(-1.5)).toBe('-$2');
    expect(formatSignedMoney(2.5)).toBe('+$3');
    expect(displayedSign(-1.5)).toBe(-1);
    expect(displayedSign(-0.4)).toBe(0);
    expect(formatMoney(Number.NaN)).toBe('$0');
  });
  it('cents, parameter decimals and percentages', () => {
    expect(formatMoneyCents(1234.5)).toBe('$1,234.50');
    expect(formatMoneyCents(-0.001)).toBe('$0.00');
    expect(formatDecimal2(5.255)).toBe('5.26');
    expect(formatDecimal2(-0.001)).toBe('0.00');
    expect(formatPercent(76.11)).toBe('76.1%');
    expect(formatPercent(14.05)).toBe('14.1%');
    expect(formatPercent(100)).toBe('100%');
  });
  it('abbreviates axis labels as $Nk or $N.NM', () => {
    expect(formatAxisMoney(250_000)).toBe('$250k');
    expect(formatAxisMoney(1_250_000)).toBe('$1.3M');
    expect(formatAxisMoney(-40_000)).toBe('-$40k');
    expect(formatAxisMoney(500)).toBe('$500');
  });
  it('strips everything but digits and dots and groups thousands', () => {
    expect(formatAmountInput('$12a34567.8')).toBe('1,234,567.8');
    expect(formatAmountInput('1.2.3')).toBe('1.23');
    expect(formatAmountInput('.5')).toBe('0.5');
    expect(formatAmountInput('')).toBe('');
    expect(parseAmountInput('1,234,567.8')).toBe(1234567.8);
    expect(parseAmountInput('')).toBeNull();
  });

  // Written out without Intl (no locale data on a page's first render), and held to what Intl writes.
  it('writes decimals, percentages, counts and amount-field digits exactly as Intl.NumberFormat does', () => {
    const plain2 = new Intl.NumberFormat('en-AU', { maximumFractionDigits: 2, minimumFractionDigits: 2 });
    const percent1 = new Intl.NumberFormat('en-AU', { maximumFractionDigits: 1 });
    const anyNumber = fc.oneof(
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.double({ min: -200, max: 200, noNaN: true }),
      fc.integer({ min: -100_000, max: 100_000 }).map((n) => n / 1000),
      fc.integer({ min: -10_000, max: 10_000 }).map((n) => n / 100 + 0.005),
    );
    fc.assert(
      fc.property(anyNumber, (n) => {
        expect(formatPercent(n)).toBe(`${percent1.format(n)}%`);
        // From 2^44 the cents rule (exact) is the reference, not Intl's rounding of the shortest decimal.
        expect(formatDecimal2(n)).toBe(
          plain2.format(Math.abs(n) < 2 ** 44 ? Math.round(n * 100) / 100 || 0 : cents(n)),
        );
      }),
      { numRuns: 5000 },
    );
    // A tie only in the shortest decimal: the double is 45836085111425.5546875, so its cents are .55 (Intl's
    // rounding of the shortest decimal, 45836085111425.555, would write .56).
    expect(formatDecimal2(45836085111425.555)).toBe('45,836,085,111,425.55');
    for (const edge of [0.15, 0.05, -0.04, -0, 9.95, 99.95, 1e-7, -1e-7, 1e21, 123456.789]) {
      expect(formatPercent(edge)).toBe(`${percent1.format(edge)}%`);
    }
    fc.assert(
      fc.property(fc.integer({ min: -(2 ** 53) + 1, max: 2 ** 53 - 1 }), (n) => {
        expect(formatCount(n)).toBe(n.toLocaleString('en-AU'));
      }),
    );
    fc.assert(
      fc.property(fc.stringMatching(/^[1-9][0-9]{0,30}$/), (digits) => {
        expect(formatAmountInput(digits)).toBe(BigInt(digits).toLocaleString('en-AU'));
      }),
    );
  });
});
