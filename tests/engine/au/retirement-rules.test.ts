// Golden tests of the super-to-retirement and Age Pension rules against figures worked by hand
// (fixtures/retirement.json, docs/au-rules.md).
import { describe, expect, it } from 'vitest';
import fixture from './fixtures/retirement.json';
import { agePensionFigures, agePensionRate, deemedIncome } from '../../../worker/engine/au/age-pension';
import { minimumDrawdown, pensionPhaseRate } from '../../../worker/engine/au/pension-drawdown';
import {
  ageOn,
  availableConcessionalCap,
  birthdayAt,
  concessionalCapOfYear,
  division293Tax,
  excessConcessionalTax,
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
