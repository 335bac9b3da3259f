// Golden figures computed independently of the engine (tests/engine/fixtures/generate-goldens.py, Python
// decimal and datetime; tax by hand) checked against the simulator and the calendar helpers.
import { describe, expect, it } from 'vitest';
import goldens from './fixtures/goldens.json';
import {
  ACCOUNT_TYPES,
  DEFAULT_ASSUMPTIONS,
  forecast,
  monthlyEquivalent,
  normalisedMonthlyTotals,
  occurrencesBetween,
  occurrencesInMonth,
  simulate,
  type Assumptions,
  type Primitive,
  type SimAccountInput,
} from '../../worker/engine/index';

const ZERO: Assumptions = {
  ...DEFAULT_ASSUMPTIONS,
  account_type_rates: Object.fromEntries(ACCOUNT_TYPES.map((t) => [t, 0])) as Assumptions['account_type_rates'],
};

const checking: SimAccountInput = {
  id: 'cash',
  name: 'Everyday',
  account_type: 'checking',
  is_asset: true,
  current_balance: 0,
};
const mortgage: SimAccountInput = {
  id: 'home-loan',
  name: 'Home loan',
  account_type: 'mortgage',
  is_asset: false,
  current_balance: -500000,
};

function runLoan(extra: Primitive[] = [], loanExtra: Partial<Extract<Primitive, { kind: 'loan' }>> = {}) {
  const loan: Primitive = {
    kind: 'loan',
    key: 'loan',
    account: 'home-loan',
    annual_rate: goldens.loan.annual_rate,
    start: '2027-01',
    term_months: goldens.loan.term_months,
    repayment_from: 'cash',
    ...loanExtra,
  };
  return simulate({
    as_of: '2026-12-15',
    years: 31,
    assumptions: ZERO,
    accounts: [checking, mortgage],
    base: [],
    groups: [{ scope: 'ev', primitives: [loan, ...extra] }],
  });
}

describe('loan goldens ($500,000 at 6% over 30 years)', () => {
  const { snapshots } = runLoan();
  it('repays 2,997.75 a month', () => {
    // Month 2 is a pure repayment month: cash falls by exactly the repayment.
    expect(snapshots[1].liquid_cash).toBeCloseTo(-goldens.loan.monthly_repayment, 2);
    // A difference of two figures rounded to cents: within a cent.
    expect(
      Math.abs(snapshots[2].liquid_cash - snapshots[1].liquid_cash + goldens.loan.monthly_repayment),
    ).toBeLessThanOrEqual(0.011);
  });
  it('balance after k payments matches the closed form', () => {
    for (const [k, expected] of Object.entries(goldens.loan.balance_after)) {
      expect(snapshots[Number(k)].total_liabilities, `after ${k} payments`).toBeCloseTo(expected, 2);
    }
  });
  it('stops at zero after 360 payments with 579,190.95 total interest', () => {
    expect(snapshots[359].total_liabilities).toBeGreaterThan(0);
    expect(snapshots[360].total_liabilities).toBe(0);
    // Total interest = everything paid less the principal; net worth falls by exactly the interest.
    expect(snapshots[0].net_worth - snapshots[360].net_worth).toBeCloseTo(goldens.loan.total_interest, 2);
    expect(snapshots[372].net_worth).toBe(snapshots[360].net_worth);
  });
  it('with an extra $500 a month is repaid in 252 months', () => {
    const extra: Primitive = {
      kind: 'transfer',
      key: 'extra',
      name: 'Extra repayment',
      from: 'cash',
      to: 'home-loan',
      amount: goldens.loan.extra_monthly,
      schedule: { type: 'recurring', frequency: 'monthly', start_date: '2027-01-28', end_date: null },
    };
    const s = runLoan([extra]).snapshots;
    const n = goldens.loan.months_with_extra;
    expect(s[n - 1].total_liabilities).toBeGreaterThan(0);
    expect(s[n].total_liabilities).toBe(0);
    expect(s[0].net_worth - s[n].net_worth).toBeCloseTo(goldens.loan.total_interest_with_extra, 2);
    // Repayments stop at zero: no further movement.
    expect(s[n + 12].net_worth).toBe(s[n].net_worth);
  });
  it('interest-only months revert to principal and interest', () => {
    const s = runLoan([], { interest_only_months: goldens.loan.interest_only_months }).snapshots;
    expect(s[60].total_liabilities).toBeCloseTo(500000, 2);
    expect(s[1].liquid_cash).toBeCloseTo(-goldens.loan.interest_only_repayment, 2);
    expect(Math.abs(s[61].liquid_cash - s[60].liquid_cash + goldens.loan.pi_repayment_after_io)).toBeLessThanOrEqual(
      0.011,
    );
    expect(s[360].total_liabilities).toBe(0);
    expect(s[0].net_worth - s[360].net_worth).toBeCloseTo(goldens.loan.pi_total_interest_after_io, 2);
  });
});

describe('growth and interest goldens', () => {
  it('5% growth compounds monthly to exactly 1.05x after 12 months', () => {
    const profile = {
      assumptions: { account_type_rates: { property: goldens.growth.annual_rate } },
      accounts: [
        { id: 'p', name: 'Home', account_type: 'property', current_balance: goldens.growth.opening, is_asset: true },
      ],
      recurring_items: [],
    };
    const s = forecast(profile, { as_of: '2027-03-10', years: 10 }).snapshots;
    for (const [k, expected] of Object.entries(goldens.growth.value_after)) {
      expect(s[Number(k)].net_worth, `month ${k}`).toBeCloseTo(expected, 2);
    }
    expect(s[12].net_worth).toBe(105000);
    expect(s.slice(1, 13).every((x) => x.cash_flow === 0)).toBe(true);
  });
  it('cash interest r/12 is cash flow; debt interest r/12 is an expense', () => {
    const profile = {
      assumptions: { account_type_rates: { savings: goldens.cash.savings_rate, credit_card: goldens.cash.card_rate } },
      accounts: [
        {
          id: 's',
          name: 'Savings',
          account_type: 'savings',
          current_balance: goldens.cash.savings_opening,
          is_asset: true,
        },
        {
          id: 'c',
          name: 'Card',
          account_type: 'credit_card',
          current_balance: -goldens.cash.card_owed,
          is_asset: false,
        },
      ],
      recurring_items: [],
    };
    const s = forecast(profile, { as_of: '2027-03-10', years: 1 }).snapshots;
    expect(s[12].liquid_cash).toBeCloseTo(goldens.cash.savings_after_12, 2);
    expect(s[12].total_liabilities).toBeCloseTo(goldens.cash.card_owed_after_12, 2);
    expect(s.every((x) => x.capital_growth === 0)).toBe(true);
  });
});

describe('recurrence goldens', () => {
  const r = goldens.recurrence;
  it('a weekly item starting Friday 2027-01-01 occurs 53 times in 2027', () => {
    const weekly = { frequency: 'weekly' as const, start_date: '2027-01-01' };
    expect(occurrencesBetween(weekly, '2027-01-01', '2027-12-31')).toHaveLength(
      r.weekly_from_friday_2027_01_01_count_2027,
    );
    const perMonth = Array.from({ length: 12 }, (_, i) =>
      occurrencesInMonth(weekly, `2027-${String(i + 1).padStart(2, '0')}`),
    );
    expect(perMonth).toEqual(r.weekly_from_2027_01_01_per_month_2027);
    expect(
      occurrencesBetween({ frequency: 'fortnightly', start_date: '2027-01-01' }, '2027-01-01', '2027-12-31'),
    ).toHaveLength(r.fortnightly_from_2027_01_01_count_2027);
  });
  it('monthly on the 31st clamps to the month end and returns to the 31st', () => {
    expect(occurrencesBetween({ frequency: 'monthly', start_date: '2027-01-31' }, '2027-01-01', '2028-03-31')).toEqual(
      r.monthly_on_31st_from_2027_01_31,
    );
    expect(
      occurrencesBetween({ frequency: 'quarterly', start_date: '2027-11-30' }, '2027-01-01', '2028-12-31'),
    ).toEqual(r.quarterly_from_2027_11_30);
    expect(occurrencesBetween({ frequency: 'yearly', start_date: '2028-02-29' }, '2028-01-01', '2032-12-31')).toEqual(
      r.yearly_from_2028_02_29,
    );
  });
  it('the simulator counts the 53 weekly payments of 2027 on their real dates', () => {
    const profile = {
      assumptions: { account_type_rates: { checking: 0 } },
      accounts: [{ id: 'a', name: 'Everyday', account_type: 'checking', current_balance: 0, is_asset: true }],
      recurring_items: [
        {
          id: 'w',
          name: 'Pay',
          amount: 100,
          frequency: 'weekly',
          start_date: '2027-01-01',
          end_date: null,
          account_id: 'a',
          category_id: 'x',
          is_active: true,
        },
      ],
    };
    const s = forecast(profile, { as_of: '2026-12-31', years: 1 }).snapshots;
    expect(s.slice(1).map((x) => x.income / 100)).toEqual(r.weekly_from_2027_01_01_per_month_2027);
    expect(s[12].net_worth).toBe(5300);
  });
  it('normalised monthly equivalents', () => {
    for (const c of goldens.normalised.cases) {
      expect(monthlyEquivalent(c.amount, c.frequency as 'weekly')).toBeCloseTo(c.monthly, 2);
    }
    const totals = normalisedMonthlyTotals(
      goldens.normalised.cases.map((c) => ({
        ...c,
        frequency: c.frequency as 'weekly',
        start_date: '2027-01-01',
        is_active: true,
      })),
    );
    expect(totals.income).toBeCloseTo(433.33 + 216.67 + 100 + 5349.76, 1);
    expect(totals.expenses).toBeCloseTo(350, 2);
  });
});

describe('tax settlement (hand-computed 2027-28 figures)', () => {
  // 2027-28: 14% from 18,200 to 45,000; 30% to 135,000; LITO 700 less 5c/$ over 37,500; Medicare 2%.
  // 90,000: (45,000-18,200) x 14% + (90,000-45,000) x 30% = 3,752 + 13,500 = 17,252; LITO 0; Medicare 1,800.
  // 45,000: 3,752 - LITO (700 - 7,500 x 5% = 325) + Medicare 900 = 4,327.
  const salary = (start: string, monthly: number): Primitive => ({
    kind: 'flow',
    key: 'salary',
    name: 'Salary',
    account: 'cash',
    amount: monthly,
    schedule: { type: 'recurring', frequency: 'monthly', start_date: start, end_date: '2028-06-30' },
    tax: { kind: 'salary', taxpayer: 'me' },
  });
  const fyTax = (p: Primitive) => {
    const s = simulate({
      as_of: '2027-06-15',
      years: 2,
      assumptions: ZERO,
      accounts: [checking],
      base: [],
      groups: [{ scope: 'e', primitives: [p] }],
    }).snapshots;
    // Snapshots 1..12 are July 2027 .. June 2028 (2027-28).
    return s.slice(1, 13).reduce((a, x) => a + x.tax, 0);
  };
  it('a full year of 7,500 a month pays exactly the annual tax on 90,000', () => {
    expect(fyTax(salary('2027-07-15', 7500))).toBeCloseTo(19052, 1);
  });
  it('a salary starting in January is taxed on what the year actually paid (45,000)', () => {
    expect(fyTax(salary('2028-01-15', 7500))).toBeCloseTo(4327, 1);
  });
});
