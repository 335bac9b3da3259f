// Starts the real Wyrd stack once for the browser tests: builds the app if needed, then web, API and
// identity service on free ports with a throwaway data folder and every auth code fixed to 123456.
import { mkdir, mkdtemp, rm, appendFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startStack } from '../../scripts/start';
import { repoRoot } from '../../scripts/stack/build';
import { chromiumArgs } from '../../scripts/stack/chromium';
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
  project.provide('wyrdStack', info);
  project.provide('chromiumArgs', await chromiumArgs());

  return async () => {
    await stack.close();
    await rm(dataDir, { recursive: true, force: true });
  };
}
