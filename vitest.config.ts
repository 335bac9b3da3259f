// Vitest projects by layer: the engine and server run in node, data and UI in jsdom.
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

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
          // Under `npm test`: one PostgreSQL for the whole run and one migrated PGlite template (no-ops otherwise).
          globalSetup: ['tests/server/global-postgres.ts'],
          setupFiles: ['tests/server/pglite-template.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['tests/ui/**/*.test.{ts,tsx}', 'tests/data/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/setup-dom.ts'],
          // Room for several of setup-dom.ts's 15 s waits in one test on a busy machine.
          testTimeout: 90_000,
        },
      },
    ],
  },
});
