// Browser tests for the compare screen's Uncertainty mode (issue 13): 500 trials run in the worker pool give the
// fan charts, the cards (equal to a single-threaded run of the same engine on the data the app sent) and the
// percentile tables; a long run cancels promptly. Screenshot: test-results/uncertainty-fan.png.
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedLocalData, type SeedBackup } from '../../scripts/bench-compare';
import { heavyProfile } from '../../scripts/bench-engine';
import { defaultChunkSize, trialChunks, WARM_CHUNK, WARM_TRIALS } from '../../src/lib/forecast/uncertainty-pool';
import { runUncertainty, type UncertaintyRequest } from '../../worker/engine/index';
import { compareBackup } from '../ui/compare-fixture';
import { createConfirmedUser, useBrowser } from './harness';
import { AppShell } from './page-models/app-page';
import { signInToDashboard } from './page-models/auth-pages';
import { UncertaintyView } from './page-models/uncertainty-view';

const repoRoot = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');

/** Names every worker the page starts, and keeps the profile and requests the pool's workers are sent. */
const CAPTURE_POOL = `(() => {
  const Native = window.Worker;
  window.__workerNames = [];
  window.__poolLoads = [];
  window.__poolRequests = [];
  window.__poolRanges = [];
  window.Worker = class extends Native {
    constructor(url, options) {
      super(url, options);
      window.__workerNames.push(options && options.name);
    }
  };
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (message, ...rest) {
    try {
      if (message && message.type === 'APPLY' && Array.isArray(message.path)) {
        if (message.path[0] === 'load') window.__poolLoads.push(JSON.parse(JSON.stringify(message.argumentList[1].value)));
        if (message.path[0] === 'trialBatch') {
          window.__poolRequests.push(JSON.parse(JSON.stringify(message.argumentList[1].value)));
          window.__poolRanges.push(JSON.parse(JSON.stringify(message.argumentList[2].value)));
        }
      }
    } catch (err) { console.error(err); }
    return post.call(this, message, ...rest);
  };
})();`;

type Captured = {
  __workerNames: string[];
  __poolLoads: unknown[];
  __poolRequests: UncertaintyRequest[];
  /** Each trialBatch's range, beside its request (a count of 0 prepares the request only). */
  __poolRanges: Array<{ first_trial: number; count: number }>;
};

async function captured(page: Page): Promise<Captured> {
  return page.evaluate(() => {
    const w = window as unknown as Captured;
    return {
      __workerNames: w.__workerNames,
      __poolLoads: w.__poolLoads,
      __poolRequests: w.__poolRequests,
      __poolRanges: w.__poolRanges,
    };
  });
}

describe('compare screen, Uncertainty mode', () => {
  const t = useBrowser('installed');
  let heavy: SeedBackup;

  beforeAll(() => {
    heavy = heavyProfile();
  });

  async function signedInWith(backup: SeedBackup, label: string): Promise<void> {
    const user = await createConfirmedUser(t.stack, label);
    await t.context.addInitScript(CAPTURE_POOL);
    await signInToDashboard(t.page, user);
    await seedLocalData(t.page, backup);
  }

  it('runs 500 trials in the worker pool: fan charts, cards equal to a single-threaded run, the percentile table', async () => {
    await signedInWith(compareBackup, 'uncertainty-run');
    const { page } = t;
    const view = new UncertaintyView(page);
    await view.openUncertainty();
    await view.scenario('Job loss').check();
    await view.trials().selectOption('500');
    await view.runTrialsButton().click();
    await view.fanChartsDrawn(60_000);

    // Two fan charts drawn on canvases, one card each.
    const charts = view.fanChartImages();
    expect(await charts.count()).toBe(2);
    expect(await view.fanCanvases().count()).toBeGreaterThanOrEqual(2);
    const cards = view.uncertaintyCards();
    expect(await cards.count()).toBe(2);

    // The pool: hardware concurrency less one workers, at least two. Opening the view started the workers on the run
    // Run would start then (the default 1,000 trials), WARM_CHUNK trials at a time, at least one chunk each and at
    // most WARM_TRIALS in all; this run (500 trials, another request) sent every worker the profile once more and
    // its chunks: 50 trials each, smaller at the end.
    const concurrency = await page.evaluate(() => navigator.hardwareConcurrency);
    const {
      __workerNames: names,
      __poolLoads: loads,
      __poolRequests: requests,
      __poolRanges: ranges,
    } = await captured(page);
    const size = Math.max(2, concurrency - 1);
    expect(names.filter((n) => n.startsWith('wyrd-uncertainty-')).sort()).toEqual(
      Array.from({ length: size }, (_, i) => `wyrd-uncertainty-${i}`),
    );
    expect(loads).toHaveLength(2 * size);
    // Once the screen had settled, the workers may also have prepared that request (a batch of no trials).
    const warmChunks = requests.filter((r, i) => r.trials === 1000 && ranges[i].count > 0).length;
    expect(warmChunks).toBeGreaterThanOrEqual(size);
    expect(warmChunks).toBeLessThanOrEqual(WARM_TRIALS / WARM_CHUNK);
    expect(requests.filter((r) => r.trials === 500)).toHaveLength(trialChunks(500, defaultChunkSize(500), size).length);
    const request = requests.filter((r) => r.trials === 500)[0];
    expect(request).toMatchObject({ trials: 500, years: 5, scenario_ids: ['sc-base', 'sc-loss'], stress: null });

    // The same engine on this thread, in one batch, on the data the app sent: the figures the cards show.
    const expected = runUncertainty(loads[0], request);
    const shown = await view.shortfalls();
    expect(shown).toEqual(expected.scenarios.map((s) => ({ id: s.scenario_id, shortfall: s.shortfall_probability })));

    // The text alternative.
    await view.showTables();
    const tables = view.percentileTables();
    await tables.first().waitFor();
    expect(await tables.count()).toBe(2);
    expect(await view.rows(tables.first()).count()).toBe(6);
    expect(await view.caption(tables.first()).innerText()).toBe('Today: net worth percentiles, 500 trials');

    await new AppShell(page).unstickTopBar();
    await view.fanChart(1).screenshot({ path: path.join(repoRoot, 'test-results', 'uncertainty-fan.png') });

    // A new option for the same result (today's dollars), then a new result (1,000 trials): drawn on the canvases
    // already there.
    const canvases = view.fanCanvases();
    await canvases.evaluateAll((els) => els.forEach((el, i) => el.setAttribute('data-kept', String(i))));
    const pixels = () => canvases.first().evaluate((c) => (c as HTMLCanvasElement).toDataURL());
    const nominal = await pixels();
    await view.realDollars().check();
    await view.fanChartsDrawn(60_000);
    const real = await pixels();
    expect(real).not.toBe(nominal);
    await view.trials().selectOption('1000');
    await view.runTrialsButton().click();
    await view.resultShown(2, 60_000);
    await view.fanChartsDrawn(60_000);
    expect(await canvases.evaluateAll((els) => els.map((el) => el.getAttribute('data-kept')))).toEqual(
      Array.from({ length: await canvases.count() }, (_, i) => String(i)),
    );
    expect(await pixels()).not.toBe(real);
    expect(t.errors).toEqual([]);
  });

  it('cancels a long run promptly: the progress bar goes, no result is shown and Run works again', async () => {
    await signedInWith(heavy, 'uncertainty-cancel');
    const { page } = t;
    const view = new UncertaintyView(page);
    await view.openUncertainty();
    for (const name of ['Scenario 1', 'Scenario 2', 'Scenario 3', 'Scenario 4']) await view.scenario(name).check();
    await view.period().selectOption('30');
    await view.trials().selectOption('5000');
    await view.runTrialsButton().click();
    const bar = view.progress();
    await bar.waitFor();
    await expect
      .poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 60_000 })
      .toBeGreaterThan(0);
    const started = Date.now();
    await view.cancel();
    await bar.waitFor({ state: 'detached' });
    expect(Date.now() - started).toBeLessThan(1000);
    await view.cancelledNote().waitFor();
    expect(await view.uncertaintyCards().count()).toBe(0);
    const run = view.runTrialsButton();
    expect(await run.isEnabled()).toBe(true);

    // Nothing late arrives.
    await page.waitForTimeout(1500);
    expect(await view.uncertaintyCards().count()).toBe(0);
    expect(await view.cancelledNote().count()).toBe(1);
    expect(t.errors).toEqual([]);
  });
});
