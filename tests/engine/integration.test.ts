// The engine with the real template catalogue: a baseline event's materialised entities are represented by
// the event (never counted twice) and another scenario's event can point at them by their ids.
import { describe, expect, it } from 'vitest';
import {
  compare,
  countedEntities,
  materialiseEvent,
  netWorthData,
  resolveAssumptions,
  type Account,
  type CompileContext,
} from '../../worker/engine/index';

const AS_OF = '2026-11-21';
const chk = { id: 'chk', name: 'Everyday', account_type: 'checking' as const, current_balance: 20000, is_asset: true };
const home = {
  id: 'ev-home',
  scenario_id: 'sc-base',
  name: 'Our home',
  trigger_month: '2026-11',
  template_id: 'buy_first_home',
  template_parameters: {
    purchase_price: 800000,
    deposit_amount: 300000,
    state: 'NSW',
    loan_interest_rate: 6,
    loan_term_years: 25,
  },
};
const ctx: CompileContext = {
  event_id: home.id,
  event_name: home.name,
  trigger_month: home.trigger_month,
  is_baseline: true,
  assumptions: resolveAssumptions(null),
  accounts: [chk],
  recurring_items: [],
};
const made = materialiseEvent(home, ctx);
const loanId = made.accounts.find((a) => a.account_type === 'mortgage')?.id as string;

const profile = {
  accounts: [chk, ...made.accounts],
  recurring_items: [
    {
      id: 'pay',
      name: 'Pay',
      amount: 4000,
      frequency: 'fortnightly',
      start_date: '2026-11-27',
      end_date: null,
      account_id: 'chk',
      category_id: 'c',
      is_active: true,
    },
    ...made.recurring_items.map((r) => ({ ...r, category_id: 'housing' })),
  ],
  scenarios: [
    { id: 'sc-base', name: 'Now', is_baseline: true, events: [home], modifications: [] },
    {
      id: 'sc-pay-off',
      name: 'Pay it off faster',
      is_baseline: false,
      events: [
        {
          id: 'ev-extra',
          scenario_id: 'sc-pay-off',
          name: 'Extra repayments',
          trigger_month: '2027-01',
          template_id: 'debt_payoff',
          template_parameters: {
            debt_account_id: loanId,
            payoff_strategy: 'extra_payments',
            extra_payment_amount: 1000,
            extra_payment_start: '2027-01-15',
            extra_payment_account_id: 'chk',
          },
        },
      ],
      modifications: [],
    },
  ],
};

describe('engine with the template catalogue', () => {
  const c = compare(profile, { as_of: AS_OF, years: 25, scenario_ids: [] });
  const [base, payOff] = c.scenarios;
  it('counts materialised entities once: snapshot 0 equals the accounts summary', () => {
    expect(loanId).toBeTruthy();
    expect(base.snapshots[0].net_worth).toBe(
      netWorthData(countedEntities<Account>(profile.accounts, profile.scenarios)).net_worth,
    );
    expect(base.snapshots[0].total_liabilities).toBe(500000);
    expect(base.warnings).toEqual([]);
  });
  it('another event can target a materialised account by id', () => {
    expect(payOff.warnings).toEqual([]);
    expect(payOff.snapshots[24].total_liabilities).toBeLessThan(base.snapshots[24].total_liabilities - 20000);
    const paidOff = (s: typeof base) => s.snapshots.findIndex((x, k) => k > 0 && x.total_liabilities === 0);
    expect(paidOff(payOff)).toBeGreaterThan(0);
    expect(paidOff(payOff)).toBeLessThan(paidOff(base) < 0 ? Infinity : paidOff(base));
  });
  it('keeps the identity on real templates', () => {
    for (const s of c.scenarios) {
      for (let k = 1; k < s.snapshots.length; k++) {
        const gap =
          s.snapshots[k].net_worth -
          s.snapshots[k - 1].net_worth -
          s.snapshots[k].cash_flow -
          s.snapshots[k].capital_growth;
        expect(Math.abs(gap)).toBeLessThanOrEqual(0.02);
      }
    }
  });
  it('rejects bad template parameters naming the field', () => {
    const bad = structuredClone(profile);
    (bad.scenarios[1].events[0].template_parameters as Record<string, unknown>).extra_payment_amount = -5;
    expect(() => compare(bad, { as_of: AS_OF, years: 5, scenario_ids: ['sc-pay-off'] })).toThrow(
      /\$\.scenarios\[1\]\.events\[0\]\.template_parameters\.extra_payment_amount/,
    );
  });
});
