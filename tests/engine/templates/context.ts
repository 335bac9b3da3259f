// A small user profile for template tests: the accounts and recurring items pickers refer to.
import type { CompileContext } from '../../../worker/engine/primitives';
import { DEFAULT_ASSUMPTIONS } from '../../../worker/engine/model/assumptions';

export const BASE_ACCOUNTS: CompileContext['accounts'] = [
  { id: 'acc-cash', name: 'Everyday', account_type: 'checking', is_asset: true, current_balance: 20_000 },
  { id: 'acc-save', name: 'Savings', account_type: 'savings', is_asset: true, current_balance: 120_000 },
  {
    id: 'acc-mort',
    name: 'Home loan',
    account_type: 'mortgage',
    is_asset: false,
    current_balance: -400_000,
    annual_rate: 6.2,
  },
  { id: 'acc-cc', name: 'Credit card', account_type: 'credit_card', is_asset: false, current_balance: -5_000 },
  { id: 'acc-super', name: 'AustralianSuper', account_type: 'superannuation', is_asset: true, current_balance: 90_000 },
  { id: 'acc-home', name: 'Home', account_type: 'property', is_asset: true, current_balance: 900_000 },
];

export const BASE_ITEMS: CompileContext['recurring_items'] = [
  {
    id: 'ri-salary',
    name: 'Pay',
    amount: 3_000,
    frequency: 'fortnightly',
    start_date: '2024-07-04',
    end_date: null,
    account_id: 'acc-cash',
    category_id: 'cat-salary',
    is_active: true,
  },
  {
    id: 'ri-rent',
    name: 'Rent',
    amount: -2_400,
    frequency: 'monthly',
    start_date: '2024-01-01',
    end_date: null,
    account_id: 'acc-cash',
    category_id: 'cat-rent',
    is_active: true,
  },
  {
    id: 'ri-repay',
    name: 'Mortgage repayment',
    amount: -2_800,
    frequency: 'monthly',
    start_date: '2024-01-01',
    end_date: null,
    account_id: 'acc-cash',
    category_id: 'cat-housing',
    is_active: true,
  },
];

export function makeContext(overrides: Partial<CompileContext> = {}): CompileContext {
  return {
    event_id: 'ev-1',
    event_name: 'Test event',
    trigger_month: '2027-03',
    is_baseline: false,
    assumptions: DEFAULT_ASSUMPTIONS,
    accounts: BASE_ACCOUNTS,
    recurring_items: BASE_ITEMS,
    ...overrides,
  };
}

/** Values for required pickers that have no default, per template. */
export const PICKS: Record<string, Record<string, unknown>> = {
  extra_mortgage_repayments: { debt_account_id: 'acc-mort' },
  debt_payoff: { debt_account_id: 'acc-cc' },
  debt_recycling: { debt_account_id: 'acc-mort' },
  sell_property: { property_account_id: 'acc-home', debt_account_id: 'acc-mort', repayment_item: 'ri-repay' },
  interest_only_mortgage: { debt_account_id: 'acc-mort', repayment_item: 'ri-repay' },
  job_income_change: { current_salary_item: 'ri-salary' },
  parental_leave: { salary_item: 'ri-salary' },
  retirement: { salary_item: 'ri-salary' },
  buy_first_home: { current_rent_item: 'ri-rent' },
};
