// A new interest-only mortgage through the simulator: drawn in the event's month, first repayment the month
// after (as car_loan and major_purchase), so a 5-year interest-only period is exactly 60 repayments.
import { describe, expect, it } from 'vitest';
import { forecast } from '../../../worker/engine/index';
import { getTemplate } from '../../../worker/engine/templates/catalogue';
import { withDefaults } from '../../../worker/engine/templates/parameters';

function run(params: Record<string, unknown>) {
  const t = getTemplate('interest_only_mortgage')!;
  const profile = {
    accounts: [
      {
        id: 'acc-cash',
        name: 'Everyday',
        account_type: 'checking' as const,
        is_asset: true,
        current_balance: 5_000_000,
        institution: null,
        annual_rate: 0,
      },
    ],
    recurring_items: [],
    categories: [],
    scenarios: [
      {
        id: 'sc-1',
        name: 'Scenario',
        description: '',
        is_baseline: false,
        events: [
          {
            id: 'ev-1',
            scenario_id: 'sc-1',
            name: 'IO loan',
            trigger_month: '2027-03',
            template_id: 'interest_only_mortgage',
            template_parameters: withDefaults(t, params, { is_baseline: false }),
          },
        ],
        modifications: [],
      },
    ],
  };
  return forecast(profile, { as_of: '2026-11-21', years: 31, scenario_id: 'sc-1' });
}

describe('interest_only_mortgage: a new loan', () => {
  it('$600k at 6%, 5 years interest-only in 30: 60 IO repayments, P&I from repayment 61, clear at repayment 360', () => {
    const r = run({ loan_amount: 600_000, loan_interest_rate: 6, interest_only_years: 5, loan_term_years: 30 });
    expect(r.warnings).toEqual([]);
    const owed = (date: string) => r.snapshots.find((s) => s.date === date)!.total_liabilities;
    // Drawn in March 2027; repayments 1-60 are April 2027 to March 2032, interest only.
    expect(owed('2027-03-31')).toBeCloseTo(600_000, 2);
    expect(owed('2032-03-31')).toBeCloseTo(600_000, 2);
    // Repayment 61 (April 2032) is the first principal and interest repayment.
    expect(owed('2032-04-30')).toBeLessThan(600_000 - 100);
    // Repayment 360 (March 2057) clears it, not one earlier.
    expect(owed('2057-02-28')).toBeGreaterThan(100);
    expect(owed('2057-03-31')).toBeCloseTo(0, 2);
    // Interest-only repayments are 6% / 12 of $600k = $3,000 a month.
    const april = r.snapshots.find((s) => s.date === '2027-04-30')!;
    expect(april.expenses).toBeCloseTo(3_000, 2);
  });
});
