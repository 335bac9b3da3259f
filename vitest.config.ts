// Vitest projects by layer: engine and server run in node, data and UI in jsdom.
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: [
            'tests/engine/**/*.test.ts',
            'tests/server/**/*.test.ts',
            'tests/unit/**/*.test.ts',
            'tests/infra/**/*.test.ts',
            'tests/sync/**/*.test.ts',
          ],
          testTimeout: 60_000,
          // One PostgreSQL for the whole run under `npm test` (a no-op otherwise).
          globalSetup: ['tests/server/global-postgres.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['tests/ui/**/*.test.{ts,tsx}', 'tests/data/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/setup-dom.ts'],
          testTimeout: 30_000,
        },
      },
    ],
  },
});
