// `npm run bench:idb`: the floor under every figure that writes or reads many rows in the browser (an import's
// write, a new device's pull, a list's first read): plain IndexedDB in Chromium, no Dexie and none of the app,
// writing BENCH_ROWS (10,000) rows shaped like stored bank transactions in one readwrite transaction, with no
// index and with the five indexes the app keeps on transactions, then reading them back with getAll. Prints the
// medians of BENCH_RUNS (5) interleaved runs: the time the page spends in put() calls (main thread), the time to
// the transaction's commit, and the read; and the load average, since the machine is shared.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { chromium } from 'playwright-core';
import { CHROMIUM_PATH } from './stack/chromium';
import { median } from './bench-compare';
import { loadAverage } from './load-average';

const ROWS = Number(process.env.BENCH_ROWS ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
/** The transactions table's indexes in the app's schema (src/data/db-schema.ts, version 4 on). */
const APP_INDEXES = 5;

type Result = { putMs: number; commitMs: number; readMs: number };

async function main(): Promise<void> {
  console.log(`bench:idb: ${ROWS} rows, ${RUNS} runs, ${cpus().length} cores, load average ${loadavg()[0].toFixed(1)}`);
  // IndexedDB needs a real origin: a one-page server on a free port.
  const server = http.createServer((_req, res) => {
    res.setHeader('content-type', 'text/html');
    res.end('<!doctype html><title>idb floor</title>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  try {
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${port}/`);
    const results = new Map<number, Result[]>([
      [0, []],
      [APP_INDEXES, []],
    ]);
    for (let run = 0; run < RUNS; run++) {
      for (const indexes of [0, APP_INDEXES]) {
        const r = await page.evaluate(
          async ({ rows: n, indexes: k }) => {
            const name = `floor-${k}-${crypto.randomUUID()}`;
            const indexNames = ['account_date', 'date', 'amount_cents', 'batch_id', 'recurring_item_id'].slice(0, k);
            const db = await new Promise<IDBDatabase>((resolve, reject) => {
              const open = indexedDB.open(name, 1);
              open.onupgradeneeded = () => {
                const store = open.result.createObjectStore('transactions', { keyPath: 'id' });
                for (const i of indexNames) store.createIndex(i, i === 'account_date' ? ['account_id', 'date'] : i);
              };
              open.onsuccess = () => resolve(open.result);
              open.onerror = () => reject(open.error);
            });
            const rows = Array.from({ length: n }, (_, i) => ({
              id: crypto.randomUUID(),
              account_id: `account-${i % 3}`,
              date: `2025-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`,
              amount_cents: -((i * 3_737) % 100_000),
              description: `CARD PURCHASE WOOLWORTHS 1234 SYDNEY ${i}`,
              payee: 'Woolworths',
              category_id: null,
              note: null,
              bank_id: null,
              balance_cents: 1_234_567 - i,
              batch_id: 'batch-1',
              fingerprint: `fp-${i}-0123456789abcdef`,
              transfer_id: null,
              recurring_item_id: null,
              reconciled: false,
              updated_at: '2026-11-27T10:00:00.000Z',
            }));
            const start = performance.now();
            let putMs = 0;
            await new Promise<void>((resolve, reject) => {
              const tx = db.transaction('transactions', 'readwrite');
              const store = tx.objectStore('transactions');
              const before = performance.now();
              for (const row of rows) store.put(row);
              putMs = performance.now() - before;
              tx.oncomplete = () => resolve();
              tx.onerror = () => reject(tx.error);
            });
            const commitMs = performance.now() - start;
            const readStart = performance.now();
            await new Promise<void>((resolve, reject) => {
              const req = db.transaction('transactions').objectStore('transactions').getAll();
              req.onsuccess = () => resolve();
              req.onerror = () => reject(req.error);
            });
            const readMs = performance.now() - readStart;
            db.close();
            indexedDB.deleteDatabase(name);
            return { putMs, commitMs, readMs };
          },
          { rows: ROWS, indexes },
        );
        results.get(indexes)!.push(r);
      }
    }
    for (const [indexes, rs] of results) {
      console.log(
        `  ${indexes === 0 ? 'no index        ' : `${indexes} indexes (app)`}: put() calls ${median(rs.map((r) => r.putMs)).toFixed(0)} ms on the main thread, ` +
          `committed after ${median(rs.map((r) => r.commitMs)).toFixed(0)} ms (runs ${rs.map((r) => r.commitMs.toFixed(0)).join(', ')}); ` +
          `getAll ${median(rs.map((r) => r.readMs)).toFixed(0)} ms`,
      );
    }
    const perRow = median(results.get(APP_INDEXES)!.map((r) => r.commitMs)) / ROWS;
    console.log(
      `  so with the app's indexes: ${(perRow * 1000).toFixed(0)} us a row; 10,000 rows ${(perRow * 10_000).toFixed(0)} ms, ` +
        `50,000 rows ${(perRow * 50_000).toFixed(0)} ms, before any app code runs`,
    );
    console.log(`load average: ${loadAverage()}`);
  } finally {
    await browser.close();
    server.close();
  }
}

await main();
