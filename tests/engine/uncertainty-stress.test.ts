// Stress tests and goals of the uncertainty engine (docs/uncertainty.md "Stress tests"), on hand-checked cases:
// each moves the figures in the documented direction by the documented amount, to the cent.
import { describe, expect, it } from 'vitest';
import {
  EngineInputError,
  runUncertainty,
  type StressOption,
  type UncertaintyRequest,
} from '../../worker/engine/index';

const AS_OF = '2026-11-21';
const zero = {
  returns: Object.fromEntries(
    ['checking', 'savings', 'investment', 'superannuation', 'property'].map((t) => [t, { volatility: 0 }]),
  ),
  inflation_volatility: 0,
};

const account = (id: string, account_type: string, current_balance: number, is_asset = true) => ({
  id,
  name: id,
  account_type,
  current_balance,
  is_asset,
});

/** Shares $100,000 at 7%, a home $500,000 at 5%, super $200,000 at 6%: no flows, no volatility. */
const assets = {
  assumptions: { account_type_rates: { investment: 7, property: 5, superannuation: 6 }, uncertainty: zero },
  accounts: [
    account('inv', 'investment', 100_000),
    account('home', 'property', 500_000),
    account('sup', 'superannuation', 200_000),
  ],
  recurring_items: [],
  scenarios: [],
};

const last = (xs: number[]) => xs[xs.length - 1];
const run = (profile: unknown, stress: StressOption | null, extra: Partial<UncertaintyRequest> = {}) =>
  runUncertainty(profile, { as_of: AS_OF, years: 2, trials: 1, stress, ...extra }).scenarios[0];

describe('uncertainty stress tests (no volatility: deterministic paths)', () => {
  it('crash_first_year: shares -30%, property -15%, super -20% over the first 12 months, then the usual growth', () => {
    const base = run(assets, null);
    const crash = run(assets, { name: 'crash_first_year' });
    // Month 12: 100,000 x 1.07 + 500,000 x 1.05 + 200,000 x 1.06 without; 70,000 + 425,000 + 160,000 with.
    expect(base.nominal.p50[12]).toBe(844_000);
    expect(crash.nominal.p50[12]).toBe(655_000);
    // Month 24: a year of ordinary growth on the fallen values.
    expect(crash.nominal.p50[24]).toBe(70_000 * 1.07 + 425_000 * 1.05 + 160_000 * 1.06);
    expect(crash.nominal.p10).toEqual(crash.nominal.p90);
  });

  it('crash_at_event and crash_at_retirement: the same fall in the 12 months from the event’s trigger month', () => {
    const profile = {
      assumptions: { account_type_rates: { investment: 7, checking: 0 }, uncertainty: zero },
      accounts: [account('chk', 'checking', 0), account('inv', 'investment', 100_000)],
      recurring_items: [],
      scenarios: [
        {
          id: 's1',
          name: 'Retire',
          is_baseline: false,
          events: [
            {
              id: 'ret',
              scenario_id: 's1',
              name: 'Retire',
              trigger_month: '2028-03', // step 16 from November 2026
              template_id: 'retirement',
              template_parameters: { annual_drawdown: 1 },
            },
          ],
          modifications: [],
        },
      ],
    };
    const base = run(profile, null, { years: 5 });
    const atEvent = run(profile, { name: 'crash_at_event', event_id: 'ret' }, { years: 5 });
    const atRetirement = run(profile, { name: 'crash_at_retirement' }, { years: 5 });
    expect(atRetirement).toEqual(atEvent);
    expect(atEvent.nominal.p50.slice(0, 16)).toEqual(base.nominal.p50.slice(0, 16));
    expect(atEvent.nominal.p50[15]).toBe(108_825.26); // 100,000 x 1.07^(15/12)
    expect(atEvent.nominal.p50[27]).toBe(76_177.68); // x 0.7 over steps 16..27
    expect(atEvent.nominal.p50[28]).toBe(Math.round(76_177.68 * 1.07 ** (1 / 12) * 100) / 100);
  });

  it('crash_at_retirement needs a retirement event in every scenario compared', () => {
    let error: unknown;
    try {
      run(assets, { name: 'crash_at_retirement' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(EngineInputError);
    expect((error as EngineInputError).errors[0]).toEqual({
      path: '$options.stress',
      message: 'scenario "Base" has no retirement event: crash_at_retirement needs one in every scenario compared',
    });
  });

  it('high_inflation_decade: today’s dollars deflate at 7% for ten years; money held is unchanged', () => {
    const cash = {
      assumptions: { inflation_rate: 2.5, account_type_rates: { checking: 0 }, uncertainty: zero },
      accounts: [account('chk', 'checking', 100_000)],
      recurring_items: [],
      scenarios: [],
    };
    const base = run(cash, null, { years: 12 });
    const high = run(cash, { name: 'high_inflation_decade' }, { years: 12 });
    expect(high.nominal).toEqual(base.nominal);
    const at = (months: string[], m: string) => months.indexOf(m);
    const year10 = at(high.sample_months, '2036-11');
    expect(base.real.p50[year10]).toBe(78_119.84); // 100,000 / 1.025^10
    expect(high.real.p50[year10]).toBe(50_834.93); // 100,000 / 1.07^10
    // Afterwards prices rise at 2.5% again: two more years.
    expect(last(high.real.p50)).toBe(Math.round((100_000 / 1.07 ** 10 / 1.025 ** 2) * 100) / 100);
  });

  it('high_inflation_decade lifts every flow with the stressed prices (pay of $5,000 a month grows 7% a year)', () => {
    const paid = {
      assumptions: { inflation_rate: 2.5, account_type_rates: { checking: 0 }, uncertainty: zero },
      accounts: [account('chk', 'checking', 0)],
      recurring_items: [
        {
          id: 'pay',
          name: 'Pay',
          amount: 5_000,
          frequency: 'monthly',
          start_date: '2026-01-15', // the 15th: one payment in each month after as_of (21 November)
          end_date: null,
          account_id: 'chk',
          category_id: 'c',
          is_active: true,
        },
      ],
      scenarios: [],
    };
    const base = run(paid, null, { years: 1 });
    const high = run(paid, { name: 'high_inflation_decade' }, { years: 1 });
    expect(base.nominal.p50[12]).toBe(60_000);
    // Month k's pay is 5,000 x (1.07 / 1.025)^(k/12): prices (and pay) run 7% a year instead of 2.5%.
    const r = (1.07 / 1.025) ** (1 / 12);
    let expected = 0;
    for (let k = 1; k <= 12; k++) expected += 5_000 * r ** k;
    expect(high.nominal.p50[12]).toBeCloseTo(expected, 2);
    expect(high.real.p50[12]).toBeCloseTo(expected / 1.07, 2);
    // Cash earns nothing, so pay saved early loses more to the faster price rise: less in today's dollars.
    expect(high.real.p50[12]).toBeLessThan(base.real.p50[12]);
  });

  it('rates_up_5y: savings and debt interest 3 points higher for 60 months, checking unchanged', () => {
    const profile = {
      assumptions: { account_type_rates: { checking: 0, savings: 4, loan: 9 }, uncertainty: zero },
      accounts: [
        account('chk', 'checking', 5_000),
        account('sav', 'savings', 10_000),
        account('car', 'loan', -10_000, false),
      ],
      recurring_items: [],
      scenarios: [],
    };
    const base = run(profile, null, { years: 5 });
    const up = run(profile, { name: 'rates_up_5y' }, { years: 5 });
    const cents = (x: number) => Math.round(x * 100) / 100;
    expect(last(base.nominal.p50)).toBe(cents(5_000 + 10_000 * (1 + 0.04 / 12) ** 60 - 10_000 * (1 + 0.09 / 12) ** 60));
    expect(last(up.nominal.p50)).toBe(cents(5_000 + 10_000 * (1 + 0.07 / 12) ** 60 - 10_000 * (1 + 0.12 / 12) ** 60));
  });
});

describe('uncertainty stress tests with volatility: the stress on top of every trial', () => {
  it('crash_first_year moves a single asset’s median at month 12 to 70% of its start (within 3 standard errors)', () => {
    const profile = {
      assumptions: {
        account_type_rates: { investment: 7 },
        uncertainty: { returns: { investment: { volatility: 16 } }, inflation_volatility: 0 },
      },
      accounts: [account('inv', 'investment', 100_000)],
      recurring_items: [],
      scenarios: [],
    };
    const trials = 2000;
    const s = run(profile, { name: 'crash_first_year' }, { years: 1, trials, seed: 3 });
    const se = (70_000 * 0.16 * Math.sqrt(Math.PI / 2)) / Math.sqrt(trials);
    expect(Math.abs(s.nominal.p50[12] - 70_000)).toBeLessThan(3 * se);
    const plain = run(profile, null, { years: 1, trials, seed: 3 });
    // Common random numbers: the same trials, so every percentile falls by the same 30/107.
    expect(s.nominal.p90[12] / plain.nominal.p90[12]).toBeCloseTo(0.7 / 1.07, 6);
  });
});

describe('uncertainty goals', () => {
  it('counts a net-worth or one account’s goal reached at the last month-end on or before its date', () => {
    const goal = (amount: number, account_id?: string) =>
      run(assets, { name: 'crash_first_year' }, { goal: { amount, date: '2027-12-15', account_id } }).goal_probability;
    // 2027-12-15: the last month-end on or before it is 2027-11-30 (month 12).
    expect(goal(655_000)).toBe(1);
    expect(goal(655_000.01)).toBe(0);
    expect(goal(70_000, 'inv')).toBe(1);
    expect(goal(70_000.01, 'inv')).toBe(0);
    // At the last month (the run's final balances): 70,000 x 1.07 after the crash year.
    const atEnd = (amount: number) =>
      run(assets, { name: 'crash_first_year' }, { goal: { amount, date: '2028-11-30', account_id: 'inv' } })
        .goal_probability;
    expect(atEnd(74_900)).toBe(1);
    expect(atEnd(74_900.01)).toBe(0);
    expect(run(assets, null).goal_probability).toBeNull();
  });

  it('a goal in today’s dollars compares the value deflated by the trial’s prices', () => {
    const cash = {
      assumptions: { inflation_rate: 2.5, account_type_rates: { checking: 0 }, uncertainty: zero },
      accounts: [account('chk', 'checking', 100_000)],
      recurring_items: [],
      scenarios: [],
    };
    const reached = (amount: number, real: boolean) =>
      run(cash, null, { goal: { amount, date: '2027-11-30', real } }).goal_probability;
    // $100,000 held a year at 2.5% inflation is worth 97,560.98 in today's dollars.
    expect(reached(97_560.98, true)).toBe(1);
    expect(reached(97_560.99, true)).toBe(0);
    expect(reached(97_560.99, false)).toBe(1);
  });

  it('a debt account’s goal is owing at most the amount', () => {
    const profile = {
      assumptions: { account_type_rates: { loan: 12 }, uncertainty: zero },
      accounts: [account('car', 'loan', -10_000, false)],
      recurring_items: [],
      scenarios: [],
    };
    const owed = 10_000 * 1.01 ** 12; // 11,268.25
    const reached = (amount: number) =>
      run(profile, null, { goal: { amount, date: '2027-11-30', account_id: 'car' } }).goal_probability;
    expect(reached(11_268.25)).toBe(1);
    expect(reached(11_268.24)).toBe(0);
    expect(owed).toBeCloseTo(11_268.25, 2);
  });
});
