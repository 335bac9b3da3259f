// Starts the real Wyrd stack once for the browser tests: builds the app if needed, then web, API and
// identity service on free ports with a throwaway data folder and every auth code fixed to 123456; then makes
// the profile the 'installed' devices start from (harness.ts).
import { mkdir, mkdtemp, rm, appendFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { startStack } from '../../scripts/start';
import { repoRoot } from '../../scripts/stack/build';
import { CHROMIUM_PATH, chromiumArgs } from '../../scripts/stack/chromium';
import { E2E_DIST, FIXED_CODE, type E2EStack } from './stack-info';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'wyrd-e2e-'));
  const logDir = path.join(repoRoot, 'test-results');
  await mkdir(logDir, { recursive: true });
  const logFile = path.join(logDir, 'e2e-stack.log');
  await rm(logFile, { force: true });
  // Service logs go to a file so test output stays readable; the build's summary still prints.
  const log = (line: string) => {
    void appendFile(logFile, `${line}\n`);
  };

  // Only the settings below: a developer's own WYRD_* / DATABASE_URL must not leak into the test stack.
  const stack = await startStack({
    env: { LOCAL_AUTH_FIXED_CODE: FIXED_CODE },
    dataDir,
    ports: { web: 0, api: 0, identity: 0 },
    fixedCode: FIXED_CODE,
    distDir: E2E_DIST,
    build: process.env.WYRD_E2E_BUILD === 'always' ? 'always' : 'if-needed',
    log: (line) => {
      if (line.startsWith('Building') || line.startsWith('  ')) console.log(line);
      log(line);
    },
  });

  const info: E2EStack = {
    webUrl: stack.webUrl,
    apiUrl: stack.apiUrl,
    identityUrl: stack.identityUrl ?? '',
    userPoolId: stack.appConfig.cognito.userPoolId,
    clientId: stack.appConfig.cognito.userPoolClientId,
  };
  const args = await chromiumArgs();
  project.provide('wyrdStack', info);
  project.provide('chromiumArgs', args);
  const profileDir = await mkdtemp(path.join(tmpdir(), 'wyrd-e2e-installed-'));
  try {
    await makeInstalledProfile(profileDir, info.webUrl, args);
  } catch (error) {
    await stack.close();
    throw error;
  }
  project.provide('installedProfile', profileDir);

  return async () => {
    await stack.close();
    await rm(dataDir, { recursive: true, force: true });
    await rm(profileDir, { recursive: true, force: true });
  };
}

/**
 * A Chromium profile in `dir` that has opened the app once: its service worker installed and in control, the
 * precache filled. Everything else the visit stored for the origin (cookies, local storage, IndexedDB) is cleared,
 * and the HTTP cache removed, so each copy starts as a device that has the app and nobody's data.
 */
async function makeInstalledProfile(dir: string, webUrl: string, args: string[]): Promise<void> {
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM_PATH,
    args,
    headless: true,
    baseURL: webUrl,
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/');
    await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 60_000 });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Storage.clearDataForOrigin', {
      origin: new URL(webUrl).origin,
      storageTypes: 'cookies,local_storage,indexeddb,file_systems,websql',
    });
    await page.goto('about:blank');
  } finally {
    await context.close();
  }
  await rm(path.join(dir, 'Default', 'Cache'), { recursive: true, force: true });
}
