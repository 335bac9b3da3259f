// Every template's defaults run through the real simulator for 30 years: no NaN, the reconciliation
// identity in every month, no unresolved references, and the expected direction of a few effects.
import { describe, expect, it } from 'vitest';
import { forecast } from '../../../worker/engine/index';
import { TEMPLATES, getTemplate } from '../../../worker/engine/templates/catalogue';
import { withDefaults } from '../../../worker/engine/templates/parameters';
import { BASE_ACCOUNTS, BASE_ITEMS, PICKS } from './context';

const AS_OF = '2026-11-21';

function profile(templateId: string, params: Record<string, unknown>, baseline: boolean) {
  const t = getTemplate(templateId)!;
  return {
    accounts: BASE_ACCOUNTS.map((a) => ({ ...a, institution: null, annual_rate: a.annual_rate ?? null })),
    recurring_items: BASE_ITEMS,
    categories: [],
    scenarios: [
      {
        id: 'sc-1',
        name: 'Scenario',
        description: '',
        is_baseline: baseline,
        events: [
          {
            id: 'ev-1',
            scenario_id: 'sc-1',
            name: t.name,
            trigger_month: baseline ? '2026-11' : '2027-03',
            template_id: templateId,
            template_parameters: withDefaults(t, { ...PICKS[templateId], ...params }, { is_baseline: baseline }),
          },
        ],
        modifications: [],
      },
    ],
  };
}

function run(templateId: string, params: Record<string, unknown> = {}, baseline = false) {
  // A baseline scenario's own forecast is the base alone, which includes its events.
  return forecast(profile(templateId, params, baseline), { as_of: AS_OF, years: 30, scenario_id: 'sc-1' });
}

describe('templates through the simulator', () => {
  const cases = TEMPLATES.flatMap((t) => [
    { id: t.template_id, baseline: false },
    ...(t.supports_baseline ? [{ id: t.template_id, baseline: true }] : []),
  ]);

  it.each(cases)('$id (baseline $baseline): finite, reconciled, no warnings', ({ id, baseline }) => {
    const result = run(id, {}, baseline);
    expect(result.warnings).toEqual([]);
    const s = result.snapshots;
    expect(s).toHaveLength(361);
    for (const snap of s)
      for (const v of Object.values(snap)) if (typeof v === 'number') expect(Number.isFinite(v)).toBe(true);
    for (let k = 1; k < s.length; k++) {
      expect(
        Math.abs(s[k].net_worth - s[k - 1].net_worth - (s[k].cash_flow + s[k].capital_growth)),
      ).toBeLessThanOrEqual(0.02);
    }
  });

  it('duty and LMI cost net worth in the purchase month; the Home Guarantee avoids the LMI', () => {
    const plain = run('buy_first_home', { purchase_price: 700_000, deposit_amount: 35_000 });
    const hgs = run('buy_first_home', { purchase_price: 700_000, deposit_amount: 35_000, use_home_guarantee: true });
    const march = (r: typeof plain) => r.snapshots.find((x) => x.date === '2027-03-31')!;
    // LMI at 95% LVR: 665,000 x 3.55% = 23,607.50, all an expense in March.
    expect(march(hgs).cash_flow - march(plain).cash_flow).toBeCloseTo(23_607.5, 0);
  });

  it('negative gearing lowers tax compared with the same property under the proposed 2027 limits', () => {
    const withJob = (params: Record<string, unknown>) => {
      const p = profile('negative_gearing', params, false);
      const job = getTemplate('job_income_change')!;
      p.scenarios[0].events.push({
        ...p.scenarios[0].events[0],
        id: 'ev-job',
        name: 'Job',
        template_id: 'job_income_change',
        template_parameters: withDefaults(job, { gross_annual_salary: 150_000 }, { is_baseline: false }),
      });
      return forecast(p, { as_of: AS_OF, years: 10, scenario_id: 'sc-1' });
    };
    const taxIn = (r: ReturnType<typeof withJob>) =>
      r.snapshots.slice(1, 61).reduce((sum, x) => sum + Number((x as { tax?: number }).tax ?? 0), 0);
    const geared = taxIn(withJob({}));
    const limited = taxIn(withJob({ apply_2027_rules: true }));
    expect(geared).toBeGreaterThan(0);
    expect(geared).toBeLessThan(limited);
  });
});
