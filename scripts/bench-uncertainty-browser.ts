// `npx tsx scripts/bench-uncertainty-browser.ts`: in Chromium on the engine benchmark's heavy profile (5 scenarios,
// 60 accounts, 300 recurring items, 50 events), the time from clicking Run in the compare screen's Uncertainty mode
// to every fan chart drawn for 1,000 trials x 30 years x 5 scenarios, and the longest main-thread task meanwhile
// (PerformanceObserver 'longtask'). Targets: under 3 s to the charts, no task of 50 ms or more.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { longTasks, seedLocalData, watchLongTasks } from './bench-compare.ts';
import { heavyProfile } from './bench-engine.ts';

export const TARGET_MS = 3000;
export const LONG_TASK_MS = 50;

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

async function identityCall(identityUrl: string, operation: string, body: Record<string, unknown>): Promise<void> {
  const response = await fetch(identityUrl, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-amz-json-1.1',
      'X-Amz-Target': `AWSCognitoIdentityProviderService.${operation}`,
    },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${operation} failed: HTTP ${response.status} ${await response.text()}`);
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

async function main(): Promise<void> {
  const { chromium } = await import('playwright-core');
  const { startStack } = await import('./start.ts');
  const { repoRoot: root } = await import('./stack/build.ts');
  const FIXED = '123456';
  const dataDir = await mkdtemp(path.join(tmpdir(), 'wyrd-bench-uncertainty-'));
  const heavy = heavyProfile();
  const stack = await startStack({
    env: { LOCAL_AUTH_FIXED_CODE: FIXED },
    dataDir,
    ports: { web: 0, api: 0, identity: 0 },
    fixedCode: FIXED,
    distDir: path.join(root, 'test-results', 'bench-dist'),
    log: (line) => {
      if (line.startsWith('Building')) console.log(line);
    },
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
  try {
    const email = `bench-${Date.now()}@example.com`;
    const password = 'Wyrd-bench-Pass1!';
    const clientId = stack.appConfig.cognito.userPoolClientId;
    await identityCall(stack.identityUrl ?? '', 'SignUp', {
      ClientId: clientId,
      Username: email,
      Password: password,
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'given_name', Value: 'Bench' },
        { Name: 'family_name', Value: 'Mark' },
      ],
    });
    await identityCall(stack.identityUrl ?? '', 'ConfirmSignUp', {
      ClientId: clientId,
      Username: email,
      ConfirmationCode: FIXED,
    });
    const context = await browser.newContext({ baseURL: stack.webUrl, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel(/^email/i).fill(email);
    await page.getByLabel(/^password/i).fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard', { timeout: 30_000 });
    await seedLocalData(page, heavy);
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
    for (const [i, stress] of stresses.entries()) {
      await page.getByLabel('Stress test').selectOption(stress);
      await watchLongTasks(page);
      const ms = await timeRunClick(page);
      const tasks = await longTasks(page);
      longest = Math.max(longest, ...tasks);
      times.push(ms);
      const steps = await page.evaluate(() =>
        performance
          .getEntriesByType('measure')
          .filter((m) => m.name.startsWith('uncertainty'))
          .map((m) => `${m.name} ${m.duration.toFixed(0)} ms`)
          .join(', '),
      );
      await page.evaluate(() => performance.clearMeasures());
      console.log(
        `  run ${i + 1} (${stress || 'no stress test'}${i === 0 ? ', workers started by this run' : ''}): Run to fan charts drawn ${ms.toFixed(0)} ms (${steps}); long tasks ${tasks.length > 0 ? tasks.map((d) => `${d.toFixed(0)} ms`).join(', ') : 'none'}`,
      );
    }
    const first = times[0];
    const warm = median(times.slice(1));
    const passTime = first < TARGET_MS && warm < TARGET_MS;
    const passTask = longest < LONG_TASK_MS;
    console.log(
      `Run to fan charts drawn: first ${first.toFixed(0)} ms, then median ${warm.toFixed(0)} ms (target < ${TARGET_MS} ms): ${passTime ? 'pass' : 'FAIL'}`,
    );
    console.log(
      `Longest main-thread task: ${longest > 0 ? `${longest.toFixed(0)} ms` : 'none of 50 ms or more (the longtask API reports from 50 ms)'} (target < ${LONG_TASK_MS} ms): ${passTask ? 'pass' : 'FAIL'}`,
    );
    console.log(`${Number(passTime) + Number(passTask)} passed, ${2 - Number(passTime) - Number(passTask)} failed`);
    await context.close();
  } finally {
    await browser.close();
    await stack.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

const invokedDirectly = process.argv[1] !== undefined && /bench-uncertainty-browser\.ts$/.test(process.argv[1]);
if (invokedDirectly) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  });
}
