// The bundled Lambda (what the stack deploys, built by infra/lib/bundle-lambda.ts): stage prefixes are stripped,
// the database comes from the Data API or DATABASE_URL settings, a resuming Aurora cluster is waited for, and
// production mode never accepts the local identity pool.
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ExecuteStatementCommand } from '@aws-sdk/client-rds-data';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startThrowawayPostgres } from '../../scripts/stack/postgres';
import { importInfra, infraAvailable, type BundleModule } from './infra-support';

type ApiEvent = {
  version: '2.0';
  rawPath: string;
  rawQueryString: string;
  headers: Record<string, string>;
  requestContext: { stage: string; http: { method: string; path: string }; domainName: string };
  isBase64Encoded: boolean;
  body?: string;
};

type Sendable = {
  send: (command: unknown) => Promise<unknown>;
  middlewareStack: {
    add: (mw: (next: () => Promise<unknown>) => () => Promise<unknown>, opts: Record<string, unknown>) => void;
  };
};

type LambdaModule = {
  handler: (
    event: unknown,
    context?: unknown,
  ) => Promise<{ statusCode: number; body: string; headers?: Record<string, string> }>;
  withoutStagePrefix: (event: ApiEvent) => ApiEvent;
  readLambdaDatabaseConfig: (env: Record<string, string | undefined>) => Record<string, unknown>;
  createDataApiClient: (region?: string, sleep?: (ms: number) => Promise<void>) => Sendable;
};

function apiEvent(
  method: string,
  rawPath: string,
  stage = 'production',
  headers: Record<string, string> = {},
): ApiEvent {
  return {
    version: '2.0',
    rawPath,
    rawQueryString: '',
    headers: { host: 'abc123.execute-api.ap-southeast-2.amazonaws.com', ...headers },
    requestContext: {
      stage,
      http: { method, path: rawPath },
      domainName: 'abc123.execute-api.ap-southeast-2.amazonaws.com',
    },
    isBase64Encoded: false,
  };
}

const deps = infraAvailable();

describe.skipIf(!deps.ok)('infra: the bundled Lambda entry', () => {
  let workDir: string;
  let lambda: LambdaModule;
  const savedEnv = { ...process.env };

  beforeAll(async () => {
    workDir = await mkdtemp(path.join(tmpdir(), 'wyrd-lambda-test-'));
    const { bundleLambda } = await importInfra<BundleModule>('lib/bundle-lambda.ts');
    const bundle = await bundleLambda(path.join(workDir, 'bundle'));
    expect(existsSync(path.join(bundle.dir, 'migrations'))).toBe(true);
    lambda = (await import(/* @vite-ignore */ pathToFileURL(path.join(bundle.dir, 'index.mjs')).href)) as LambdaModule;
  }, 240_000);

  afterAll(async () => {
    process.env = savedEnv;
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });

  it('removes the named stage from the path and leaves $default and other paths alone', () => {
    expect(lambda.withoutStagePrefix(apiEvent('GET', '/production/accounts')).rawPath).toBe('/accounts');
    expect(lambda.withoutStagePrefix(apiEvent('GET', '/production')).rawPath).toBe('/');
    expect(lambda.withoutStagePrefix(apiEvent('GET', '/productionx/accounts')).rawPath).toBe('/productionx/accounts');
    expect(lambda.withoutStagePrefix(apiEvent('GET', '/accounts', '$default')).rawPath).toBe('/accounts');
  });

  it('reads the Data API settings first, then DATABASE_URL, and refuses to run without a database', () => {
    expect(
      lambda.readLambdaDatabaseConfig({
        WYRD_DB_CLUSTER_ARN: 'arn:aws:rds:ap-southeast-2:123456789012:cluster:wyrd',
        WYRD_DB_SECRET_ARN: 'arn:aws:secretsmanager:ap-southeast-2:123456789012:secret:wyrd',
        WYRD_DB_NAME: 'wyrd',
        DATABASE_URL: 'postgresql://ignored',
        AWS_REGION: 'ap-southeast-2',
      }),
    ).toEqual({
      kind: 'data-api',
      resourceArn: 'arn:aws:rds:ap-southeast-2:123456789012:cluster:wyrd',
      secretArn: 'arn:aws:secretsmanager:ap-southeast-2:123456789012:secret:wyrd',
      database: 'wyrd',
      region: 'ap-southeast-2',
    });
    expect(lambda.readLambdaDatabaseConfig({ DATABASE_URL: 'postgresql://u@h/db' })).toEqual({
      kind: 'postgres',
      databaseUrl: 'postgresql://u@h/db',
    });
    expect(() => lambda.readLambdaDatabaseConfig({ WYRD_DB_CLUSTER_ARN: 'arn:x' })).toThrow(/WYRD_DB_SECRET_ARN/);
    expect(() => lambda.readLambdaDatabaseConfig({})).toThrow(/DATABASE_URL/);
  });

  it('retries Data API calls while a paused cluster resumes, and gives up after about 24 s', async () => {
    const resuming = () => Object.assign(new Error('The database is resuming'), { name: 'DatabaseResumingException' });
    const run = async (failures: number) => {
      const sleeps: number[] = [];
      let calls = 0;
      const client = lambda.createDataApiClient('ap-southeast-2', async (ms) => {
        sleeps.push(ms);
      });
      // Stands in for the network: answers after `failures` resuming errors.
      client.middlewareStack.add(
        () => async () => {
          calls += 1;
          if (calls <= failures) throw resuming();
          return { output: { $metadata: {}, records: [] }, response: {} };
        },
        { step: 'initialize', priority: 'low', name: 'fakeDataApi' },
      );
      const command = new ExecuteStatementCommand({ resourceArn: 'arn:x', secretArn: 'arn:y', sql: 'select 1' });
      const outcome = await client.send(command).then(
        () => 'ok',
        (error: Error) => error.name,
      );
      return { outcome, calls, sleeps };
    };
    expect(await run(0)).toEqual({ outcome: 'ok', calls: 1, sleeps: [] });
    const resumed = await run(7);
    expect(resumed.outcome).toBe('ok');
    expect(resumed.calls).toBe(8);
    expect(resumed.sleeps.every((ms) => ms === 2_000)).toBe(true);
    const gaveUp = await run(100);
    expect(gaveUp.outcome).toBe('DatabaseResumingException');
    expect(gaveUp.calls).toBe(12);
    expect(gaveUp.sleeps.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(24_000);
  });

  it('refuses the local identity pool in production mode (never trusts its tokens)', async () => {
    process.env = {
      ...savedEnv,
      DATABASE_URL: 'postgresql://wyrd@127.0.0.1:1/none',
      WYRD_COGNITO_USER_POOL_ID: '',
      WYRD_DB_CLUSTER_ARN: '',
    };
    await expect(lambda.handler(apiEvent('GET', '/production/health'))).rejects.toThrow(/real Cognito user pool/);
  });

  it('serves the app through API Gateway events on PostgreSQL: migrates on cold start, health, 401 without a valid token', async () => {
    const pg = await startThrowawayPostgres({ log: (line) => console.log(`[postgres] ${line}`) });
    if ('skipped' in pg) {
      console.warn(
        `[infra tests] skipping the Lambda-on-PostgreSQL case: PostgreSQL is not installed. Run: ${pg.skipped}`,
      );
      return;
    }
    try {
      // A real-looking pool id: production mode. Only malformed tokens are sent, so no JWKS is ever fetched.
      process.env = {
        ...savedEnv,
        DATABASE_URL: pg.url,
        WYRD_COGNITO_USER_POOL_ID: 'ap-southeast-2_TestPool1',
        WYRD_COGNITO_CLIENT_ID: 'testclient0000000000000000',
        WYRD_WEB_ORIGIN: 'https://wyrd.example.com',
        WYRD_DB_CLUSTER_ARN: '',
        WYRD_DB_SECRET_ARN: '',
      };
      const health = await lambda.handler(apiEvent('GET', '/production/health'));
      expect(health.statusCode).toBe(200);
      expect(JSON.parse(health.body)).toEqual({ status: 'ok' });

      const noToken = await lambda.handler(apiEvent('GET', '/production/accounts'));
      expect(noToken.statusCode).toBe(401);
      expect(JSON.parse(noToken.body)).toHaveProperty('detail');
      const badToken = await lambda.handler(
        apiEvent('GET', '/production/accounts', 'production', { authorization: 'Bearer not-a-jwt' }),
      );
      expect(badToken.statusCode).toBe(401);
      const unknown = await lambda.handler(
        apiEvent('GET', '/production/no-such-route', 'production', { authorization: 'Bearer not-a-jwt' }),
      );
      expect([401, 404]).toContain(unknown.statusCode);

      const sql = postgres(pg.url, { max: 1, onnotice: () => {} });
      try {
        const [{ count }] = await sql<
          { count: number }[]
        >`select count(*)::int as count from drizzle.__drizzle_migrations`;
        expect(count).toBeGreaterThanOrEqual(1);
      } finally {
        await sql.end();
      }

      // The separate migration step answers once everything is applied.
      expect(await lambda.handler({ wyrd: 'migrate' })).toEqual({ migrated: true });
    } finally {
      await pg.stop();
    }
  }, 180_000);
});
