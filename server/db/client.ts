// Opens the API database: embedded PGlite under <dataDir>/api by default, PostgreSQL when a URL is given,
// and applies the SQL migrations in server/db/migrations before anything else touches it.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import postgres from 'postgres';
import * as schema from './schema';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseOptions = {
  /** PostgreSQL connection string; when absent the embedded PGlite database is used. */
  databaseUrl?: string;
  /** Folder for PGlite's files; `memory://` keeps everything in memory (tests). */
  pgliteDir: string;
};

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
};

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    // max 1 for the migration so DDL runs on one connection; the pool is re-opened for normal use.
    const migrationClient = postgres(options.databaseUrl, { max: 1, onnotice: () => {} });
    try {
      await migratePostgres(drizzlePostgres(migrationClient), { migrationsFolder });
    } finally {
      await migrationClient.end();
    }
    const client = postgres(options.databaseUrl, { onnotice: () => {} });
    return {
      db: drizzlePostgres(client, { schema }),
      kind: 'postgres',
      close: () => client.end(),
    };
  }
  if (!options.pgliteDir.startsWith('memory://')) await mkdir(options.pgliteDir, { recursive: true });
  const client = new PGlite(options.pgliteDir);
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return {
    db,
    kind: 'pglite',
    close: () => client.close(),
  };
}
