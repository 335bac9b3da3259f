// The dashboard's sliced computation gives exactly the engine's dashboardData() figures, for small and large
// ledgers, and can be cancelled when newer data arrives.
import { describe, expect, it } from 'vitest';
import type { Ledger } from '../../src/data/repositories/summaries';
import { computeDashboard, DashboardCancelled, SLICE_SIZE } from '../../src/features/dashboard/compute-dashboard';
import { dashboardData, FREQUENCIES } from '../../worker/engine/index';

function bigLedger(count: number): Ledger {
  const at = '2026-11-21T00:00:00.000Z';
  const categories = Array.from({ length: 12 }, (_, i) => ({
    id: `c${i}`,
    name: `Category ${i}`,
    type: (i < 3 ? 'income' : 'expense') as 'income' | 'expense',
    updated_at: at,
  }));
  return {
    accounts: [
      { id: 'a1', name: 'Cash', account_type: 'checking', current_balance: 1234.5, is_asset: true, updated_at: at },
      { id: 'a2', name: 'Loan', account_type: 'loan', current_balance: -999, is_asset: false, updated_at: at },
    ],
    recurring_items: Array.from({ length: count }, (_, i) => ({
      id: `r${i}`,
      name: `Item ${i}`,
      amount: i % 4 === 0 ? 100 + (i % 37) * 13.37 : -(5 + (i % 53) * 7.11),
      frequency: FREQUENCIES[i % FREQUENCIES.length],
      start_date: `${2021 + (i % 5)}-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`,
      end_date: i % 9 === 0 ? '2026-10-15' : null,
      account_id: 'a1',
      category_id: i % 4 === 0 ? `c${i % 3}` : `c${3 + (i % 9)}`,
      is_active: i % 13 !== 0,
      updated_at: at,
    })),
    categories,
    scenarios: [],
    events: [],
  };
}

describe('sliced dashboard computation', () => {
  it('is exactly dashboardData for a ledger of many slices', async () => {
    const ledger = bigLedger(SLICE_SIZE * 7 + 123);
    const whole = dashboardData(ledger, '2026-11-21');
    expect(whole.spending_by_category.categories.length).toBeGreaterThan(5);
    expect(await computeDashboard(ledger, '2026-11-21')).toEqual(whole);
  });

  it('is exactly dashboardData for a small ledger', async () => {
    const ledger = bigLedger(40);
    expect(await computeDashboard(ledger, '2026-11-21')).toEqual(dashboardData(ledger, '2026-11-21'));
  });

  it('stops when cancelled', async () => {
    await expect(computeDashboard(bigLedger(SLICE_SIZE * 3), '2026-11-21', () => true)).rejects.toBeInstanceOf(
      DashboardCancelled,
    );
  });
});
