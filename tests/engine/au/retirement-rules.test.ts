// Golden tests of the super-to-retirement and Age Pension rules against figures worked by hand
// (fixtures/retirement.json, docs/au-rules.md).
import { describe, expect, it } from 'vitest';
import fixture from './fixtures/retirement.json';
import {
  agePensionFigures,
  agePensionRate,
  deemedIncome,
  rentAssistance,
  workBonusFortnight,
} from '../../../worker/engine/au/age-pension';
import { minimumDrawdown, pensionPhaseRate } from '../../../worker/engine/au/pension-drawdown';
import {
  ageOn,
  availableConcessionalCap,
  birthdayAt,
  concessionalCapOfYear,
  division293Tax,
  excessConcessionalTax,
  nonConcessionalYear,
  releaseDate,
  transferBalanceCap,
  useCarriedForward,
} from '../../../worker/engine/au/super';

describe('Age Pension (20 September 2025 figures)', () => {
  const f = agePensionFigures('2025-11-01');
  it.each(fixture.age_pension.cases)('$name', (c) => {
    const r = agePensionRate(c.input, f);
    expect(r.assessed_income).toBeCloseTo(c.assessed_income, 3);
    expect(r.income_test).toBeCloseTo(c.income_test, 3);
    expect(r.assets_test).toBeCloseTo(c.assets_test, 3);
    expect(r.rate).toBeCloseTo(c.rate, 3);
  });
  it('indexes dollar figures, never the rates or tapers', () => {
    const g = agePensionFigures('2027-01-01', 1.1);
    expect(g.max_single).toBeCloseTo(1_296.57, 2);
    expect(g.assets_single_homeowner).toBeCloseTo(353_650, 2);
    expect(g.deeming_lower).toBe(0.0075);
    expect(g.income_taper).toBe(0.5);
    expect(deemedIncome(50_000, false, f)).toBeCloseTo(375, 6);
  });
});

describe('Work Bonus and its income bank ($300 a fortnight, bank to $11,800)', () => {
  it.each([
    // employment a fortnight, bank before, assessed, bank after
    [0, 0, 0, 300],
    [100, 11_700, 0, 11_800], // 200 unused, but the bank stops at 11,800
    [300, 500, 0, 500],
    [600, 0, 300, 0],
    [1_000, 500, 200, 0], // 1,000 - 300 - 500 banked
    [1_000, 11_800, 0, 11_100], // 700 over the concession, all from the bank
  ] as const)('$%d of work with $%d banked: $%d assessed, $%d banked', (work, bank, assessed, after) => {
    expect(workBonusFortnight(work, bank, '2026-07-01')).toEqual({ assessed, bank: after });
  });
});

describe('Rent Assistance with the Age Pension (UNCONFIRMED rates)', () => {
  it('75 cents a dollar of rent over the threshold, up to the maximum; a couple half each', () => {
    expect(rentAssistance(400, false, '2025-10-01')).toBeCloseTo(188.25, 6); // 0.75 x (400 - 149)
    expect(rentAssistance(500, false, '2025-10-01')).toBeCloseTo(211.2, 6); // 263.25 capped at 211.20
    expect(rentAssistance(400, true, '2025-10-01')).toBeCloseTo(59.475, 6); // 0.75 x (400 - 241.40) / 2
    expect(rentAssistance(140, false, '2025-10-01')).toBe(0);
    // Indexed 10%: threshold 163.90, maximum 232.32: 0.75 x (440 - 163.90) = 207.075.
    expect(rentAssistance(440, false, '2025-10-01', 1.1)).toBeCloseTo(207.075, 6);
  });
});

describe('excess concessional contributions and Division 293', () => {
  it.each(fixture.excess_concessional.cases)('taxable $taxable_income excess $excess', (c) => {
    expect(excessConcessionalTax(c.taxable_income, c.excess, c.date)).toBeCloseTo(c.tax, 2);
  });
  it.each(fixture.division_293.cases)('income $income contributions $contributions', (c) => {
    expect(division293Tax(c.income, c.contributions)).toBe(c.tax);
  });
});

describe('concessional cap carry-forward', () => {
  it('has the caps by year from 2018-19', () => {
    expect([2018, 2020, 2021, 2023, 2024, 2025, 2026, 2030].map(concessionalCapOfYear)).toEqual([
      25_000, 25_000, 27_500, 27_500, 30_000, 30_000, 32_500, 32_500,
    ]);
  });
  it('carries five years of unused cap when the balance was under $500,000', () => {
    const unused = new Map([
      [2020, 9_000],
      [2021, 10_000],
      [2022, 5_000],
      [2025, 2_500],
    ]);
    // 2026-27: 2021-22 to 2025-26 count (2020-21 is six years back).
    expect(availableConcessionalCap(2026, 499_999, unused)).toEqual({ cap: 32_500, carried: 17_500 });
    expect(availableConcessionalCap(2026, 500_000, unused)).toEqual({ cap: 32_500, carried: 0 });
    // Oldest first: 12,000 uses 2021-22's 10,000 then 2,000 of 2022-23's.
    expect(useCarriedForward(2026, 12_000, unused)).toBe(0);
    expect(unused.get(2021)).toBe(0);
    expect(unused.get(2022)).toBe(3_000);
    expect(useCarriedForward(2026, 10_000, unused)).toBe(4_500);
  });
  it('counts nothing before 2018-19', () => {
    expect(availableConcessionalCap(2020, 0, new Map([[2017, 5_000]])).carried).toBe(0);
  });
});

describe('non-concessional cap and its three-year bring-forward', () => {
  // 2025-26: cap 4 x 30,000 = 120,000, transfer balance cap 2,000,000. The tiers (ATO, "Non-concessional
  // contributions cap"): under 1,760,000 (TBC - 2 x cap) three years, 360,000; 1,760,000 to under 1,880,000
  // (TBC - cap) two years, 240,000; 1,880,000 to under 2,000,000 the annual 120,000; 2,000,000 or more nil.
  it.each([
    // balance at the previous 30 June, contributions, available, excess, years brought forward
    [1_759_999, 300_000, 360_000, 0, 3],
    [1_760_000, 300_000, 240_000, 60_000, 2],
    [1_879_999, 300_000, 240_000, 60_000, 2],
    [1_880_000, 300_000, 120_000, 180_000, 0],
    [1_999_999, 100_000, 120_000, 0, 0],
    [2_000_000, 100_000, 0, 100_000, 0],
  ] as const)('2025-26 balance %d, contributions %d: %d available, %d over', (tsb, paid, available, excess, years) => {
    expect(nonConcessionalYear(2025, paid, tsb, null)).toMatchObject({ available, excess, triggered: years });
  });

  it('carries the period: 300,000 in 2025-26, then 60,000 left for 2026-27 and 2027-28 together', () => {
    const y1 = nonConcessionalYear(2025, 300_000, 500_000, null);
    expect(y1.period).toEqual({ periodEnd: 2027, remaining: 60_000 });
    // 2026-27: the period's 60,000 left, not 2026-27's own 130,000: 50,000 paid leaves 10,000; 2027-28 pays 25,000.
    const y2 = nonConcessionalYear(2026, 50_000, 800_000, y1.period);
    expect(y2).toMatchObject({ available: 60_000, excess: 0, period: { periodEnd: 2027, remaining: 10_000 } });
    const y3 = nonConcessionalYear(2027, 25_000, 850_000, y2.period);
    expect(y3).toMatchObject({ available: 10_000, excess: 15_000, period: null });
    // 2028-29 is outside the period: the annual cap again (4 x 32,500), and a new bring-forward may start.
    expect(nonConcessionalYear(2028, 130_000, 900_000, y3.period)).toMatchObject({ available: 130_000, excess: 0 });
  });

  it('no bring-forward from 75 on 1 July of the year', () => {
    expect(nonConcessionalYear(2025, 300_000, 0, null, false)).toMatchObject({ available: 120_000, excess: 180_000 });
  });
});

describe('preservation, pension drawdown and the transfer balance cap', () => {
  it('ages and birthdays', () => {
    expect(ageOn('1960-03-15', '2027-03-14')).toBe(66);
    expect(ageOn('1960-03-15', '2027-03-15')).toBe(67);
    expect(birthdayAt('1960-02-29', 67)).toBe('2027-03-01');
    expect(birthdayAt('1960-02-29', 68)).toBe('2028-02-29');
  });
  it('releases super on retiring from 60, or at 65', () => {
    expect(releaseDate('1970-05-10', '2028-01-01')).toBe('2030-05-10');
    expect(releaseDate('1970-05-10', '2032-03-01')).toBe('2032-03-01');
    expect(releaseDate('1970-05-10', null)).toBe('2035-05-10');
    expect(releaseDate('1970-05-10', '2040-01-01')).toBe('2035-05-10');
  });
  it.each(fixture.minimum_drawdown.cases)('minimum on $balance at $age ($date)', (c) => {
    expect(minimumDrawdown(c.balance, c.age, c.date, c.started_on)).toBe(c.minimum);
  });
  it('grosses the after-tax return up in pension phase', () => {
    expect(pensionPhaseRate(6.8)).toBeCloseTo(8, 10);
    expect(pensionPhaseRate(-2)).toBe(-2);
  });
  it('transfer balance cap $1.9m, then $2.0m from 1 July 2025', () => {
    expect(transferBalanceCap('2025-06-30')).toBe(1_900_000);
    expect(transferBalanceCap('2025-07-01')).toBe(2_000_000);
  });
});
