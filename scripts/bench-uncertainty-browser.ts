// `npx tsx scripts/bench-uncertainty-browser.ts`: in Chromium on the engine benchmark's heavy profile (5 scenarios,
// 60 accounts, 300 recurring items, 50 events), the time from clicking Run in the compare screen's Uncertainty mode
// to every fan chart drawn for 1,000 trials x 30 years x 5 scenarios, and the longest main-thread task meanwhile
// (PerformanceObserver 'longtask'). Targets: under 1.2 s to the charts, no task of 50 ms or more. The first Run is
// clicked as soon as the view is ready (the worst case for the workers' warm-up); BENCH_FIRST_RUN_AFTER_MS=N clicks it
// no sooner than N ms after choosing Uncertainty instead, as a user who reads the view first would (a diagnostic:
// the default run is the one that counts).
import { readFile, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { median, openHeavyBenchPage } from './bench-compare';

export const TARGET_MS = 1200;
export const LONG_TASK_MS = 50;

type LongTask = { start: number; duration: number };

/** Records every long main-thread task from now on (Chromium's PerformanceObserver 'longtask'), with its start. */
async function watchLongTasks(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __tasks: LongTask[]; __taskObserver?: PerformanceObserver };
    w.__tasks = [];
    w.__taskObserver?.disconnect();
    w.__taskObserver = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__tasks.push({ start: e.startTime, duration: e.duration });
    });
    w.__taskObserver.observe({ type: 'longtask' });
  });
}

async function longTasks(page: Page): Promise<LongTask[]> {
  // Entries are delivered asynchronously: give the observer a moment to report the last tasks.
  await page.waitForTimeout(100);
  return page.evaluate(() => (window as unknown as { __tasks: LongTask[] }).__tasks.slice());
}

/**
 * Clicks Run and resolves with the milliseconds until a new result's fan charts have all drawn (measured in the page
 * with performance.now()).
 */
export async function timeRunClick(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const button = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Run');
    if (!button || button.disabled) throw new Error('the Run button is not available');
    const before = document.querySelector('[data-testid="uncertainty-results"]')?.getAttribute('data-run') ?? '0';
    const start = performance.now();
    performance.mark('bench: run clicked');
    // No named helper functions in here: tsx's keepNames would wrap them in a __name() the page lacks.
    const finished = new Promise<number>((resolve, reject) => {
      const observer = new MutationObserver(() => {
        const results = document.querySelector('[data-testid="uncertainty-results"]');
        const charts = document.querySelector('[data-testid="fan-charts"]');
        if (document.querySelector('[role="alert"]')) {
          observer.disconnect();
          reject(new Error(document.querySelector('[role="alert"]')?.textContent ?? 'failed'));
        }
        if (
          results !== null &&
          results.getAttribute('data-run') !== before &&
          charts?.getAttribute('data-charts-drawn') === 'true'
        ) {
          observer.disconnect();
          resolve(performance.now() - start);
        }
      });
      observer.observe(document.body, {
        subtree: true,
        childList: true,
        attributes: true,
        attributeFilter: ['data-charts-drawn', 'data-run'],
      });
    });
    button.click();
    return finished;
  });
}

type TraceEvent = {
  name?: string;
  ph?: string;
  pid: number;
  tid: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
};
type TraceFile = { traceEvents: TraceEvent[] } | TraceEvent[];

/** The page's main thread (CrRendererMain) tasks in a trace: the longest CPU time, and the longest wall time with its CPU. */
export function mainThreadCpu(trace: TraceFile): { longestCpu: number; longestWall: number; cpuOfLongestWall: number } {
  const events = Array.isArray(trace) ? trace : trace.traceEvents;
  const main = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  let longestCpu = 0;
  let longestWall = 0;
  let cpuOfLongestWall = 0;
  for (const e of events) {
    if (e.name !== 'RunTask' || !main.has(`${e.pid}:${e.tid}`)) continue;
    const wall = (e.dur ?? 0) / 1000;
    const cpu = (e.tdur ?? 0) / 1000;
    longestCpu = Math.max(longestCpu, cpu);
    if (wall > longestWall) {
      longestWall = wall;
      cpuOfLongestWall = cpu;
    }
  }
  return { longestCpu, longestWall, cpuOfLongestWall };
}

async function main(): Promise<void> {
  const { page, context, browser, dataDir, heavy, close } = await openHeavyBenchPage('uncertainty');
  try {
    const scenarios = heavy.scenarios ?? [];
    console.log(
      `Heavy profile: ${heavy.accounts.length} accounts, ${heavy.recurring_items.length} recurring items, ${scenarios.length} scenarios x 10 events`,
    );

    await page.goto('/scenarios/compare');
    await page.locator('.compare[data-warm="true"]').waitFor({ timeout: 30_000 });
    for (const s of scenarios) {
      const box = page.getByRole('checkbox', { name: new RegExp(`^${s.name}`) });
      if (!(await box.isChecked())) await box.check();
    }
    await page.getByLabel('Forecast period').selectOption('30');
    // The first Run's time depends on how long the workers have had to warm up since Uncertainty was chosen.
    await page.evaluate(() => performance.mark('bench: uncertainty chosen'));
    await page.getByRole('radio', { name: 'Uncertainty' }).check();
    await page.getByLabel('Trials').selectOption('1000');
    const concurrency = await page.evaluate(() => navigator.hardwareConcurrency);
    console.log(
      `1,000 trials x 30 years x ${scenarios.length} scenarios; hardware concurrency ${concurrency}, pool of ${Math.max(2, concurrency - 1)} workers`,
    );

    // Each run asks for something new (another stress test), so the result cache never answers.
    const stresses = ['', 'rates_up_5y', 'high_inflation_decade', 'crash_first_year'];
    const times: number[] = [];
    let longest = 0;
    let afterChoice = NaN;
    // A Chromium trace of every run: each main-thread task's CPU time, beside the wall time the longtask API reports.
    const traceFile = path.join(dataDir, 'trace.json');
    await browser.startTracing(page, {
      path: traceFile,
      categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'],
    });
    const firstAfter = Number(process.env.BENCH_FIRST_RUN_AFTER_MS ?? 0);
    for (const [i, stress] of stresses.entries()) {
      await page.getByLabel('Stress test').selectOption(stress);
      if (i === 0 && firstAfter > 0) {
        const since = await page.evaluate(
          () => performance.now() - (performance.getEntriesByName('bench: uncertainty chosen').at(-1)?.startTime ?? 0),
        );
        if (since < firstAfter) await page.waitForTimeout(firstAfter - since);
      }
      await watchLongTasks(page);
      const ms = await timeRunClick(page);
      const tasks = await longTasks(page);
      longest = Math.max(longest, ...tasks.map((t) => t.duration));
      const [clicked, chosen] = await page.evaluate(() => [
        performance.getEntriesByName('bench: run clicked').at(-1)?.startTime ?? 0,
        performance.getEntriesByName('bench: uncertainty chosen').at(-1)?.startTime ?? NaN,
      ]);
      if (i === 0) afterChoice = clicked - chosen;
      times.push(ms);
      // BENCH_VERBOSE=1: each chart's init and draw too, with its start after the click.
      const steps = await page.evaluate(
        ([verbose, from]) =>
          performance
            .getEntriesByType('measure')
            .filter((m) => m.name.startsWith('uncertainty') || (verbose && m.name.startsWith('chart')))
            .map((m) =>
              m.name.startsWith('chart')
                ? `${m.name.slice(0, m.name.indexOf(':', m.name.indexOf(':') + 1))} at +${(m.startTime - from).toFixed(0)} ${m.duration.toFixed(0)} ms`
                : `${m.name} ${m.duration.toFixed(0)} ms`,
            )
            .join(', '),
        [process.env.BENCH_VERBOSE === '1', clicked] as const,
      );
      await page.evaluate(() => {
        performance.clearMeasures();
        performance.clearMarks();
      });
      console.log(
        `  run ${i + 1} (${stress || 'no stress test'}${i === 0 ? `, first after opening, clicked ${afterChoice.toFixed(0)} ms after choosing Uncertainty` : ''}): Run to fan charts drawn ${ms.toFixed(0)} ms (${steps}); long tasks ${tasks.length > 0 ? tasks.map((t) => `${t.duration.toFixed(0)} ms at +${(t.start - clicked).toFixed(0)} ms`).join(', ') : 'none'}`,
      );
    }
    await browser.stopTracing();
    const cpu = mainThreadCpu(JSON.parse(await readFile(traceFile, 'utf8')) as TraceFile);
    if (process.env.BENCH_KEEP_TRACE) await writeFile(process.env.BENCH_KEEP_TRACE, await readFile(traceFile));
    const load = loadavg()[0];
    const first = times[0];
    const warm = median(times.slice(1));
    const passTime = first < TARGET_MS && warm < TARGET_MS;
    const passTask = longest < LONG_TASK_MS;
    console.log(
      `Run to fan charts drawn: first ${first.toFixed(0)} ms (Run clicked ${afterChoice.toFixed(0)} ms after choosing Uncertainty), then median ${warm.toFixed(0)} ms (target < ${TARGET_MS} ms): ${passTime ? 'pass' : 'FAIL'}`,
    );
    console.log(
      `Longest main-thread task: ${longest > 0 ? `${longest.toFixed(0)} ms` : 'none of 50 ms or more (the longtask API reports from 50 ms)'} (target < ${LONG_TASK_MS} ms): ${passTask ? 'pass' : 'FAIL'}`,
    );
    console.log(
      `Main-thread tasks by CPU time (trace): longest ${cpu.longestCpu.toFixed(1)} ms of CPU; the longest by wall time was ${cpu.longestWall.toFixed(1)} ms with ${cpu.cpuOfLongestWall.toFixed(1)} ms of CPU. ` +
        `Load average ${load.toFixed(1)} on ${cpus().length} cores: a wall time far above its CPU time is the thread waiting for a core.`,
    );
    console.log(`${Number(passTime) + Number(passTask)} passed, ${2 - Number(passTime) - Number(passTask)} failed`);
    await context.close();
  } finally {
    await close();
  }
}

const invokedDirectly = process.argv[1] !== undefined && /bench-uncertainty-browser\.ts$/.test(process.argv[1]);
if (invokedDirectly) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  });
}
