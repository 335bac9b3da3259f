// `npx tsx scripts/bench-import-browser.ts`: statement import in Chromium on a throwaway local stack, end to end as a
// person does it: 10,000 transactions in one CommBank-style CSV read, de-duplicated and previewed (Read -> preview),
// then written (Import -> done), with the longest main-thread task of each; the Transactions screen's first rows
// after navigating to it with 50,000 stored; and the time until the 10,000 new transactions have synced (the
// outbox drained). Targets: parse + dedupe + write under 2 s with no task of 50 ms or more; first rows within
// 300 ms; sync under 5 s. Prints medians of BENCH_RUNS imports (default 3) and the load average (the machine is
// shared); `--profile` adds a main-thread profile of the first run's read, write and sync (BENCH_PROFILE_RUN=N: run N).
import { cpus, loadavg } from 'node:os';
import type { CDPSession, Page, Request } from 'playwright-core';
import { median, openHeavyBenchPage, seedTransactions } from './bench-compare';
import { loadAverage } from './load-average';
import { count } from './bench-sync-browser';

const IMPORT_ROWS = 10_000;
const STORED_ROWS = 50_000;

type LongTask = { start: number; duration: number };

// `--profile`: a main-thread CPU profile (Chrome DevTools Protocol) of the write and the sync, summed as self
// time per function, so a slow phase points at its cause.
const PROFILE = process.argv.includes('--profile');
/** The run `--profile` profiles (0-based; BENCH_PROFILE_RUN, default the first). */
const PROFILE_RUN = Number(process.env.BENCH_PROFILE_RUN ?? 0);
// Imports timed in one process (BENCH_RUNS, default 3): the figures are their medians.
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
};
type CpuProfile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[]; startTime: number };
/** A profile being taken, and the page's clock (performance.now()) when it started, to place tasks in it. */
type Profiling = { cdp: CDPSession; pageStart: number; page: Page };

async function startProfile(page: Page): Promise<Profiling | null> {
  if (!PROFILE) return null;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
  const pageStart = await page.evaluate(() => performance.now());
  await cdp.send('Profiler.start');
  return { cdp, pageStart, page };
}

const frameName = (n: ProfileNode | undefined) => {
  const f = n?.callFrame;
  return f ? `${f.functionName || '(anonymous)'} ${f.url.split('/').pop() ?? ''}:${f.lineNumber + 1}` : '?';
};

/**
 * Prints the profile's self time per function; then, for the longest main-thread task of the phase (when it is
 * 50 ms or more), the functions that ran in it (inclusive time), which is where a long task comes from.
 */
async function printProfile(profiling: Profiling | null, phase: string, top = 25): Promise<void> {
  if (!profiling) return;
  const { cdp, pageStart, page } = profiling;
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile };
  await cdp.detach();
  const byNode = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    total += ms;
    const name = frameName(byNode.get(id));
    self.set(name, (self.get(name) ?? 0) + ms);
  });
  console.log(`profile of ${phase}: ${total.toFixed(0)} ms sampled; self time per function:`);
  for (const [name, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`  ${ms.toFixed(0).padStart(6)} ms  ${name}`);
  await page.waitForTimeout(100);
  const tasks = await page.evaluate(() => (window as unknown as { __tasks?: LongTask[] }).__tasks?.slice() ?? []);
  const longest = tasks.reduce<LongTask | null>((m, t) => (!m || t.duration > m.duration ? t : m), null);
  if (!longest) return;
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const inclusive = new Map<string, number>();
  let at = 0;
  profile.samples.forEach((id, i) => {
    at += (profile.timeDeltas[i] ?? 0) / 1000;
    const pageAt = pageStart + at;
    if (pageAt < longest.start || pageAt > longest.start + longest.duration) return;
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    const seen = new Set<string>();
    for (let n: number | undefined = id; n !== undefined; n = parent.get(n)) {
      const name = frameName(byNode.get(n));
      if (seen.has(name)) continue;
      seen.add(name);
      inclusive.set(name, (inclusive.get(name) ?? 0) + ms);
    }
  });
  console.log(`  longest task: ${longest.duration.toFixed(0)} ms; inclusive time per function in it:`);
  for (const [name, ms] of [...inclusive].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`  ${ms.toFixed(0).padStart(6)} ms  ${name}`);
}

/**
 * `--profile`: the sync requests of the first run, each with when it was sent and answered (ms after Import was
 * clicked), so the sync figure splits into waiting for the server and the page's own work between requests.
 */
function watchSyncRequests(page: Page, since: number): { print: () => void } {
  const lines: string[] = [];
  const sent = new Set<Request>();
  const onRequest = (r: Request) => {
    if (r.url().includes('/sync/')) sent.add(r);
  };
  const onDone = (r: Request) => {
    if (!sent.has(r)) return;
    // The browser's own times for the request (ms since the epoch, then ms after it started).
    const t = r.timing();
    const at = (ms: number) => String(Math.round(t.startTime + ms - since)).padStart(5);
    const body = r.postData();
    lines.push(
      `  ${new URL(r.url()).pathname.padEnd(12)} started at ${at(0)} ms, answer began at ${at(t.responseStart)} ms, ended at ${at(t.responseEnd)} ms${body ? `, body ${(body.length / 1024).toFixed(0)} KiB` : ''}`,
    );
  };
  page.on('request', onRequest);
  page.on('requestfinished', onDone);
  return {
    print() {
      page.off('request', onRequest);
      page.off('requestfinished', onDone);
      console.log(`sync requests (ms after Import was clicked):\n${lines.join('\n')}`);
    },
  };
}

async function watchLongTasks(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __tasks: LongTask[]; __taskObserver?: PerformanceObserver };
    w.__tasks = [];
    w.__taskObserver?.disconnect();
    w.__taskObserver = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__tasks.push({ start: e.startTime, duration: e.duration });
    });
    w.__taskObserver.observe({ type: 'longtask' });
  });
}

/** The import's own User Timing measures (wyrd:import:*) since the last call, summed per phase, then cleared. */
async function importPhases(page: Page): Promise<string> {
  const phases = await page.evaluate(() => {
    const sums = new Map<string, number>();
    for (const m of performance.getEntriesByType('measure')) {
      if (!m.name.startsWith('wyrd:import:')) continue;
      const name = m.name.slice('wyrd:import:'.length);
      sums.set(name, (sums.get(name) ?? 0) + m.duration);
    }
    performance.clearMeasures();
    return [...sums];
  });
  return phases.map(([name, ms]) => `${name} ${ms.toFixed(0)} ms`).join(', ');
}

async function longestTask(page: Page): Promise<number> {
  await page.waitForTimeout(100);
  const tasks = await page.evaluate(() => (window as unknown as { __tasks: LongTask[] }).__tasks.slice());
  return tasks.reduce((m, t) => Math.max(m, t.duration), 0);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A CommBank export (no header, newest first) of `n` rows, three every two days up to yesterday, with a running balance. */
function commbankCsv(n: number, seed: number): string {
  const lines: string[] = [];
  let balance = 10_000_000;
  const start = Date.now() - (Math.floor((n * 2) / 3) + 2) * 86_400_000;
  const payees = [
    'WOOLWORTHS 1234 SYDNEY',
    'COLES 0456 BONDI',
    'CALTEX 88 RANDWICK',
    'NETFLIX.COM',
    'CAFE NERO SYDNEY',
  ];
  for (let i = 0; i < n; i++) {
    const d = new Date(start + Math.floor((i * 2) / 3) * 86_400_000);
    const cents = i % 14 === 0 ? 285_000 : -((i * 7919 + seed) % 20_000) - 100;
    balance += cents;
    const amount = `${cents < 0 ? '-' : '+'}${Math.floor(Math.abs(cents) / 100)}.${pad(Math.abs(cents) % 100)}`;
    const bal = `${balance < 0 ? '-' : '+'}${Math.floor(Math.abs(balance) / 100)}.${pad(Math.abs(balance) % 100)}`;
    const desc = i % 14 === 0 ? 'Direct Credit 123456 ACME PTY LTD SALARY' : `${payees[i % payees.length]} REF${i}`;
    lines.push(
      `"${pad(d.getUTCDate())}/${pad(d.getUTCMonth() + 1)}/${d.getUTCFullYear()}","${amount}","${desc}","${bal}"`,
    );
  }
  return lines.reverse().join('\r\n') + '\r\n';
}

/** Milliseconds from clicking the button named `button` until `selector` is in the page. */
async function timeClickUntil(page: Page, button: string, selector: string, timeoutMs = 120_000): Promise<number> {
  return page.evaluate(
    async ({ button: name, selector: sel, timeoutMs: limit }) => {
      const el = [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === name);
      if (!el) throw new Error(`no button named ${name}`);
      const start = performance.now();
      const done = new Promise<number>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`${sel} did not appear`)), limit);
        const observer = new MutationObserver(() => {
          if (document.querySelector(sel)) {
            observer.disconnect();
            clearTimeout(timer);
            const at = performance.now();
            (window as unknown as { __doneAt: number }).__doneAt = at;
            resolve(at - start);
          }
        });
        observer.observe(document.body, { childList: true, subtree: true, attributes: true });
      });
      el.click();
      return done;
    },
    { button, selector, timeoutMs },
  );
}

/**
 * When the outbox emptied, in ms after the import's done step appeared: the end of the app's last push
 * (its `wyrd:sync:push` measure: every queued change answered and removed) before the bench's poll saw the
 * outbox empty. The poll itself can be late by a whole pull write, since its read waits for the pull's
 * transactions.
 */
async function pushEndedAfterWrite(page: Page): Promise<number> {
  return page.evaluate(() => {
    const doneAt = (window as unknown as { __doneAt: number }).__doneAt;
    const ends = performance
      .getEntriesByName('wyrd:sync:push', 'measure')
      .map((m) => m.startTime + m.duration)
      .filter((end) => end >= doneAt);
    return ends.length > 0 ? Math.max(...ends) - doneAt : Infinity;
  });
}

/** Rows in the user's local `transactions`, `outbox` and `sync_rejections` stores. */
async function storeCounts(page: Page): Promise<{ transactions: number; outbox: number; sync_rejections: number }> {
  const [transactions, outbox, rejections] = await Promise.all([
    count(page, 'transactions'),
    count(page, 'outbox'),
    count(page, 'sync_rejections'),
  ]);
  return { transactions, outbox, sync_rejections: rejections };
}

/** Prints one refused change (entity and the server's message), if any: a bench whose rows are refused is wrong. */
async function printFirstRefusal(page: Page): Promise<void> {
  const first = await page.evaluate(async () => {
    const name = (await indexedDB.databases()).map((d) => d.name ?? '').find((x) => x.startsWith('wyrd-user-'));
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open(name ?? '');
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    const row = await new Promise<unknown>((resolve, reject) => {
      const req = db.transaction('sync_rejections').objectStore('sync_rejections').openCursor();
      req.onsuccess = () => resolve(req.result?.value);
      req.onerror = () => reject(req.error);
    });
    db.close();
    return row ? JSON.stringify(row).slice(0, 600) : null;
  });
  if (first) console.log(`first refused change: ${first}`);
}

/** Queues a create of each account (as stored) in the outbox, as the app's repository would. */
async function queueAccounts(page: Page, accounts: ReadonlyArray<{ id: string }>): Promise<void> {
  await page.evaluate(
    async ({ ids }) => {
      const name = (await indexedDB.databases()).map((d) => d.name ?? '').find((x) => x.startsWith('wyrd-user-'));
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const req = indexedDB.open(name ?? '');
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error);
      });
      const tx = db.transaction(['accounts', 'outbox'], 'readwrite');
      for (const id of ids) {
        const req = tx.objectStore('accounts').get(id);
        req.onsuccess = () =>
          tx.objectStore('outbox').add({
            entity: 'accounts',
            entity_id: id,
            op: 'create',
            payload: req.result,
            created_at: req.result.updated_at,
            attempts: 0,
          });
      }
      await new Promise<void>((resolve, reject) => {
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error);
      });
      db.close();
    },
    { ids: accounts.map((a) => a.id) },
  );
}

async function main(): Promise<void> {
  console.log(`load average: ${loadAverage()} on ${cpus().length} cores`);
  const { page, heavy, close } = await openHeavyBenchPage('import');
  try {
    const accounts = heavy.accounts as { id: string; name: string }[];
    const account = accounts[0];
    // The profile's records are stored locally only: queue the accounts the runs import into, as the app would
    // have, so the server has them and applies the imported transactions (it refuses ones naming no account of
    // the user); the reload's first round pushes them.
    await queueAccounts(page, accounts.slice(0, RUNS));
    await page.reload();
    for (let waited = 0; (await storeCounts(page)).outbox > 0 && waited < 60_000; waited += 200)
      await page.waitForTimeout(200);
    await printFirstRefusal(page);
    const csv = commbankCsv(IMPORT_ROWS, 17);
    const runs: { read: number; write: number; readTask: number; writeTask: number; sync: number }[] = [];
    // Each run imports the statement into another account of the profile (nothing de-duplicates across accounts),
    // after the previous run's rows have synced, so every run writes 10,000 new rows with the same work behind it.
    for (let run = 0; run < Math.min(RUNS, accounts.length); run++) {
      await page.goto(`/transactions/import?account=${accounts[run].id}`);
      await page.getByRole('heading', { level: 1, name: 'Import statements' }).waitFor();
      await page.getByLabel(/Statement files/).setInputFiles({
        name: 'bench.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(csv, 'utf8'),
      });
      await watchLongTasks(page);
      const readProfile = run === PROFILE_RUN ? await startProfile(page) : null;
      const readMs = await timeClickUntil(page, 'Read file', '[aria-label="Import totals"]');
      await printProfile(readProfile, 'the read (Read file -> preview; the statement worker not included)');
      const readTask = await longestTask(page);
      await watchLongTasks(page);
      const label = `Import ${IMPORT_ROWS.toLocaleString('en-AU')} transactions`;
      const writeProfile = run === PROFILE_RUN ? await startProfile(page) : null;
      const importStarted = Date.now();
      const requests = run === PROFILE_RUN && PROFILE ? watchSyncRequests(page, importStarted) : null;
      const writeMs = await timeClickUntil(page, label, '[data-step="done"]');
      await printProfile(writeProfile, 'the write (Import -> done)');
      const writeTask = await longestTask(page);
      const counts = await storeCounts(page);
      console.log(
        `run ${run + 1}: import ${IMPORT_ROWS} rows: read + de-duplicate + preview ${readMs.toFixed(0)} ms (longest task ${readTask.toFixed(0)} ms), ` +
          `write ${writeMs.toFixed(0)} ms (longest task ${writeTask.toFixed(0)} ms), total ${(readMs + writeMs).toFixed(0)} ms; ` +
          `stored ${counts.transactions}, outbox rows ${counts.outbox}; load average ${loadavg()[0].toFixed(1)}`,
      );
      console.log(`run ${run + 1}: phases: ${await importPhases(page)}`);

      // Sync: until the outbox is empty (the push starts while the chunks are written).
      let outbox = counts.outbox;
      const syncProfile = run === PROFILE_RUN ? await startProfile(page) : null;
      while (outbox > 0 && Date.now() - importStarted < 120_000) {
        await page.waitForTimeout(100);
        outbox = (await storeCounts(page)).outbox;
      }
      const seenMs = Date.now() - importStarted - writeMs;
      const syncMs = outbox === 0 ? await pushEndedAfterWrite(page) : Infinity;
      await printProfile(syncProfile, 'the sync (after the write)');
      requests?.print();
      console.log(
        outbox === 0
          ? `run ${run + 1}: sync: outbox empty ${syncMs.toFixed(0)} ms after the import finished (the push's end; the bench's poll saw it at ${seenMs.toFixed(0)} ms, its read queued behind the pull's writes; ${(await storeCounts(page)).sync_rejections} changes refused)`
          : `run ${run + 1}: sync: ${outbox} outbox rows still waiting after 120 s`,
      );
      if (run === 0) await printFirstRefusal(page);
      // The round goes on after the outbox is empty: its pull brings the 10,000 rows back as the server stored them
      // (with the server's updated_at) and writes them. The next run starts once the round is over (the top bar's
      // 'Synced at'), so that each run's read and write have the same quiet page behind them, as the first has.
      await page.waitForFunction(
        () => /^Synced at/.test(document.querySelector('[data-testid="sync-state"]')?.textContent ?? ''),
        undefined,
        { timeout: 120_000, polling: 100 },
      );
      console.log(
        `run ${run + 1}: sync round over (pull included) ${Date.now() - importStarted} ms after Import was clicked`,
      );
      runs.push({ read: readMs, write: writeMs, readTask, writeTask, sync: outbox === 0 ? syncMs : Infinity });
    }
    console.log(
      `import ${IMPORT_ROWS} rows, median of ${runs.length} runs: read + de-duplicate + preview ${median(runs.map((r) => r.read)).toFixed(0)} ms, ` +
        `write ${median(runs.map((r) => r.write)).toFixed(0)} ms, total ${median(runs.map((r) => r.read + r.write)).toFixed(0)} ms ` +
        `(totals ${runs.map((r) => (r.read + r.write).toFixed(0)).join(', ')}); longest task ${Math.max(...runs.map((r) => Math.max(r.readTask, r.writeTask))).toFixed(0)} ms; ` +
        `sync median ${median(runs.map((r) => r.sync)).toFixed(0)} ms; load average ${loadAverage()}`,
    );

    // First rows with 50,000 stored: navigate from the dashboard by the nav link, three times.
    const stored = (await storeCounts(page)).transactions;
    // Four a day, going back from the day before the imported statement starts.
    if (stored < STORED_ROWS) await seedTransactions(page, STORED_ROWS - stored, account.id, { daysAgo: 7000 });
    console.log(`stored transactions: ${(await storeCounts(page)).transactions}`);
    const firstRows: number[] = [];
    const navTasks: number[] = [];
    for (let i = 0; i < 4; i++) {
      await page.goto('/dashboard');
      await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
      await page.waitForTimeout(2000);
      await watchLongTasks(page);
      const ms = await page.evaluate(async () => {
        const link = [...document.querySelectorAll('a')].find((a) => a.getAttribute('href') === '/transactions');
        if (!link) throw new Error('no Transactions link');
        const start = performance.now();
        const done = new Promise<number>((resolve) => {
          const observer = new MutationObserver(() => {
            if (document.querySelector('[role="row"][aria-rowindex="2"] [role="cell"]')) {
              observer.disconnect();
              resolve(performance.now() - start);
            }
          });
          observer.observe(document.body, { childList: true, subtree: true });
        });
        link.click();
        return done;
      });
      navTasks.push(await longestTask(page));
      // The first navigation also loads the screen's code: report it apart.
      if (i === 0) console.log(`Transactions first rows, first visit (loads the chunk): ${ms.toFixed(0)} ms`);
      else firstRows.push(ms);
    }
    console.log(
      `Transactions first rows with ${STORED_ROWS} stored: median ${median(firstRows).toFixed(0)} ms of ${firstRows
        .map((m) => m.toFixed(0))
        .join(', ')}; longest task ${Math.max(...navTasks).toFixed(0)} ms`,
    );
    console.log(`load average: ${loadAverage()}`);
  } finally {
    await close();
  }
}

await main();
