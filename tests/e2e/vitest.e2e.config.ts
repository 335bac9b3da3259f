// Vitest config for the browser tests: one process, files in sequence, one real stack for the whole run
// (started by global-setup.ts), generous timeouts for the build and a headless Chromium.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'e2e',
    root: new URL('../..', import.meta.url).pathname,
    include: ['tests/e2e/**/*.e2e.test.ts'],
    environment: 'node',
    globalSetup: ['tests/e2e/global-setup.ts'],
    pool: 'forks',
    fileParallelism: false,
    maxWorkers: 1,
    // One process for every file (files still run one after another): a process per file re-imported vitest and
    // playwright-core each time, 1-2 CPU-seconds a file (docs/running.md "Browser tests").
    isolate: false,
    testTimeout: 90_000,
    hookTimeout: 120_000,
    // No retries: a test that passes only on a second try hides a real fault (the first sync cover hiding a form
    // mid-typing was one); a slow machine is met by the timeouts above instead.
    retry: 0,
  },
});
