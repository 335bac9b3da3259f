// Golden tests of the Australian rules against figures worked by hand from docs/au-rules.md (fixtures/*.json).
import { describe, expect, it } from 'vitest';
import taxFixture from './fixtures/tax.json';
import pplFixture from './fixtures/ppl.json';
import dutyFixture from './fixtures/duty.json';
import otherFixture from './fixtures/other.json';
import { marginalRate, personalTax } from '../../../worker/engine/au/tax';
import {
  concessionalCap,
  CONTRIBUTIONS_TAX_RATE,
  nonConcessionalCap,
  superGuaranteeRate,
} from '../../../worker/engine/au/super';
import { pplDailyRate, pplDays, pplSchedule, pplSuperRate, pplTotal } from '../../../worker/engine/au/ppl';
import {
  firstHomeOwnerGrant,
  homeGuaranteeCap,
  homeGuaranteeEligible,
  lmiPremium,
  transferDuty,
  type AuState,
} from '../../../worker/engine/au/property';
import { helpRepayment } from '../../../worker/engine/au/help';
import { assessableCapitalGain } from '../../../worker/engine/au/cgt';
import { atDate } from '../../../worker/engine/au/dated';

describe('personal income tax (resident)', () => {
  it.each(taxFixture.cases)('$fy taxable $taxable_income', (c) => {
    expect(personalTax(c.taxable_income, c.date)).toEqual({
      income_tax: c.income_tax,
      lito: c.lito,
      medicare: c.medicare,
      total: c.total,
    });
  });

  it('switches rates at 1 July, by the financial year containing the date', () => {
    expect(personalTax(45_000, '2026-06-30').income_tax).toBe(4288);
    expect(personalTax(45_000, '2026-07-01').income_tax).toBe(4020);
    expect(personalTax(45_000, '2027-07-01').income_tax).toBe(3752);
    expect(personalTax(45_000, '2055-01-01').income_tax).toBe(3752);
  });

  it('LITO never makes tax negative and never reduces Medicare', () => {
    for (let income = 0; income <= 80_000; income += 250) {
      const t = personalTax(income, '2026-10-01');
      expect(t.lito).toBeLessThanOrEqual(t.income_tax);
      expect(t.total).toBeGreaterThanOrEqual(t.medicare - 0.005);
    }
  });

  it('treats negative and non-finite income as nil', () => {
    expect(personalTax(-5000, '2026-10-01').total).toBe(0);
    expect(personalTax(Number.NaN, '2026-10-01').total).toBe(0);
  });

  it('marginal rates include LITO withdrawal and the Medicare levy', () => {
    expect(marginalRate(10_000, '2026-10-01')).toBe(0);
    expect(marginalRate(30_000, '2026-10-01')).toBe(0.25); // 15% + 10% Medicare shade-in
    expect(marginalRate(40_000, '2026-10-01')).toBe(0.22); // 15% + 5% LITO taper + 2%
    expect(marginalRate(50_000, '2026-10-01')).toBe(0.335); // 30% + 1.5% + 2%
    expect(marginalRate(100_000, '2026-10-01')).toBe(0.32);
    expect(marginalRate(150_000, '2026-10-01')).toBe(0.39);
    expect(marginalRate(250_000, '2026-10-01')).toBe(0.47);
  });

  it('marginal rate matches the change in total tax away from kinks', () => {
    for (const income of [25_000, 31_000, 41_000, 52_000, 90_000, 160_000, 300_000]) {
      const diff = (personalTax(income + 100, '2027-10-01').total - personalTax(income, '2027-10-01').total) / 100;
      expect(marginalRate(income, '2027-10-01')).toBeCloseTo(diff, 6);
    }
  });
});

describe('superannuation', () => {
  it.each(otherFixture.super_guarantee.cases)('SG on $date', (c) => {
    expect(superGuaranteeRate(c.date)).toBe(c.rate);
  });
  it.each(otherFixture.concessional_cap.cases)('concessional cap on $date', (c) => {
    expect(concessionalCap(c.date)).toBe(c.cap);
    expect(nonConcessionalCap(c.date)).toBe(c.cap * 4);
  });
  it('contributions tax is 15%', () => {
    expect(CONTRIBUTIONS_TAX_RATE).toBe(0.15);
  });
});

describe('Paid Parental Leave', () => {
  it.each(pplFixture.cases)('born $birth_date', (c) => {
    expect(pplDays(c.birth_date)).toBe(c.days);
    expect(pplTotal({ birthDate: c.birth_date })).toBeCloseTo(c.total, 2);
    expect(pplSuperRate(c.birth_date)).toBe(c.super_rate);
    const schedule = pplSchedule({ birthDate: c.birth_date });
    expect(schedule.reduce((n, p) => n + p.days, 0)).toBe(c.days);
    for (const m of c.first_months ?? []) {
      const got = schedule.find((p) => p.date.startsWith(m.month));
      expect(got?.days).toBe(m.days);
      expect(got?.amount).toBeCloseTo(m.amount, 2);
    }
  });

  it('fewer days than the entitlement when asked, never more', () => {
    expect(pplSchedule({ birthDate: '2026-08-03', days: 50 }).reduce((n, p) => n + p.days, 0)).toBe(50);
    expect(pplSchedule({ birthDate: '2026-08-03', days: 500 }).reduce((n, p) => n + p.days, 0)).toBe(130);
  });

  it('indexes the daily rate by wage growth beyond the last known year only when asked', () => {
    expect(pplDailyRate('2028-08-01')).toBe(200.94);
    expect(pplDailyRate('2027-08-01', 3.7)).toBeCloseTo(200.94 * 1.037, 2);
    expect(pplDailyRate('2026-08-01', 3.7)).toBe(200.94);
  });
});

describe('transfer duty', () => {
  it.each(dutyFixture.cases)('$state $price first home $first_home', (c) => {
    const got = transferDuty(c.state as AuState, c.price, { date: '2026-10-01', firstHome: c.first_home });
    expect(got.duty).toBeCloseTo(c.duty, 2);
    if (c.method) expect(got.method).toBe(c.method);
  });
});

describe('lenders mortgage insurance and Home Guarantee', () => {
  it.each(dutyFixture.lmi.cases)('loan $loan on $price', (c) => {
    expect(lmiPremium(c.loan, c.price)).toBeCloseTo(c.premium, 2);
  });
  it('Home Guarantee caps and eligibility', () => {
    expect(homeGuaranteeCap('NSW', 'capital', '2026-10-01')).toBe(1_500_000);
    expect(homeGuaranteeCap('VIC', 'rest', '2026-10-01')).toBe(650_000);
    expect(
      homeGuaranteeEligible({ state: 'NSW', region: 'capital', price: 900_000, deposit: 45_000, date: '2026-10-01' }),
    ).toBe(true);
    expect(
      homeGuaranteeEligible({ state: 'NSW', region: 'capital', price: 900_000, deposit: 40_000, date: '2026-10-01' }),
    ).toBe(false);
    expect(
      homeGuaranteeEligible({
        state: 'VIC',
        region: 'capital',
        price: 1_000_000,
        deposit: 200_000,
        date: '2026-10-01',
      }),
    ).toBe(false);
  });
});

describe('First Home Owner Grant', () => {
  it.each(dutyFixture.fhog.cases)('$state $price new $new_home', (c) => {
    expect(
      firstHomeOwnerGrant(c.state as AuState, c.price, {
        date: '2026-10-01',
        newHome: c.new_home,
        landAndBuild: c.land_and_build,
      }),
    ).toBe(c.grant);
  });
});

describe('HELP and CGT', () => {
  it.each(otherFixture.help.cases)('HELP at $income', (c) => {
    expect(helpRepayment(c.income, '2025-10-01')).toBeCloseTo(c.repayment, 2);
  });
  it.each(otherFixture.cgt.cases)('CGT held $held_months months', (c) => {
    expect(
      assessableCapitalGain({
        proceeds: c.proceeds,
        costBase: c.cost_base,
        heldMonths: c.held_months,
        saleDate: c.sale_date,
      }).assessable,
    ).toBe(c.assessable);
  });
  it('the 2027 reform applies only when opted in', () => {
    const base = { proceeds: 600_000, costBase: 500_000, heldMonths: 24, saleDate: '2028-01-01' };
    expect(assessableCapitalGain(base).assessable).toBe(50_000);
    const reform = assessableCapitalGain({ ...base, reform: true, inflationPct: 0 });
    expect(reform.assessable).toBe(100_000);
    expect(reform.min_tax_rate).toBe(0.3);
  });
});

describe('dated tables', () => {
  it('pick the last row in force, the first before any', () => {
    const t = [
      { from: '2025-07-01', figures: 1 },
      { from: '2026-07-01', figures: 2 },
    ];
    expect(atDate(t, '2020-01-01')).toBe(1);
    expect(atDate(t, '2026-06-30')).toBe(1);
    expect(atDate(t, '2026-07-01')).toBe(2);
  });
});
