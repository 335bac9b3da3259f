// Accounts and Recurring Items summaries and the Dashboard data, against hand-computed figures.
import { describe, expect, it } from 'vitest';
import type { AccountRow, CategoryRow, RecurringItemRow } from '../../src/data/entities';
import type { Ledger } from '../../src/data/repositories/summaries';
import {
  accountsSummary,
  dashboardData,
  isHypothetical,
  previousMonth,
  realEventIds,
  recurringSummary,
} from '../../worker/engine/index';

const T = '2026-11-01T00:00:00.000Z';
const acc = (id: string, balance: number, is_asset: boolean, scenario_event_id: string | null = null): AccountRow => ({
  id,
  name: id,
  account_type: is_asset ? 'savings' : 'loan',
  current_balance: balance,
  is_asset,
  scenario_event_id,
  updated_at: T,
});
const item = (
  id: string,
  amount: number,
  frequency: RecurringItemRow['frequency'],
  start_date: string,
  category_id: string,
  extra: Partial<RecurringItemRow> = {},
): RecurringItemRow => ({
  id,
  name: id,
  amount,
  frequency,
  start_date,
  end_date: null,
  account_id: 'a1',
  category_id,
  is_active: true,
  scenario_event_id: null,
  updated_at: T,
  ...extra,
});
const cat = (id: string, name: string, type: 'income' | 'expense'): CategoryRow => ({ id, name, type, updated_at: T });

const ledger: Ledger = {
  scenarios: [
    { id: 'sc-base', is_baseline: true },
    { id: 'sc-what-if', is_baseline: false },
  ],
  events: [
    { id: 'ev-b', scenario_id: 'sc-base' },
    { id: 'ev-x', scenario_id: 'sc-what-if' },
  ],
  categories: [
    cat('c-salary', 'Salary', 'income'),
    cat('c-bonus', 'Bonus', 'income'),
    cat('c-rent', 'Rent', 'expense'),
    cat('c-groc', 'Groceries', 'expense'),
    cat('c-subs', 'Subscriptions', 'expense'),
    cat('c-trans', 'Transport', 'expense'),
    cat('c-ins', 'Insurance', 'expense'),
    cat('c-child', 'Childcare', 'expense'),
    cat('c-gym', 'Health', 'expense'),
  ],
  accounts: [
    acc('a1', 5000, true),
    acc('a2', 20000, true),
    acc('a3', -1500, false),
    acc('a4', 400000, false), // a liability entered as a positive amount owed still counts as owed
    acc('a5', 750000, true),
    acc('a6', 99999, true, 'ev-x'), // hypothetical: non-baseline event
    acc('a7', 50000, true, 'ev-b'), // baseline event: counts
    acc('a8', 12345, true, 'ev-gone'), // its event no longer exists: does not count
  ],
  recurring_items: [
    item('pay', 2600, 'fortnightly', '2026-07-03', 'c-salary'), // Oct 2026: 9th, 23rd
    item('rent', -650, 'weekly', '2026-09-03', 'c-rent'), // Oct 2026: 1, 8, 15, 22, 29 (5 Thursdays)
    item('groceries', -150, 'weekly', '2026-10-05', 'c-groc'), // Oct 2026: 5, 12, 19, 26 (4 Mondays)
    item('netflix', -20, 'monthly', '2026-01-31', 'c-subs'), // clamped to 31 Oct
    item('rego', -900, 'yearly', '2026-03-15', 'c-trans'), // not in October
    item('insurance', -300, 'quarterly', '2026-01-10', 'c-ins'), // Jan, Apr, Jul, Oct
    item('bonus', 5000, 'yearly', '2026-10-20', 'c-bonus'),
    item('gym', -60, 'monthly', '2026-01-01', 'c-gym', { is_active: false }),
    item('hypothetical', 10000, 'monthly', '2026-01-01', 'c-salary', { scenario_event_id: 'ev-x' }),
    item('baseline-child', -100, 'monthly', '2026-10-01', 'c-child', { scenario_event_id: 'ev-b' }),
  ],
};

describe('hypothetical entities', () => {
  it('only baseline scenario events count', () => {
    const real = realEventIds(ledger.scenarios, ledger.events);
    expect([...real]).toEqual(['ev-b']);
    expect(isHypothetical({ scenario_event_id: 'ev-x' }, real)).toBe(true);
    expect(isHypothetical({ scenario_event_id: 'ev-b' }, real)).toBe(false);
    expect(isHypothetical({ scenario_event_id: null }, real)).toBe(false);
    expect(isHypothetical({ scenario_event_id: 'ev-gone' }, real)).toBe(true);
  });
});

describe('accountsSummary', () => {
  it('totals assets, liabilities as an absolute amount and net worth', () => {
    // Assets 5000 + 20000 + 750000 + 50000; owed 1500 + 400000.
    expect(accountsSummary(ledger)).toEqual({ total_assets: 825000, total_liabilities: 401500, net_worth: 423500 });
  });

  it('is zero with no accounts', () => {
    expect(accountsSummary({ accounts: [], scenarios: [], events: [] })).toEqual({
      total_assets: 0,
      total_liabilities: 0,
      net_worth: 0,
    });
  });
});

describe('recurringSummary', () => {
  it('uses normalised monthly equivalents of active, non-hypothetical items', () => {
    // Income: 2600 x 26/12 = 5633.33..., 5000 / 12 = 416.66... -> 6050.00
    // Expenses: 650 x 52/12 = 2816.66..., 150 x 52/12 = 650, 20, 900/12 = 75, 300/3 = 100, 100 -> 3761.67
    expect(recurringSummary(ledger)).toEqual({
      monthly_income: 6050,
      monthly_expenses: 3761.67,
      net_cash_flow: 2288.33,
    });
  });

  it('weekly x 52/12 and fortnightly x 26/12', () => {
    const one = (amount: number, f: RecurringItemRow['frequency']) =>
      recurringSummary({ recurring_items: [item('x', amount, f, '2026-01-01', 'c')], scenarios: [], events: [] });
    expect(one(100, 'weekly').monthly_income).toBe(433.33);
    expect(one(-100, 'fortnightly').monthly_expenses).toBe(216.67);
    expect(one(-300, 'quarterly').net_cash_flow).toBe(-100);
    expect(one(1200, 'yearly').monthly_income).toBe(100);
  });
});

describe('dashboardData', () => {
  it('previous calendar month, wrapping the year', () => {
    expect(previousMonth('2026-11-21')).toBe('2026-10');
    expect(previousMonth('2026-01-01')).toBe('2025-12');
  });

  it('net worth now; cash flow and spending from last month’s actual occurrences', () => {
    const data = dashboardData(ledger, '2026-11-21');
    expect(data.net_worth).toEqual({ net_worth: 423500, total_assets: 825000, total_liabilities: 401500 });
    // Income: pay 2 x 2600 + bonus 5000 = 10200. Expenses: rent 5 x 650 = 3250, groceries 4 x 150 = 600,
    // netflix 20, insurance 300, baseline childcare 100 = 4270. Percentages of 4270, to 2 decimals.
    expect(data.cash_flow).toEqual({ total_income: 10200, total_expenses: 4270, net_cash_flow: 5930 });
    expect(data.spending_by_category.categories).toEqual([
      { category_id: 'c-rent', category_name: 'Rent', amount: 3250, percentage: 76.11 },
      { category_id: 'c-groc', category_name: 'Groceries', amount: 600, percentage: 14.05 },
      { category_id: 'c-ins', category_name: 'Insurance', amount: 300, percentage: 7.03 },
      { category_id: 'c-child', category_name: 'Childcare', amount: 100, percentage: 2.34 },
      { category_id: 'c-subs', category_name: 'Subscriptions', amount: 20, percentage: 0.47 },
    ]);
  });

  it('a weekly item counts 4 or 5 times depending on the month', () => {
    const weekly: Ledger = { ...ledger, recurring_items: [item('w', -100, 'weekly', '2026-09-03', 'c-rent')] };
    expect(dashboardData(weekly, '2026-11-05').cash_flow.total_expenses).toBe(500); // October: 5 Thursdays
    expect(dashboardData(weekly, '2026-12-05').cash_flow.total_expenses).toBe(400); // November: 4 Thursdays
  });

  it('respects start and end dates and groups unknown categories', () => {
    const l: Ledger = {
      ...ledger,
      recurring_items: [
        item('ended', -500, 'monthly', '2025-01-01', 'c-rent', { end_date: '2026-09-30' }),
        item('later', -500, 'monthly', '2026-11-01', 'c-rent'),
        item('orphan', -80, 'monthly', '2026-10-03', 'deleted-category'),
      ],
    };
    const data = dashboardData(l, '2026-11-21');
    expect(data.cash_flow).toEqual({ total_income: 0, total_expenses: 80, net_cash_flow: -80 });
    expect(data.spending_by_category.categories).toEqual([
      { category_id: 'deleted-category', category_name: 'Uncategorised', amount: 80, percentage: 100 },
    ]);
  });

  it('empty data gives zeros and no categories', () => {
    const data = dashboardData(
      { accounts: [], recurring_items: [], categories: [], scenarios: [], events: [] },
      '2026-11-21',
    );
    expect(data).toEqual({
      net_worth: { net_worth: 0, total_assets: 0, total_liabilities: 0 },
      cash_flow: { total_income: 0, total_expenses: 0, net_cash_flow: 0 },
      spending_by_category: { categories: [] },
    });
  });
});
