// Vitest global setup of the node project: when WYRD_TEST_SHARED_POSTGRES=1 (`npm test` sets it), starts one
// throwaway PostgreSQL for the whole run and hands its URL to every test file (harness.ts), instead of one
// cluster per file; each test API still gets a database of its own in it. Otherwise it does nothing, so a
// targeted run that needs no PostgreSQL starts none.
import type { TestProject } from 'vitest/node';
import { startThrowawayPostgres } from '../../scripts/stack/postgres';

export type SharedPostgres = { url: string } | { skipped: string } | null;

declare module 'vitest' {
  // Module augmentation has to be an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  export interface ProvidedContext {
    wyrdPostgres: SharedPostgres;
  }
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  if (process.env.WYRD_TEST_SHARED_POSTGRES !== '1') {
    project.provide('wyrdPostgres', null);
    return undefined;
  }
  const cluster = await startThrowawayPostgres({ log: (s) => console.log(`[postgres] ${s}`) });
  project.provide('wyrdPostgres', 'url' in cluster ? { url: cluster.url } : { skipped: cluster.skipped });
  return async () => {
    if ('stop' in cluster) await cluster.stop();
  };
}
