// The shared en-AU money formatters: dashboard whole dollars, signs, axis abbreviations and the amount field rule.
import { describe, expect, it } from 'vitest';
import { formatAmountInput, formatAxisMoney, formatMoney, formatSignedMoney, parseAmountInput } from '../../src/lib/format/money';

describe('money formatting', () => {
  it('shows whole AUD dollars with separators', () => {
    expect(formatMoney(1234567.89)).toBe('$1,234,568');
    expect(formatMoney(-2500)).toBe('-$2,500');
    expect(formatMoney(-0.2)).toBe('$0');
  });
  it('signs totals', () => {
    expect(formatSignedMoney(1500)).toBe('+$1,500');
    expect(formatSignedMoney(-1500)).toBe('-$1,500');
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
});
