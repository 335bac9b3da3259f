// Dashboard helpers: what counts, net worth, a month's actual cash flow and spending by category.
import { describe, expect, it } from 'vitest';
import { actualMonthTotals, cashFlowData, countedEntities, netWorthData, spendingByCategory, type RecurringItem } from '../../worker/engine/index';

const item = (id: string, amount: number, frequency: RecurringItem['frequency'], category_id: string, extra: Partial<RecurringItem> = {}): RecurringItem => ({
  id, name: id, amount, frequency, start_date: '2027-01-01', end_date: null, account_id: 'a', category_id, is_active: true, ...extra,
});

describe('dashboard helpers', () => {
  it('hypothetical entities never count', () => {
    const scenarios = [
      { is_baseline: true, events: [{ id: 'e-base' }] },
      { is_baseline: false, events: [{ id: 'e-what-if' }] },
    ];
    const entities = [{ id: 1 }, { id: 2, scenario_event_id: 'e-base' }, { id: 3, scenario_event_id: 'e-what-if' }, { id: 4, scenario_event_id: null }];
    expect(countedEntities(entities, scenarios).map((e) => e.id)).toEqual([1, 2, 4]);
  });
  it('net worth subtracts what is owed, whatever the sign entered', () => {
    expect(netWorthData([
      { current_balance: 1000, is_asset: true },
      { current_balance: -300, is_asset: false },
      { current_balance: 200, is_asset: false },
    ])).toEqual({ net_worth: 500, total_assets: 1000, total_liabilities: 500 });
  });
  it('a month counts real occurrences: 5 Fridays in January 2027', () => {
    const items = [item('pay', 100, 'weekly', 'salary'), item('rent', -400, 'monthly', 'housing'), item('food', -50, 'weekly', 'food'), item('off', -999, 'monthly', 'x', { is_active: false })];
    expect(cashFlowData(items, '2027-01')).toEqual({ total_income: 500, total_expenses: 650, net_cash_flow: -150 });
    expect(actualMonthTotals(items, '2027-02')).toEqual({ income: 400, expenses: 600, net: -200 });
    const spend = spendingByCategory(items, [{ id: 'housing', name: 'Housing' }, { id: 'food', name: 'Food' }], '2027-01');
    expect(spend.categories).toEqual([
      { category_id: 'housing', category_name: 'Housing', amount: 400, percentage: 61.54 },
      { category_id: 'food', category_name: 'Food', amount: 250, percentage: 38.46 },
    ]);
  });
});
