// Vitest global setup of the node project. When WYRD_TEST_SHARED_POSTGRES=1 (`npm test` sets it) it prepares what
// the server tests would otherwise build again in every file: one throwaway PostgreSQL for the whole run (each test
// API still gets a database of its own in it, harness.ts), and one migrated PGlite database saved as a template
// that every in-memory PGlite of the run starts from (pglite-template.ts). Otherwise it does nothing, so a
// targeted run starts no PostgreSQL and builds no template.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { TestProject } from 'vitest/node';
import { migrationsFolder } from '../../server/db/client';
import { startThrowawayPostgres } from '../../scripts/stack/postgres';

export type SharedPostgres = { url: string } | { skipped: string } | null;

declare module 'vitest' {
  // Module augmentation has to be an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  export interface ProvidedContext {
    wyrdPostgres: SharedPostgres;
    /** A file holding a migrated, empty PGlite data folder (PGlite's dumpDataDir), or null. */
    wyrdPgliteTemplate: string | null;
  }
}

/**
 * An empty PGlite database with every migration applied, dumped to a file: creating a PGlite cluster (its initdb)
 * costs seconds of CPU each time, loading this dump a fraction of that.
 */
async function buildPgliteTemplate(dir: string): Promise<string> {
  const client = new PGlite('memory://');
  try {
    await migrate(drizzle(client), { migrationsFolder });
    const dump = await client.dumpDataDir('none');
    const file = path.join(dir, 'pglite-template.tar');
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
    return file;
  } finally {
    await client.close();
  }
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  if (process.env.WYRD_TEST_SHARED_POSTGRES !== '1') {
    project.provide('wyrdPostgres', null);
    project.provide('wyrdPgliteTemplate', null);
    return undefined;
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'wyrd-pglite-template-'));
  const [cluster, template] = await Promise.all([
    startThrowawayPostgres({ log: (s) => console.log(`[postgres] ${s}`) }),
    buildPgliteTemplate(dir),
  ]);
  project.provide('wyrdPostgres', 'url' in cluster ? { url: cluster.url } : { skipped: cluster.skipped });
  project.provide('wyrdPgliteTemplate', template);
  return async () => {
    if ('stop' in cluster) await cluster.stop();
    await rm(dir, { recursive: true, force: true });
  };
}
