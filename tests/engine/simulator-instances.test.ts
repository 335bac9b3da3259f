// Simulator instances own their scratch buffers: different profiles run interleaved through two instances,
// alternately through one, re-entrantly from a spec's callback, or alternately through the public API give
// exactly what each gives when run alone.
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ASSUMPTIONS,
  compare,
  createSimulator,
  defaultEventCompiler,
  forecast,
  forecastPrepared,
  getTemplate,
  prepareProfile,
  simulate,
  withDefaults,
  type Primitive,
  type ProfileInput,
  type SimulationSpec,
  type Template,
} from '../../worker/engine/index';
import { heavyProfile } from '../../scripts/bench-engine';
import { BASE_ACCOUNTS, BASE_ITEMS, PICKS } from './templates/context';

const AS_OF = '2026-11-21';

/** A mid-sized profile unlike the heavy one: a mortgage, salary tax and super, template events. */
function householdProfile(): ProfileInput {
  const event = (
    scenario: string,
    id: string,
    templateId: string,
    trigger: string,
    params: Record<string, unknown> = {},
  ) => ({
    id,
    scenario_id: scenario,
    name: templateId,
    trigger_month: trigger,
    template_id: templateId,
    template_parameters: withDefaults(
      getTemplate(templateId) as Template,
      { ...PICKS[templateId], ...params },
      { is_baseline: false },
    ),
  });
  return {
    accounts: [...BASE_ACCOUNTS],
    recurring_items: [...BASE_ITEMS],
    scenarios: [
      {
        id: 'home',
        name: 'Extra repayments',
        is_baseline: false,
        events: [event('home', 'e1', 'extra_mortgage_repayments', '2027-02')],
        modifications: [],
      },
      {
        id: 'family',
        name: 'Family',
        is_baseline: false,
        events: [
          event('family', 'e2', 'parental_leave', '2028-05'),
          event('family', 'e3', 'job_income_change', '2029-01', { gross_annual_salary: 140_000 }),
        ],
        modifications: [],
      },
    ],
  } as ProfileInput;
}

const ZERO_RATES = {
  ...DEFAULT_ASSUMPTIONS,
  account_type_rates: Object.fromEntries(
    Object.keys(DEFAULT_ASSUMPTIONS.account_type_rates).map((k) => [k, 0]),
  ) as typeof DEFAULT_ASSUMPTIONS.account_type_rates,
};

/** A raw spec with a loan, a taxed salary with super, a transfer and an account opened later. */
function loanSpec(years: number): SimulationSpec {
  const primitives: Primitive[] = [
    {
      kind: 'account',
      key: 'offset',
      name: 'Offset',
      account_type: 'savings',
      is_asset: true,
      opening_balance: 5_000,
      opens: '2027-06',
    },
    {
      kind: 'loan',
      key: 'l',
      account: 'mort',
      annual_rate: 6,
      start: '2026-12',
      term_months: 300,
      repayment_from: '@cash',
      deductible_share: 0.5,
      taxpayer: 'me',
    },
    {
      kind: 'flow',
      key: 'pay',
      name: 'Pay',
      account: '@cash',
      amount: 4_200,
      schedule: { type: 'recurring', frequency: 'fortnightly', start_date: '2026-01-02', end_date: null },
      tax: { kind: 'salary', taxpayer: 'me', super_account: 'super' },
    },
    {
      kind: 'transfer',
      key: 't',
      name: 'Save',
      from: '@cash',
      to: 'offset',
      amount: 500,
      schedule: { type: 'recurring', frequency: 'monthly', start_date: '2027-07-01', end_date: null },
    },
  ];
  return {
    as_of: AS_OF,
    years,
    assumptions: ZERO_RATES,
    accounts: [
      { id: 'cash', name: 'Everyday', account_type: 'checking', is_asset: true, current_balance: 3_000 },
      { id: 'mort', name: 'Home loan', account_type: 'mortgage', is_asset: false, current_balance: -550_000 },
      { id: 'super', name: 'Super', account_type: 'superannuation', is_asset: true, current_balance: 80_000 },
    ],
    base: [],
    groups: [{ scope: 'ev', primitives }],
  };
}

/** A spec with no taxpayer and no loan, different sizes again. */
function plainSpec(): SimulationSpec {
  return {
    as_of: '2025-03-10',
    years: 7,
    assumptions: DEFAULT_ASSUMPTIONS,
    accounts: [{ id: 'chk', name: 'Everyday', account_type: 'checking', is_asset: true, current_balance: 1_000 }],
    base: [],
    groups: [
      {
        scope: 'ev',
        primitives: [
          {
            kind: 'flow',
            key: 'f',
            name: 'Wage',
            account: 'chk',
            amount: 900,
            schedule: { type: 'recurring', frequency: 'weekly', start_date: '2025-01-06', end_date: null },
          },
        ],
      },
    ],
  };
}

function compareAll(profile: ProfileInput, years: number) {
  return compare(profile, { as_of: AS_OF, years, scenario_ids: [] });
}

describe('simulator instances', () => {
  it('two instances running different specs interleaved give what each gives alone', () => {
    const specs = [loanSpec(30), plainSpec(), loanSpec(3)];
    const alone = specs.map((s) => simulate(s));
    const first = createSimulator();
    const second = createSimulator();
    for (let round = 0; round < 3; round++) {
      // Each instance runs every spec in turn (buffers grow and shrink), the other one in between.
      for (let i = 0; i < specs.length; i++) {
        expect(first.run(specs[i])).toEqual(alone[i]);
        expect(second.run(specs[(i + 1) % specs.length])).toEqual(alone[(i + 1) % specs.length]);
      }
    }
  });

  it('one instance re-entered from a spec callback gives each run what it gives alone', () => {
    // A second event's flow names the first event's account by its materialised id: compiling resolves that
    // through entity_id, which the simulator calls only for such a reference.
    const loan = loanSpec(10);
    const gift: Primitive = {
      kind: 'flow',
      key: 'gift',
      name: 'Gift',
      account: 'ev/offset',
      amount: 1_000,
      schedule: { type: 'once', date: '2028-01-15' },
    };
    const outer: SimulationSpec = {
      ...loan,
      groups: [...loan.groups, { scope: 'ev2', primitives: [gift] }],
      entity_id: (scope, key) => `${scope}/${key}`,
    };
    const inner = plainSpec();
    const outerAlone = simulate(outer);
    const innerAlone = simulate(inner);
    const simulator = createSimulator();
    const innerResults: unknown[] = [];
    // entity_id runs while the outer run compiles: start other runs on the same instance and the public API.
    const reentrant: SimulationSpec = {
      ...outer,
      entity_id: (scope, key) => {
        innerResults.push(simulator.run(inner), simulate(inner, simulator));
        return `${scope}/${key}`;
      },
    };
    expect(outerAlone.warnings).toEqual(simulate(loan).warnings);
    expect(simulator.run(reentrant)).toEqual(outerAlone);
    expect(innerResults.length).toBeGreaterThan(0);
    for (const r of innerResults) expect(r).toEqual(innerAlone);
    // The instance is free again and its buffers intact.
    expect(simulator.run(inner)).toEqual(innerAlone);
    expect(simulator.run(outer)).toEqual(outerAlone);
  });

  it('two prepared profiles forecast alternately, scenario by scenario, match comparing each alone', () => {
    const heavy = heavyProfile();
    const household = householdProfile();
    const heavyAlone = compareAll(heavy, 30);
    const householdAlone = compareAll(household, 12);
    const heavyPrepared = prepareProfile(heavy, defaultEventCompiler);
    const householdPrepared = prepareProfile(household, defaultEventCompiler);
    const heavyIds = heavyAlone.scenarios.map((s) => s.scenario_id);
    const householdIds = householdAlone.scenarios.map((s) => s.scenario_id);
    // Through each profile's own simulator, then both through one shared simulator.
    const shared = createSimulator();
    for (const simulatorFor of [(p: typeof heavyPrepared) => p.simulator, () => shared]) {
      for (let i = 0; i < Math.max(heavyIds.length, householdIds.length); i++) {
        if (i < heavyIds.length) {
          expect(
            forecastPrepared(heavyPrepared, heavyIds[i], { as_of: AS_OF, years: 30 }, simulatorFor(heavyPrepared)),
          ).toEqual(heavyAlone.scenarios[i]);
        }
        if (i < householdIds.length) {
          expect(
            forecastPrepared(
              householdPrepared,
              householdIds[i],
              { as_of: AS_OF, years: 12 },
              simulatorFor(householdPrepared),
            ),
          ).toEqual(householdAlone.scenarios[i]);
        }
      }
    }
  });

  it('alternating public forecast and compare calls on different profiles give the same as alone', () => {
    const heavy = heavyProfile();
    const household = householdProfile();
    const heavyAlone = compareAll(heavy, 30);
    const householdAlone = compareAll(household, 12);
    const familyAlone = forecast(household, { as_of: AS_OF, years: 12, scenario_id: 'family' });
    // A caller's own simulator (as the worker keeps one) shared by both profiles.
    const kept = createSimulator();
    for (let round = 0; round < 2; round++) {
      expect(compareAll(household, 12)).toEqual(householdAlone);
      expect(forecast(household, { as_of: AS_OF, years: 12, scenario_id: 'family' })).toEqual(familyAlone);
      expect(compareAll(heavy, 30)).toEqual(heavyAlone);
      expect(compare(household, { as_of: AS_OF, years: 12, scenario_ids: [] }, kept)).toEqual(householdAlone);
      expect(compare(heavy, { as_of: AS_OF, years: 30, scenario_ids: [] }, kept)).toEqual(heavyAlone);
      expect(forecast(household, { as_of: AS_OF, years: 12, scenario_id: 'family' }, kept)).toEqual(familyAlone);
    }
    expect(familyAlone.warnings).toEqual([]);
    expect(householdAlone.scenarios.find((s) => s.scenario_id === 'family')).toEqual(familyAlone);
  });
});
