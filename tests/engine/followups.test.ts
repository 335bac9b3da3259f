// The engine follow-ups: defaults for left-out parameters, one primary cash rule, capped asset transfers,
// PPL super by birth date, tax-only adjustments (depreciation, capital gains), deductible_until,
// existing_mortgage, super defaults across baseline events, and the barrel's new exports.
import { describe, expect, it } from 'vitest';
import * as engine from '../../worker/engine/index';
import {
  DEFAULT_ASSUMPTIONS,
  TEMPLATES,
  compileEvent,
  forecast,
  getTemplate,
  materialiseEvent,
  primaryCashIndex,
  simulate,
  validateTemplateParameters,
  withDefaults,
  type CompileContext,
  type Primitive,
  type PrimitiveFlow,
  type SimulationSpec,
  type Snapshot,
} from '../../worker/engine/index';
import { personalTax } from '../../worker/engine/au/tax';
import { superGuaranteeRate, CONTRIBUTIONS_TAX_RATE } from '../../worker/engine/au/super';
import { BASE_ACCOUNTS, BASE_ITEMS, PICKS, makeContext } from './templates/context';

const ZERO_RATES = {
  ...DEFAULT_ASSUMPTIONS,
  account_type_rates: Object.fromEntries(
    Object.keys(DEFAULT_ASSUMPTIONS.account_type_rates).map((k) => [k, 0]),
  ) as typeof DEFAULT_ASSUMPTIONS.account_type_rates,
};

function sim(primitives: Primitive[], accounts: SimulationSpec['accounts'], asOf = '2026-06-30', years = 2) {
  return simulate({
    as_of: asOf,
    years,
    assumptions: ZERO_RATES,
    accounts,
    base: [],
    groups: [{ scope: 'ev', primitives }],
  });
}

function reconciled(s: ReadonlyArray<Snapshot>): void {
  for (let k = 1; k < s.length; k++)
    expect(Math.abs(s[k].net_worth - s[k - 1].net_worth - (s[k].cash_flow + s[k].capital_growth))).toBeLessThanOrEqual(
      0.02,
    );
}

const sumTax = (s: ReadonlyArray<Snapshot>, from: number, to: number) =>
  s.slice(from, to + 1).reduce((t, x) => t + x.tax, 0);

const CASH = { id: 'cash', name: 'Cash', account_type: 'checking' as const, is_asset: true, current_balance: 0 };

describe('1. left-out parameters take their defaults; null and empty are cleared', () => {
  it('every template validates with {} plus its required pickers, in and out of a baseline', () => {
    for (const t of TEMPLATES) {
      expect(validateTemplateParameters(t, { ...PICKS[t.template_id] }, { is_baseline: false }), t.template_id).toEqual(
        [],
      );
      if (t.supports_baseline)
        expect(
          validateTemplateParameters(t, { ...PICKS[t.template_id] }, { is_baseline: true }),
          t.template_id,
        ).toEqual([]);
    }
    expect(validateTemplateParameters(getTemplate('buy_first_home')!, {}, { is_baseline: false })).toEqual([]);
  });

  it('a required parameter sent as null or empty is reported', () => {
    const t = getTemplate('buy_first_home')!;
    expect(validateTemplateParameters(t, { state: null }, { is_baseline: false })).toEqual([
      { field: 'state', message: 'State or territory is required' },
    ]);
    expect(validateTemplateParameters(t, { loan_interest_rate: '' }, { is_baseline: false })).toEqual([
      { field: 'loan_interest_rate', message: 'Loan interest rate (% a year) is required' },
    ]);
  });

  it('withDefaults fills only what was left out; compile and materialise see a cleared value as none', () => {
    const t = getTemplate('buy_first_home')!;
    const filled = withDefaults(
      t,
      { council_rates_annual: null, strata_annual: '', maintenance_annual: undefined },
      { is_baseline: false },
    );
    expect(filled).toMatchObject({
      council_rates_annual: null,
      strata_annual: null,
      maintenance_annual: 2_000,
      insurance_annual: 1_600,
      state: 'NSW',
    });
    const ev = (params: Record<string, unknown>) => ({
      id: 'ev-1',
      name: 'Home',
      trigger_month: '2027-03',
      template_id: 'buy_first_home',
      template_parameters: params,
    });
    const keys = (ps: Primitive[]) => ps.map((p) => p.key);
    expect(keys(compileEvent(ev({}), makeContext()))).toContain('ev-1:council_rates');
    expect(keys(compileEvent(ev({ council_rates_annual: null }), makeContext()))).not.toContain('ev-1:council_rates');
    const names = materialiseEvent(ev({ council_rates_annual: '' }), makeContext()).recurring_items.map((r) => r.name);
    expect(names.some((n) => n.includes('council'))).toBe(false);
    expect(names.some((n) => n.includes('insurance'))).toBe(true);
  });
});

describe('2. one primary cash rule for the simulator and materialiseEvent', () => {
  it('skips liabilities and materialised accounts, prefers checking to savings', () => {
    expect(
      primaryCashIndex([
        { account_type: 'checking', is_asset: false },
        { account_type: 'savings', is_asset: true },
      ]),
    ).toBe(1);
    expect(
      primaryCashIndex([
        { account_type: 'savings', is_asset: true },
        { account_type: 'checking', is_asset: true },
      ]),
    ).toBe(1);
    expect(
      primaryCashIndex([
        { account_type: 'checking', is_asset: true, scenario_event_id: 'ev-x' },
        { account_type: 'savings', is_asset: true },
      ]),
    ).toBe(1);
    expect(primaryCashIndex([{ account_type: 'mortgage', is_asset: false }])).toBe(-1);
  });

  it('a materialised item lands where the simulator puts @cash: not an overdrawn (liability) checking account', () => {
    const accounts = [
      { id: 'acc-od', name: 'Overdraft', account_type: 'checking' as const, is_asset: false, current_balance: -1_000 },
      { id: 'acc-save', name: 'Savings', account_type: 'savings' as const, is_asset: true, current_balance: 5_000 },
    ];
    const ctx = makeContext({ accounts, recurring_items: [] });
    const out = materialiseEvent(
      { id: 'ev-1', name: 'Job', trigger_month: '2027-03', template_id: 'job_income_change', template_parameters: {} },
      ctx,
    );
    expect(out.recurring_items[0].account_id).toBe('acc-save');
    // The simulator: the salary raises liquid cash (savings), the overdraft's debt is untouched.
    const flowP: PrimitiveFlow = {
      kind: 'flow',
      key: 'pay',
      name: 'Pay',
      account: '@cash',
      amount: 1_000,
      schedule: { type: 'once', date: '2026-07-15' },
    };
    const s = sim([flowP], accounts).snapshots;
    expect(s[1].liquid_cash).toBe(6_000);
    expect(s[1].total_liabilities).toBe(1_000);
  });
});

describe('3. capped transfers out of assets; PPL super by birth date', () => {
  it('a drawdown never takes super below zero; cash may still go negative', () => {
    const accounts = [
      CASH,
      { id: 'super', name: 'Super', account_type: 'superannuation' as const, is_asset: true, current_balance: 10_000 },
    ];
    const drawdown: Primitive = {
      kind: 'transfer',
      key: 'draw',
      name: 'Drawdown',
      from: 'super',
      to: '@cash',
      amount: 3_000,
      schedule: { type: 'recurring', frequency: 'monthly', start_date: '2026-07-01', end_date: null },
    };
    const s = sim([drawdown], accounts).snapshots;
    for (const x of s) expect(x.total_assets - x.liquid_cash).toBeGreaterThanOrEqual(0);
    expect(s[4].liquid_cash).toBe(10_000);
    expect(s[24].net_worth).toBe(10_000);
    reconciled(s);
    const spend: Primitive = {
      kind: 'transfer',
      key: 'buy',
      name: 'Buy shares',
      from: '@cash',
      to: 'shares',
      amount: 1_000,
      schedule: { type: 'once', date: '2026-07-10' },
    };
    const s2 = sim(
      [spend],
      [CASH, { id: 'shares', name: 'Shares', account_type: 'investment', is_asset: true, current_balance: 0 }],
    ).snapshots;
    expect(s2[1].liquid_cash).toBe(-1_000);
    expect(s2[1].total_assets).toBe(0);
  });

  it('pays PPL super by the birth date, not the payment date', () => {
    const accounts = [
      CASH,
      { id: 'super', name: 'Super', account_type: 'superannuation' as const, is_asset: true, current_balance: 0 },
    ];
    const ppl = (birth?: string): Primitive => ({
      kind: 'flow',
      key: 'ppl',
      name: 'PPL',
      account: '@cash',
      amount: 5_000,
      schedule: { type: 'once', date: '2025-09-15' },
      tax: { kind: 'ppl', taxpayer: 'self', super_account: 'super', ...(birth ? { birth_date: birth } : {}) },
    });
    const superOf = (birth?: string) => {
      const last = sim([ppl(birth)], accounts, '2025-08-01', 1).snapshots[12];
      return last.total_assets - last.liquid_cash;
    };
    const withSuper = 5_000 * superGuaranteeRate('2025-08-01') * (1 - CONTRIBUTIONS_TAX_RATE);
    expect(superOf('2025-06-20')).toBe(0); // born before 1 July 2025: no super, though paid after
    expect(superOf('2025-08-01')).toBeCloseTo(withSuper, 2);
    expect(superOf()).toBeCloseTo(withSuper, 2); // older tags: by the payment date
  });
});

describe('4. tax-only adjustments and deductible_until', () => {
  const salary: Primitive = {
    kind: 'flow',
    key: 'pay',
    name: 'Pay',
    account: '@cash',
    amount: 100_000 / 12,
    schedule: { type: 'recurring', frequency: 'monthly', start_date: '2026-07-15', end_date: null },
    tax: { kind: 'salary', taxpayer: 'self' },
  };

  it("a deduction that moves no money lowers the year's tax exactly", () => {
    const deduction: Primitive = {
      kind: 'tax_adjustment',
      key: 'dep',
      name: 'Depreciation',
      taxpayer: 'self',
      amount: -10_000 / 12,
      schedule: { type: 'recurring', frequency: 'monthly', start_date: '2026-07-01', end_date: null },
    };
    const plain = sim([salary], [CASH]).snapshots;
    const claimed = sim([salary, deduction], [CASH]).snapshots;
    expect(sumTax(plain, 1, 12)).toBeCloseTo(personalTax(100_000, '2027-06-30').total, 1);
    expect(sumTax(claimed, 1, 12)).toBeCloseTo(personalTax(90_000, '2027-06-30').total, 1);
    // Only the tax differs: the same income, no expense of its own.
    expect(claimed[12].income).toBe(plain[12].income);
    expect(claimed[12].net_worth - plain[12].net_worth).toBeCloseTo(sumTax(plain, 1, 12) - sumTax(claimed, 1, 12), 1);
    reconciled(claimed);
  });

  it('assessable gains are taxed in the financial year they occur', () => {
    const gain: Primitive = {
      kind: 'tax_adjustment',
      key: 'cg',
      name: 'Gain',
      taxpayer: 'self',
      amount: 50_000,
      schedule: { type: 'once', date: '2027-03-01' },
    };
    const s = sim([salary, gain], [CASH]).snapshots;
    expect(sumTax(s, 1, 12)).toBeCloseTo(personalTax(150_000, '2027-06-30').total, 1);
    expect(sumTax(s, 13, 24)).toBeCloseTo(personalTax(100_000, '2028-06-30').total, 1);
  });

  it('deductible_until stops the interest deduction after that month', () => {
    const accounts = [
      CASH,
      { id: 'loan', name: 'Loan', account_type: 'loan' as const, is_asset: false, current_balance: -200_000 },
    ];
    const loan = (until?: string): Primitive => ({
      kind: 'loan',
      key: 'l',
      account: 'loan',
      annual_rate: 6,
      start: '2026-07',
      term_months: 360,
      interest_only_months: 360,
      repayment_from: '@cash',
      deductible_share: 1,
      taxpayer: 'self',
      ...(until ? { deductible_until: until } : {}),
    });
    const full = sumTax(sim([salary, loan()], accounts).snapshots, 1, 12);
    const half = sumTax(sim([salary, loan('2026-12-31')], accounts).snapshots, 1, 12);
    expect(full).toBeCloseTo(personalTax(88_000, '2027-06-30').total, 0);
    expect(half).toBeCloseTo(personalTax(94_000, '2027-06-30').total, 0);
  });

  function profile(
    events: Array<{ id: string; template_id: string; trigger_month: string; params: Record<string, unknown> }>,
    baselineEvents: typeof events = [],
  ) {
    const ev = (scenario: string) => (e: (typeof events)[number]) => ({
      id: e.id,
      scenario_id: scenario,
      name: e.template_id,
      trigger_month: e.trigger_month,
      template_id: e.template_id,
      template_parameters: e.params,
    });
    return {
      accounts: BASE_ACCOUNTS.map((a) => ({ ...a, institution: null, annual_rate: a.annual_rate ?? null })),
      recurring_items: BASE_ITEMS,
      categories: [],
      scenarios: [
        {
          id: 'base-sc',
          name: 'Now',
          description: '',
          is_baseline: true,
          events: baselineEvents.map(ev('base-sc')),
          modifications: [],
        },
        {
          id: 'sc-1',
          name: 'Plan',
          description: '',
          is_baseline: false,
          events: events.map(ev('sc-1')),
          modifications: [],
        },
      ],
    };
  }

  it("sell_property: the discounted gain is taxed with the sale year's tax, on top of the forecast income", () => {
    const sale = (main: boolean) => ({
      id: 'ev-sale',
      template_id: 'sell_property',
      trigger_month: '2028-03',
      params: { ...PICKS.sell_property, is_main_residence: main },
    });
    const run = (main: boolean) =>
      forecast(profile([sale(main)]), { as_of: '2026-11-21', years: 5, scenario_id: 'sc-1' });
    const home = run(true);
    const investment = run(false);
    expect(investment.warnings).toEqual([]);
    // FY 2027-28 is snapshots 8 (July 2027) to 19 (June 2028); the base items carry no taxed income.
    const extra = sumTax(investment.snapshots, 8, 19) - sumTax(home.snapshots, 8, 19);
    expect(extra).toBeCloseTo(personalTax(138_750, '2028-06-30').total, 0);
    expect(sumTax(investment.snapshots, 20, 31)).toBeCloseTo(sumTax(home.snapshots, 20, 31), 2);
    reconciled(investment.snapshots);
  });

  it('investment_property: a depreciation claim returns tax at the marginal rate and nothing else', () => {
    const job = {
      id: 'ev-job',
      template_id: 'job_income_change',
      trigger_month: '2027-01',
      params: { gross_annual_salary: 120_000 },
    };
    const ip = (dep: number) => ({
      id: 'ev-ip',
      template_id: 'investment_property',
      trigger_month: '2027-03',
      params: { depreciation_annual: dep },
    });
    const without = forecast(profile([job, ip(0)]), { as_of: '2026-11-21', years: 5, scenario_id: 'sc-1' });
    const withDep = forecast(profile([job, ip(8_000)]), { as_of: '2026-11-21', years: 5, scenario_id: 'sc-1' });
    const saved = sumTax(without.snapshots, 20, 31) - sumTax(withDep.snapshots, 20, 31);
    expect(saved).toBeGreaterThan(8_000 * 0.3);
    expect(saved).toBeLessThan(8_000 * 0.47);
    expect(withDep.snapshots[31].income).toBe(without.snapshots[31].income);
    reconciled(withDep.snapshots);
  });
});

describe('5. existing_mortgage, baseline super and super defaults', () => {
  const ev = (template_id: string, params: Record<string, unknown>, baseline = true) =>
    compileEvent(
      { id: 'ev-1', name: 'x', trigger_month: '2026-11', template_id, template_parameters: params },
      makeContext({ is_baseline: baseline, trigger_month: '2026-11' }),
    );

  it('repays an existing mortgage account over the years left, stopping the repayment item', () => {
    const ps = ev('existing_mortgage', {
      debt_account_id: 'acc-mort',
      remaining_term_years: 20,
      repayment_item: 'ri-repay',
    });
    expect(ps.filter((p) => p.kind === 'account')).toEqual([]);
    expect(ps.find((p) => p.kind === 'loan')).toMatchObject({
      account: 'acc-mort',
      start: '2026-11',
      term_months: 240,
      repayment_from: '@cash',
      annual_rate: 6.2,
    });
    expect(ps.find((p) => p.kind === 'adjust_flow')).toMatchObject({ target: 'ri-repay', end_date: '2026-10-31' });
    expect(
      ev('existing_mortgage', { debt_account_id: 'acc-mort', repayment_amount: 3_000 }).find((p) => p.kind === 'loan'),
    ).toMatchObject({ fixed_repayment: 3_000 });
  });

  it('or adds a mortgage account owing the amount, and validates', () => {
    const ps = ev('existing_mortgage', { loan_amount: 300_000 });
    expect(ps.find((p) => p.kind === 'account')).toMatchObject({
      account_type: 'mortgage',
      is_asset: false,
      opening_balance: 300_000,
    });
    const t = getTemplate('existing_mortgage')!;
    expect(t.supports_baseline).toBe(true);
    expect(validateTemplateParameters(t, { loan_amount: 0 }, { is_baseline: true })).toEqual([
      { field: 'loan_amount', message: 'Enter the amount owed or pick a mortgage' },
    ]);
    expect(
      validateTemplateParameters(t, { debt_account_id: 'acc-cash' }, { is_baseline: true, accounts: BASE_ACCOUNTS }),
    ).toEqual([{ field: 'debt_account_id', message: 'Mortgage account must be a debt (liability) account' }]);
  });

  it('clears the mortgage over its term in a forecast', () => {
    const p = {
      accounts: [
        { id: 'cash', name: 'Cash', account_type: 'checking', is_asset: true, current_balance: 0, institution: null },
        {
          id: 'mort',
          name: 'Mortgage',
          account_type: 'mortgage',
          is_asset: false,
          current_balance: -100_000,
          institution: null,
          annual_rate: 6,
        },
      ],
      recurring_items: [],
      categories: [],
      scenarios: [
        {
          id: 'b',
          name: 'Now',
          description: '',
          is_baseline: true,
          modifications: [],
          events: [
            {
              id: 'e',
              scenario_id: 'b',
              name: 'My Mortgage',
              trigger_month: '2026-11',
              template_id: 'existing_mortgage',
              template_parameters: { debt_account_id: 'mort', loan_interest_rate: 6, remaining_term_years: 10 },
            },
          ],
        },
      ],
    };
    const s = forecast(p, { as_of: '2026-11-21', years: 11 }).snapshots;
    expect(s[118].total_liabilities).toBeGreaterThan(0);
    expect(s[120].total_liabilities).toBe(0);
  });

  it("a scenario's interest-only switch takes over the baseline's existing_mortgage from its month", () => {
    const p = {
      accounts: [
        { id: 'cash', name: 'Cash', account_type: 'checking', is_asset: true, current_balance: 0, institution: null },
        {
          id: 'mort',
          name: 'Mortgage',
          account_type: 'mortgage',
          is_asset: false,
          current_balance: -100_000,
          institution: null,
          annual_rate: 6,
        },
      ],
      recurring_items: [],
      categories: [],
      scenarios: [
        {
          id: 'b',
          name: 'Now',
          description: '',
          is_baseline: true,
          modifications: [],
          events: [
            {
              id: 'e',
              scenario_id: 'b',
              name: 'My Mortgage',
              trigger_month: '2026-11',
              template_id: 'existing_mortgage',
              template_parameters: { debt_account_id: 'mort', loan_interest_rate: 6, remaining_term_years: 10 },
            },
          ],
        },
        {
          id: 's',
          name: 'IO',
          description: '',
          is_baseline: false,
          modifications: [],
          events: [
            {
              id: 'io',
              scenario_id: 's',
              name: 'IO',
              trigger_month: '2027-11',
              template_id: 'interest_only_mortgage',
              template_parameters: {
                debt_account_id: 'mort',
                loan_interest_rate: 7.2,
                interest_only_years: 2,
                loan_term_years: 9,
              },
            },
          ],
        },
      ],
    };
    const base = forecast(p, { as_of: '2026-11-21', years: 5, scenario_id: 'b' }).snapshots;
    const io = forecast(p, { as_of: '2026-11-21', years: 5, scenario_id: 's' });
    expect(io.warnings).toEqual([]);
    const s = io.snapshots;
    expect(s[11].total_liabilities).toBe(base[11].total_liabilities); // the same until the switch
    const owed = s[12].total_liabilities; // November 2027: the first interest-only month
    expect(owed).toBeCloseTo(s[11].total_liabilities, 2);
    expect(base[12].total_liabilities).toBeLessThan(owed);
    // Interest-only at 7.2% from November 2027: owed stays level, the interest is 7.2% / 12 of it.
    expect(s[24].total_liabilities).toBeCloseTo(owed, 2);
    expect(s[20].expenses).toBeCloseTo((owed * 0.072) / 12, 0);
    reconciled(s);
  });

  it('superannuation in a baseline may use an existing super account', () => {
    const t = getTemplate('superannuation')!;
    const param = t.parameters.find((x) => x.name === 'super_account_id')!;
    expect(engine.isParameterVisible(t, param, {}, { is_baseline: true })).toBe(true);
    const ps = ev('superannuation', { super_account_id: 'acc-super', voluntary_contribution: 100 });
    expect(ps.filter((p) => p.kind === 'account')).toEqual([]);
    expect(ps.find((p) => p.kind === 'transfer')).toMatchObject({ to: 'acc-super', amount: 100 });
  });

  it("job_income_change pays SG to the user's own super, else a baseline event's, never another scenario's", () => {
    const supers: Array<CompileContext['accounts'][number]> = [
      {
        id: 'other-super',
        name: 'Other',
        account_type: 'superannuation' as const,
        is_asset: true,
        current_balance: 0,
        scenario_event_id: 'ev-other',
      },
      {
        id: 'my-super',
        name: 'My Super',
        account_type: 'superannuation' as const,
        is_asset: true,
        current_balance: 0,
        scenario_event_id: 'ev-base',
      },
    ];
    const tag = (accounts: typeof supers, ids?: string[]) => {
      const ps = compileEvent(
        {
          id: 'ev-1',
          name: 'Job',
          trigger_month: '2027-03',
          template_id: 'job_income_change',
          template_parameters: {},
        },
        makeContext({ accounts: [BASE_ACCOUNTS[0], ...accounts], ...(ids ? { baseline_event_ids: ids } : {}) }),
      );
      return (ps.find((p) => p.kind === 'flow') as PrimitiveFlow).tax;
    };
    expect(tag(supers, ['ev-base'])).toMatchObject({ super_account: 'my-super' });
    expect(tag([supers[0]], ['ev-base'])).not.toHaveProperty('super_account');
    expect(tag([...supers, { ...supers[0], id: 'own', scenario_event_id: null }], ['ev-base'])).toMatchObject({
      super_account: 'own',
    });
  });

  it('in a forecast, a scenario\'s new job pays SG into the baseline\'s "My Super" even when not materialised', () => {
    const p = {
      accounts: [
        { id: 'cash', name: 'Cash', account_type: 'checking', is_asset: true, current_balance: 0, institution: null },
      ],
      recurring_items: [],
      categories: [],
      assumptions: { account_type_rates: { superannuation: 0 } },
      scenarios: [
        {
          id: 'b',
          name: 'Now',
          description: '',
          is_baseline: true,
          modifications: [],
          events: [
            {
              id: 'e-super',
              scenario_id: 'b',
              name: 'My Super',
              trigger_month: '2026-11',
              template_id: 'superannuation',
              template_parameters: { super_balance: 50_000, expected_return: 0 },
            },
          ],
        },
        {
          id: 's',
          name: 'Job',
          description: '',
          is_baseline: false,
          modifications: [],
          events: [
            {
              id: 'e-job',
              scenario_id: 's',
              name: 'Job',
              trigger_month: '2027-01',
              template_id: 'job_income_change',
              template_parameters: { gross_annual_salary: 104_000, pay_frequency: 'monthly', salary_growth_rate: 0 },
            },
          ],
        },
      ],
    };
    const r = forecast(p, { as_of: '2026-11-21', years: 2, scenario_id: 's' });
    expect(r.warnings).toEqual([]);
    const last = r.snapshots[12]; // end of November 2027: 11 monthly pays
    const sg = (104_000 / 12) * 11 * superGuaranteeRate('2027-06-30') * (1 - CONTRIBUTIONS_TAX_RATE);
    expect(last.total_assets - last.liquid_cash).toBeCloseTo(50_000 + sg, 0);
  });
});

describe('6. barrel exports', () => {
  it('exports the parameter helpers, smart create and the baseline assistant', () => {
    for (const name of [
      'isParameterVisible',
      'withDefaults',
      'resolveParameters',
      'effectiveDefault',
      'effectiveLabel',
      'identifyTemplatesFromPrompt',
      'proposeBaselineEvents',
      'primaryCashIndex',
      'primaryCashAccount',
    ]) {
      expect(typeof (engine as Record<string, unknown>)[name], name).toBe('function');
    }
    expect(engine.SMART_CREATE_MESSAGES.no_match).toBe('No matching templates found. Please provide more details.');
    expect(engine.identifyTemplatesFromPrompt('', { today: '2026-11-21' }).error?.code).toBe('empty');
  });
});
