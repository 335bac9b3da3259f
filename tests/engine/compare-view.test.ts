// Unit tests for the compare screen's view (worker/engine/compare-view.ts): first cash shortfall and its length
// over every month, the today's-dollars factor (1+i)^(-t), and summaries that add up, nominal and deflated.
import { describe, expect, it } from 'vitest';
import { compareView, deflator, findCashShortfall, realSummary, type Snapshot } from '../../worker/engine/index';

const AS_OF = '2026-12-15';

/** $500 in checking (0% rate); $1,000 a month out in Jan and Feb 2027, $3,000 a month in from April 2027. */
const shortProfile = (inflation?: number) => ({
  assumptions: inflation === undefined ? undefined : { inflation_rate: inflation },
  accounts: [
    { id: 'chk', name: 'Everyday', account_type: 'checking', current_balance: 500, is_asset: true },
    { id: 'home', name: 'Home', account_type: 'property', current_balance: 400000, is_asset: true },
  ],
  recurring_items: [
    {
      id: 'out',
      name: 'Costs',
      amount: -1000,
      frequency: 'monthly',
      start_date: '2027-01-01',
      end_date: '2027-02-28',
      account_id: 'chk',
      category_id: 'c',
      is_active: true,
    },
    {
      id: 'in',
      name: 'Pay',
      amount: 3000,
      frequency: 'monthly',
      start_date: '2027-04-10',
      end_date: null,
      account_id: 'chk',
      category_id: 'c',
      is_active: true,
    },
  ],
  scenarios: [],
});

function snap(date: string, net_worth: number, cash_flow: number, capital_growth: number): Snapshot {
  return {
    date,
    net_worth,
    cash_flow,
    capital_growth,
    total_assets: net_worth,
    total_liabilities: 0,
    liquid_cash: net_worth,
    income: 0,
    expenses: 0,
    tax: 0,
  };
}

describe('compare view: cash shortfall', () => {
  it('starts at the first month-end below zero and lasts while cash stays below zero', () => {
    const v = compareView({ backup: shortProfile(), as_of: AS_OF, years: 1, scenario_ids: [] });
    expect(v.scenarios).toHaveLength(1);
    // Month ends: Jan 2027 -$500, Feb -$1,500, Mar -$1,500, Apr +$1,500.
    expect(v.scenarios[0].shortfall).toEqual({ month: '2027-01', months: 3, until_end: false });
  });

  it('is found over every month, not only the sampled chart points', () => {
    // A one-month dip between chart points is still found.
    const snaps = Array.from({ length: 121 }, (_, k) => ({
      date: `m${String(k).padStart(3, '0')}-xx`,
      liquid_cash: k === 2 ? -10 : 100,
    }));
    expect(findCashShortfall(snaps)).toEqual({ month: 'm002-xx', months: 1, until_end: false });
    const v = compareView({ backup: shortProfile(), as_of: AS_OF, years: 10, scenario_ids: [] });
    // 10 years: chart points every 3rd month, of which only Mar 2027 (snapshot 3) falls in the short run.
    expect(v.step).toBe(3);
    expect(v.dates.slice(0, 3)).toEqual(['2026-12-15', '2027-03-31', '2027-06-30']);
    expect(v.scenarios[0].shortfall).toEqual({ month: '2027-01', months: 3, until_end: false });
  });

  it('reports a run that lasts to the end, and none when cash never goes below zero (a cent of rounding is not short)', () => {
    const snaps = [5, 0, -0.004, -1, -2].map((liquid_cash, k) => ({ date: `2027-0${k + 1}-28`, liquid_cash }));
    expect(findCashShortfall(snaps)).toEqual({ month: '2027-04', months: 2, until_end: true });
    expect(findCashShortfall([{ date: '2027-01-31', liquid_cash: 0 }])).toBeNull();
    expect(findCashShortfall([])).toBeNull();
  });
});

describe("compare view: today's dollars", () => {
  it('deflates by (1 + i)^(-t), t in years from as_of', () => {
    expect(deflator(3, 0)).toBe(1);
    expect(deflator(3, 12)).toBeCloseTo(1 / 1.03, 12);
    expect(deflator(2.5, 30)).toBeCloseTo(Math.pow(1.025, -2.5), 12);
    expect(deflator(0, 360)).toBe(1);
  });

  it("applies the profile's inflation rate (default 2.5%) to each chart point by its month", () => {
    const dflt = compareView({ backup: shortProfile(), as_of: AS_OF, years: 30, scenario_ids: [] });
    expect(dflt.inflation_rate).toBe(2.5);
    const v = compareView({ backup: shortProfile(4), as_of: AS_OF, years: 30, scenario_ids: [] });
    expect(v.inflation_rate).toBe(4);
    expect(v.step).toBe(6);
    const s = v.scenarios[0];
    s.net_worth.nominal.forEach((nominal, i) => {
      expect(s.net_worth.real[i]).toBeCloseTo((nominal ?? 0) * Math.pow(1.04, -(i * 6) / 12), 1);
    });
    expect(s.net_worth.real[0]).toBe(s.net_worth.nominal[0]);
    expect(s.real_summary.projected_net_worth).toBeCloseTo(s.summary.projected_net_worth * Math.pow(1.04, -30), 1);
  });
});

describe('compare view: summaries add up', () => {
  it('nominal: from cash flow + from growth = total change; no inflation part', () => {
    const v = compareView({ backup: shortProfile(3), as_of: AS_OF, years: 30, scenario_ids: [] });
    const n = v.scenarios[0].summary;
    expect(n.inflation).toBe(0);
    expect(n.total_change).toBeCloseTo(n.projected_net_worth - n.current_net_worth, 2);
    // Each month's figures are rounded to the cent on their own: over 360 months that can drift a few cents.
    expect(Math.abs(n.from_cash_flow + n.from_growth - n.total_change)).toBeLessThan(0.1);
  });

  it("today's dollars: the 'from inflation' part keeps the sum (from cash flow + from growth + inflation = total)", () => {
    const v = compareView({ backup: shortProfile(3), as_of: AS_OF, years: 30, scenario_ids: [] });
    const r = v.scenarios[0].real_summary;
    expect(r.inflation).toBeLessThan(0);
    expect(r.current_net_worth).toBe(v.scenarios[0].summary.current_net_worth);
    expect(Math.abs(r.from_cash_flow + r.from_growth + r.inflation - r.total_change)).toBeLessThan(0.1);
  });

  it('the identity holds exactly on hand-made months, and 0% inflation gives the nominal figures', () => {
    const snaps = [
      snap('2026-12-15', 1000, 0, 0),
      snap('2026-12-31', 1200, 150, 50),
      snap('2027-01-31', 1100, -130, 30),
      snap('2027-02-28', 1500, 380, 20),
    ];
    const r = realSummary(snaps, 12);
    const f = (k: number) => Math.pow(1.12, -k / 12);
    expect(r.projected_net_worth).toBeCloseTo(1500 * f(3), 2);
    expect(r.from_cash_flow).toBeCloseTo(150 * f(1) - 130 * f(2) + 380 * f(3), 2);
    expect(r.from_growth).toBeCloseTo(50 * f(1) + 30 * f(2) + 20 * f(3), 2);
    expect(r.inflation).toBeCloseTo(1000 * (f(1) - 1) + 1200 * (f(2) - f(1)) + 1100 * (f(3) - f(2)), 2);
    expect(r.from_cash_flow + r.from_growth + r.inflation).toBeCloseTo(r.total_change, 1);
    expect(realSummary(snaps, 0)).toEqual({
      current_net_worth: 1000,
      projected_net_worth: 1500,
      total_change: 500,
      from_cash_flow: 400,
      from_growth: 100,
      inflation: 0,
    });
  });

  it('several scenarios share one set of sampled dates, in the order asked for', () => {
    const profile = {
      ...shortProfile(),
      scenarios: [
        { id: 'a', name: 'A', is_baseline: true, events: [], modifications: [] },
        { id: 'b', name: 'B', is_baseline: false, events: [], modifications: [] },
      ],
    };
    const v = compareView({ backup: profile, as_of: AS_OF, years: 5, scenario_ids: ['b', 'a'] });
    expect(v.scenarios.map((s) => s.scenario_id)).toEqual(['b', 'a']);
    expect(v.dates).toHaveLength(61);
    expect(v.dates[0]).toBe(AS_OF);
    for (const s of v.scenarios) expect(s.net_worth.nominal).toHaveLength(61);
  });
});
