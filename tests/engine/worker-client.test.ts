// The UI's typed client and the compare screen's runner over a real Comlink boundary: the browser's Worker is
// stood in for by node worker_threads running the same API, so the app's one-worker path is what is tested.
import { join } from 'node:path';
import { Worker as NodeWorker } from 'node:worker_threads';
import nodeEndpoint from 'comlink/dist/umd/node-adapter';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { prewarmCompare, workerCompareRunner } from '../../src/lib/forecast/compare-runner';
import { createForecastClient, getForecastClient, terminateForecastClient } from '../../worker/forecast-client';

const started: string[] = [];
let stopped = 0;

/** Just enough of the browser's Worker for Comlink, over a worker_threads port. */
class StandInWorker {
  private readonly node = new NodeWorker(join(__dirname, 'helpers/node-forecast-worker.mjs'));
  private readonly ep = nodeEndpoint(this.node);
  constructor(url: URL, options?: { name?: string }) {
    started.push(`${options?.name ?? ''} ${url.pathname.split('/').pop() ?? ''}`);
  }
  postMessage(message: unknown, transfer?: Transferable[]) {
    this.ep.postMessage(message, transfer);
  }
  addEventListener(type: string, listener: EventListenerOrEventListenerObject) {
    this.ep.addEventListener(type, listener);
  }
  removeEventListener(type: string, listener: EventListenerOrEventListenerObject) {
    this.ep.removeEventListener(type, listener);
  }
  terminate() {
    stopped++;
    void this.node.terminate();
  }
}

const backup = {
  accounts: [{ id: 'a', name: 'Everyday', account_type: 'checking', current_balance: 100, is_asset: true }],
  recurring_items: [
    {
      id: 'r',
      name: 'Rent',
      amount: -60,
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

beforeAll(() => vi.stubGlobal('Worker', StandInWorker));
afterAll(() => {
  terminateForecastClient();
  vi.unstubAllGlobals();
});

describe('one forecast worker for the app', () => {
  it('is started once, named, and shared by the compare runner and its warm-up', { timeout: 30_000 }, async () => {
    expect(getForecastClient()).toBe(getForecastClient());
    await prewarmCompare('2026-12-20', backup);
    const outcome = await workerCompareRunner({ backup, as_of: '2026-12-20', years: 1, scenario_ids: [] });
    expect(outcome.ok).toBe(true);
    // $100, $60 out a month from January: short from the end of February 2027 to the end.
    if (outcome.ok)
      expect(outcome.view.scenarios[0].shortfall).toEqual({ month: '2027-02', months: 11, until_end: true });
    const bad = await workerCompareRunner({ backup, as_of: '2026-12-20', years: 0, scenario_ids: [] });
    expect(bad).toMatchObject({ ok: false, errors: [{ path: '$options.years' }] });
    expect(started).toEqual(['wyrd-forecast forecast.worker.ts']);
  });

  it(
    'terminate() stops the worker itself (not a call posted to it), and a later call starts a new one',
    { timeout: 30_000 },
    async () => {
      const own = createForecastClient();
      expect((await own.warmUp('2026-12-20')).ok).toBe(true);
      own.terminate();
      expect(stopped).toBe(1);
      terminateForecastClient();
      expect(stopped).toBe(2);
      const again = await getForecastClient().compareView({ backup, as_of: '2026-12-20', years: 1, scenario_ids: [] });
      expect(again.ok).toBe(true);
      expect(started).toHaveLength(3);
    },
  );
});
