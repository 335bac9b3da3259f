// Baseline assistant: proposals from small hand-made profiles (home and mortgage, salary, super, investment
// property, HELP), each valid for its template in a baseline scenario and compilable.
import { describe, expect, it } from 'vitest';
import { grossFromNet } from '../../../worker/engine/au/take-home';
import {
  proposeBaselineEvents,
  remainingMonths,
  type BaselineAssistantInput,
} from '../../../worker/engine/baseline-assistant/propose';
import { getTemplate } from '../../../worker/engine/templates/catalogue';
import { compileEvent, validateTemplateParameters } from '../../../worker/engine/templates/compile';
import { personalTax } from '../../../worker/engine/au/tax';
import { pmt } from '../../../worker/engine/simulate/index';
import { DEFAULT_ASSUMPTIONS } from '../../../worker/engine/model/assumptions';
import type { CompileContext } from '../../../worker/engine/primitives';

const TODAY = '2026-11-21';

const CATEGORIES: BaselineAssistantInput['categories'] = [
  { id: 'cat-salary', name: 'Salary', type: 'income' },
  { id: 'cat-rent-in', name: 'Rental income', type: 'income' },
  { id: 'cat-interest', name: 'Interest', type: 'income' },
  { id: 'cat-mortgage', name: 'Mortgage repayments', type: 'expense' },
  { id: 'cat-groceries', name: 'Groceries', type: 'expense' },
  { id: 'cat-super', name: 'Superannuation', type: 'expense' },
];

const item = (
  id: string,
  name: string,
  amount: number,
  category_id: string,
  frequency: 'weekly' | 'fortnightly' | 'monthly' | 'yearly' = 'monthly',
  extra = {},
) => ({
  id,
  name,
  amount,
  frequency,
  start_date: '2024-01-01',
  end_date: null,
  account_id: 'acc-cash',
  category_id,
  is_active: true,
  ...extra,
});

const FAMILY: BaselineAssistantInput = {
  today: TODAY,
  categories: CATEGORIES,
  accounts: [
    { id: 'acc-cash', name: 'Everyday', account_type: 'checking', is_asset: true, current_balance: 15_000 },
    { id: 'acc-home', name: 'Family home', account_type: 'property', is_asset: true, current_balance: 950_000 },
    {
      id: 'acc-mort',
      name: 'Home loan',
      account_type: 'mortgage',
      is_asset: false,
      current_balance: -480_000,
      annual_rate: 6.1,
    },
    {
      id: 'acc-super',
      name: 'AustralianSuper',
      account_type: 'superannuation',
      is_asset: true,
      current_balance: 132_000,
    },
    { id: 'acc-cc', name: 'Credit card', account_type: 'credit_card', is_asset: false, current_balance: -2_000 },
  ],
  recurring_items: [
    item('ri-pay', 'Pay', 3_200, 'cat-salary', 'fortnightly'),
    item('ri-repay', 'Mortgage', -3_300, 'cat-mortgage'),
    item('ri-food', 'Groceries', -900, 'cat-groceries'),
    item('ri-interest', 'Savings interest', 40, 'cat-interest'),
  ],
};

function expectValid(input: BaselineAssistantInput) {
  const proposals = proposeBaselineEvents(input);
  // The test profiles' items are full recurring items (item() sets start_date and end_date).
  const items = input.recurring_items as unknown as CompileContext['recurring_items'];
  for (const p of proposals) {
    const template = getTemplate(p.template_id)!;
    expect(template.supports_baseline).toBe(true);
    const errors = validateTemplateParameters(template, p.template_parameters, {
      is_baseline: true,
      accounts: input.accounts.map((a) => ({ ...a })),
      recurring_items: items,
      trigger_month: p.trigger_month,
    });
    expect(errors, `${p.template_id} ${JSON.stringify(p.template_parameters)}`).toEqual([]);
    const primitives = compileEvent(
      {
        id: `ev-${p.template_id}`,
        name: p.name,
        trigger_month: p.trigger_month,
        template_id: p.template_id,
        template_parameters: p.template_parameters,
      },
      {
        event_id: 'x',
        event_name: p.name,
        trigger_month: p.trigger_month,
        is_baseline: true,
        assumptions: DEFAULT_ASSUMPTIONS,
        accounts: input.accounts.map((a) => ({ ...a })),
        recurring_items: items,
      },
    );
    expect(Array.isArray(primitives)).toBe(true);
  }
  return proposals;
}

describe('remainingMonths (inverse PMT)', () => {
  it('gives back the term PMT was computed for', () => {
    const repayment = pmt(0.06 / 12, 300, 400_000);
    expect(remainingMonths(400_000, 6, repayment)).toBeCloseTo(300, 6);
  });
  it('is null when the repayment does not cover the interest, and handles 0% and nothing owed', () => {
    expect(remainingMonths(400_000, 6, 1_000)).toBeNull();
    expect(remainingMonths(12_000, 0, 1_000)).toBe(12);
    expect(remainingMonths(0, 6, 1_000)).toBe(0);
  });
});

describe('grossFromNet', () => {
  it("inverts the engine's personal tax", () => {
    const gross = grossFromNet(83_200, TODAY);
    expect(Math.abs(gross - personalTax(gross, TODAY).total - 83_200)).toBeLessThan(1);
    expect(gross).toBeGreaterThan(100_000);
    expect(grossFromNet(0, TODAY)).toBe(0);
  });
});

describe('proposeBaselineEvents', () => {
  it('proposes My Home, Current Job and My Super for a family profile', () => {
    const proposals = expectValid(FAMILY);
    expect(proposals.map((p) => p.template_id)).toEqual(['buy_first_home', 'job_income_change', 'superannuation']);
    const [home, job, sup] = proposals;

    expect(home.name).toBe('My Home');
    expect(home.trigger_month).toBe('2026-11');
    const years = Math.round(remainingMonths(480_000, 6.1, 3_300)! / 12);
    expect(home.template_parameters).toEqual({
      purchase_price: 950_000,
      deposit_amount: 470_000,
      loan_interest_rate: 6.1,
      loan_term_years: years,
    });
    expect(years).toBe(22); // 480,000 at 6.1% repaid at 3,300 a month: about 265 months
    expect(home.source_ids).toEqual(['acc-home', 'acc-mort', 'ri-repay']);
    expect(home.supersedes).toEqual(['acc-home', 'acc-mort', 'ri-repay']);
    expect(home.reason).toContain('Home loan owes $480,000 at 6.1%');

    expect(job.name).toBe('Current Job');
    expect(job.template_parameters).toMatchObject({
      pay_frequency: 'fortnightly',
      current_salary_item: 'ri-pay',
      taxpayer: 'self',
      deposit_account_id: 'acc-cash',
    });
    const gross = job.template_parameters.gross_annual_salary as number;
    expect(Math.abs(gross - personalTax(gross, TODAY).total - 3_200 * 26)).toBeLessThan(1);
    expect(job.supersedes).toEqual([]);

    expect(sup.name).toBe('My Super');
    expect(sup.template_parameters).toEqual({ fund_name: 'AustralianSuper', super_balance: 132_000 });
    expect(sup.supersedes).toEqual(['acc-super']);
  });

  it('forecasts a mortgage with no property as existing_mortgage on that account, replacing nothing', () => {
    const input = { ...FAMILY, accounts: FAMILY.accounts.filter((a) => a.id !== 'acc-home') };
    const [first] = expectValid(input);
    expect(first.template_id).toBe('existing_mortgage');
    expect(first.name).toBe('My Mortgage: Home loan');
    expect(first.template_parameters).toEqual({
      debt_account_id: 'acc-mort',
      loan_interest_rate: 6.1,
      remaining_term_years: 22,
      repayment_amount: 3_300,
      repayment_item: 'ri-repay',
      repayment_account_id: 'acc-cash',
    });
    expect(first.reason).toMatch(
      /^Home loan owes \$480,000 at 6.1%; at \$3,300 a month \(Mortgage\) it is repaid in about 22 years\. No property/,
    );
    expect(first.supersedes).toEqual([]);
  });

  it('leaves the repayment to be calculated when it does not cover the interest of a mortgage on its own', () => {
    const input = {
      ...FAMILY,
      accounts: FAMILY.accounts.filter((a) => a.id !== 'acc-home'),
      recurring_items: FAMILY.recurring_items.map((i) => (i.id === 'ri-repay' ? { ...i, amount: -2_000 } : i)),
    };
    const [first] = expectValid(input);
    expect(first.template_parameters).toEqual({ debt_account_id: 'acc-mort', loan_interest_rate: 6.1 });
  });

  it('assumes the owner-occupier rate when the mortgage has none, and says so', () => {
    const input = {
      ...FAMILY,
      accounts: FAMILY.accounts.map((a) => (a.id === 'acc-mort' ? { ...a, annual_rate: null } : a)),
    };
    const [home] = expectValid(input);
    expect(home.template_parameters.loan_interest_rate).toBe(6.2);
    expect(home.reason).toContain('assumed');
  });

  it('leaves the term at its default when the repayment does not cover the interest', () => {
    const input = {
      ...FAMILY,
      recurring_items: FAMILY.recurring_items.map((i) => (i.id === 'ri-repay' ? { ...i, amount: -2_000 } : i)),
    };
    const [home] = expectValid(input);
    expect(home.template_parameters.loan_term_years).toBeUndefined();
    expect(home.reason).toContain('does not cover the interest');
  });

  it('recognises an investment property by its rental income, with its own loan', () => {
    const input: BaselineAssistantInput = {
      ...FAMILY,
      accounts: [
        ...FAMILY.accounts,
        { id: 'acc-ip', name: 'Smith St unit', account_type: 'property', is_asset: true, current_balance: 600_000 },
        {
          id: 'acc-ip-loan',
          name: 'Investment loan Smith St',
          account_type: 'mortgage',
          is_asset: false,
          current_balance: -420_000,
          annual_rate: 6.5,
        },
      ],
      recurring_items: [
        ...FAMILY.recurring_items,
        item('ri-rent', 'Smith St rent', 2_600, 'cat-rent-in', 'monthly'),
        item('ri-ip-repay', 'Smith St loan repayment', -2_900, 'cat-mortgage', 'monthly', { account_id: 'acc-cash' }),
      ],
    };
    const proposals = expectValid(input);
    expect(proposals.map((p) => p.template_id)).toEqual([
      'investment_property',
      'buy_first_home',
      'job_income_change',
      'superannuation',
    ]);
    const ip = proposals[0];
    expect(ip.template_parameters).toMatchObject({
      purchase_price: 600_000,
      deposit_amount: 180_000,
      weekly_rent: 600,
      loan_interest_rate: 6.5,
    });
    expect(ip.source_ids.sort()).toEqual(['acc-ip', 'acc-ip-loan', 'ri-ip-repay', 'ri-rent']);
    // The home keeps its own loan and repayment.
    expect(proposals[1].source_ids).toEqual(['acc-home', 'acc-mort', 'ri-repay']);
  });

  it('takes a second salary as the partner, and an item named gross as gross pay', () => {
    const input: BaselineAssistantInput = {
      ...FAMILY,
      accounts: FAMILY.accounts.filter((a) => a.id !== 'acc-mort' && a.id !== 'acc-home'),
      recurring_items: [
        item('ri-pay', 'Salary (gross)', 10_000, 'cat-salary', 'monthly'),
        item('ri-pay2', "Sam's wages", 1_500, 'cat-salary', 'weekly'),
      ],
    };
    const jobs = expectValid(input).filter((p) => p.template_id === 'job_income_change');
    expect(jobs.map((j) => [j.name, j.template_parameters.taxpayer])).toEqual([
      ['Current Job: Salary (gross)', 'self'],
      ["Current Job: Sam's wages", 'partner'],
    ]);
    expect(jobs[0].template_parameters.gross_annual_salary).toBe(120_000);
  });

  it('proposes investments and a HELP debt with the salary as repayment income', () => {
    const input: BaselineAssistantInput = {
      ...FAMILY,
      accounts: [
        ...FAMILY.accounts,
        {
          id: 'acc-etf',
          name: 'Vanguard ETFs',
          account_type: 'investment',
          is_asset: true,
          current_balance: 25_000,
          annual_rate: 7,
        },
        { id: 'acc-help', name: 'HECS-HELP', account_type: 'loan', is_asset: false, current_balance: -31_000 },
      ],
    };
    const proposals = expectValid(input);
    const etf = proposals.find((p) => p.template_id === 'asset_purchase')!;
    expect(etf.template_parameters).toEqual({
      asset_name: 'Vanguard ETFs',
      purchase_amount: 25_000,
      expected_return: 7,
    });
    const help = proposals.find((p) => p.template_id === 'help_debt')!;
    const job = proposals.find((p) => p.template_id === 'job_income_change')!;
    expect(help.template_parameters).toEqual({
      help_balance: 31_000,
      repayment_income: job.template_parameters.gross_annual_salary,
    });
  });

  it('picks up voluntary super contributions and ignores entities made by scenario events', () => {
    const input: BaselineAssistantInput = {
      ...FAMILY,
      accounts: [
        ...FAMILY.accounts,
        {
          id: 'acc-evt',
          name: 'Event super',
          account_type: 'superannuation',
          is_asset: true,
          current_balance: 1,
          scenario_event_id: 'ev-9',
        },
      ],
      recurring_items: [...FAMILY.recurring_items, item('ri-vol', 'Extra super', -250, 'cat-super', 'fortnightly')],
    };
    const supers = expectValid(input).filter((p) => p.template_id === 'superannuation');
    expect(supers).toHaveLength(1);
    expect(supers[0].template_parameters).toMatchObject({
      voluntary_contribution: 250,
      contribution_frequency: 'fortnightly',
      contribution_type: 'after_tax',
    });
    expect(supers[0].supersedes).toEqual(['acc-super', 'ri-vol']);
  });

  it('proposes nothing for an empty profile, and only supports_baseline templates ever', () => {
    expect(proposeBaselineEvents({ accounts: [], recurring_items: [], categories: [], today: TODAY })).toEqual([]);
    const onlyCash = { ...FAMILY, accounts: [FAMILY.accounts[0]], recurring_items: [FAMILY.recurring_items[2]] };
    expect(proposeBaselineEvents(onlyCash)).toEqual([]);
  });
});
