// Scenario composition (docs/forecast-model.md sections 2 and 6), modifications, debt-account semantics,
// month-0 rules, validation errors, compare, sampling and the API shape.
import { describe, expect, it } from 'vitest';
import {
  EngineInputError,
  compareScenarios,
  forecastScenario,
  sampleSnapshots,
  samplingStep,
  toComparisonResult,
  toDecimalString,
  type EventCompiler,
  type Primitive,
} from '../../worker/engine/index';
import { forecastApi } from '../../worker/forecast-api';

/** A stand-in compiler: the event's parameters carry its primitives (the real catalogue is tested elsewhere). */
const rawCompiler: EventCompiler = (event) => (event.template_parameters.primitives ?? []) as Primitive[];

const zeroRates = {
  checking: 0,
  savings: 0,
  investment: 0,
  mortgage: 0,
  credit_card: 0,
  property: 0,
  loan: 0,
  superannuation: 0,
};

function item(id: string, amount: number, extra: Record<string, unknown> = {}) {
  return {
    id,
    name: id,
    amount,
    frequency: 'monthly',
    start_date: '2027-01-10',
    end_date: null,
    account_id: 'chk',
    category_id: 'c',
    is_active: true,
    ...extra,
  };
}

function profile(extra: Record<string, unknown> = {}) {
  return {
    assumptions: { account_type_rates: zeroRates },
    accounts: [
      { id: 'chk', name: 'Everyday', account_type: 'checking', current_balance: 1000, is_asset: true },
      { id: 'card', name: 'Card', account_type: 'credit_card', current_balance: -200, is_asset: false },
      {
        id: 'linked',
        name: 'Car',
        account_type: 'property',
        current_balance: 30000,
        is_asset: true,
        scenario_event_id: 'ev-base',
      },
    ],
    recurring_items: [
      item('pay', 3000),
      item('rent', -1000),
      item('gone', -50, { is_active: false }),
      item('linked-item', -99, { scenario_event_id: 'ev-base' }),
    ],
    scenarios: [
      {
        id: 'sc-base',
        name: 'Today',
        is_baseline: true,
        events: [
          {
            id: 'ev-base',
            scenario_id: 'sc-base',
            name: 'Car',
            trigger_month: '2026-12',
            template_id: 'raw',
            template_parameters: {
              primitives: [
                {
                  kind: 'account',
                  key: 'car',
                  name: 'Car',
                  account_type: 'property',
                  is_asset: true,
                  opening_balance: 30000,
                  annual_rate: 0,
                },
                {
                  kind: 'flow',
                  key: 'rego',
                  name: 'linked-item',
                  account: '@cash',
                  amount: -99,
                  schedule: { type: 'recurring', frequency: 'monthly', start_date: '2027-01-05', end_date: null },
                },
              ],
            },
          },
        ],
        modifications: [],
      },
      {
        id: 'sc-what-if',
        name: 'What if',
        is_baseline: false,
        events: [
          {
            id: 'ev-2',
            scenario_id: 'sc-what-if',
            name: 'Bonus',
            trigger_month: '2027-03',
            template_id: 'raw',
            template_parameters: {
              primitives: [
                {
                  kind: 'flow',
                  key: 'bonus',
                  name: 'Bonus',
                  account: '@cash',
                  amount: 5000,
                  schedule: { type: 'once', date: '2027-03-15' },
                },
                {
                  kind: 'transfer',
                  key: 'sell',
                  name: 'Sell car',
                  from: 'linked',
                  to: 'chk',
                  amount: 'all',
                  schedule: { type: 'once', date: '2027-04-01' },
                },
              ],
            },
          },
        ],
        modifications: [
          {
            id: 'm1',
            modification_type: 'add_recurring',
            target_id: null,
            modification_data: {
              name: 'Gym',
              amount: -100,
              frequency: 'monthly',
              start_date: '2027-02-01',
              end_date: null,
              account_id: 'chk',
              category_id: 'c',
            },
          },
          { id: 'm2', modification_type: 'modify_recurring', target_id: 'rent', modification_data: { amount: -1200 } },
          {
            id: 'm3',
            modification_type: 'add_one_time',
            target_id: null,
            modification_data: {
              date: '2027-05-20',
              amount: -700,
              description: 'Fridge',
              account_id: 'chk',
              category_id: 'c',
            },
          },
          { id: 'm4', modification_type: 'modify_account', target_id: 'chk', modification_data: { balance: 4000 } },
        ],
      },
    ],
    ...extra,
  };
}

const opts = { as_of: '2026-12-20', years: 1 };

describe('composition', () => {
  const base = forecastScenario(profile(), null, opts, rawCompiler);
  const baseline = forecastScenario(profile(), 'sc-base', opts, rawCompiler);
  const whatIf = forecastScenario(profile(), 'sc-what-if', opts, rawCompiler);

  it('base = unlinked entities + the baseline events; linked entities are not counted twice', () => {
    // 1000 cash - 200 card + 30000 car (from the event, not the linked account entity).
    expect(base.snapshots[0].net_worth).toBe(30800);
    // Each month: +3000 - 1000 - 99 (the event's flow; the linked recurring item is ignored; 'gone' is inactive).
    expect(base.snapshots[1].cash_flow).toBe(1901);
    expect(base.snapshots[12].net_worth).toBe(30800 + 12 * 1901);
  });
  it("the baseline scenario's forecast is the base alone", () => {
    expect(baseline.snapshots).toEqual(base.snapshots);
    expect(baseline.scenario_id).toBe('sc-base');
  });
  it('a scenario adds its events and its four modifications', () => {
    const s = whatIf.snapshots;
    // modify_account sets the balance at snapshot 0.
    expect(s[0].net_worth).toBe(4000 - 200 + 30000);
    // January: pay 3000, rent modified from the start to -1200, rego -99.
    expect(s[1].cash_flow).toBe(3000 - 1200 - 99);
    // February: + gym.
    expect(s[2].cash_flow).toBe(3000 - 1200 - 99 - 100);
    // March: + bonus.
    expect(s[3].cash_flow).toBe(3000 - 1200 - 99 - 100 + 5000);
    // April: selling the car moves 30000 into cash: a transfer, not income.
    expect(s[4].cash_flow).toBe(3000 - 1200 - 99 - 100);
    expect(s[4].liquid_cash - s[3].liquid_cash).toBe(30000 + 3000 - 1200 - 99 - 100);
    // May: + the one-off fridge.
    expect(s[5].cash_flow).toBe(3000 - 1200 - 99 - 100 - 700);
    expect(whatIf.warnings).toEqual([]);
  });
  it('summary: total change = from cash flow + from growth', () => {
    const sum = whatIf.summary;
    expect(sum.current_net_worth).toBe(whatIf.snapshots[0].net_worth);
    expect(sum.projected_net_worth).toBe(whatIf.snapshots[12].net_worth);
    expect(Math.abs(sum.total_change - sum.from_cash_flow - sum.from_growth)).toBeLessThan(0.02);
  });
});

describe('month 0 and debt accounts', () => {
  const p = (items: unknown[], accounts?: unknown[]) => ({
    assumptions: { account_type_rates: zeroRates },
    accounts: accounts ?? [
      { id: 'chk', name: 'Everyday', account_type: 'checking', current_balance: 0, is_asset: true },
      { id: 'card', name: 'Card', account_type: 'credit_card', current_balance: -500, is_asset: false },
      { id: 'car', name: 'Car loan', account_type: 'loan', current_balance: 10000, is_asset: false },
    ],
    recurring_items: items,
  });
  it('flows on or before as_of are already in the balances; later ones in month 0 land in snapshot 1', () => {
    const items = [
      item('a', 10, { start_date: '2026-12-20' }),
      item('b', 1, { start_date: '2026-12-21', frequency: 'weekly' }),
    ];
    const s = forecastScenario(p(items), null, opts, rawCompiler).snapshots;
    // 'a' next occurs 2027-01-20; 'b' on Dec 21 and 28 then Jan 4, 11, 18 and 25.
    expect(s[1].date).toBe('2027-01-31');
    expect(s[1].income).toBe(10 + 6);
  });
  it('an expense charged to a card raises what is owed; income into a loan repays it', () => {
    const items = [item('shop', -100, { account_id: 'card' }), item('pay-loan', 400, { account_id: 'car' })];
    const s = forecastScenario(p(items), null, opts, rawCompiler).snapshots;
    expect(s[0].total_liabilities).toBe(10500);
    expect(s[1].total_liabilities).toBe(10500 + 100 - 400);
    expect(s[1].cash_flow).toBe(300);
  });
  it('debts without a schedule accrue interest at their rate', () => {
    const s = forecastScenario(
      {
        accounts: [
          {
            id: 'card',
            name: 'Card',
            account_type: 'credit_card',
            current_balance: -1200,
            is_asset: false,
            annual_rate: 12,
          },
        ],
        recurring_items: [],
      },
      null,
      opts,
      rawCompiler,
    ).snapshots;
    expect(s[1].total_liabilities).toBe(1212);
    expect(s[1].cash_flow).toBe(-12);
  });
  it('a reference to a missing account falls back to the primary cash account with a warning', () => {
    const f = forecastScenario(p([item('x', 50, { account_id: 'deleted' })]), null, opts, rawCompiler);
    expect(f.snapshots[1].liquid_cash).toBe(50);
    expect(f.warnings.join()).toMatch(/deleted/);
  });
});

describe('extremes', () => {
  it('stays finite at the edges of valid input (rates of 1000%, balances of 10^12, 50 years)', () => {
    const types = [
      'checking',
      'savings',
      'investment',
      'mortgage',
      'credit_card',
      'property',
      'loan',
      'superannuation',
    ];
    const p = {
      assumptions: { account_type_rates: Object.fromEntries(types.map((t) => [t, 1000])) },
      accounts: types.flatMap((t, i) => [
        { id: `a${i}`, name: t, account_type: t, current_balance: 1e12, is_asset: true },
        { id: `l${i}`, name: t, account_type: t, current_balance: -1e12, is_asset: false, annual_rate: 1000 },
      ]),
      recurring_items: [
        item('big', -1e12, { account_id: 'a0', frequency: 'weekly' }),
        item('in', 1e12, { account_id: 'l3' }),
      ],
    };
    const f = forecastScenario(p, null, { as_of: '2026-12-20', years: 50 }, rawCompiler);
    for (const s of f.snapshots)
      for (const v of Object.values(s)) if (typeof v === 'number') expect(Number.isFinite(v)).toBe(true);
  });
});

describe('validation at the boundary', () => {
  it('names the field', () => {
    const bad = profile();
    (bad.accounts[1] as Record<string, unknown>).current_balance = 'lots';
    expect(() => forecastScenario(bad, null, opts, rawCompiler)).toThrow(EngineInputError);
    try {
      forecastScenario(bad, null, opts, rawCompiler);
    } catch (e) {
      expect((e as EngineInputError).errors[0].path).toBe('$.accounts[1].current_balance');
    }
    expect(() => forecastScenario(profile(), null, { as_of: '2026-02-30', years: 1 }, rawCompiler)).toThrow(
      /\$options\.as_of/,
    );
    expect(() => forecastScenario(profile(), null, { as_of: '2026-02-03', years: 51 }, rawCompiler)).toThrow(
      /\$options\.years/,
    );
    expect(() => forecastScenario(profile(), 'nope', opts, rawCompiler)).toThrow(/no scenario with id "nope"/);
  });
  it('a compiler failure names the event', () => {
    const failing: EventCompiler = () => {
      throw new Error('purchase_price: must be at least 0');
    };
    expect(() => forecastScenario(profile(), 'sc-what-if', opts, failing)).toThrow(
      /\$\.scenarios\[0\]\.events\[0\]\.template_parameters: purchase_price/,
    );
  });
  it('the worker API returns errors as data', () => {
    const r = forecastApi.forecast({ accounts: 'x', recurring_items: [] }, { as_of: '2026-12-01', years: 1 });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors[0].path).toBe('$.accounts');
    const ok = forecastApi.compareApi(
      { accounts: [], recurring_items: [] },
      { as_of: '2026-12-01', years: 1, scenario_ids: [], sampled: true },
    );
    expect(ok.ok).toBe(true);
    if (ok.ok) expect(Object.keys(ok.value)).toEqual(['base']);
  });
});

describe('compare, sampling and the API shape', () => {
  it('runs every scenario over the same months; no scenarios gives the base', () => {
    const c = compareScenarios(profile(), { ...opts, years: 2, scenario_ids: [] }, rawCompiler);
    expect(c.scenarios.map((s) => s.scenario_id)).toEqual(['sc-base', 'sc-what-if']);
    expect(c.scenarios[0].snapshots.map((s) => s.date)).toEqual(c.scenarios[1].snapshots.map((s) => s.date));
    const none = compareScenarios({ accounts: [], recurring_items: [] }, { ...opts, scenario_ids: [] }, rawCompiler);
    expect(none.scenarios.map((s) => s.scenario_id)).toEqual(['base']);
    expect(() => compareScenarios(profile(), { ...opts, scenario_ids: ['sc-base', 'x'] }, rawCompiler)).toThrow(
      /scenario_ids\[1\]/,
    );
  });
  it('samples every month to 5 years, every 3rd to 15, else every 6th; first and last kept', () => {
    expect([1, 2, 5, 6, 10, 15, 16, 20, 30].map(samplingStep)).toEqual([1, 1, 1, 3, 3, 3, 6, 6, 6]);
    const idx = (n: number, years: number) =>
      sampleSnapshots(
        Array.from({ length: n }, (_, i) => i),
        years,
      );
    expect(idx(61, 5)).toHaveLength(61);
    expect(idx(121, 10)).toEqual(Array.from({ length: 41 }, (_, i) => i * 3));
    expect(idx(361, 30)).toEqual(Array.from({ length: 61 }, (_, i) => i * 6));
    expect(idx(11, 30)).toEqual([0, 6, 10]);
    const c = compareScenarios(profile(), { ...opts, years: 10, scenario_ids: ['sc-what-if'] }, rawCompiler);
    const api = toComparisonResult(c, true);
    expect(api['sc-what-if'].snapshots).toHaveLength(41);
    expect(api['sc-what-if'].snapshots.at(-1)?.date).toBe('2036-12-31');
    expect(toComparisonResult(c)['sc-what-if'].snapshots).toHaveLength(121);
  });
  it('carries figures as decimal strings with 2 decimals', () => {
    const c = compareScenarios(profile(), { ...opts, scenario_ids: ['sc-what-if'] }, rawCompiler);
    const api = toComparisonResult(c);
    const snap = api['sc-what-if'].snapshots[1];
    expect(api['sc-what-if'].name).toBe('What if');
    expect(snap).toMatchObject({
      date: '2027-01-31',
      net_worth: expect.stringMatching(/^-?\d+\.\d{2}$/),
      cash_flow: '1701.00',
      capital_growth: '0.00',
    });
    expect(toDecimalString(-0.001)).toBe('0.00');
    expect(toDecimalString(-1234.5)).toBe('-1234.50');
  });
});
