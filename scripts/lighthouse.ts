// `npm run lighthouse`: audits / and /login on a throwaway local stack with Lighthouse 12 (mobile) in Debian's
// chromium, and measures the landing page's initial JS (gzip) from the build. Exits non-zero when a target is missed.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { startStack } from './start.ts';
import { distDir, repoRoot } from './stack/build.ts';

const CHROME_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';
const CHROME_FLAGS =
  '--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run';
const TARGETS = { accessibility: 95, 'best-practices': 95, performance: 90 } as const;
const INITIAL_JS_LIMIT_KB = 200;
// Strings only chart code contains (zrender is echarts' renderer); chunk names are checked as well.
const CHART_MARKERS = ['zrender', 'echarts'];

type Category = keyof typeof TARGETS;
type LighthouseReport = {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { numericValue?: number; details?: { items?: Array<Record<string, unknown>> } }>;
};

function runLighthouse(url: string): Promise<LighthouseReport> {
  const cli = path.join(repoRoot, 'node_modules', 'lighthouse', 'cli', 'index.js');
  const args = [
    cli,
    url,
    `--chrome-flags=${CHROME_FLAGS}`,
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

async function main(): Promise<void> {
  if (!existsSync(CHROME_PATH)) {
    console.error(
      `Chromium is missing at ${CHROME_PATH}. Install it with: sudo apt-get update && sudo apt-get install -y chromium`,
    );
    process.exit(1);
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), 'wyrd-lighthouse-'));
  const stack = await startStack({
    env: {},
    dataDir,
    ports: { web: 0, api: 0, identity: 0 },
    log: (line) => {
      if (line.startsWith('Building') || line.startsWith('  ')) console.log(line);
    },
  });
  let ok = true;
  try {
    for (const route of ['/', '/login']) {
      const report = await runLighthouse(`${stack.webUrl}${route}`);
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
