// Browser test for Explain this number (issue 12 item 8) on the real stack: a month chosen with the keyboard opens
// a dialog whose tables show the forecast CLI's --explain figures for the data the app exported, and a click on a
// chart opens the month under the pointer.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { seedLocalData } from '../../scripts/bench-compare';
import { formatMoneyCents } from '../../src/lib/format/money';
import { compareBackup } from '../ui/compare-fixture';
import type { MonthExplanation } from '../../worker/engine/index';
import { createConfirmedUser, useBrowser } from './harness';
import { signInToDashboard } from './page-models/auth-pages';
import { ComparePage } from './page-models/compare-page';
import { ExplainDialog } from './page-models/explain-dialog';

const run = promisify(execFile);
const repoRoot = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');

/** Keeps the backup and options the page sends the forecast worker's explainMonth. */
const CAPTURE_EXPLAIN = `(() => {
  const post = Worker.prototype.postMessage;
  window.__explainRequests = [];
  Worker.prototype.postMessage = function (message, ...rest) {
    try {
      if (message && message.type === 'APPLY' && Array.isArray(message.path) && message.path[0] === 'explainMonth') {
        window.__explainRequests.push({
          backup: JSON.parse(JSON.stringify(message.argumentList[0].value)),
          options: JSON.parse(JSON.stringify(message.argumentList[1].value)),
        });
      }
    } catch (err) { console.error(err); }
    return post.call(this, message, ...rest);
  };
})();`;

type ExplainRequest = {
  backup: unknown;
  options: { as_of: string; years: number; month: string; scenario_ids: string[] };
};

async function cliExplain(request: ExplainRequest): Promise<MonthExplanation[]> {
  const dir = await mkdtemp(path.join(tmpdir(), 'wyrd-explain-e2e-'));
  try {
    const file = path.join(dir, 'backup.json');
    await writeFile(file, JSON.stringify(request.backup));
    const { as_of, years, month, scenario_ids } = request.options;
    const args = ['tsx', 'worker/cli/forecast.ts', file, '--years', String(years), '--as-of', as_of];
    args.push(...scenario_ids.flatMap((id) => ['--scenario', id]));
    const { stdout } = await run('npx', [...args, '--explain', month], { cwd: repoRoot, maxBuffer: 1 << 26 });
    return (JSON.parse(stdout) as { scenarios: MonthExplanation[] }).scenarios;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('explain this number', () => {
  const t = useBrowser('installed');

  it("opens a month's breakdown from the keyboard and from a chart click, with the CLI's figures", async () => {
    const user = await createConfirmedUser(t.stack, 'explain');
    await t.context.addInitScript(CAPTURE_EXPLAIN);
    await signInToDashboard(t.page, user);
    await seedLocalData(t.page, compareBackup);
    const { page } = t;
    const compare = new ComparePage(page);
    const explain = new ExplainDialog(page);
    await compare.open('?selected=sc-base&selected=sc-loss');
    await compare.anyChartsDrawn(30_000);

    // Keyboard: two months on with the arrow keys, Tab to the button, Enter.
    const slider = explain.monthSlider();
    await slider.focus();
    const first = await slider.getAttribute('aria-valuetext');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    const chosen = (await slider.getAttribute('aria-valuetext')) ?? '';
    expect(chosen).not.toBe(first);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    const dialog = explain.dialog(chosen);
    await dialog.waitFor();
    await expect.poll(() => explain.scenarios(dialog).count()).toBe(2);
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);

    const requests = await page.evaluate(
      () => (window as unknown as { __explainRequests: ExplainRequest[] }).__explainRequests,
    );
    expect(requests).toHaveLength(1);
    expect(requests[0].options.scenario_ids).toEqual(['sc-base', 'sc-loss']);
    const expected = await cliExplain(requests[0]);
    const shown = await explain.shown(dialog);
    expect(shown).toEqual(
      expected.map((e) => ({
        heading: e.name,
        cash: formatMoneyCents(e.cash_flow.total),
        growth: formatMoneyCents(e.capital_growth.total),
      })),
    );
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    // A click in the middle of the net worth chart opens the month under the pointer.
    const chart = compare.chart('Net Worth Projection');
    await chart.scrollIntoViewIfNeeded();
    const box = await chart.boundingBox();
    expect(box).not.toBeNull();
    await chart.click({ position: { x: box!.width / 2, y: box!.height / 2 } });
    const clicked = explain.dialog();
    await clicked.waitFor();
    await expect.poll(() => explain.scenarios(clicked).count()).toBe(2);
    expect(t.errors).toEqual([]);
  });
});
