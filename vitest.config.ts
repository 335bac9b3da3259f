// Vitest projects by layer: the engine and server run in node, data and UI in jsdom.
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/**
 * DOM tests that need a process of their own. Under a VM context the test file's Promise is not the one Dexie
 * follows, so a Promise.all inside a transaction (the pull's merge does one) ends it early (PrematureCommitError).
 * A browser has one realm: the browser tests' pulls run that merge on real IndexedDB.
 */
const DOM_OWN_PROCESS = ['tests/ui/sync-triggers.test.tsx'];

export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'engine',
          environment: 'node',
          include: ['tests/engine/**/*.test.ts'],
          testTimeout: 60_000,
          // The engine is pure (no I/O, no global state), so its files share a worker instead of each paying for
          // a process and a fresh import of zod, fast-check and the engine (the whole project: about 30% less CPU).
          // Vitest still re-evaluates the repo's own modules for every file.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: [
            'tests/server/**/*.test.ts',
            'tests/unit/**/*.test.ts',
            'tests/infra/**/*.test.ts',
            'tests/sync/**/*.test.ts',
          ],
          testTimeout: 60_000,
          // Files share a worker process instead of each paying for a new one and for loading Hono, Drizzle, PGlite,
          // zod and the rest again: 324 -> 205 CPU-seconds for this project (-37%). Vitest still evaluates the
          // repo's own modules afresh for every file; tests/setup-node.ts resets the globals packages leave behind.
          isolate: false,
          // Under `npm test`: one PostgreSQL for the whole run and one migrated PGlite template (no-ops otherwise).
          globalSetup: ['tests/server/global-postgres.ts'],
          setupFiles: ['tests/setup-node.ts', 'tests/server/pglite-template.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['tests/ui/**/*.test.{ts,tsx}', 'tests/data/**/*.test.{ts,tsx}'],
          exclude: DOM_OWN_PROCESS,
          setupFiles: ['tests/setup-dom.ts'],
          // Each file in a fresh VM context of a long-lived worker: jsdom, React and the other packages are
          // loaded once per worker instead of once per file (a process each), about half the CPU of this project.
          // Files still share nothing; setup-dom.ts fills the gaps of jsdom's own globals seen there.
          pool: 'vmThreads',
          // Room for several of setup-dom.ts's 15 s waits in one test on a busy machine.
          testTimeout: 90_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'dom-process',
          environment: 'jsdom',
          include: DOM_OWN_PROCESS,
          setupFiles: ['tests/setup-dom.ts'],
          testTimeout: 90_000,
        },
      },
    ],
  },
});
