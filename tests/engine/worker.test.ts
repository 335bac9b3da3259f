// The worker API across a real Comlink boundary (node worker_threads stand in for the browser's module
// worker): plain data in, plain data out, errors as data with their field paths.
import { Worker } from 'node:worker_threads';
import { join } from 'node:path';
import { wrap, type Remote } from 'comlink';
import nodeEndpoint from 'comlink/dist/umd/node-adapter';
import { afterAll, describe, expect, it } from 'vitest';
import type { ForecastApi } from '../../worker/forecast-api';

const worker = new Worker(join(__dirname, 'helpers/node-forecast-worker.mjs'));
const api: Remote<ForecastApi> = wrap<ForecastApi>(nodeEndpoint(worker));
afterAll(() => worker.terminate());

const profile = {
  accounts: [{ id: 'a', name: 'Everyday', account_type: 'checking', current_balance: 100, is_asset: true }],
  recurring_items: [
    {
      id: 'r',
      name: 'Pay',
      amount: 10,
      frequency: 'monthly',
      start_date: '2027-01-05',
      end_date: null,
      account_id: 'a',
      category_id: 'c',
      is_active: true,
    },
  ],
  scenarios: [],
};

describe('forecast worker over Comlink', () => {
  it('forecasts and compares with plain data', { timeout: 20_000 }, async () => {
    const f = await api.forecast(profile, { as_of: '2026-12-20', years: 1 });
    expect(f.ok).toBe(true);
    if (f.ok) expect(f.value.snapshots[12]).toMatchObject({ date: '2027-12-31', net_worth: 220 });
    const c = await api.compareApi(profile, { as_of: '2026-12-20', years: 1, scenario_ids: [], sampled: true });
    expect(c.ok && c.value.base.snapshots[1].cash_flow).toBe('10.00');
  });
  it("shapes the compare screen's view and warms up through the same worker", { timeout: 20_000 }, async () => {
    const v = await api.compareView({ backup: profile, as_of: '2026-12-20', years: 1, scenario_ids: [] });
    expect(v.ok).toBe(true);
    if (v.ok) {
      expect(v.value).toMatchObject({ as_of: '2026-12-20', years: 1, step: 1, inflation_rate: 2.5 });
      expect(v.value.dates).toHaveLength(13);
      expect(v.value.scenarios[0]).toMatchObject({
        scenario_id: 'base',
        shortfall: null,
        summary: { current_net_worth: 100, projected_net_worth: 220 },
      });
    }
    expect(await api.warmUp('2026-12-20')).toEqual({ ok: true, value: true });
    expect(await api.warmUp('2026-12-20', profile)).toEqual({ ok: true, value: true });
    const bad = await api.compareView({ backup: profile, as_of: '2026-12-20', years: 1, scenario_ids: ['nope'] });
    expect(bad).toMatchObject({
      ok: false,
      errors: [{ path: '$options.scenario_ids[0]', message: 'no scenario with id "nope"' }],
    });
    const badDate = await api.compareView({ backup: profile, as_of: '20-12-2026', years: 1, scenario_ids: [] });
    expect(badDate.ok).toBe(false);
  });
  it('returns field errors as data', { timeout: 20_000 }, async () => {
    const r = await api.compare(
      { ...profile, accounts: [{ ...profile.accounts[0], is_asset: 'yes' }] },
      { as_of: '2026-12-20', years: 1, scenario_ids: [] },
    );
    expect(r).toMatchObject({ ok: false, errors: [{ path: '$.accounts[0].is_asset' }] });
  });
});
