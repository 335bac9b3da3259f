// bench:sync: pushes 1,000 queued offline edits to the local API server and pulls 10,000 records into a new
// device with the real sync engine (fake-indexeddb in Node), printing the time of each and the longest
// main-thread task (the longest stretch the event loop was blocked, sampled every 5 ms). The API server runs
// in a child process, so its work is not counted as the device's.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { WyrdDb } from '../src/data/db';
import { SyncEngine } from '../src/data/sync/sync-engine';
import { createApiClient } from '../src/lib/http/api-client';
import { serve as serveHttp } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { openDatabase } from '../server/db/client';
import { createApp } from '../server/api/app';
import { createTokenVerifier } from '../server/api/auth';
import { loadApiConfig } from '../server/api/config';
import { putEntity, withUserTx } from '../server/api/store/rows';
import { idClaims, mintToken, startJwks } from '../tests/server/harness';

const EDITS = Number(process.env.BENCH_EDITS ?? 1000);
const RECORDS = Number(process.env.BENCH_RECORDS ?? 10_000);

function device(userId: string, apiUrl: string, token: () => string) {
  const db = new WyrdDb(userId, { indexedDB: new IDBFactory(), IDBKeyRange });
  const api = createApiClient({ baseUrl: apiUrl, getToken: async () => token(), requireToken: true });
  return { db, engine: new SyncEngine({ db, api, retryDelaysMs: [3_600_000] }) };
}

async function measure<T>(fn: () => Promise<T>): Promise<{ ms: number; longestTaskMs: number; result: T }> {
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  histogram.enable();
  const start = performance.now();
  const result = await fn();
  const ms = performance.now() - start;
  histogram.disable();
  // The histogram records how late each 5 ms tick ran: its maximum is the longest blocked stretch.
  return { ms, longestTaskMs: histogram.max / 1e6, result };
}

const account = (i: number) => ({
  id: crypto.randomUUID(),
  name: `Account ${i}`,
  account_type: 'savings' as const,
  current_balance: i,
  institution: null,
  is_asset: true,
  scenario_event_id: null,
  updated_at: new Date().toISOString(),
});

async function queue(
  db: WyrdDb,
  rows: { entity: 'accounts'; op: 'create' | 'update'; row: ReturnType<typeof account> }[],
) {
  await db.transaction('rw', [db.accounts, db.outbox], async () => {
    await db.accounts.bulkPut(rows.map((r) => r.row));
    await db.outbox.bulkAdd(
      rows.map((r) => ({
        entity: r.entity,
        entity_id: r.row.id,
        op: r.op,
        payload: r.row,
        created_at: r.row.updated_at,
        attempts: 0,
      })),
    );
  });
}

type ServerInfo = { url: string; token: string };

/**
 * Child mode: the API on in-memory PGlite with `seed` accounts already stored for the bench user (written
 * straight into the database: pushing 10,000 creates would time the server, not the device), then prints
 * its URL and a token for the user, and waits.
 */
async function serve() {
  const [user, seed] = [process.argv[3], Number(process.argv[4] ?? 0)];
  const jwks = await startJwks();
  const config = loadApiConfig({ WYRD_COGNITO_ENDPOINT: jwks.identityUrl, WYRD_API_PORT: '0' });
  const database = await openDatabase({ pgliteDir: 'memory://' });
  await withUserTx(database.db, user, async (tx) => {
    const at = new Date().toISOString();
    for (let i = 0; i < seed; i++)
      await putEntity(
        tx,
        'accounts',
        { sub: user, at },
        { ...account(100_000 + i), updated_at: at },
        { scenarioEventId: null },
      );
  });
  const app = createApp({ db: database.db, verifier: createTokenVerifier(config.auth), config });
  const port = await new Promise<number>((resolve) =>
    serveHttp({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => resolve(info.port)),
  );
  const token = mintToken(
    idClaims(jwks.issuer, { sub: user, email: `${user}@example.com`, exp: Math.floor(Date.now() / 1000) + 3600 }),
  );
  console.log(JSON.stringify({ url: `http://127.0.0.1:${port}`, token } satisfies ServerInfo));
  process.stdin.resume();
  process.stdin.on('end', () => process.exit(0));
}

async function startServerProcess(user: string, seed: number): Promise<{ info: ServerInfo; stop: () => void }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', new URL(import.meta.url).pathname, '--serve', user, String(seed)],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const lines = createInterface({ input: child.stdout });
  for await (const line of lines) {
    if (line.startsWith('{')) return { info: JSON.parse(line) as ServerInfo, stop: () => child.stdin.end() };
  }
  await once(child, 'exit');
  throw new Error('the API server process ended before it was ready');
}

async function main() {
  const user = `bench-${Date.now()}`;
  const server = await startServerProcess(user, RECORDS - 100);
  const api = { url: server.info.url };
  try {
    const token = () => server.info.token;

    // 1. Push: a device with a few synced accounts queues EDITS offline edits, then syncs.
    const a = device(user, api.url, token);
    const base = Array.from({ length: 100 }, (_, i) => account(i));
    await queue(
      a.db,
      base.map((row) => ({ entity: 'accounts', op: 'create', row })),
    );
    await a.engine.sync();
    const edits = Array.from({ length: EDITS }, (_, i) => ({
      entity: 'accounts' as const,
      op: 'update' as const,
      row: { ...base[i % base.length], current_balance: 1000 + i },
    }));
    await queue(a.db, edits);
    const push = await measure(() => a.engine.sync());
    if (push.result !== 'synced' || (await a.db.outbox.count()) !== 0)
      throw new Error(`push did not finish: ${push.result}`);

    // 2. Pull: the server holds RECORDS accounts (seeded at start, plus the 100 above); a new device pulls them all.
    const b = device(user, api.url, token);
    const pull = await measure(() => b.engine.sync());
    const pulled = await b.db.accounts.count();
    if (pulled !== RECORDS) throw new Error(`pulled ${pulled} of ${RECORDS} records`);

    const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
    console.log(`bench:sync (real engine on fake-indexeddb, API on in-memory PGlite, loopback)`);
    console.log(
      `  push ${EDITS} queued offline edits: ${s(push.ms)} (target < 5 s); longest main-thread task ${push.longestTaskMs.toFixed(0)} ms (target <= 100 ms)`,
    );
    console.log(
      `  pull ${RECORDS} records into a new device: ${s(pull.ms)} (target < 5 s); longest main-thread task ${pull.longestTaskMs.toFixed(0)} ms (target <= 100 ms)`,
    );
    a.db.close();
    b.db.close();
  } finally {
    server.stop();
  }
}

(process.argv[2] === '--serve' ? serve() : main()).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
