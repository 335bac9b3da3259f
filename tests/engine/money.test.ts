// The money module: cents rounding (ties, -0, NaN, large values), decimal strings, periods per year,
// percentage shares and the en-AU formatters, with properties over arbitrary doubles and whole-cent amounts.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  annualEquivalent,
  cents,
  formatDollars,
  formatDollarsAndCents,
  formatDollarsShortest,
  groupThousands,
  monthlyEquivalent,
  percentOf,
  PERIODS_PER_YEAR,
  toDecimalString,
  wholeDollars,
} from '../../worker/engine/index';

/** The exact 2-decimal text of a whole number of cents, by integer arithmetic. */
function centsText(c: bigint): string {
  const abs = c < 0n ? -c : c;
  return `${c < 0n ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

describe('cents', () => {
  it('rounds to the nearest cent', () => {
    expect(cents(12.344)).toBe(12.34);
    expect(cents(12.346)).toBe(12.35);
    expect(cents(-12.346)).toBe(-12.35);
    expect(cents(0.1 + 0.2)).toBe(0.3);
  });

  it('sends exact half cents up, towards +infinity (Math.round)', () => {
    // 0.125, 0.375 and their negatives are exact in binary, so these are true ties.
    expect(cents(0.125)).toBe(0.13);
    expect(cents(0.375)).toBe(0.38);
    expect(cents(-0.125)).toBe(-0.12);
    expect(cents(-0.375)).toBe(-0.37);
    expect(cents(2.5 / 100)).toBe(0.03);
    expect(cents(-2.5 / 100)).toBe(-0.02);
  });

  it('judges a tie on the binary value: 1.005 is stored just below a half cent', () => {
    expect(cents(1.005)).toBe(1);
    expect(cents(-1.005)).toBe(-1);
  });

  it('never returns -0', () => {
    expect(Object.is(cents(-0), 0)).toBe(true);
    expect(Object.is(cents(-0.004), 0)).toBe(true);
    expect(Object.is(cents(-0.005), 0)).toBe(true);
    expect(Object.is(cents(0.004), 0)).toBe(true);
  });

  it('turns NaN and infinities into 0', () => {
    expect(cents(Number.NaN)).toBe(0);
    expect(cents(Number.POSITIVE_INFINITY)).toBe(0);
    expect(cents(Number.NEGATIVE_INFINITY)).toBe(0);
  });

  it('stays idempotent near the largest rounded values (a case fast-check found: 2^44 to 2^46 dollars)', () => {
    for (const d of [43_705_315_631_550.625, -39_013_647_972_178.125, 2 ** 44 - 0.375, -(2 ** 44) + 0.625]) {
      expect(cents(cents(d))).toBe(cents(d));
    }
    fc.assert(
      fc.property(fc.double({ min: 2 ** 42, max: 2 ** 47, noNaN: true }), (d) => {
        expect(cents(cents(d))).toBe(cents(d));
        expect(cents(cents(-d))).toBe(cents(-d));
      }),
      { numRuns: 5000 },
    );
  });

  it('keeps large values: beyond 2^46 dollars there is no nearer cent', () => {
    expect(cents(123_456_789_012.345)).toBe(123_456_789_012.35);
    expect(cents(1e15 + 0.125)).toBe(1e15 + 0.125);
    expect(cents(1e20)).toBe(1e20);
    expect(cents(-Number.MAX_VALUE)).toBe(-Number.MAX_VALUE);
  });

  it('is idempotent, within half a cent, and finite for any double', () => {
    fc.assert(
      fc.property(fc.double(), (d) => {
        const c = cents(d);
        expect(Number.isFinite(c)).toBe(true);
        expect(Object.is(c, -0)).toBe(false);
        expect(cents(c)).toBe(c);
        if (Number.isFinite(d) && Math.abs(d) < 2 ** 46)
          expect(Math.abs(c - d)).toBeLessThanOrEqual(0.005 + Math.abs(d) * 2 ** -52);
      }),
      { numRuns: 2000 },
    );
  });

  it('leaves whole-cent amounts as the nearest double to themselves', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }), (c) => {
        const dollars = Number(centsText(c));
        expect(cents(dollars)).toBe(dollars);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('toDecimalString', () => {
  it('writes exactly 2 decimals, never -0.00 and never an exponent', () => {
    expect(toDecimalString(1234.5)).toBe('1234.50');
    expect(toDecimalString(-1234.5)).toBe('-1234.50');
    expect(toDecimalString(-0.001)).toBe('0.00');
    expect(toDecimalString(-0)).toBe('0.00');
    expect(toDecimalString(-0.07)).toBe('-0.07');
    expect(toDecimalString(0.125)).toBe('0.13');
    expect(toDecimalString(-0.125)).toBe('-0.12');
    expect(toDecimalString(Number.NaN)).toBe('0.00');
    expect(toDecimalString(Number.POSITIVE_INFINITY)).toBe('0.00');
    expect(toDecimalString(1e21)).toBe('1000000000000000000000.00');
    expect(toDecimalString(-2e22)).toBe('-20000000000000000000000.00');
  });

  it('writes whole-cent amounts exactly', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }), (c) => {
        const text = centsText(c === 0n ? 0n : c);
        expect(toDecimalString(Number(text))).toBe(text);
      }),
      { numRuns: 2000 },
    );
  });

  it('reads back as cents(n) between 2^44 and 2^46 dollars, where cents are counted on the fraction', () => {
    for (const d of [2 ** 44 + 0.125, -(2 ** 44) - 0.125, 2 ** 45 + 0.99609375, 43_705_315_631_550.625]) {
      expect(Number(toDecimalString(d))).toBe(cents(d));
    }
    expect(toDecimalString(2 ** 44 + 0.125)).toBe('17592186044416.13');
    expect(toDecimalString(-(2 ** 44) - 0.125)).toBe('-17592186044416.12');
    fc.assert(
      fc.property(fc.double({ min: 2 ** 43, max: 2 ** 47, noNaN: true }), fc.boolean(), (size, negative) => {
        const d = negative ? -size : size;
        expect(Number(toDecimalString(d))).toBe(cents(d));
        expect(Math.abs(cents(d) - d)).toBeLessThanOrEqual(0.005 + Math.abs(d) * 2 ** -52);
      }),
      { numRuns: 5000 },
    );
  });

  it('reads back as cents(n) for any double', () => {
    fc.assert(
      fc.property(fc.double(), (d) => {
        const text = toDecimalString(d);
        expect(text).toMatch(/^-?\d+\.\d\d$/);
        expect(text).not.toBe('-0.00');
        expect(Number(text)).toBe(cents(d));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('periods per year', () => {
  it('weekly 52, fortnightly 26, monthly 12, quarterly 4, yearly 1', () => {
    expect(PERIODS_PER_YEAR).toEqual({ weekly: 52, fortnightly: 26, monthly: 12, quarterly: 4, yearly: 1 });
    expect(annualEquivalent(-100, 'fortnightly')).toBe(-2600);
    expect(monthlyEquivalent(1200, 'yearly')).toBe(100);
    expect(cents(monthlyEquivalent(100, 'weekly'))).toBe(433.33);
    expect(monthlyEquivalent(-300, 'quarterly')).toBe(-100);
  });
});

describe('percentOf', () => {
  it('is a share of a positive total to 2 decimals, else 0', () => {
    expect(percentOf(400, 650)).toBe(61.54);
    expect(percentOf(250, 650)).toBe(38.46);
    expect(percentOf(1, 3)).toBe(33.33);
    expect(percentOf(5, 0)).toBe(0);
    expect(percentOf(5, -10)).toBe(0);
    expect(percentOf(Number.NaN, 10)).toBe(0);
    expect(percentOf(5, Number.POSITIVE_INFINITY)).toBe(0);
  });
});

describe('en-AU formatters', () => {
  it('whole dollars: ties away from zero, never -$0, non-finite as $0', () => {
    expect(wholeDollars(2.5)).toBe(3);
    expect(wholeDollars(-2.5)).toBe(-3);
    expect(Object.is(wholeDollars(-0.4), 0)).toBe(true);
    expect(formatDollars(1234567.89)).toBe('$1,234,568');
    expect(formatDollars(-2500)).toBe('-$2,500');
    expect(formatDollars(-0.4)).toBe('$0');
    expect(formatDollars(-0.5)).toBe('-$1');
    expect(formatDollars(Number.NaN)).toBe('$0');
    expect(formatDollars(1e15)).toBe('$1,000,000,000,000,000');
  });

  it('dollars and cents round as cents() does', () => {
    expect(formatDollarsAndCents(1234.5)).toBe('$1,234.50');
    expect(formatDollarsAndCents(1.005)).toBe('$1.00');
    expect(formatDollarsAndCents(-0.001)).toBe('$0.00');
    expect(formatDollarsAndCents(-0.07)).toBe('-$0.07');
    expect(formatDollarsAndCents(Number.POSITIVE_INFINITY)).toBe('$0.00');
  });

  it('shortest: cents only when there are any', () => {
    expect(formatDollarsShortest(750000)).toBe('$750,000');
    expect(formatDollarsShortest(1234.5)).toBe('$1,234.50');
    expect(formatDollarsShortest(99.999)).toBe('$100');
  });

  // The formatters write the digits themselves (no Intl locale data on a page's first render); they must match
  // what Intl.NumberFormat('en-AU', AUD) writes for the same rounded figure, over every size and sign.
  const intlWhole = new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD', maximumFractionDigits: 0 });
  const intlCents = new Intl.NumberFormat('en-AU', {
    style: 'currency',
    currency: 'AUD',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  const anyDollars = fc.oneof(
    fc.double({ noNaN: true }),
    fc.double({ min: -1e7, max: 1e7, noNaN: true }),
    fc.integer({ min: -1e9, max: 1e9 }).map((c) => c / 100),
    fc.integer({ min: -(2 ** 46), max: 2 ** 46 }),
  );

  it('write what Intl.NumberFormat writes for the same rounded figure', () => {
    fc.assert(
      fc.property(anyDollars, (dollars) => {
        expect(formatDollars(dollars)).toBe(intlWhole.format(wholeDollars(dollars)));
        expect(formatDollarsAndCents(dollars)).toBe(intlCents.format(cents(dollars)));
        const rounded = cents(dollars);
        expect(formatDollarsShortest(dollars)).toBe(
          Number.isInteger(rounded) ? intlWhole.format(rounded) : intlCents.format(rounded),
        );
      }),
      { numRuns: 5000 },
    );
    for (const edge of [0, 0.005, 0.995, 999.995, 1000, 999_999.5, 2 ** 44 - 0.01, 2 ** 44, 1e21, -1e21, 1e300]) {
      expect(formatDollars(edge)).toBe(intlWhole.format(wholeDollars(edge)));
      expect(formatDollarsAndCents(-edge)).toBe(intlCents.format(cents(-edge)));
    }
  });

  it('group digits in threes', () => {
    expect(groupThousands('1')).toBe('1');
    expect(groupThousands('123')).toBe('123');
    expect(groupThousands('1234')).toBe('1,234');
    expect(groupThousands('1234567')).toBe('1,234,567');
  });
});
