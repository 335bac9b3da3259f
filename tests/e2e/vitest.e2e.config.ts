// Vitest config for the browser tests: one process per worker, files in sequence in each, one real stack for the
// whole run (started by global-setup.ts), generous timeouts for the build and a headless Chromium.
import { defineConfig } from 'vitest/config';

// One worker on its own. `npm test` asks for two (WYRD_E2E_WORKERS=2), the second held by lane-gate.ts until the
// unit run beside them ends: two browser test files at once while the unit run still needs the cores cost more
// than they gain (measured in docs/running.md).
const WORKERS = Math.max(1, Number(process.env.WYRD_E2E_WORKERS ?? 1));

export default defineConfig({
  test: {
    name: 'e2e',
    root: new URL('../..', import.meta.url).pathname,
    include: ['tests/e2e/**/*.e2e.test.ts'],
    environment: 'node',
    globalSetup: ['tests/e2e/global-setup.ts'],
    setupFiles: ['tests/e2e/lane-gate.ts'],
    pool: 'forks',
    fileParallelism: WORKERS > 1,
    maxWorkers: WORKERS,
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
