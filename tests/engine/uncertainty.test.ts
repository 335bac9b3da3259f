// The uncertainty engine (worker/engine/uncertainty, docs/uncertainty.md): zero volatility reproduces the
// deterministic forecast to the cent, the same seed gives byte-identical results however the trials are split,
// input is checked like compare's, and each stress test moves the figures by the documented amount.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  EngineInputError,
  compare,
  compareView,
  keepProfile,
  mergeTrialBatches,
  prepareTrials,
  runPreparedTrials,
  runTrialBatch,
  runUncertainty,
  sampleSnapshots,
  sharedRowCount,
  splitTrials,
  UNCERTAINTY_HELP_TEXT,
  type UncertaintyRequest,
} from '../../worker/engine/index';
import { heavyProfile } from '../../scripts/bench-engine';

const AS_OF = '2026-11-21';

const zeroVolatility = {
  returns: Object.fromEntries(
    ['checking', 'savings', 'investment', 'superannuation', 'property'].map((t) => [t, { volatility: 0 }]),
  ),
  inflation_volatility: 0,
  rate_volatility: 0,
};

function withUncertainty(profile: ReturnType<typeof heavyProfile>, uncertainty: Record<string, unknown>) {
  return { ...profile, assumptions: { ...(profile.assumptions ?? {}), uncertainty } };
}

/** One person retiring onto an account-based pension and the Age Pension, with a home and a mortgage. */
function agePensionProfile() {
  return {
    assumptions: { people: [{ id: 'self', name: 'Sam', birth_date: '1962-03-01' }], uncertainty: zeroVolatility },
    accounts: [
      { id: 'chk', name: 'Everyday', account_type: 'checking', current_balance: 20_000, is_asset: true },
      { id: 'sup', name: 'Super', account_type: 'superannuation', current_balance: 450_000, is_asset: true },
      { id: 'home', name: 'Home', account_type: 'property', current_balance: 900_000, is_asset: true },
      { id: 'mort', name: 'Mortgage', account_type: 'mortgage', current_balance: -150_000, is_asset: false },
    ],
    recurring_items: [
      ['pay', 7_000, '2026-01-15'],
      ['spend', -4_500, '2026-01-10'],
    ].map(([id, amount, start_date]) => ({
      id,
      name: String(id),
      amount,
      frequency: 'monthly',
      start_date,
      end_date: null,
      account_id: 'chk',
      category_id: 'c',
      is_active: true,
    })),
    scenarios: [
      { id: 'now', name: 'Now', is_baseline: true, events: [], modifications: [] },
      {
        id: 'ret',
        name: 'Retire 2028',
        is_baseline: false,
        events: [
          {
            id: 'r1',
            scenario_id: 'ret',
            name: 'Retire',
            trigger_month: '2028-07',
            template_id: 'retirement',
            template_parameters: { annual_drawdown: 50_000, salary_item: 'pay', super_account_id: 'sup' },
          },
        ],
        modifications: [],
      },
    ],
  };
}

/** One earner sacrificing well over the concessional cap into super near $500,000, and a second scenario. */
function superCapProfile() {
  const event = (id: string, scenario: string, template: string, parameters: Record<string, unknown>) => ({
    id,
    scenario_id: scenario,
    name: id,
    trigger_month: '2026-12',
    template_id: template,
    template_parameters: parameters,
  });
  return {
    assumptions: {
      people: [{ id: 'self', name: 'Sam', birth_date: '1980-03-01' }],
      retirement: {
        unused_concessional_cap: [2021, 2022, 2023, 2024, 2025].map((financial_year) => ({
          person: 'self',
          financial_year,
          amount: 30_000,
        })),
      },
    },
    accounts: [
      { id: 'chk', name: 'Everyday', account_type: 'checking', current_balance: 20_000, is_asset: true },
      { id: 'sup', name: 'Super', account_type: 'superannuation', current_balance: 490_000, is_asset: true },
      { id: 'sav', name: 'Savings', account_type: 'savings', current_balance: 40_000, is_asset: true },
    ],
    recurring_items: [],
    scenarios: [
      {
        id: 'now',
        name: 'Now',
        is_baseline: true,
        events: [
          event('job', 'now', 'job_income_change', { gross_annual_salary: 200_000, pay_frequency: 'monthly' }),
          event('sac', 'now', 'salary_sacrifice', { sacrifice_amount: 5_000, sacrifice_frequency: 'monthly' }),
        ],
        modifications: [],
      },
      {
        id: 'car',
        name: 'New car',
        is_baseline: false,
        events: [event('buy', 'car', 'major_purchase', { purchase_name: 'Car', purchase_amount: 30_000 })],
        modifications: [],
      },
    ],
  };
}

describe('uncertainty: zero volatility is the deterministic forecast', () => {
  it('every trial equals the deterministic projection to the cent, nominal and in today’s dollars (heavy profile)', () => {
    const profile = withUncertainty(heavyProfile(), zeroVolatility);
    const years = 30;
    const request: UncertaintyRequest = { as_of: AS_OF, years, trials: 3, seed: 5 };
    const batches = runTrialBatch(profile, request, { first_trial: 0, count: 3 });
    const comparison = compare(profile, { as_of: AS_OF, years, scenario_ids: [] });
    const view = compareView({ backup: profile, as_of: AS_OF, years, scenario_ids: [] });
    expect(batches.map((b) => b.scenario_id)).toEqual(comparison.scenarios.map((s) => s.scenario_id));
    batches.forEach((batch, s) => {
      const expected = sampleSnapshots(comparison.scenarios[s].snapshots, years).map((x) => x.net_worth);
      expect(batch.sample_months).toEqual(view.dates.map((d) => d.slice(0, 7)));
      for (let t = 0; t < 3; t++) {
        const n = expected.length;
        expect(Array.from(batch.net_worth.subarray(t * n, (t + 1) * n))).toEqual(expected);
        expect(Array.from(batch.real_net_worth.subarray(t * n, (t + 1) * n))).toEqual(view.scenarios[s].net_worth.real);
      }
    });
    const merged = mergeTrialBatches(request, [batches]);
    merged.scenarios.forEach((s, i) => {
      expect(s.nominal.p10).toEqual(s.nominal.p90);
      expect(s.nominal.p50).toEqual(view.scenarios[i].net_worth.nominal);
      expect(s.real.p50).toEqual(view.scenarios[i].net_worth.real);
      expect(s.shortfall_probability).toBe(view.scenarios[i].shortfall ? 1 : 0);
      expect(s.shortfall_most_likely_first_month).toBe(view.scenarios[i].shortfall?.month ?? null);
    });
  });
});

describe('uncertainty: rows the scenarios share', () => {
  it('runs the rows every scenario holds alike once a trial, with the same trials as each scenario on its own', () => {
    const profile = heavyProfile();
    const ids = (profile.scenarios ?? []).map((s) => s.id);
    for (const stress of [
      undefined,
      { name: 'crash_first_year' as const },
      { name: 'high_inflation_decade' as const },
      { name: 'rates_up_5y' as const },
    ]) {
      const request: UncertaintyRequest = {
        as_of: AS_OF,
        years: 30,
        trials: 12,
        seed: 9,
        ...(stress ? { stress } : {}),
      };
      const prepared = prepareTrials(profile, request);
      // Most of the heavy profile's 60 base accounts are touched by no event of any scenario.
      expect(sharedRowCount(prepared)).toBeGreaterThan(40);
      const together = runPreparedTrials(prepared, { first_trial: 0, count: 12 });
      ids.forEach((id, s) => {
        const alone = prepareTrials(profile, { ...request, scenario_ids: [id] });
        expect(sharedRowCount(alone)).toBe(0);
        const [batch] = runPreparedTrials(alone, { first_trial: 0, count: 12 });
        expect(Array.from(together[s].net_worth)).toEqual(Array.from(batch.net_worth));
        expect(Array.from(together[s].real_net_worth)).toEqual(Array.from(batch.real_net_worth));
        expect(Array.from(together[s].shortfall_first_step)).toEqual(Array.from(batch.shortfall_first_step));
      });
    }
  });

  it('shares super the retirement phase only reads, and its 30 June total still follows each trial', () => {
    // Super of $490,000 growing at about 7% with $60,000 a year sacrificed on a $200,000 salary: $87,500 a year over
    // the cap against $150,000 of unused cap carried from earlier years. Carry-forward needs the total super balance
    // of the 30 June before under $500,000: true of as_of's balance, never of a later June's, so the excess is taxed
    // only from the second year. Read at a stale balance, the shared super would keep the carried cap in use (the
    // loop without the copy fails this test).
    const profile = superCapProfile();
    const request: UncertaintyRequest = { as_of: AS_OF, years: 5, trials: 8, seed: 3 };
    const prepared = prepareTrials(profile, request);
    expect(sharedRowCount(prepared)).toBe(2); // the super and the savings
    const together = runPreparedTrials(prepared, { first_trial: 0, count: 8 });
    ['now', 'car'].forEach((id, s) => {
      const alone = prepareTrials(profile, { ...request, scenario_ids: [id] });
      expect(sharedRowCount(alone)).toBe(0);
      const [batch] = runPreparedTrials(alone, { first_trial: 0, count: 8 });
      expect(Array.from(together[s].net_worth)).toEqual(Array.from(batch.net_worth));
      expect(Array.from(together[s].real_net_worth)).toEqual(Array.from(batch.real_net_worth));
    });
  });

  it('measures a goal on a shared account at its month, as each scenario on its own does', () => {
    // The savings are shared and only the goal reads them, at the end of March 2030 (no 30 June).
    const profile = superCapProfile();
    const goal = { account_id: 'sav', amount: 45_500, date: '2030-03-31' };
    const request: UncertaintyRequest = { as_of: AS_OF, years: 5, trials: 20, seed: 4, goal };
    const together = runPreparedTrials(prepareTrials(profile, request), { first_trial: 0, count: 20 });
    ['now', 'car'].forEach((id, s) => {
      const alone = prepareTrials(profile, { ...request, scenario_ids: [id] });
      const [batch] = runPreparedTrials(alone, { first_trial: 0, count: 20 });
      expect(Array.from(together[s].goal_reached)).toEqual(Array.from(batch.goal_reached));
      // Some trials reach it and some do not: the balance read is each trial's own.
      expect(new Set(batch.goal_reached).size).toBe(2);
    });
  });

  it('shares nothing when an Age Pension claimant makes the loop read every balance', () => {
    // The home is touched by no event, but the Age Pension's assets test reads it every month.
    const prepared = prepareTrials(agePensionProfile(), { as_of: AS_OF, years: 30, trials: 2, seed: 1 });
    expect(sharedRowCount(prepared)).toBe(0);
  });
});

describe('uncertainty: zero volatility through retirement', () => {
  it('runs a plan again and again unchanged: pension, Age Pension and a mortgage, two trials equal the forecast', () => {
    const profile = agePensionProfile();
    const years = 30;
    const comparison = compare(profile, { as_of: AS_OF, years, scenario_ids: [] });
    const batches = runTrialBatch(profile, { as_of: AS_OF, years, trials: 2 }, { first_trial: 0, count: 2 });
    batches.forEach((batch, s) => {
      const expected = sampleSnapshots(comparison.scenarios[s].snapshots, years).map((x) => x.net_worth);
      expect(Array.from(batch.net_worth)).toEqual([...expected, ...expected]);
    });
  });
});

describe('uncertainty: seeded and reproducible', () => {
  const profile = heavyProfile();
  const request: UncertaintyRequest = { as_of: AS_OF, years: 10, trials: 23, seed: 99 };

  it('gives byte-identical results with one batch and with four uneven batches merged in any order', () => {
    const one = runUncertainty(profile, request);
    const ranges = [
      { first_trial: 0, count: 2 },
      { first_trial: 2, count: 11 },
      { first_trial: 13, count: 1 },
      { first_trial: 14, count: 9 },
    ];
    const parts = ranges.map((r) => runTrialBatch(profile, request, r));
    const merged = mergeTrialBatches(request, [parts[2], parts[0], parts[3], parts[1]]);
    expect(JSON.stringify(merged)).toBe(JSON.stringify(one));
    // Trial k is the same trial in any batch.
    const whole = runTrialBatch(profile, request, { first_trial: 0, count: 23 });
    const n = whole[0].sample_months.length;
    expect(Array.from(parts[1][0].net_worth)).toEqual(Array.from(whole[0].net_worth.subarray(2 * n, 13 * n)));
  });

  it('a prepared request runs ranges in any order with the same trials as separate batches', () => {
    const prepared = prepareTrials(profile, request);
    const later = runPreparedTrials(prepared, { first_trial: 14, count: 9 });
    const earlier = runPreparedTrials(prepared, { first_trial: 0, count: 14 });
    expect(mergeTrialBatches(request, [later, earlier])).toEqual(runUncertainty(profile, request));
    expect(later[0].net_worth).toEqual(runTrialBatch(profile, request, { first_trial: 14, count: 9 })[0].net_worth);
  });

  it('a kept profile serves request after request with the same trials as the profile itself', () => {
    const kept = keepProfile(profile);
    const stresses = [
      null,
      { name: 'high_inflation_decade' as const },
      { name: 'crash_first_year' as const },
      { name: 'rates_up_5y' as const },
      null,
    ];
    stresses.forEach((stress, i) => {
      // Another as_of and horizon half way: the kept profile's compiled events and base items serve any of them.
      const r: UncertaintyRequest = { ...request, ...(i === 2 ? { as_of: '2027-03-15', years: 12 } : {}), stress };
      const fromKept = runPreparedTrials(prepareTrials(kept, r), { first_trial: 3, count: 5 });
      const fresh = runPreparedTrials(prepareTrials(profile, r), { first_trial: 3, count: 5 });
      expect(fromKept).toEqual(fresh);
    });
  });

  it("a kept profile's plans serve requests prepared together, their trials run in any order", () => {
    const kept = keepProfile(profile);
    const inflation: UncertaintyRequest = { ...request, stress: { name: 'high_inflation_decade' } };
    const crash: UncertaintyRequest = { ...request, stress: { name: 'crash_first_year' } };
    const twice: UncertaintyRequest = { ...request, scenario_ids: ['sc-1', 'sc-1', 'sc-2'] };
    const a = prepareTrials(kept, inflation);
    const b = prepareTrials(kept, crash);
    const c = prepareTrials(kept, twice);
    const range = { first_trial: 2, count: 4 };
    const expected = [inflation, crash, twice].map((r) => runPreparedTrials(prepareTrials(profile, r), range));
    expect(runPreparedTrials(a, range)).toEqual(expected[0]);
    expect(runPreparedTrials(c, range)).toEqual(expected[2]);
    expect(runPreparedTrials(b, range)).toEqual(expected[1]);
    expect(runPreparedTrials(a, range)).toEqual(expected[0]);
    expect(runPreparedTrials(a, { first_trial: 0, count: 23 })).toEqual(
      runPreparedTrials(prepareTrials(profile, inflation), { first_trial: 0, count: 23 }),
    );
  });

  it('a kept profile that is not valid is refused on every request, as the profile itself is', () => {
    const bad = { ...profile, accounts: [{ ...profile.accounts[0], account_type: 'boat' }] };
    const kept = keepProfile(bad);
    for (let i = 0; i < 2; i++) {
      expect(() => prepareTrials(kept, request)).toThrow(EngineInputError);
      let fromKept: unknown;
      let direct: unknown;
      try {
        prepareTrials(kept, request);
      } catch (err) {
        fromKept = (err as EngineInputError).errors;
      }
      try {
        prepareTrials(bad, request);
      } catch (err) {
        direct = (err as EngineInputError).errors;
      }
      expect(fromKept).toEqual(direct);
    }
  });

  it('splitTrials covers every trial once with sizes that differ by at most one', () => {
    expect(splitTrials(10, 4)).toEqual([
      { first_trial: 0, count: 3 },
      { first_trial: 3, count: 3 },
      { first_trial: 6, count: 2 },
      { first_trial: 8, count: 2 },
    ]);
    expect(splitTrials(2, 5)).toEqual([
      { first_trial: 0, count: 1 },
      { first_trial: 1, count: 1 },
    ]);
  });

  it('a different seed gives different trials; the result reports the seed used', () => {
    const a = runUncertainty(profile, { ...request, trials: 5 });
    const b = runUncertainty(profile, { ...request, trials: 5, seed: 100 });
    expect(a.seed).toBe(99);
    expect(b.seed).toBe(100);
    expect(a.scenarios[0].nominal.p50).not.toEqual(b.scenarios[0].nominal.p50);
    const c = runUncertainty(profile, { as_of: AS_OF, years: 2, trials: 2 });
    expect(c.seed).toBe(1);
  });

  it('refuses a merge that misses or repeats trials', () => {
    const part = runTrialBatch(profile, { ...request, trials: 4 }, { first_trial: 0, count: 2 });
    expect(() => mergeTrialBatches({ ...request, trials: 4 }, [part])).toThrow(/2 trials merged, 4 requested/);
    expect(() => mergeTrialBatches({ ...request, trials: 4 }, [part, part])).toThrow(/missing or repeated/);
  });
});

describe('uncertainty: input', () => {
  const profile = heavyProfile();
  const fieldOf = (fn: () => unknown) => {
    try {
      fn();
    } catch (err) {
      if (err instanceof EngineInputError) return err.errors[0];
      throw err;
    }
    throw new Error('no error thrown');
  };

  it('names the bad field of the request, the range and the profile', () => {
    const ok: UncertaintyRequest = { as_of: AS_OF, years: 5, trials: 10 };
    expect(fieldOf(() => runUncertainty(profile, { ...ok, trials: 0 })).path).toBe('$options.trials');
    expect(fieldOf(() => runUncertainty(profile, { ...ok, years: 51 })).path).toBe('$options.years');
    expect(fieldOf(() => runUncertainty(profile, { ...ok, as_of: '2026-02-30' })).path).toBe('$options.as_of');
    expect(fieldOf(() => runUncertainty(profile, { ...ok, scenario_ids: ['nope'] })).path).toBe(
      '$options.scenario_ids[0]',
    );
    expect(fieldOf(() => runUncertainty(profile, { ...ok, stress: { name: 'nope' as 'rates_up_5y' } })).path).toBe(
      '$options.stress.name',
    );
    expect(fieldOf(() => runUncertainty(profile, { ...ok, stress: { name: 'crash_at_event' } })).path).toBe(
      '$options.stress.event_id',
    );
    expect(fieldOf(() => runUncertainty(profile, { ...ok, goal: { amount: 1, date: '2040-01-01' } })).path).toBe(
      '$options.goal.date',
    );
    expect(fieldOf(() => runTrialBatch(profile, ok, { first_trial: 5, count: 6 })).path).toBe('$range');
    expect(fieldOf(() => runUncertainty({ accounts: 'x' }, ok)).path).toBe('$.accounts');
  });

  it('rejects correlations that cannot all hold with a clear message', () => {
    const bad = withUncertainty(profile, {
      correlations: {
        'investment:superannuation': 0.99,
        'investment:property': 0.99,
        'superannuation:property': -0.99,
      },
    });
    const e = fieldOf(() => runUncertainty(bad, { as_of: AS_OF, years: 1, trials: 1 }));
    expect(e.path).toBe('$.assumptions.uncertainty.correlations');
    expect(e.message).toMatch(/not positive definite/);
  });
});

describe('uncertainty: help text', () => {
  it('docs/uncertainty.md quotes UNCERTAINTY_HELP_TEXT exactly, so the screen and the docs agree', () => {
    const doc = readFileSync(resolve(__dirname, '../../docs/uncertainty.md'), 'utf8');
    expect(doc).toContain(`> ${UNCERTAINTY_HELP_TEXT}\n`);
  });
});
