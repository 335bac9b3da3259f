// Property test (fast-check, fixed seed): over random profiles with random primitives, events and
// modifications, every figure is finite and net_worth[k] - net_worth[k-1] = cash_flow[k] + capital_growth[k]
// within $0.02 for every month (docs/forecast-model.md section 4).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SNAPSHOT_FIGURES, compareScenarios, type ScenarioForecast } from '../../worker/engine/index';
import { CATALOGUE, kept, mixed, profileArb, valid } from './helpers/random-profiles';

function checkForecast(f: ScenarioForecast, years: number): void {
  expect(f.snapshots).toHaveLength(12 * years + 1);
  for (const s of f.snapshots)
    for (const k of SNAPSHOT_FIGURES)
      if (!Number.isFinite(s[k])) throw new Error(`${f.scenario_id} ${s.date} ${k} = ${s[k]}`);
  for (let k = 1; k < f.snapshots.length; k++) {
    const a = f.snapshots[k - 1];
    const b = f.snapshots[k];
    const gap = b.net_worth - a.net_worth - b.cash_flow - b.capital_growth;
    if (Math.abs(gap) > 0.02 + 1e-9) throw new Error(`${f.scenario_id} month ${k} (${b.date}): identity off by ${gap}`);
  }
}

describe('reconciliation identity and finiteness', () => {
  it('holds for every month of every scenario over random profiles', () => {
    fc.assert(
      fc.property(profileArb, (p) => {
        const profile = {
          assumptions: p.assumptions,
          accounts: p.accounts,
          recurring_items: p.recurring_items,
          scenarios: [
            {
              id: 's0',
              name: 'Baseline',
              is_baseline: true,
              events: [...p.baselineEvents, ...valid(p.baselineTemplateEvents, true)],
              modifications: [],
            },
            {
              id: 's1',
              name: 'What if',
              is_baseline: false,
              events: [...p.events, ...valid(p.templateEvents, false)],
              modifications: p.modifications,
            },
          ],
        };
        const c = compareScenarios(profile, { as_of: p.as_of, years: p.years, scenario_ids: [] }, mixed);
        for (const f of c.scenarios) checkForecast(f, p.years);
        const sum = c.scenarios[1].summary;
        expect(Math.abs(sum.total_change - sum.from_cash_flow - sum.from_growth)).toBeLessThanOrEqual(
          0.02 * 12 * p.years + 1e-6,
        );
      }),
      { numRuns: 1000, seed: 20261121 },
    );
    // The random parameters must exercise every template of the catalogue, not just pass validation rarely.
    for (const t of CATALOGUE) expect(kept.get(t.template_id) ?? 0, t.template_id).toBeGreaterThan(5);
  });
});
