// `npm run lighthouse`: audits / and /login, and a signed-in /dashboard and /scenarios/compare (a user signed
// in and seeded on the throwaway local stack), with Lighthouse 12 (mobile) in Debian's chromium; checks that
// Chromium finds the PWA installable (CDP Page.getInstallabilityErrors); and measures the landing page's
// initial JS (gzip) from the build. Exits non-zero when a target is missed.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { createServer } from 'node:net';
import { chromium, type BrowserContext } from 'playwright-core';
import { startStack, type RunningStack } from './start';
import { distDir, repoRoot } from './stack/build';
import { FIXED_CODE, signUpConfirmed } from './stack/identity';

const CHROME_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';
const CHROME_FLAGS =
  '--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run';
const TARGETS = { accessibility: 95, 'best-practices': 95, performance: 95 } as const;
const INITIAL_JS_LIMIT_KB = 200;
// Strings only chart code contains (zrender is echarts' renderer); chunk names are checked as well.
const CHART_MARKERS = ['zrender', 'echarts'];

type Category = keyof typeof TARGETS;
type LighthouseReport = {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { numericValue?: number; details?: { items?: Array<Record<string, unknown>> } }>;
};

/**
 * Runs the Lighthouse CLI on `url`: in a Chrome of its own (fresh profile), or, with `port`, in the running
 * Chrome listening there, keeping its storage (the signed-in session, IndexedDB, the service worker).
 */
function runLighthouse(url: string, port?: number): Promise<LighthouseReport> {
  const cli = path.join(repoRoot, 'node_modules', 'lighthouse', 'cli', 'index.js');
  const args = [
    cli,
    url,
    ...(port
      ? [`--port=${port}`, '--hostname=127.0.0.1', '--disable-storage-reset']
      : [`--chrome-flags=${CHROME_FLAGS}`]),
    '--only-categories=performance,accessibility,best-practices',
    '--form-factor=mobile',
    '--output=json',
    '--output-path=stdout',
    '--quiet',
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      env: { ...process.env, CHROME_PATH },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`lighthouse exited with ${code}: ${stderr.slice(-2000)}`));
      try {
        resolve(JSON.parse(stdout) as LighthouseReport);
      } catch (error) {
        reject(new Error(`lighthouse output was not JSON: ${String(error)}`));
      }
    });
  });
}

export type InitialJs = { files: Array<{ file: string; gzipBytes: number }>; totalKb: number; chartFiles: string[] };

/** The JS that dist/index.html loads before any interaction: module scripts plus modulepreload links. */
export async function measureInitialJs(dir = distDir): Promise<InitialJs> {
  const html = await readFile(path.join(dir, 'index.html'), 'utf8');
  const urls = new Set<string>();
  for (const match of html.matchAll(/<script\b[^>]*\bsrc="([^"]+\.js)"[^>]*>/g)) urls.add(match[1]);
  for (const match of html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*>/g)) {
    const href = /\bhref="([^"]+)"/.exec(match[0])?.[1];
    if (href) urls.add(href);
  }
  const files: InitialJs['files'] = [];
  const chartFiles: string[] = [];
  for (const url of urls) {
    const file = url.replace(/^\//, '');
    const content = await readFile(path.join(dir, file));
    files.push({ file, gzipBytes: gzipSync(content, { level: 9 }).length });
    const text = content.toString('utf8');
    // Chunk file names may appear in the preload map of the entry; only real chart code counts.
    const lazyNamesRemoved = text.replace(/assets\/[\w.-]+\.js/g, '');
    if (/echarts/i.test(path.basename(file)) || CHART_MARKERS.some((marker) => lazyNamesRemoved.includes(marker)))
      chartFiles.push(file);
  }
  const totalKb = files.reduce((sum, entry) => sum + entry.gzipBytes, 0) / 1024;
  return { files, totalKb, chartFiles };
}

function scriptTransferKb(report: LighthouseReport): number {
  const items = report.audits['network-requests']?.details?.items ?? [];
  const bytes = items
    .filter((item) => item.resourceType === 'Script')
    .reduce((sum, item) => sum + (typeof item.transferSize === 'number' ? item.transferSize : 0), 0);
  return bytes / 1024;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** A realistic profile: the small fixture backup grown to 8 accounts, 24 recurring items and 3 scenarios. */
async function seedBackup(): Promise<string> {
  const file = JSON.parse(await readFile(path.join(repoRoot, 'tests/engine/fixtures/small-backup.json'), 'utf8')) as {
    accounts: Array<Record<string, unknown>>;
    recurring_items: Array<Record<string, unknown>>;
    scenarios: Array<Record<string, unknown> & { modifications: unknown[] }>;
  };
  const types = ['savings', 'investment', 'superannuation', 'property', 'checking'];
  for (let i = 0; i < 5; i++)
    file.accounts.push({
      id: `acc-extra-${i}`,
      name: `${['Holiday fund', 'Shares', 'Super', 'Home', 'Joint account'][i]}`,
      account_type: types[i],
      current_balance: 5000 * (i + 2),
      institution: 'Bank',
      is_asset: true,
      scenario_event_id: null,
    });
  for (let i = 0; i < 22; i++)
    file.recurring_items.push({
      id: `ri-extra-${i}`,
      name: `Expense ${i + 1}`,
      amount: -(20 + i * 7),
      frequency: ['weekly', 'fortnightly', 'monthly'][i % 3],
      start_date: '2026-07-01',
      end_date: null,
      account_id: 'acc-everyday',
      category_id: 'cat-rent',
      is_active: true,
      scenario_event_id: null,
    });
  file.scenarios.push({ ...file.scenarios[1], id: 'sc-more', name: 'Save harder', modifications: [] });
  return JSON.stringify(file);
}

/**
 * A Chromium with a persistent profile, a CDP port for Lighthouse, and a user signed in with a seeded profile
 * (imported through Profile > Data, then synced), so Lighthouse audits the signed-in pages as a person sees them.
 */
async function signedInChrome(stack: RunningStack, dir: string): Promise<{ port: number; context: BrowserContext }> {
  const port = await freePort();
  const context = await chromium.launchPersistentContext(path.join(dir, 'profile'), {
    executablePath: CHROME_PATH,
    headless: true,
    args: [...CHROME_FLAGS.split(' ').filter((f) => !f.startsWith('--headless')), `--remote-debugging-port=${port}`],
    baseURL: stack.webUrl,
    viewport: { width: 412, height: 823 },
  });
  context.setDefaultTimeout(60_000);
  const email = `lighthouse-${Date.now()}@example.com`;
  const password = 'Wyrd-Lighthouse-Pass1!';
  const ClientId = stack.appConfig.cognito.userPoolClientId;
  await signUpConfirmed(stack.identityUrl ?? '', ClientId, { email, password, givenName: 'Audit', familyName: 'User' });
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto('/login');
  await page.getByLabel(/^email/i).fill(email);
  await page.getByLabel(/^password/i).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((u) => u.pathname === '/dashboard');
  await page.goto('/profile');
  await page.getByRole('tab', { name: 'Data' }).click();
  const backup = path.join(dir, 'seed-backup.json');
  const { writeFile } = await import('node:fs/promises');
  await writeFile(backup, await seedBackup());
  page.once('dialog', (d) => void d.accept());
  await page.getByLabel('Import data').setInputFiles(backup);
  await page.getByText(/^Import complete:/).waitFor();
  await page
    .getByTestId('sync-state')
    .filter({ hasText: /^Synced at/ })
    .waitFor();
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null);
  return { port, context };
}

/** Chromium's own installability check of the built app (Lighthouse 12 has no PWA category). */
async function installabilityErrors(context: BrowserContext): Promise<string[]> {
  const page = await context.newPage();
  try {
    await page.goto('/');
    await page.waitForFunction(() => navigator.serviceWorker?.controller !== null);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: Array<{ errorId: string; errorArguments: Array<{ name: string; value: string }> }>;
    };
    return installabilityErrors.map(
      (e) =>
        `${e.errorId}${e.errorArguments.length ? ` (${e.errorArguments.map((a) => `${a.name}=${a.value}`).join(', ')})` : ''}`,
    );
  } finally {
    await page.close();
  }
}

/** Keeps each report (test-results/lighthouse/<route>.json) and names what moved, for a missed target. */
async function saveReport(route: string, report: LighthouseReport): Promise<void> {
  const dir = path.join(repoRoot, 'test-results', 'lighthouse');
  const { mkdir, writeFile } = await import('node:fs/promises');
  await mkdir(dir, { recursive: true });
  const name = route.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'landing';
  await writeFile(path.join(dir, `${name}.json`), JSON.stringify(report));
}

function printReport(route: string, report: LighthouseReport): boolean {
  void saveReport(route, report).catch(() => undefined);
  let ok = true;
  console.log(`\nLighthouse (mobile) ${route}`);
  for (const category of Object.keys(TARGETS) as Category[]) {
    const score = Math.round((report.categories[category]?.score ?? 0) * 100);
    const meets = score >= TARGETS[category];
    ok &&= meets;
    console.log(
      `  ${category.padEnd(15)} ${String(score).padStart(3)}  (target >= ${TARGETS[category]}: ${meets ? 'met' : 'NOT met'})`,
    );
  }
  const metric = (id: string) => report.audits[id]?.numericValue ?? NaN;
  console.log(
    `  FCP ${(metric('first-contentful-paint') / 1000).toFixed(2)} s, LCP ${(metric('largest-contentful-paint') / 1000).toFixed(2)} s, ` +
      `TBT ${Math.round(metric('total-blocking-time'))} ms, CLS ${metric('cumulative-layout-shift').toFixed(3)}, ` +
      `SI ${(metric('speed-index') / 1000).toFixed(2)} s, JS transferred ${scriptTransferKb(report).toFixed(1)} kB`,
  );
  return ok;
}

async function main(): Promise<void> {
  if (!existsSync(CHROME_PATH)) {
    console.error(
      `Chromium is missing at ${CHROME_PATH}. Install it with: sudo apt-get update && sudo apt-get install -y chromium`,
    );
    process.exit(1);
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), 'wyrd-lighthouse-'));
  const stack = await startStack({
    env: { LOCAL_AUTH_FIXED_CODE: FIXED_CODE },
    fixedCode: FIXED_CODE,
    dataDir,
    ports: { web: 0, api: 0, identity: 0 },
    log: (line) => {
      if (line.startsWith('Building') || line.startsWith('  ')) console.log(line);
    },
  });
  let ok = true;
  try {
    for (const route of ['/', '/login']) ok = printReport(route, await runLighthouse(`${stack.webUrl}${route}`)) && ok;

    const chrome = await signedInChrome(stack, dataDir);
    try {
      for (const route of ['/dashboard', '/scenarios/compare'])
        ok = printReport(`${route} (signed in)`, await runLighthouse(`${stack.webUrl}${route}`, chrome.port)) && ok;
      const errors = await installabilityErrors(chrome.context);
      console.log(
        `\nPWA installability (Chromium Page.getInstallabilityErrors): ${errors.length === 0 ? 'installable' : `NOT installable: ${errors.join('; ')}`}`,
      );
      ok &&= errors.length === 0;
    } finally {
      await chrome.context.close();
    }
  } finally {
    await stack.close();
    await rm(dataDir, { recursive: true, force: true });
  }

  const initial = await measureInitialJs();
  console.log('\nLanding route initial JS (dist/index.html scripts + modulepreloads, gzip -9):');
  for (const entry of initial.files)
    console.log(`  ${entry.file.padEnd(40)} ${(entry.gzipBytes / 1024).toFixed(1)} kB`);
  const withinLimit = initial.totalKb <= INITIAL_JS_LIMIT_KB;
  console.log(
    `  total ${initial.totalKb.toFixed(1)} kB gzip (target <= ${INITIAL_JS_LIMIT_KB} kB: ${withinLimit ? 'met' : 'NOT met'})`,
  );
  console.log(
    `  chart code in the initial set: ${initial.chartFiles.length === 0 ? 'none' : initial.chartFiles.join(', ')}`,
  );
  ok &&= withinLimit && initial.chartFiles.length === 0;
  // The app's build also reports its own view (vite.config.ts writes landing-js.json); show it for comparison.
  const buildReport = path.join(distDir, 'landing-js.json');
  if (existsSync(buildReport)) {
    const own = JSON.parse(await readFile(buildReport, 'utf8')) as { gzipKb?: number; chartCode?: boolean };
    console.log(
      `  (the build's landing-js.json says ${own.gzipKb} kB gzip, chart code: ${own.chartCode ? 'yes' : 'no'})`,
    );
  }

  console.log(`\n${ok ? 'All Lighthouse and bundle targets met.' : 'Some targets were NOT met.'}`);
  process.exit(ok ? 0 : 1);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.join(repoRoot, 'scripts', 'lighthouse.ts')) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
