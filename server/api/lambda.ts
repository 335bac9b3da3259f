// AWS Lambda entry for the product API (behind the BudgetAppApi HTTP API): the same Hono app as the Node server,
// in production mode with the real Cognito verifier, on Aurora through the RDS Data API or on DATABASE_URL.
import { RDSDataClient } from '@aws-sdk/client-rds-data';
import { drizzle as drizzleDataApi } from 'drizzle-orm/aws-data-api/pg';
import { migrate as migrateDataApi } from 'drizzle-orm/aws-data-api/pg/migrator';
import { handle, type LambdaContext, type LambdaEvent } from 'hono/aws-lambda';
import { migrationsFolder, openDatabase, type Database } from '../db/client';
import * as schema from '../db/schema';
import { createApp } from './app';
import { createTokenVerifier } from './auth';
import { ConfigError, loadApiConfig, type Env } from './config';

export type LambdaDatabaseConfig =
  | { kind: 'data-api'; resourceArn: string; secretArn: string; database: string; region?: string }
  | { kind: 'postgres'; databaseUrl: string };

/** Aurora through the Data API when its cluster and secret ARNs are set, else DATABASE_URL; never the embedded PGlite. */
export function readLambdaDatabaseConfig(env: Env): LambdaDatabaseConfig {
  const resourceArn = env.WYRD_DB_CLUSTER_ARN?.trim();
  const secretArn = env.WYRD_DB_SECRET_ARN?.trim();
  if (resourceArn || secretArn) {
    if (!resourceArn || !secretArn) {
      throw new ConfigError('The Data API needs both WYRD_DB_CLUSTER_ARN and WYRD_DB_SECRET_ARN.');
    }
    return {
      kind: 'data-api',
      resourceArn,
      secretArn,
      database: env.WYRD_DB_NAME?.trim() || 'wyrd',
      region: env.AWS_REGION,
    };
  }
  if (env.DATABASE_URL) return { kind: 'postgres', databaseUrl: env.DATABASE_URL };
  // A Lambda's disk is read-only apart from a /tmp that disappears: an embedded database there would lose data.
  throw new ConfigError(
    'Set WYRD_DB_CLUSTER_ARN, WYRD_DB_SECRET_ARN and WYRD_DB_NAME (Aurora Data API) or DATABASE_URL.',
  );
}

// A paused (0 ACU) cluster answers DatabaseResumingException for roughly 15 s; wait up to about 24 s for it.
const RESUME_POLL_MS = 2_000;
const RESUME_ATTEMPTS = 12;

// By name rather than instanceof, so an error class from another copy of the SDK still counts.
function isResuming(error: unknown): boolean {
  return error instanceof Error && error.name === 'DatabaseResumingException';
}

/** A Data API client that retries while the cluster resumes (the SDK does not retry that error by itself). */
export function createDataApiClient(region?: string, sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))) {
  const client = new RDSDataClient(region ? { region } : {});
  client.middlewareStack.add(
    (next) => async (args) => {
      for (let attempt = 1; ; attempt++) {
        try {
          return await next(args);
        } catch (error) {
          if (!isResuming(error) || attempt >= RESUME_ATTEMPTS) throw error;
          await sleep(RESUME_POLL_MS);
        }
      }
    },
    { step: 'initialize', name: 'wyrdWaitForResume' },
  );
  return client;
}

export type LambdaDatabase = { db: Database; migrate: () => Promise<void> };

export async function openLambdaDatabase(config: LambdaDatabaseConfig): Promise<LambdaDatabase> {
  if (config.kind === 'data-api') {
    const db = drizzleDataApi(createDataApiClient(config.region), {
      resourceArn: config.resourceArn,
      secretArn: config.secretArn,
      database: config.database,
      schema,
    });
    return {
      db,
      migrate: () => migrateDataApi(db, { migrationsFolder }),
    };
  }
  // openDatabase applies the migrations itself before it returns.
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: '' });
  return { db: handle.db, migrate: async () => {} };
}

type Runtime = { handler: ReturnType<typeof handle>; database: LambdaDatabase };

let runtime: Promise<Runtime> | undefined;

/** Built once per cold start and reused; a failed start is retried on the next invocation. */
function getRuntime(env: Env = process.env): Promise<Runtime> {
  runtime ??= (async () => {
    const config = loadApiConfig({ WYRD_MODE: 'production', ...env });
    if (config.mode !== 'production') throw new ConfigError('The Lambda runs in production mode only.');
    const database = await openLambdaDatabase(readLambdaDatabaseConfig(env));
    // Several cold starts may race here; the migrator's own transaction lets one win, and a loser's failed start
    // is retried on its next invocation (by then the migrations are recorded). WYRD_MIGRATE_ON_START=false leaves
    // migrations to the separate `{"wyrd":"migrate"}` invocation (docs/deploy.md).
    if (env.WYRD_MIGRATE_ON_START !== 'false') await database.migrate();
    const app = createApp({ db: database.db, verifier: createTokenVerifier(config.auth), config });
    return { handler: handle(app), database };
  })();
  runtime.catch(() => {
    runtime = undefined;
  });
  return runtime;
}

/**
 * HTTP APIs put a named stage in rawPath (`/production/accounts`); the app's routes start at the root, so the
 * stage prefix is removed. The `$default` stage has no prefix.
 */
export function withoutStagePrefix<E extends LambdaEvent>(event: E): E {
  const stage =
    'requestContext' in event && event.requestContext && 'stage' in event.requestContext
      ? event.requestContext.stage
      : undefined;
  if (!stage || stage === '$default' || !('rawPath' in event)) return event;
  const prefix = `/${stage}`;
  const rawPath = event.rawPath;
  if (rawPath !== prefix && !rawPath.startsWith(`${prefix}/`)) return event;
  return { ...event, rawPath: rawPath.slice(prefix.length) || '/' };
}

export type MigrateEvent = { wyrd: 'migrate' };

function isMigrateEvent(event: unknown): event is MigrateEvent {
  return typeof event === 'object' && event !== null && (event as { wyrd?: unknown }).wyrd === 'migrate';
}

/** API Gateway events go to the Hono app; `{"wyrd":"migrate"}` (aws lambda invoke) applies pending migrations. */
export async function handler(event: LambdaEvent | MigrateEvent, context?: LambdaContext) {
  if (isMigrateEvent(event)) {
    const { database } = await getRuntime({ ...process.env, WYRD_MIGRATE_ON_START: 'false' });
    await database.migrate();
    return { migrated: true };
  }
  const { handler: appHandler } = await getRuntime();
  return appHandler(withoutStagePrefix(event), context);
}
