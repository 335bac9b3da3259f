// Setup file of the node project: under `npm test` every in-memory PGlite the server code opens starts from the
// run's migrated template (global-postgres.ts) instead of creating its cluster from nothing. Same empty, migrated
// database, seconds less CPU per API the tests start; the server's migration step still runs (and finds nothing
// left to apply). Without a template (a targeted run) PGlite is left as it is.
import { readFileSync } from 'node:fs';
import { inject, vi } from 'vitest';
import type { PGliteOptions } from '@electric-sql/pglite';

vi.mock('@electric-sql/pglite', async (importOriginal) => {
  const original = await importOriginal<typeof import('@electric-sql/pglite')>();
  const file = inject('wyrdPgliteTemplate');
  if (!file) return original;
  const template = readFileSync(file);
  class PGliteFromTemplate extends original.PGlite {
    constructor(dataDirOrOptions?: string | PGliteOptions, options?: PGliteOptions) {
      if (dataDirOrOptions === 'memory://' && !options?.loadDataDir)
        super({ ...options, dataDir: 'memory://', loadDataDir: new Blob([template]) });
      else if (typeof dataDirOrOptions === 'string') super(dataDirOrOptions, options);
      else super(dataDirOrOptions);
    }
  }
  return { ...original, PGlite: PGliteFromTemplate };
});
