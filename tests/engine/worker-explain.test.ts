// The worker API's explainMonth across a real Comlink boundary: the breakdown arrives as plain data, errors as data.
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
  accounts: [
    { id: 'a', name: 'Everyday', account_type: 'checking', current_balance: 1000, is_asset: true, annual_rate: 6 },
  ],
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

describe('explainMonth over Comlink', () => {
  it('explains a month of the base and reports a bad month as a field error', { timeout: 20_000 }, async () => {
    const r = await api.explainMonth(profile, { as_of: '2026-12-20', years: 1, month: '2027-01', scenario_ids: [] });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value).toHaveLength(1);
    const e = r.value[0];
    expect(e).toMatchObject({ scenario_id: 'base', month: '2027-01', date: '2027-01-31', complete: true });
    expect(e.cash_flow.sections.map((s) => [s.id, s.total])).toEqual([
      ['income', 10],
      ['interest', 5],
    ]);
    expect(e.cash_flow.total).toBe(15);
    const bad = await api.explainMonth(profile, { as_of: '2026-12-20', years: 1, month: '2028-01', scenario_ids: [] });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.errors[0].path).toBe('$options.month');
  });
});
