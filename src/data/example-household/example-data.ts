// The example household's records: a Melbourne couple with a mortgage and an offset account, two salaries, super,
// a child on the way, and three scenarios (a first investment property, a career break, retiring at 60). Written
// through the ordinary repositories into the example's own database, with dates relative to today.
import type { WyrdDb } from '../db';
import { ensureDefaultCategories } from '../default-categories';
import { createAccount } from '../repositories/accounts';
import { saveAssumptions } from '../repositories/assumptions';
import { saveEvent } from '../repositories/events';
import { createRecurringItem } from '../repositories/recurring-items';
import { createScenario } from '../repositories/scenarios';

/** The first day of the month `months` after today's month (YYYY-MM-DD). */
function monthStart(today: string, months: number): string {
  const [y, m] = today.split('-').map(Number);
  const index = y * 12 + (m - 1) + months;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`;
}

/** A birth date `years` before today (same month, the 12th). */
function yearsAgo(today: string, years: number, month: number): string {
  return `${Number(today.slice(0, 4)) - years}-${String(month).padStart(2, '0')}-12`;
}

export const EXAMPLE_NAMES = { self: 'Sam', partner: 'Priya' } as const;

/** Ids of the example's scenarios, baseline first (the compare screen opens with all four). */
export type ExampleScenarios = { baseline: string; others: string[] };

export async function writeExampleHousehold(db: WyrdDb, today: string): Promise<ExampleScenarios> {
  await ensureDefaultCategories(db);
  const categories = await db.categories.toArray();
  const category = (type: 'income' | 'expense', name: string) => {
    const found = categories.find((c) => c.type === type && c.name === name);
    if (!found) throw new Error(`The example needs the default category ${name}`);
    return found.id;
  };
  const samBirth = yearsAgo(today, 36, 4);
  const childDue = monthStart(today, 5);
  await saveAssumptions(db, {
    people: [
      { id: 'self', name: EXAMPLE_NAMES.self, birth_date: samBirth },
      { id: 'partner', name: EXAMPLE_NAMES.partner, birth_date: yearsAgo(today, 34, 9) },
    ],
    dependent_children: 0,
  });

  const everyday = await createAccount(db, {
    name: 'Everyday account',
    account_type: 'checking',
    current_balance: 6_500,
    institution: 'Example Bank',
    is_asset: true,
  });
  const offset = await createAccount(db, {
    name: 'Offset account',
    account_type: 'savings',
    current_balance: 48_000,
    institution: 'Example Bank',
    is_asset: true,
  });
  const mortgage = await createAccount(db, {
    name: 'Home loan',
    account_type: 'mortgage',
    current_balance: -545_000,
    institution: 'Example Bank',
    is_asset: false,
  });
  await createAccount(db, {
    name: 'Our home',
    account_type: 'property',
    current_balance: 880_000,
    institution: null,
    is_asset: true,
  });
  const samSuper = await createAccount(db, {
    name: `${EXAMPLE_NAMES.self}'s super`,
    account_type: 'superannuation',
    current_balance: 142_000,
    institution: 'Example Super',
    is_asset: true,
  });
  await createAccount(db, {
    name: `${EXAMPLE_NAMES.partner}'s super`,
    account_type: 'superannuation',
    current_balance: 96_000,
    institution: 'Example Super',
    is_asset: true,
  });

  // Running for a year already, so the dashboard has last month's cash flow and spending to show.
  const start = monthStart(today, -12);
  const item = (
    name: string,
    amount: number,
    frequency: 'weekly' | 'fortnightly' | 'monthly' | 'quarterly' | 'yearly',
    type: 'income' | 'expense',
    categoryName: string,
  ) =>
    createRecurringItem(db, {
      name,
      amount,
      frequency,
      start_date: start,
      end_date: null,
      account_id: everyday.id,
      category_id: category(type, categoryName),
      is_active: true,
    });
  const samPay = await item(`${EXAMPLE_NAMES.self}'s pay (take-home)`, 3_650, 'fortnightly', 'income', 'Salary');
  const priyaPay = await item(`${EXAMPLE_NAMES.partner}'s pay (take-home)`, 2_850, 'fortnightly', 'income', 'Salary');
  await item('Groceries', -310, 'weekly', 'expense', 'Groceries');
  await item('Power, gas and water', -720, 'quarterly', 'expense', 'Utilities');
  await item('Car and fuel', -140, 'weekly', 'expense', 'Transport');
  await item('Health and car insurance', -390, 'monthly', 'expense', 'Insurance');
  await item('Phone and internet', -165, 'monthly', 'expense', 'Subscriptions');
  await item('Eating out', -260, 'monthly', 'expense', 'Dining out');

  const baseline = await createScenario(db, {
    name: 'Our plan today',
    description: 'The example household as it is now',
    is_baseline: true,
  });
  const thisMonth = today.slice(0, 7);
  await saveEvent(db, baseline, {
    name: 'Home loan',
    template_id: 'existing_mortgage',
    trigger_month: thisMonth,
    template_parameters: {
      debt_account_id: mortgage.id,
      loan_interest_rate: 6.09,
      remaining_term_years: 26,
      offset_account_id: offset.id,
    },
  });
  await saveEvent(db, baseline, {
    name: 'Baby due',
    template_id: 'new_child',
    trigger_month: childDue.slice(0, 7),
    template_parameters: { birth_date: childDue, monthly_child_costs: 900 },
  });

  const investment = await createScenario(db, {
    name: 'First investment property',
    description: 'Buy a $650,000 unit to rent out in two years',
    is_baseline: false,
  });
  await saveEvent(db, investment, {
    name: 'Investment unit',
    template_id: 'investment_property',
    trigger_month: monthStart(today, 24).slice(0, 7),
    template_parameters: {},
  });

  const careerBreak = await createScenario(db, {
    name: 'Career break',
    description: `${EXAMPLE_NAMES.partner} takes a year off when the baby comes, then works three days a week`,
    is_baseline: false,
  });
  await saveEvent(db, careerBreak, {
    name: `${EXAMPLE_NAMES.partner}'s year at home`,
    template_id: 'parental_leave',
    trigger_month: childDue.slice(0, 7),
    template_parameters: {
      salary_item: priyaPay.id,
      birth_date: childDue,
      leave_weeks: 52,
      return_salary_percent: 60,
      taxpayer: 'partner',
    },
  });

  const retire = await createScenario(db, {
    name: 'Retiring at 60',
    description: `${EXAMPLE_NAMES.self} stops work at 60 and draws on super`,
    is_baseline: false,
  });
  await saveEvent(db, retire, {
    name: `${EXAMPLE_NAMES.self} retires`,
    template_id: 'retirement',
    trigger_month: `${Number(samBirth.slice(0, 4)) + 60}${samBirth.slice(4, 7)}`,
    template_parameters: {
      person: 'self',
      retirement_age: 60,
      salary_item: samPay.id,
      super_account_id: samSuper.id,
      annual_drawdown: 60_000,
    },
  });
  return { baseline: baseline.id, others: [investment.id, careerBreak.id, retire.id] };
}
