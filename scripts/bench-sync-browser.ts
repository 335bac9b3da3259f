// The sync figures in Chromium against a throwaway local stack (`npm run bench:sync`; issue 18 item 3): a new device
// signs in to an account whose server holds 50,000 records (one account and 49,999 bank transactions, plus the
// category the edits use) and pulls them all; then, offline, it queues 1,000 edits (a recategorisation, stored as the repository stores it), comes back
// online and pushes them. Prints each time, end to end, and the longest main-thread task during each (the page's
// PerformanceObserver 'longtask', which reports tasks of 50 ms or more). Targets: pull under 5 s, push under
// 1.5 s, no task of 50 ms or more. Runs BENCH_RUNS times (default 3) on fresh devices and prints medians;
// BENCH_PROFILE=1 adds a main-thread CPU profile of each pull.
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { SYNC_PROTOCOL_VERSION, SYNC_VERSION_HEADER } from '../worker/engine/index';
import { median } from './bench-compare';
import { startStack } from './start';
import { repoRoot } from './stack/build';
import { CHROMIUM_PATH } from './stack/chromium';
import { summariseProfile, type CpuProfile } from './stack/cpu-profile';
import { FIXED_CODE, identityCall, signUpConfirmed } from './stack/identity';
import { loadAverage } from './load-average';

const RECORDS = Number(process.env.BENCH_RECORDS ?? 50_000);
const EDITS = Number(process.env.BENCH_EDITS ?? 1_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
// BENCH_PROFILE=1: a main-thread CPU profile of each pull, summed per function.
const PROFILE = process.env.BENCH_PROFILE === '1';

type LongTask = { start: number; duration: number };
type Identity = { url: string; clientId: string };

/** Records every long task the page reports, from before any page script runs. */
export const LONG_TASK_OBSERVER = `
  window.__longTasks = [];
  try {
    new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__longTasks.push({ start: e.startTime, duration: e.duration }); })
      .observe({ type: 'longtask', buffered: true });
  } catch (e) {}
`;

/** A confirmed user and an ID token for seeding the server. */
async function newUser(identity: Identity): Promise<{ email: string; password: string; token: string }> {
  const email = `bench-sync-${Date.now()}@example.com`;
  const password = 'Wyrd-bench-Pass1!';
  const call = (operation: string, body: Record<string, unknown>) =>
    identityCall(identity.url, operation, { ClientId: identity.clientId, ...body });
  await signUpConfirmed(identity.url, identity.clientId, { email, password, givenName: 'Bench', familyName: 'Sync' });
  const auth = (await call('InitiateAuth', {
    AuthFlow: 'USER_PASSWORD_AUTH',
    AuthParameters: { USERNAME: email, PASSWORD: password },
  })) as { AuthenticationResult: { IdToken: string } };
  return { email, password, token: auth.AuthenticationResult.IdToken };
}

/** Stores `RECORDS` records for the user on the server through the sync API (another device's pushes). */
async function seedServer(apiUrl: string, token: string): Promise<string> {
  const accountId = crypto.randomUUID();
  const at = new Date().toISOString();
  const mutations: unknown[] = [
    {
      entity: 'accounts',
      op: 'create',
      id: accountId,
      payload: {
        id: accountId,
        name: 'Everyday',
        account_type: 'checking',
        current_balance: 1000,
        institution: null,
        is_asset: true,
        scenario_event_id: null,
        updated_at: at,
      },
    },
    // The category the queued edits set (the server refuses a transaction naming a category it does not have).
    {
      entity: 'categories',
      op: 'create',
      id: 'bench-category',
      payload: { id: 'bench-category', name: 'Bench', type: 'expense', updated_at: at },
    },
  ];
  for (let i = 1; i < RECORDS; i++) {
    const id = crypto.randomUUID();
    const date = new Date(Date.now() - (1 + Math.floor(i / 4)) * 86_400_000).toISOString().slice(0, 10);
    mutations.push({
      entity: 'transactions',
      op: 'create',
      id,
      payload: {
        id,
        account_id: accountId,
        date,
        amount_cents: -((i * 7919) % 20_000) - 100,
        description: `SEEDED PAYEE ${i % 50} REF${i}`,
        payee: `SEEDED PAYEE ${i % 50}`,
        category_id: null,
        note: null,
        bank_id: null,
        balance_cents: null,
        batch_id: null,
        fingerprint: null,
        transfer_id: null,
        recurring_item_id: null,
        reconciled: false,
        updated_at: at,
      },
    });
  }
  for (let i = 0; i < mutations.length; i += 1000) {
    const batch = mutations.slice(i, i + 1000).map((m, j) => ({ ...(m as object), mutation_id: i + j + 1 }));
    const response = await fetch(`${apiUrl}/sync/push`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Authorization: `Bearer ${token}`,
        [SYNC_VERSION_HEADER]: String(SYNC_PROTOCOL_VERSION),
      },
      body: JSON.stringify({ client_id: 'bench-seed', mutations: batch }),
    });
    if (!response.ok) throw new Error(`seeding failed: HTTP ${response.status} ${await response.text()}`);
  }
  return accountId;
}

/**
 * Rows in the page's user database: `store` count (0 while the database does not exist yet); transactions counted
 * from their blocks' heads. bench:import uses it too.
 */
export async function count(page: Page, store: 'transactions' | 'outbox' | 'sync_rejections'): Promise<number> {
  return page.evaluate(async (name) => {
    const dbName = (await indexedDB.databases()).map((d) => d.name ?? '').find((n) => n.startsWith('wyrd-user-'));
    if (!dbName) return 0;
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open(dbName);
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    try {
      // From schema version 6 transactions are stored a block per account and month (src/data/tx-blocks.ts):
      // counted from the blocks' heads ([month, account, count, revision]) without reading the rows.
      if (name === 'transactions' && db.objectStoreNames.contains('tx_blocks'))
        return await new Promise<number>((resolve, reject) => {
          const req = db.transaction('tx_blocks').objectStore('tx_blocks').index('head').openKeyCursor();
          let n = 0;
          req.onsuccess = () => {
            const cursor = req.result;
            if (!cursor) return resolve(n);
            n += (cursor.key as [string, string, number, string])[2];
            cursor.continue();
          };
          req.onerror = () => reject(req.error);
        });
      if (!db.objectStoreNames.contains(name)) return 0;
      return await new Promise<number>((resolve, reject) => {
        const req = db.transaction(name).objectStore(name).count();
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error);
      });
    } finally {
      db.close();
    }
  }, store);
}

/** Time spent waiting on `path` requests (request sent to response end, resource timing), in ms. */
async function requestTime(page: Page, pathPart: string, from: number, to: number): Promise<{ n: number; ms: number }> {
  return page.evaluate(
    ([part, a, b]) => {
      const entries = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter(
        (e) => e.name.includes(part) && e.startTime >= a && e.startTime <= b,
      );
      return { n: entries.length, ms: entries.reduce((sum, e) => sum + (e.responseEnd - e.startTime), 0) };
    },
    [pathPart, from, to] as const,
  );
}

async function longTasksBetween(page: Page, from: number, to: number): Promise<LongTask[]> {
  await page.waitForTimeout(200); // a task is reported after it ends
  return page.evaluate(
    ([a, b]) =>
      ((window as unknown as { __longTasks: LongTask[] }).__longTasks ?? []).filter(
        (t) => t.start >= a && t.start <= b,
      ),
    [from, to] as const,
  );
}

/**
 * Queues `n` edits while offline as the transaction repository does (the rows recategorised, each with a reference
 * outbox row, in one IndexedDB transaction), straight into the page's database.
 */
async function queueEdits(page: Page, n: number): Promise<void> {
  await page.evaluate(async (edits) => {
    const dbName = (await indexedDB.databases()).map((d) => d.name ?? '').find((x) => x.startsWith('wyrd-user-'));
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open(dbName ?? '');
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    const at = new Date().toISOString();
    if (db.objectStoreNames.contains('tx_blocks')) {
      // Schema version 6 on: the rows of the first blocks (src/data/tx-blocks.ts), edited in place, one slice
      // outbox row per 250 of them as the repository queues them.
      // The heads record (tx_heads, schema version 7) is deleted: the app makes it again from the blocks' index.
      const hasHeads = db.objectStoreNames.contains('tx_heads');
      const tx = db.transaction(['tx_blocks', 'outbox', ...(hasHeads ? ['tx_heads'] : [])], 'readwrite');
      if (hasHeads) tx.objectStore('tx_heads').clear();
      const ids: string[] = [];
      const blockOf = new Map<string, string>();
      await new Promise<void>((resolve, reject) => {
        const req = tx.objectStore('tx_blocks').openCursor();
        req.onsuccess = () => {
          const cursor = req.result;
          if (!cursor || ids.length >= edits) return resolve();
          const block = cursor.value as { key: string; rows: Record<string, unknown>[]; head: unknown[] };
          const rows = block.rows.map((row) => {
            if (ids.length >= edits) return row;
            ids.push(row.id as string);
            blockOf.set(row.id as string, block.key);
            return { ...row, category_id: 'bench-category', updated_at: at };
          });
          cursor.update({
            ...block,
            rows,
            head: [block.head[0], block.head[1], block.head[2], `bench.${crypto.randomUUID()}`],
          });
          cursor.continue();
        };
        req.onerror = () => reject(req.error);
      });
      // Slice rows take the mutation ids seq - refs.length + 1 .. seq, so the range above the outbox's key
      // generator is reserved as the repository does (src/data/outbox.ts reserveAfter: a placeholder row added
      // and removed), and each row is added under its last id.
      const after = await new Promise<number>((resolve, reject) => {
        const req = tx
          .objectStore('outbox')
          .add({ entity: '', entity_id: '', op: 'update', created_at: '', attempts: 0 });
        req.onsuccess = () => {
          tx.objectStore('outbox').delete(req.result);
          resolve(req.result as number);
        };
        req.onerror = () => reject(req.error);
      });
      for (let i = 0; i < ids.length; i += 250) {
        const refs = ids.slice(i, i + 250);
        tx.objectStore('outbox').add({
          seq: after + i + refs.length,
          entity: 'transactions',
          entity_id: '',
          op: 'update',
          refs,
          blocks: [...new Set(refs.map((id) => blockOf.get(id)))],
          created_at: at,
          attempts: 0,
        });
      }
      await new Promise<void>((resolve, reject) => {
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error);
      });
      db.close();
      return;
    }
    const rows = await new Promise<Record<string, unknown>[]>((resolve, reject) => {
      const req = db.transaction('transactions').objectStore('transactions').getAll(null, edits);
      req.onsuccess = () => resolve(req.result as Record<string, unknown>[]);
      req.onerror = () => reject(req.error);
    });
    const tx = db.transaction(['transactions', 'outbox'], 'readwrite');
    const outbox = tx.objectStore('outbox');
    // Dexie stores version n as n * 10; before version 4 the outbox row carried a copy of the row.
    const copies = db.version < 40;
    for (const row of rows) {
      const next = { ...row, category_id: 'bench-category', updated_at: at };
      tx.objectStore('transactions').put(next);
      outbox.add({
        entity: 'transactions',
        entity_id: row.id,
        op: 'update',
        ...(copies ? { payload: next } : {}),
        created_at: at,
        attempts: 0,
      });
    }
    await new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
    });
    db.close();
  }, n);
}

async function waitFor(check: () => Promise<boolean>, limitMs: number, what: string): Promise<void> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > limitMs) throw new Error(`${what} did not happen within ${limitMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

type Run = { pullMs: number; pullTask: number; pushMs: number; pushTask: number };

async function oneDevice(context: BrowserContext, user: { email: string; password: string }): Promise<Run> {
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel(/^email/i).fill(user.email);
  await page.getByLabel(/^password/i).fill(user.password);
  // Pull: from the first pull request (after sign-in) until every record is stored.
  let firstPull = 0;
  page.on('request', (request) => {
    if (!firstPull && request.url().includes('/sync/pull')) firstPull = Date.now();
  });
  const cdp = PROFILE ? await context.newCDPSession(page) : null;
  if (cdp) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
    await cdp.send('Profiler.start');
  }
  await page.getByRole('button', { name: 'Sign in' }).click();
  // The end of the first round is read from the top bar's sync state ('Synced at ...'), polled in the page: counting
  // the stored rows every 100 ms (as this did before) is itself a read of every key of the store, and each count
  // held up the pull's writes behind it.
  await page.waitForFunction(
    () => /^Synced at/.test(document.querySelector('[data-testid="sync-state"]')?.textContent ?? ''),
    undefined,
    { timeout: 300_000, polling: 50 },
  );
  const origin = await page.evaluate(() => performance.timeOrigin);
  const pullEnd = Date.now() - origin;
  if (cdp) {
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile };
    await cdp.detach();
    console.log('  profile of the pull (main thread):');
    for (const line of summariseProfile(profile)) console.log(`    ${line}`);
  }
  const stored = await count(page, 'transactions');
  if (stored < RECORDS - 1) throw new Error(`the pull ended with ${stored} of ${RECORDS - 1} transactions stored`);
  const pullStart = firstPull - origin;
  const pullTasks = await longTasksBetween(page, pullStart, pullEnd);
  await page.waitForTimeout(3_000); // the round's last steps, the dashboard settling

  // Push: 1,000 edits queued offline; the 'online' event starts the round that sends them.
  await context.setOffline(true);
  await queueEdits(page, EDITS);
  await page.evaluate(() => {
    const w = window as unknown as { __online?: number };
    window.addEventListener('online', () => (w.__online = performance.now()), { once: true });
  });
  await context.setOffline(false);
  await waitFor(async () => (await count(page, 'outbox')) === 0, 120_000, 'the push');
  const pushEnd = await page.evaluate(() => performance.now());
  const pushStart = await page.evaluate(() => (window as unknown as { __online?: number }).__online ?? 0);
  const pushTasks = await longTasksBetween(page, pushStart, pushEnd);
  if (process.env.BENCH_VERBOSE === '1') {
    const pulls = await requestTime(page, '/sync/pull', pullStart, pullEnd);
    const pushes = await requestTime(page, '/sync/push', pushStart, pushEnd);
    console.log(
      `  waiting on the server: ${pulls.n} pull requests ${pulls.ms.toFixed(0)} ms; ${pushes.n} push requests ${pushes.ms.toFixed(0)} ms`,
    );
  }
  await page.close();
  const longest = (tasks: LongTask[]) => Math.max(0, ...tasks.map((t) => t.duration));
  if (process.env.BENCH_VERBOSE === '1')
    console.log(
      `  long tasks: pull ${pullTasks.map((t) => `${(t.start - pullStart).toFixed(0)}+${t.duration.toFixed(0)}`).join(', ')}; push ${pushTasks.map((t) => `${(t.start - pushStart).toFixed(0)}+${t.duration.toFixed(0)}`).join(', ')}`,
    );
  return {
    pullMs: pullEnd - pullStart,
    pullTask: longest(pullTasks),
    pushMs: pushEnd - pushStart,
    pushTask: longest(pushTasks),
  };
}

export async function benchSyncBrowser(): Promise<void> {
  console.log(`load average: ${loadAverage()} on ${cpus().length} cores`);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'wyrd-bench-sync-browser-'));
  const stack = await startStack({
    env: { LOCAL_AUTH_FIXED_CODE: FIXED_CODE },
    dataDir,
    ports: { web: 0, api: 0, identity: 0 },
    fixedCode: FIXED_CODE,
    distDir: path.join(repoRoot, 'test-results', 'bench-dist'),
    log: (line) => {
      if (line.startsWith('Building')) console.log(line);
    },
  });
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run', '--disable-quic'],
  });
  try {
    const identity = { url: stack.identityUrl ?? '', clientId: stack.appConfig.cognito.userPoolClientId };
    const user = await newUser(identity);
    const seedStart = Date.now();
    await seedServer(stack.apiUrl, user.token);
    console.log(`server seeded with ${RECORDS} records in ${((Date.now() - seedStart) / 1000).toFixed(1)} s`);
    const runs: Run[] = [];
    for (let i = 0; i < RUNS; i++) {
      // A fresh context each time: a new device (empty IndexedDB).
      const context = await browser.newContext({ baseURL: stack.webUrl, viewport: { width: 1280, height: 900 } });
      context.setDefaultTimeout(60_000);
      await context.addInitScript(LONG_TASK_OBSERVER);
      const run = await oneDevice(context, user);
      await context.close();
      runs.push(run);
      console.log(
        `  run ${i + 1}: pull ${RECORDS} records ${run.pullMs.toFixed(0)} ms (longest task ${run.pullTask.toFixed(0)} ms); ` +
          `push ${EDITS} edits ${run.pushMs.toFixed(0)} ms (longest task ${run.pushTask.toFixed(0)} ms)`,
      );
    }
    const med = (pick: (r: Run) => number) => median(runs.map(pick)).toFixed(0);
    console.log(`bench:sync in Chromium (the app on the local stack, API on PGlite), median of ${RUNS}:`);
    console.log(
      `  push ${EDITS} queued edits end to end: ${med((r) => r.pushMs)} ms (target < 1500 ms); longest main-thread task ${med((r) => r.pushTask)} ms (target < 50 ms; 0 = none of 50 ms or more)`,
    );
    console.log(
      `  pull ${RECORDS} records into a new device: ${med((r) => r.pullMs)} ms (target < 5000 ms); longest main-thread task ${med((r) => r.pullTask)} ms (target < 50 ms; 0 = none of 50 ms or more)`,
    );
    console.log(`load average: ${loadAverage()}`);
  } finally {
    await browser.close();
    await stack.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
