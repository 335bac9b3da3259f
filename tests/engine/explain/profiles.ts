// Profiles the month breakdown is checked on: a salary with super, a first home (duty, grant, mortgage),
// an investment property negatively geared and then sold (capital gain), and a household with an existing
// mortgage, a credit card and every account type.
import { getTemplate, withDefaults, type ProfileInput } from '../../../worker/engine/index';

export const AS_OF = '2026-11-21';

const account = (id: string, name: string, account_type: string, current_balance: number, annual_rate?: number) => ({
  id,
  name,
  account_type,
  is_asset: !['mortgage', 'credit_card'].includes(account_type),
  current_balance,
  ...(annual_rate === undefined ? {} : { annual_rate }),
});

const item = (
  id: string,
  name: string,
  amount: number,
  frequency: string,
  account_id = 'cash',
  start = '2026-01-02',
) => ({
  id,
  name,
  amount,
  frequency,
  start_date: start,
  end_date: null,
  account_id,
  category_id: 'c',
  is_active: true,
});

function event(scenario: string, id: string, templateId: string, month: string, params: Record<string, unknown>) {
  const t = getTemplate(templateId);
  if (!t) throw new Error(`no template ${templateId}`);
  return {
    id,
    scenario_id: scenario,
    name: t.name,
    trigger_month: month,
    template_id: templateId,
    template_parameters: withDefaults(t, params, { is_baseline: scenario === 'base' }),
  };
}

/** Salary with super (baseline), expenses, savings and an investment account; a pay rise scenario. */
export function salaryProfile(): ProfileInput {
  return {
    accounts: [
      account('cash', 'Everyday', 'checking', 15_000),
      account('save', 'Savings', 'savings', 40_000, 4.5),
      account('super', 'Super fund', 'superannuation', 120_000),
      account('shares', 'Shares', 'investment', 30_000),
      account('car', 'Car', 'property', 25_000, -12),
      account('lent', 'Loan to Sam', 'loan', 5_000, 3),
    ],
    recurring_items: [item('rent', 'Rent', -650, 'weekly'), item('food', 'Groceries', -900, 'monthly')],
    scenarios: [
      {
        id: 'base',
        name: 'Now',
        is_baseline: true,
        events: [
          event('base', 'job', 'job_income_change', '2026-11', {
            gross_annual_salary: 120_000,
            super_account_id: 'super',
          }),
        ],
        modifications: [],
      },
      {
        id: 'raise',
        name: 'Pay rise and sacrifice',
        is_baseline: false,
        events: [
          event('raise', 'job2', 'job_income_change', '2027-07', {
            gross_annual_salary: 150_000,
            super_account_id: 'super',
            current_salary_item: null,
          }),
          event('raise', 'sac', 'salary_sacrifice', '2027-09', { super_account_id: 'super' }),
        ],
        modifications: [],
      },
    ],
  } as unknown as ProfileInput;
}

/** A new first home bought in 2027 (no duty under NSW's first-home threshold, the $10,000 grant, a mortgage). */
export function firstHomeProfile(): ProfileInput {
  return {
    accounts: [
      account('cash', 'Everyday', 'checking', 160_000),
      account('super', 'Super fund', 'superannuation', 60_000),
    ],
    recurring_items: [item('rent', 'Rent', -2_600, 'monthly')],
    scenarios: [
      {
        id: 'base',
        name: 'Renting',
        is_baseline: true,
        events: [
          event('base', 'job', 'job_income_change', '2026-11', {
            gross_annual_salary: 140_000,
            super_account_id: 'super',
          }),
        ],
        modifications: [],
      },
      {
        id: 'buy',
        name: 'Buy a new home',
        is_baseline: false,
        events: [
          event('buy', 'home', 'buy_first_home', '2027-03', {
            purchase_price: 580_000,
            deposit_amount: 116_000,
            state: 'NSW',
            is_new_home: true,
            current_rent_item: 'rent',
          }),
        ],
        modifications: [],
      },
    ],
  } as unknown as ProfileInput;
}

/** An investment property, negatively geared, then a home and the investment sold with a capital gain. */
export function investorProfile(): ProfileInput {
  return {
    accounts: [
      account('cash', 'Everyday', 'checking', 220_000),
      account('super', 'Super fund', 'superannuation', 200_000),
      account('home', 'Home', 'property', 1_100_000),
      account('mort', 'Home loan', 'mortgage', -450_000, 6.1),
      account('cc', 'Credit card', 'credit_card', -3_000),
    ],
    recurring_items: [item('food', 'Living costs', -3_500, 'monthly')],
    scenarios: [
      {
        id: 'base',
        name: 'Now',
        is_baseline: true,
        events: [
          event('base', 'job', 'job_income_change', '2026-11', {
            gross_annual_salary: 180_000,
            super_account_id: 'super',
          }),
          event('base', 'mortgage', 'existing_mortgage', '2026-11', {
            debt_account_id: 'mort',
            loan_amount: 450_000,
            remaining_term_years: 22,
          }),
        ],
        modifications: [],
      },
      {
        id: 'invest',
        name: 'Invest, then sell',
        is_baseline: false,
        events: [
          event('invest', 'ip', 'investment_property', '2027-02', { purchase_price: 650_000, deposit_amount: 160_000 }),
          event('invest', 'sale', 'sell_property', '2029-08', {
            property_account_id: 'home',
            debt_account_id: 'mort',
            is_main_residence: false,
            expected_sale_price: 1_300_000,
            cost_base: 700_000,
            months_owned: 80,
          }),
        ],
        modifications: [
          {
            id: 'm1',
            modification_type: 'add_one_time',
            target_id: null,
            modification_data: {
              date: '2028-04-10',
              amount: 12_000,
              description: 'Bonus',
              account_id: 'cash',
              category_id: 'c',
            },
          },
        ],
      },
    ],
  } as unknown as ProfileInput;
}

/** A couple (named), both on salaries with super, the partner with a HELP debt, a mortgage with an offset account. */
export function householdProfile(): ProfileInput {
  return {
    assumptions: {
      people: [
        { id: 'self', name: 'Alex', birth_date: '1986-03-02' },
        { id: 'partner', name: 'Sam', birth_date: '1988-09-20' },
      ],
    },
    accounts: [
      account('cash', 'Everyday', 'checking', 30_000),
      account('offset', 'Offset', 'savings', 60_000, 4),
      account('super', 'Alex super', 'superannuation', 150_000),
      account('super2', 'Sam super', 'superannuation', 90_000),
      account('home', 'Home', 'property', 950_000),
      account('mort', 'Home loan', 'mortgage', -520_000, 6.2),
    ],
    recurring_items: [item('food', 'Living costs', -4_200, 'monthly')],
    scenarios: [
      {
        id: 'base',
        name: 'Now',
        is_baseline: true,
        events: [
          event('base', 'job', 'job_income_change', '2026-11', {
            gross_annual_salary: 135_000,
            super_account_id: 'super',
          }),
          event('base', 'job2', 'job_income_change', '2026-11', {
            gross_annual_salary: 88_000,
            super_account_id: 'super2',
            taxpayer: 'partner',
          }),
          event('base', 'mortgage', 'existing_mortgage', '2026-11', {
            debt_account_id: 'mort',
            loan_amount: 520_000,
            remaining_term_years: 26,
            offset_account_id: 'offset',
          }),
        ],
        modifications: [],
      },
      {
        id: 'study',
        name: 'Sam studies',
        is_baseline: false,
        events: [event('study', 'help', 'help_debt', '2027-01', { help_balance: 24_000, taxpayer: 'partner' })],
        modifications: [],
      },
    ],
  } as unknown as ProfileInput;
}
