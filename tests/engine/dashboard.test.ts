// Dashboard helpers: what counts, net worth, a period's actual cash flow, spending and income by category, and
// the sliced computation giving exactly the whole one.
import { describe, expect, it } from 'vitest';
import {
  cashFlowData,
  countedEntities,
  countedLedger,
  dashboardData,
  dashboardDataInSlices,
  incomeByCategory,
  lastMonths,
  netWorthData,
  realEventIds,
  spendingByCategory,
  type DashboardLedger,
  type RecurringItem,
} from '../../worker/engine/index';

const item = (
  id: string,
  amount: number,
  frequency: RecurringItem['frequency'],
  category_id: string,
  extra: Partial<RecurringItem> = {},
): RecurringItem => ({
  id,
  name: id,
  amount,
  frequency,
  start_date: '2027-01-01',
  end_date: null,
  account_id: 'a',
  category_id,
  is_active: true,
  ...extra,
});

describe('dashboard helpers', () => {
  it('hypothetical entities never count', () => {
    const scenarios = [
      { is_baseline: true, events: [{ id: 'e-base' }] },
      { is_baseline: false, events: [{ id: 'e-what-if' }] },
    ];
    const entities = [
      { id: 1 },
      { id: 2, scenario_event_id: 'e-base' },
      { id: 3, scenario_event_id: 'e-what-if' },
      { id: 4, scenario_event_id: null },
    ];
    expect(countedEntities(entities, scenarios).map((e) => e.id)).toEqual([1, 2, 4]);
  });
  it('net worth subtracts what is owed, whatever the sign entered', () => {
    expect(
      netWorthData([
        { current_balance: 1000, is_asset: true },
        { current_balance: -300, is_asset: false },
        { current_balance: 200, is_asset: false },
      ]),
    ).toEqual({ net_worth: 500, total_assets: 1000, total_liabilities: 500 });
  });
  it('a month counts real occurrences: 5 Fridays in January 2027', () => {
    const items = [
      item('pay', 100, 'weekly', 'salary'),
      item('rent', -400, 'monthly', 'housing'),
      item('food', -50, 'weekly', 'food'),
      item('off', -999, 'monthly', 'x', { is_active: false }),
    ];
    expect(cashFlowData(items, '2027-01')).toEqual({ total_income: 500, total_expenses: 650, net_cash_flow: -150 });
    expect(cashFlowData(items, '2027-02')).toEqual({ total_income: 400, total_expenses: 600, net_cash_flow: -200 });
    const spend = spendingByCategory(
      items,
      [
        { id: 'housing', name: 'Housing' },
        { id: 'food', name: 'Food' },
      ],
      '2027-01',
    );
    expect(spend.categories).toEqual([
      { category_id: 'housing', category_name: 'Housing', amount: 400, percentage: 61.54 },
      { category_id: 'food', category_name: 'Food', amount: 250, percentage: 38.46 },
    ]);
  });
  it('events may be nested in their scenario or listed apart', () => {
    const scenarios = [
      { id: 'base', is_baseline: true, events: [{ id: 'nested' }] },
      { id: 'what-if', is_baseline: false },
    ];
    const events = [
      { id: 'flat', scenario_id: 'base' },
      { id: 'other', scenario_id: 'what-if' },
    ];
    expect([...realEventIds(scenarios, events)].sort()).toEqual(['flat', 'nested']);
    const linked = ['nested', 'flat', 'other', 'gone', null].map((e) => ({ scenario_event_id: e }));
    expect(countedEntities(linked, scenarios, events).map((e) => e.scenario_event_id)).toEqual([
      'nested',
      'flat',
      null,
    ]);
  });

  it('last N months are whole calendar months before today’s month', () => {
    expect(lastMonths('2027-03-15')).toEqual({ from: '2027-02', to: '2027-02' });
    expect(lastMonths('2027-01-01', 3)).toEqual({ from: '2026-10', to: '2026-12' });
    expect(lastMonths('2027-01-01', 0)).toEqual({ from: '2026-12', to: '2026-12' });
  });

  it('a range of months sums every month; income by category mirrors spending', () => {
    const items = [
      item('pay', 100, 'weekly', 'salary'),
      item('bonus', 1000, 'quarterly', 'bonus'),
      item('rent', -400, 'monthly', 'housing'),
    ];
    // January and February 2027: 9 Fridays of pay, one bonus (January), two rents.
    expect(cashFlowData(items, { from: '2027-01', to: '2027-02' })).toEqual({
      total_income: 1900,
      total_expenses: 800,
      net_cash_flow: 1100,
    });
    expect(
      incomeByCategory(items, [{ id: 'salary', name: 'Salary' }], { from: '2027-01', to: '2027-02' }).categories,
    ).toEqual([
      { category_id: 'bonus', category_name: 'Uncategorised', amount: 1000, percentage: 52.63 },
      { category_id: 'salary', category_name: 'Salary', amount: 900, percentage: 47.37 },
    ]);
  });

  it('net cash flow is the difference of the rounded income and expenses, so the card adds up', () => {
    // Unrounded, 1.006 - 0.004 = 1.002 would give 1.00; the card shows 1.01 - 0.00.
    const items = [item('a', 1.006, 'monthly', 'x'), item('b', -0.004, 'monthly', 'y')];
    expect(cashFlowData(items, '2027-01')).toEqual({ total_income: 1.01, total_expenses: 0, net_cash_flow: 1.01 });
  });

  it('computed in slices, the dashboard is exactly the whole computation', () => {
    const ledger: DashboardLedger = {
      accounts: [
        { current_balance: 1000.105, is_asset: true },
        { current_balance: 99, is_asset: true, scenario_event_id: 'other' },
      ],
      recurring_items: Array.from({ length: 57 }, (_, i) =>
        item(
          `r${i}`,
          (i % 3 === 0 ? 1 : -1) * (10 + i * 1.37),
          (['weekly', 'fortnightly', 'monthly'] as const)[i % 3],
          `c${i % 5}`,
          {
            scenario_event_id: i % 11 === 0 ? 'other' : null,
          },
        ),
      ),
      categories: [{ id: 'c1', name: 'One' }],
      scenarios: [{ id: 'what-if', is_baseline: false }],
      events: [{ id: 'other', scenario_id: 'what-if' }],
    };
    const whole = dashboardData(ledger, '2027-02-10');
    const steps = dashboardDataInSlices(ledger, '2027-02-10', 5);
    let pauses = 0;
    let step = steps.next();
    while (!step.done) {
      pauses++;
      step = steps.next();
    }
    expect(pauses).toBe(11);
    expect(step.value).toEqual(whole);
    const counted = countedLedger(ledger);
    expect(whole.net_worth).toEqual(netWorthData(counted.accounts));
    expect(whole.cash_flow).toEqual(cashFlowData(counted.recurring_items, '2027-01'));
    expect(whole.spending_by_category).toEqual(
      spendingByCategory(counted.recurring_items, ledger.categories, '2027-01'),
    );
  });
});
