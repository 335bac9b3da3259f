// bench:import (node part): parsing and de-duplicating a generated 10,000-row statement with the engine functions
// the import worker runs (parseStatementFile, planImport): a CommBank-shaped CSV and an OFX file, a first import,
// a re-import of the same file and an overlapping file; then recurring detection on 3 years of transactions
// (scripts/bench-recurring.ts). Medians of several runs, with the load average (the machine may be shared).
// BENCH_ROWS and BENCH_RUNS change the size and the number of runs.
import { cpus } from 'node:os';
import {
  centsToDecimalString,
  parseStatementFile,
  planImport,
  type ExistingTransaction,
  type ParsedRow,
  type PlannedRow,
  type StatementParseResult,
} from '../worker/engine/index';
import { benchRecurring } from './bench-recurring';
import { loadAverage } from './load-average';

const ROWS = Number(process.env.BENCH_ROWS ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 7);

/** A seeded generator (mulberry32), so every run reads the same statement. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const MERCHANTS = [
  ['WOOLWORTHS', 'SYDNEY NS AUS'],
  ['COLES', 'BONDI JUNCTION NS AUS'],
  ['CAFE NERO', 'SYDNEY NS AUS'],
  ['BP', 'PARRAMATTA NS AUS'],
  ['KMART', 'CHATSWOOD NS AUS'],
  ['NETFLIX.COM', 'MELBOURNE VI AUS'],
  ['UBER *TRIP', 'SYDNEY NS AUS'],
  ['BUNNINGS', 'ALEXANDRIA NS AUS'],
  ['ALDI STORES', 'MARRICKVILLE NS AUS'],
  ['DAN MURPHYS', 'NEWTOWN NS AUS'],
];

export type GeneratedRow = { date: string; cents: number; description: string; balance: number };

/** A CommBank-like account history, oldest first: card spending most days, fortnightly pay, monthly rent. */
export function generateStatement(rows: number, seed = 7): GeneratedRow[] {
  const next = random(seed);
  const out: GeneratedRow[] = [];
  let balance = 500_000;
  let day = Date.UTC(2020, 0, 1);
  let n = 0;
  while (out.length < rows) {
    const date = new Date(day).toISOString().slice(0, 10);
    const [y, m, d] = date.split('-');
    if (n % 14 === 0) {
      balance += 312_450;
      out.push({ date, cents: 312_450, description: `Direct Credit 012345 ACME PTY LTD SALARY ${y}${m}${d}`, balance });
    }
    if (d === '01') {
      balance -= 240_000;
      out.push({ date, cents: -240_000, description: 'Transfer to xx4321 NetBank RENT', balance });
    }
    const purchases = Math.floor(next() * 5);
    for (let i = 0; i < purchases && out.length < rows; i++) {
      const [name, place] = MERCHANTS[Math.floor(next() * MERCHANTS.length)];
      const cents = -Math.round(300 + next() * 15_000);
      balance += cents;
      const store = 1000 + Math.floor(next() * 8000);
      out.push({
        date,
        cents,
        description: `${name} ${store} ${place} Card xx1234 Value Date: ${d}/${m}/${y}`,
        balance,
      });
    }
    day += 86_400_000;
    n += 1;
  }
  return out.slice(0, rows);
}

/** CommBank's CSV: no header, quoted, credits with an explicit +, newest first. */
export function toCommBankCsv(rows: GeneratedRow[]): string {
  const sign = (c: number) => (c >= 0 ? `+${centsToDecimalString(c)}` : centsToDecimalString(c));
  return [...rows]
    .reverse()
    .map((r) => {
      const [y, m, d] = r.date.split('-');
      return `"${d}/${m}/${y}","${sign(r.cents)}","${r.description}","${sign(r.balance)}"`;
    })
    .join('\r\n');
}

/** OFX 1.x SGML with a FITID per row. */
export function toOfx(rows: GeneratedRow[]): string {
  const body = rows
    .map(
      (r, i) =>
        `<STMTTRN>\n<TRNTYPE>${r.cents < 0 ? 'DEBIT' : 'CREDIT'}\n<DTPOSTED>${r.date.replace(/-/g, '')}\n<TRNAMT>${centsToDecimalString(r.cents)}\n<FITID>${100000 + i}\n<NAME>${r.description.slice(0, 32)}\n<MEMO>${r.description}\n</STMTTRN>`,
    )
    .join('\n');
  return `OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\n\n<OFX>\n<BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>AUD\n<BANKTRANLIST>\n${body}\n</BANKTRANLIST>\n<LEDGERBAL><BALAMT>${centsToDecimalString(rows[rows.length - 1].balance)}<DTASOF>20300101</LEDGERBAL>\n</STMTRS></STMTTRNRS></BANKMSGSRSV1>\n</OFX>\n`;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

/** Wall time and this process's CPU time (user + system): on a busy machine the CPU time is the steadier figure. */
function time<T>(fn: () => T): { ms: number; cpu: number; value: T } {
  const cpu0 = process.cpuUsage();
  const start = performance.now();
  const value = fn();
  const ms = performance.now() - start;
  const cpu = process.cpuUsage(cpu0);
  return { ms, cpu: (cpu.user + cpu.system) / 1000, value };
}

function rowsOf(result: StatementParseResult): ParsedRow[] {
  if (result.kind !== 'parsed') throw new Error('the generated statement was not recognised');
  return result.statement.rows;
}

const stored = (toAdd: PlannedRow[]): ExistingTransaction[] => toAdd.map((r, i) => ({ ...r, id: `t${i}` }));

function main(): void {
  const generated = generateStatement(ROWS);
  const csv = new TextEncoder().encode(toCommBankCsv(generated));
  const ofx = new TextEncoder().encode(toOfx(generated));
  const half = Math.floor(ROWS / 2);
  const firstHalf = new TextEncoder().encode(toCommBankCsv(generated.slice(0, half + Math.floor(ROWS / 10))));
  const load = () => loadAverage();
  console.log(`bench:import (node): ${ROWS} rows, ${RUNS} runs, ${cpus().length} cores, load average ${load()}`);
  console.log(`  CSV ${(csv.length / 1024).toFixed(0)} KiB, OFX ${(ofx.length / 1024).toFixed(0)} KiB`);

  const keys = ['parseCsv', 'parseOfx', 'planFirst', 'planAgain', 'planOverlap', 'total'] as const;
  const t = Object.fromEntries(keys.map((k) => [k, [] as number[]])) as Record<(typeof keys)[number], number[]>;
  const c = Object.fromEntries(keys.map((k) => [k, [] as number[]])) as Record<(typeof keys)[number], number[]>;
  let checks = '';
  // One warm-up run (JIT), then the measured runs.
  for (let run = 0; run <= RUNS; run++) {
    const pc = time(() => rowsOf(parseStatementFile(csv, 'bench.csv')));
    const po = time(() => rowsOf(parseStatementFile(ofx, 'bench.ofx')));
    const first = time(() => planImport([], [pc.value]));
    const existing = stored(first.value.toAdd);
    const again = time(() => planImport(existing, [pc.value]));
    const halfRows = rowsOf(parseStatementFile(firstHalf, 'half.csv'));
    const halfStored = stored(planImport([], [halfRows]).toAdd);
    const overlap = time(() => planImport(halfStored, [pc.value]));
    if (run === 0) {
      checks =
        `  checks: first import adds ${first.value.toAdd.length}, re-import adds ${again.value.toAdd.length}, ` +
        `overlapping file adds ${overlap.value.toAdd.length} (expected ${ROWS - halfRows.length}), ` +
        `proposals ${overlap.value.proposed.length}`;
      continue;
    }
    const all = { parseCsv: pc, parseOfx: po, planFirst: first, planAgain: again, planOverlap: overlap };
    for (const [k, v] of Object.entries(all) as [keyof typeof all, { ms: number; cpu: number }][]) {
      t[k].push(v.ms);
      c[k].push(v.cpu);
    }
    t.total.push(pc.ms + first.ms);
    c.total.push(pc.cpu + first.cpu);
  }
  console.log(checks);
  const line = (label: string, k: (typeof keys)[number]) =>
    console.log(
      `  ${label.padEnd(50)} median ${median(t[k]).toFixed(0).padStart(5)} ms wall (min ${Math.min(...t[k]).toFixed(0)}), ` +
        `${median(c[k]).toFixed(0).padStart(5)} ms CPU`,
    );
  line(`parse CSV (${ROWS} rows, CommBank layout)`, 'parseCsv');
  line(`parse OFX (${ROWS} rows, SGML)`, 'parseOfx');
  line('de-duplicate: first import (nothing stored)', 'planFirst');
  line(`de-duplicate: same file again (${ROWS} stored)`, 'planAgain');
  line(`de-duplicate: overlapping file (${half + Math.floor(ROWS / 10)} stored)`, 'planOverlap');
  line('parse + de-duplicate (CSV, first import)', 'total');
  const recurring = benchRecurring();
  console.log(
    `  recurring detection (${recurring.rows} rows, 3 years, ${recurring.series} series)`.padEnd(52) +
      ` median ${recurring.median_ms.toFixed(0).padStart(5)} ms wall (${recurring.runs} runs; budget ${recurring.budget_ms} ms)`,
  );
  console.log(`  load average after: ${load()}`);
}

if (process.argv[1] !== undefined && /bench-import\.ts$/.test(process.argv[1])) main();
