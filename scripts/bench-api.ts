// `npm run bench:api`: load-tests the API server (`server/main.ts` in a child process, loopback only) with autocannon
// on PGlite and on a throwaway PostgreSQL: GET /accounts (500 accounts), POST /sync/push (100-mutation batches),
// GET /sync/pull (10,000 rows), POST /scenarios/compare (5 scenarios, 30 years, the engine benchmark's heavy profile).
// Every run is bounded by a request count; the whole benchmark stops itself after BENCH_API_TIMEOUT_S (1800 s).
// Options: --backend pglite|postgres|both (default both); --only accounts,push,pull,compare (default all);
// BENCH_API_NODE_ARGS adds Node options to the server process (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof");
// BENCH_API_SERVER_ENV adds server settings (e.g. "WYRD_API_WORKERS=1"). Besides latencies, each row gives the
// server processes' CPU time per request (from /proc), which a loaded machine disturbs far less than latency.
import { spawn, type ChildProcess } from 'node:child_process';
import { generateKeyPairSync, sign } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { LOCAL_CLIENT_ID, LOCAL_POOL_ID } from '../server/api/config';
import { heavyProfile } from './bench-engine';
import { startThrowawayPostgres } from './stack/postgres';

/**
 * CPU time (user + system, ms) of a process and its descendants so far, from /proc (Linux; 0 elsewhere). Latency
 * on a loaded machine mostly measures the machine; the server's CPU time per request is what a change moves.
 */
function treeCpuMs(pid: number): number {
  try {
    // After the command name in parentheses: state, ppid, ..., utime and stime (fields 14 and 15 of the line).
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    let ms = ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // USER_HZ is 100 on Linux
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      const children = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
      for (const child of children ? children.split(' ') : []) ms += treeCpuMs(Number(child));
    }
    return ms;
  } catch {
    return 0;
  }
}

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TIMEOUT_S = Number(process.env.BENCH_API_TIMEOUT_S ?? 1800);

// ---- autocannon (no bundled types: the few fields used here)
type Histogram = { average: number; mean: number; p50: number; p99: number; max: number };
type AutocannonResult = {
  requests: Histogram & { total: number; sent: number };
  latency: Histogram;
  throughput: Histogram;
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  '2xx': number;
  statusCodeStats?: Record<string, { count: number }>;
};
type AutocannonRequest = {
  method?: string;
  path?: string;
  body?: string;
  headers?: Record<string, string>;
  setupRequest?: (req: AutocannonRequest) => AutocannonRequest;
};
type AutocannonOptions = {
  url: string;
  connections: number;
  amount: number;
  timeout: number;
  headers?: Record<string, string>;
  method?: string;
  body?: string;
  requests?: AutocannonRequest[];
};
const autocannon = createRequire(import.meta.url)('autocannon') as (
  opts: AutocannonOptions,
) => Promise<AutocannonResult> & { stop?: () => void };

// ---- ID tokens for the local pool, signed by a key this process serves as the pool's JWKS (as the API tests do)
const KID = 'bench-key';
const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const b64 = (value: string | Buffer) => Buffer.from(value).toString('base64url');

type Jwks = { identityUrl: string; issuer: string; server: Server };

async function startJwks(): Promise<Jwks> {
  const jwk = { ...publicKey.export({ format: 'jwk' }), kid: KID, alg: 'RS256', use: 'sig' };
  const server = createServer((req, res) => {
    if (req.url === `/${LOCAL_POOL_ID}/.well-known/jwks.json`)
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] }));
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no JWKS address');
  const identityUrl = `http://127.0.0.1:${address.port}`;
  return { identityUrl, issuer: `${identityUrl}/${LOCAL_POOL_ID}`, server };
}

function idToken(issuer: string, sub: string): string {
  const now = Math.floor(Date.now() / 1000);
  const claims = {
    sub,
    email: `${sub}@example.com`,
    token_use: 'id',
    aud: LOCAL_CLIENT_ID,
    iss: issuer,
    iat: now,
    exp: now + 3 * 3600,
  };
  const head = b64(JSON.stringify({ alg: 'RS256', typ: 'JWT', kid: KID }));
  const body = b64(JSON.stringify(claims));
  return `${head}.${body}.${b64(sign('sha256', Buffer.from(`${head}.${body}`), privateKey))}`;
}

// ---- the API server as users run it (`npm run server`), in its own process so load generation does not share its CPU
type RunningServer = { url: string; child: ChildProcess; stop: () => Promise<void> };

async function startServer(identityUrl: string, dataDir: string, databaseUrl?: string): Promise<RunningServer> {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    WYRD_COGNITO_ENDPOINT: identityUrl,
    WYRD_API_HOST: '127.0.0.1',
    WYRD_API_PORT: '0',
    WYRD_DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
  for (const pair of (process.env.BENCH_API_SERVER_ENV ?? '').split(/\s+/).filter(Boolean)) {
    const [key, ...value] = pair.split('=');
    env[key] = value.join('=');
  }
  const nodeArgs = (process.env.BENCH_API_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`API server did not start in 120 s:\n${output}`)), 120_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = / on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      // The server's own errors (500s, crashes) explain failed requests: show them as they happen.
      for (const line of chunk.toString().split('\n')) if (line.trim()) console.error(`[api] ${line}`);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`API server exited with code ${String(code)}:\n${output}`));
    });
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
      child.once('exit', () => {
        clearTimeout(kill);
        resolve();
      });
      child.kill('SIGTERM');
    });
  return { url, child, stop };
}

// ---- seeding through the API
type Mutation = {
  mutation_id: number;
  entity: string;
  op: 'create' | 'update' | 'delete';
  id: string;
  payload?: unknown;
};

async function call<T>(base: string, token: string, method: string, pathname: string, body?: unknown): Promise<T> {
  const response = await fetch(`${base}${pathname}`, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${pathname} answered ${response.status}: ${text.slice(0, 500)}`);
  return JSON.parse(text) as T;
}

type PushReply = { results: { status: string; detail?: unknown; mutation_id: number }[] };

/** Pushes mutations in batches of `batch` under one client id; throws if any is rejected. */
async function pushAll(
  base: string,
  token: string,
  clientId: string,
  items: Omit<Mutation, 'mutation_id'>[],
  batch = 1000,
): Promise<void> {
  for (let start = 0; start < items.length; start += batch) {
    const mutations = items.slice(start, start + batch).map((m, i) => ({ ...m, mutation_id: start + i + 1 }));
    const reply = await call<PushReply>(base, token, 'POST', '/sync/push', { client_id: clientId, mutations });
    const rejected = reply.results.filter((r) => r.status !== 'applied');
    if (rejected.length > 0)
      throw new Error(`seeding: ${rejected.length} mutations rejected, first: ${JSON.stringify(rejected[0])}`);
  }
}

const accountPayload = (i: number) => ({
  name: `Account ${i}`,
  account_type: i % 3 === 0 ? 'savings' : 'checking',
  current_balance: 1000 + i,
  is_asset: true,
  institution: 'Bench Bank',
});

function accountCreates(prefix: string, count: number): Omit<Mutation, 'mutation_id'>[] {
  return Array.from({ length: count }, (_, i) => ({
    entity: 'accounts',
    op: 'create' as const,
    id: `${prefix}-${i}`,
    payload: accountPayload(i),
  }));
}

function heavyProfileMutations(): { mutations: Omit<Mutation, 'mutation_id'>[]; scenarioIds: string[] } {
  const profile = heavyProfile() as unknown as {
    categories: { id: string }[];
    accounts: { id: string }[];
    recurring_items: { id: string }[];
    scenarios: { id: string; name: string; is_baseline: boolean; events: { id: string }[] }[];
  };
  const create = (entity: string, row: { id: string }) => ({ entity, op: 'create' as const, id: row.id, payload: row });
  const mutations = [
    ...profile.categories.map((r) => create('categories', r)),
    ...profile.accounts.map((r) => create('accounts', r)),
    ...profile.recurring_items.map((r) => create('recurring_items', r)),
    ...profile.scenarios.map((s) =>
      create('scenarios', { id: s.id, name: s.name, is_baseline: s.is_baseline } as { id: string }),
    ),
    ...profile.scenarios.flatMap((s) => s.events.map((e) => create('events', e))),
  ];
  return { mutations, scenarioIds: profile.scenarios.map((s) => s.id) };
}

// ---- measuring
type Row = {
  backend: string;
  name: string;
  connections: number;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  /** The server's CPU time per request (its processes; PostgreSQL's own are not counted), ms. */
  cpuMs: number;
  errors: number;
};

async function load(
  backend: string,
  name: string,
  base: string,
  token: string,
  opts: {
    connections: number;
    amount: number;
    method?: string;
    path: string;
    body?: string;
    setupBody?: () => string;
    headers?: Record<string, string>;
    /** 304 Not Modified is the expected answer (autocannon counts it as non-2xx). */
    expect304?: boolean;
    /** The server's process id, for its CPU time per request. */
    serverPid?: number;
  },
): Promise<Row> {
  const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', ...opts.headers };
  const request: AutocannonRequest = { method: opts.method ?? 'GET', path: opts.path, body: opts.body, headers };
  if (opts.setupBody) {
    const makeBody = opts.setupBody;
    request.setupRequest = (req) => ({ ...req, body: makeBody() });
  }
  const cpuBefore = opts.serverPid ? treeCpuMs(opts.serverPid) : 0;
  const result = await autocannon({
    url: base,
    connections: opts.connections,
    amount: opts.amount,
    timeout: 60,
    requests: [request],
  });
  const row: Row = {
    backend,
    name,
    connections: opts.connections,
    requests: result.requests.total,
    rps: result.requests.total / Math.max(result.duration, 0.001),
    p50: result.latency.p50,
    p99: result.latency.p99,
    cpuMs: opts.serverPid ? (treeCpuMs(opts.serverPid) - cpuBefore) / Math.max(result.requests.total, 1) : NaN,
    errors:
      result.errors +
      result.timeouts +
      (opts.expect304
        ? result.requests.total - (result.statusCodeStats?.['304']?.count ?? 0) - result.errors - result.timeouts
        : result.non2xx),
  };
  print(row);
  if (row.errors > 0) {
    const codes = Object.entries(result.statusCodeStats ?? {})
      .map(([code, stat]) => `${code}: ${stat.count}`)
      .join(', ');
    console.log(
      `           (${result.errors} socket errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx; status codes ${codes})`,
    );
  }
  return row;
}

function print(row: Row): void {
  const cells = [
    row.backend.padEnd(10),
    row.name.padEnd(46),
    String(row.connections).padStart(5),
    String(row.requests).padStart(8),
    row.rps.toFixed(1).padStart(9),
    String(row.p50).padStart(8),
    String(row.p99).padStart(8),
    (Number.isNaN(row.cpuMs) ? '-' : row.cpuMs.toFixed(2)).padStart(8),
    String(row.errors).padStart(7),
  ];
  console.log(cells.join(' '));
}

type PullPage = { changes: unknown[]; cursor: number; more: boolean };

/** Wall time to pull every row from cursor 0, page by page, as a new device does. */
async function pullEverything(
  base: string,
  token: string,
  limit: number,
): Promise<{ ms: number; rows: number; pages: number }> {
  const started = performance.now();
  let since = 0;
  let rows = 0;
  let pages = 0;
  for (;;) {
    const page = await call<PullPage>(base, token, 'GET', `/sync/pull?since=${since}&limit=${limit}`);
    rows += page.changes.length;
    pages += 1;
    since = page.cursor;
    if (!page.more || pages > 1000) break;
  }
  return { ms: performance.now() - started, rows, pages };
}

type Summary = {
  backend: string;
  accountsP99?: number;
  accountsPlainP99?: number;
  /** The same list's p99 from a server that had answered none yet. */
  accountsColdP99?: number;
  pullAllMs?: number;
  /** Mutations applied a second: 1,000-mutation pushes one after another (median) and 100-mutation ones at 4 connections. */
  pushRate?: number;
  concurrentPushRate?: number;
  push1000Ms?: number;
};

const ONLY = (() => {
  const arg = process.argv.indexOf('--only');
  return arg >= 0 ? new Set(process.argv[arg + 1].split(',')) : null;
})();
const section = (name: 'accounts' | 'push' | 'pull' | 'compare') => !ONLY || ONLY.has(name);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function benchBackend(backend: 'PGlite' | 'PostgreSQL', jwks: Jwks, databaseUrl?: string): Promise<Summary> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'wyrd-bench-api-'));
  const server = await startServer(jwks.identityUrl, dataDir, databaseUrl);
  const summary: Summary = { backend };
  try {
    const base = server.url;
    const token = (sub: string) => idToken(jwks.issuer, sub);

    let t = performance.now();
    await pushAll(base, token('bench-accounts'), 'seed', accountCreates('acc', 500), 100);
    if (section('pull')) await pushAll(base, token('bench-pull'), 'seed', accountCreates('row', 10_000), 1000);
    const seeded = section('pull') ? 10_500 : 500;
    const seedMs = performance.now() - t;
    t = performance.now();
    const heavy = heavyProfileMutations();
    if (section('compare')) await pushAll(base, token('bench-compare'), 'seed', heavy.mutations, 1000);
    console.log(
      `${backend}: seeded ${seeded.toLocaleString('en-AU')} accounts by push in ${(seedMs / 1000).toFixed(1)} s (${Math.round(seeded / (seedMs / 1000))} mutations/s)` +
        (section('compare')
          ? `; heavy profile (${heavy.mutations.length} mutations) in ${((performance.now() - t) / 1000).toFixed(1)} s`
          : ''),
    );

    const listed = await call<unknown[]>(base, token('bench-accounts'), 'GET', '/accounts');
    if (listed.length !== 500) throw new Error(`GET /accounts returned ${listed.length} accounts, expected 500`);
    const compareBody = JSON.stringify({ scenario_ids: heavy.scenarioIds, forecast_years: 30 });
    if (section('compare'))
      await call(base, token('bench-compare'), 'POST', '/scenarios/compare', JSON.parse(compareBody)); // warm the engine

    if (section('accounts')) {
      // First, a server that has answered no list yet (a deploy, a restart): shown, not a target. The warmed figures
      // below are the steady state the target is about.
      const cold = await load(backend, 'GET /accounts (gzip, just started)', base, token('bench-accounts'), {
        serverPid: server.child.pid,
        connections: 50,
        amount: 2000,
        path: '/accounts',
        headers: { 'Accept-Encoding': 'gzip, deflate, br, zstd' },
      });
      summary.accountsColdP99 = cold.p99;
      // Warm-up so the JIT and the database caches do not count against the first measurement: each kind of request
      // measured below (gzip, uncompressed, revalidated), at the measured concurrency. With 200 plain requests only,
      // the first measured round still ran cold: 0.27-0.29 ms of server CPU a request against 0.07-0.13 ms for the
      // same round repeated, and its p99 was mostly those first requests.
      const warmEtag = (
        await fetch(`${base}/accounts`, { headers: { Authorization: `Bearer ${token('bench-accounts')}` } })
      ).headers.get('etag');
      const kinds: Record<string, string>[] = [{ 'Accept-Encoding': 'gzip' }, {}, { 'If-None-Match': warmEtag ?? '' }];
      for (const headers of kinds) {
        await autocannon({
          url: base,
          connections: 50,
          amount: 2000,
          timeout: 60,
          headers: { Authorization: `Bearer ${token('bench-accounts')}`, ...headers },
          requests: [{ method: 'GET', path: '/accounts' }],
        });
      }

      // One connection first: the service time of one request, which queueing at 50 connections multiplies.
      // Full responses as a browser asks for them (it always offers gzip), then uncompressed, then revalidations.
      const browser = { 'Accept-Encoding': 'gzip, deflate, br, zstd' };
      await load(backend, 'GET /accounts (500 accounts, gzip)', base, token('bench-accounts'), {
        serverPid: server.child.pid,
        connections: 1,
        amount: 200,
        path: '/accounts',
        headers: browser,
      });
      const accounts = await load(backend, 'GET /accounts (500 accounts, gzip)', base, token('bench-accounts'), {
        serverPid: server.child.pid,
        connections: 50,
        amount: 2000,
        path: '/accounts',
        headers: browser,
      });
      const plain = await load(backend, 'GET /accounts (500 accounts, uncompressed)', base, token('bench-accounts'), {
        serverPid: server.child.pid,
        connections: 50,
        amount: 2000,
        path: '/accounts',
      });
      summary.accountsPlainP99 = plain.p99;
      const etag = (
        await fetch(`${base}/accounts`, { headers: { Authorization: `Bearer ${token('bench-accounts')}` } })
      ).headers.get('etag');
      if (!etag) throw new Error('GET /accounts answered without an ETag');
      await load(backend, 'GET /accounts (If-None-Match: 304)', base, token('bench-accounts'), {
        serverPid: server.child.pid,
        connections: 50,
        amount: 2000,
        path: '/accounts',
        headers: { 'If-None-Match': etag },
        expect304: true,
      });
      summary.accountsP99 = accounts.p99;
    }

    if (section('push')) {
      // Full 1,000-mutation batches one after another: how long a device waits for each, and mutations applied a second.
      const times: number[] = [];
      for (let n = 0; n < 7; n++) {
        const mutations = accountCreates(`seq-${n}`, 1000).map((m, i) => ({ ...m, mutation_id: i + 1 }));
        const started = performance.now();
        await call(base, token('bench-push-1000'), 'POST', '/sync/push', { client_id: `bench-1000-${n}`, mutations });
        times.push(performance.now() - started);
      }
      summary.push1000Ms = median(times);
      summary.pushRate = 1000 / (summary.push1000Ms / 1000);
      console.log(
        `${backend.padEnd(10)} POST /sync/push of 1,000 mutations, one push at a time: median ${summary.push1000Ms.toFixed(0)} ms ` +
          `(${Math.round(summary.pushRate)} mutations/s applied; 7 pushes, fastest ${Math.min(...times).toFixed(0)} ms, slowest ${Math.max(...times).toFixed(0)} ms)`,
      );

      let batchNo = 0;
      const concurrent = await load(backend, 'POST /sync/push (100 mutations a batch)', base, token('bench-push'), {
        serverPid: server.child.pid,
        connections: 4,
        amount: 40,
        method: 'POST',
        path: '/sync/push',
        setupBody: () => {
          const n = batchNo++;
          const mutations = accountCreates(`push-${n}`, 100).map((m, i) => ({ ...m, mutation_id: i + 1 }));
          return JSON.stringify({ client_id: `bench-device-${n}`, mutations });
        },
      });
      summary.concurrentPushRate = concurrent.rps * 100;
      console.log(
        `${backend.padEnd(10)} 100-mutation pushes at 4 connections: ${Math.round(summary.concurrentPushRate)} mutations/s applied`,
      );
    }

    if (section('pull')) {
      await load(backend, 'GET /sync/pull (10,000 rows, one page)', base, token('bench-pull'), {
        serverPid: server.child.pid,
        connections: 2,
        amount: 20,
        path: '/sync/pull?since=0&limit=10000',
      });
      await load(backend, 'GET /sync/pull (1,000-row page)', base, token('bench-pull'), {
        serverPid: server.child.pid,
        connections: 10,
        amount: 200,
        path: '/sync/pull?since=0&limit=1000',
      });

      const pulls = [];
      for (let i = 0; i < 5; i++) pulls.push(await pullEverything(base, token('bench-pull'), 1000));
      if (pulls.some((p) => p.rows !== 10_000))
        throw new Error(`a full pull returned ${pulls.map((p) => p.rows).join(', ')} rows, expected 10,000`);
      const times = pulls.map((p) => p.ms).sort((a, b) => a - b);
      summary.pullAllMs = times[times.length - 1];
      console.log(
        `${backend.padEnd(10)} pull all 10,000 rows from cursor 0 in ${pulls[0].pages} pages of 1,000: ` +
          `median ${times[2].toFixed(0)} ms, worst ${times[4].toFixed(0)} ms (5 runs)`,
      );
    }

    if (section('compare')) {
      await load(backend, 'POST /scenarios/compare (5 x 30 years, heavy)', base, token('bench-compare'), {
        serverPid: server.child.pid,
        connections: 2,
        amount: 20,
        method: 'POST',
        path: '/scenarios/compare',
        body: compareBody,
      });
    }
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
  return summary;
}

async function main(): Promise<void> {
  const watchdog = setTimeout(() => {
    console.error(`bench:api: stopped after ${TIMEOUT_S} s (BENCH_API_TIMEOUT_S)`);
    process.exit(2);
  }, TIMEOUT_S * 1000);
  watchdog.unref();

  const arg = process.argv.indexOf('--backend');
  const which = arg >= 0 ? process.argv[arg + 1] : 'both';
  if (!['pglite', 'postgres', 'both'].includes(which)) throw new Error('--backend must be pglite, postgres or both');

  const jwks = await startJwks();
  const summaries: Summary[] = [];
  const load1 = () => loadavg()[0].toFixed(1);
  console.log(
    `API benchmark: server/main.ts in a child process on 127.0.0.1, autocannon in this process; latencies in ms`,
  );
  console.log(
    `(${cpus().length} CPUs, load average ${load1()} at the start: other work on the machine inflates latencies)`,
  );
  console.log(
    [
      'backend'.padEnd(10),
      'endpoint'.padEnd(46),
      'conns'.padStart(5),
      'requests'.padStart(8),
      'req/s'.padStart(9),
      'p50'.padStart(8),
      'p99'.padStart(8),
      'cpu/req'.padStart(8),
      'errors'.padStart(7),
    ].join(' '),
  );
  try {
    if (which !== 'postgres') summaries.push(await benchBackend('PGlite', jwks));
    if (which !== 'pglite') {
      const pg = await startThrowawayPostgres({ log: (s) => console.log(`[postgres] ${s}`) });
      if ('skipped' in pg) {
        console.log(`PostgreSQL: skipped (not installed). Run: ${pg.skipped}`);
      } else {
        try {
          summaries.push(await benchBackend('PostgreSQL', jwks, pg.url));
        } finally {
          await pg.stop();
        }
      }
    }
  } finally {
    await new Promise((resolve) => jwks.server.close(resolve));
  }

  console.log(`\nLoad average at the end: ${load1()}`);
  console.log('Targets:');
  for (const s of summaries) {
    if (s.pushRate !== undefined && s.push1000Ms !== undefined) {
      console.log(
        `  ${s.backend}: at least 3,000 mutations/s applied: ${Math.round(s.pushRate)} (1,000 a push, one at a time), ${s.pushRate >= 3000 ? 'met' : 'NOT met'}; ` +
          `${Math.round(s.concurrentPushRate ?? 0)} with 100-mutation pushes at 4 connections`,
      );
      console.log(
        `  ${s.backend}: a 1,000-mutation push answered under 0.5 s: median ${(s.push1000Ms / 1000).toFixed(2)} s, ${s.push1000Ms < 500 ? 'met' : 'NOT met'}`,
      );
    }
    if (s.backend === 'PostgreSQL' && s.accountsP99 !== undefined) {
      console.log(
        `  GET /accounts p99 under 50 ms at 50 connections on PostgreSQL (full answer, gzip as browsers ask): ${s.accountsP99} ms, ${s.accountsP99 < 50 ? 'met' : 'NOT met'}` +
          ` (uncompressed: ${s.accountsPlainP99 ?? '-'} ms; just started: ${s.accountsColdP99 ?? '-'} ms)`,
      );
    }
    if (s.pullAllMs !== undefined) {
      console.log(
        `  ${s.backend}: pull 10,000 rows (all pages) under 2 s: worst of 5 ${(s.pullAllMs / 1000).toFixed(2)} s, ${s.pullAllMs < 2000 ? 'met' : 'NOT met'}`,
      );
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
