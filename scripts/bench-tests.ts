// `npm run bench:tests`: the test suite's time as a fresh clone pays it (target: `npm install && npm test` under
// 6 minutes on this machine). Clones the committed HEAD into a temporary folder, runs `npm ci` and `npm test` there,
// and prints each one's wall time with what the whole machine's CPU did meanwhile (read from /proc/stat, so
// Chromium, PostgreSQL and every other process count, which a child's own CPU accounting misses): busy share and
// CPU-seconds. CPU-seconds over the core count is the shortest the run could take on this machine if nothing ever
// waited; a run close to that floor is bound by its CPU work, and only doing less work makes it shorter.
// BENCH_TESTS_INSTALL=link skips `npm ci` (the repo's node_modules are hard-linked into the clone) to time the tests
// alone; BENCH_TESTS_RUNS=N runs N fresh clones and judges their median. The host's speed swings, so a fixed
// reference loop is timed before and after each run.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { median } from './bench-compare';
import { loadAverage } from './load-average';
import { repoRoot } from './stack/build';

const TARGET_S = 360;
const CORES = cpus().length;
const INSTALL = process.env.BENCH_TESTS_INSTALL === 'link' ? 'link' : 'npm ci';
// Each run takes over ten minutes on this machine, so one by default; BENCH_TESTS_RUNS=3 for a median.
const RUNS = Math.max(1, Number(process.env.BENCH_TESTS_RUNS ?? 1));

/** Milliseconds for a fixed integer loop: the host's speed at the moment (lower is faster). */
function referenceLoopMs(): number {
  const start = performance.now();
  let x = 0;
  for (let i = 0; i < 3e8; i++) x += i % 7;
  if (x < 0) console.log(x); // keeps the loop from being optimised away
  return performance.now() - start;
}

type CpuSample = { busy: number; total: number };

/** The machine's CPU counters (all cores, in clock ticks), or null where /proc/stat is missing. */
function cpuSample(): CpuSample | null {
  if (!existsSync('/proc/stat')) return null;
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1, 9).map(Number);
  const total = fields.reduce((a, b) => a + b, 0);
  const idle = fields[3] + fields[4]; // idle + iowait
  return { busy: total - idle, total };
}

/** Clock ticks a second (USER_HZ), from getconf; 100 on Linux unless told otherwise. */
function ticksPerSecond(): number {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
}

type Phase = { name: string; seconds: number; cpuSeconds: number; busyShare: number; code: number; tail: string };

/** Runs `command` in `cwd` (output kept, its last lines returned) and measures its wall time and the machine's CPU. */
function timed(name: string, command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<Phase> {
  const hz = ticksPerSecond();
  const before = cpuSample();
  const start = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-20_000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', reject);
    child.on('exit', (code) => {
      const seconds = (performance.now() - start) / 1000;
      const after = cpuSample();
      const busy = before && after ? after.busy - before.busy : 0;
      const total = before && after ? after.total - before.total : 0;
      resolve({
        name,
        seconds,
        cpuSeconds: busy / hz,
        busyShare: total > 0 ? busy / total : 0,
        code: code ?? 1,
        tail: output
          .trim()
          .split('\n')
          .filter((line) => line.trim() !== '')
          .slice(-2)
          .join('\n'),
      });
    });
  });
}

function phaseLine(phase: Phase): string {
  const floor = phase.cpuSeconds / CORES;
  return (
    `${phase.name}: ${phase.seconds.toFixed(0)} s (exit ${phase.code}); machine CPU ${(phase.busyShare * 100).toFixed(0)}% busy, ` +
    `${phase.cpuSeconds.toFixed(0)} CPU-s, so at least ${floor.toFixed(0)} s on ${CORES} cores if nothing waited`
  );
}

type Run = { total: number; ok: boolean };

/** One fresh clone of HEAD in a temporary folder: its install (unless linked) and `npm test`, printed as they end. */
async function runOnce(index: number): Promise<Run> {
  const dir = await mkdtemp(path.join(tmpdir(), 'wyrd-bench-tests-'));
  const clone = path.join(dir, 'wyrd');
  const refBefore = referenceLoopMs();
  try {
    execFileSync('git', ['clone', '--quiet', repoRoot, clone]);
    // Only what the machine provides stays outside: no CI flag, no developer's own database or stack settings.
    const env = { ...process.env };
    for (const key of Object.keys(env)) if (key.startsWith('WYRD_') || key === 'DATABASE_URL') delete env[key];
    console.log(`Run ${index + 1} (load average ${loadAverage()}):`);
    const phases: Phase[] = [];
    if (INSTALL === 'link') {
      execFileSync('cp', ['-al', path.join(repoRoot, 'node_modules'), path.join(clone, 'node_modules')]);
    } else {
      phases.push(await timed('npm ci', 'npm', ['ci', '--no-audit', '--no-fund'], clone, env));
      console.log(`  ${phaseLine(phases[0])}`);
    }
    const test = await timed('npm test', 'npm', ['test'], clone, env);
    phases.push(test);
    console.log(`  ${phaseLine(test)}`);
    console.log(`  its closing lines:\n${test.tail.replace(/^/gm, '    ')}`);
    const total = phases.reduce((s, p) => s + p.seconds, 0);
    console.log(
      `  total ${total.toFixed(0)} s; reference loop ${refBefore.toFixed(0)} ms before, ${referenceLoopMs().toFixed(0)} ms after (the host's speed: lower is faster)`,
    );
    return { total, ok: phases.every((p) => p.code === 0) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repoRoot, encoding: 'utf8' }).trim();
  console.log(
    `Test suite time of a fresh clone of ${head} (${INSTALL}; ${RUNS} run${RUNS > 1 ? 's' : ''}; ${CORES} cores; load average ${loadAverage()})`,
  );
  const runs: Run[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await runOnce(i));
  const middle = median(runs.map((r) => r.total));
  const ok = runs.every((r) => r.ok);
  const fast = middle < TARGET_S;
  console.log(
    `${INSTALL === 'link' ? 'npm test' : 'npm ci && npm test'}: ${RUNS > 1 ? 'median ' : ''}${middle.toFixed(0)} s (target < ${TARGET_S} s; load average ${loadAverage()}): ${fast ? 'pass' : 'FAIL'}${ok ? '' : '; a phase failed'}`,
  );
  console.log(`${Number(fast && ok)} passed, ${Number(!(fast && ok))} failed`);
  process.exitCode = fast && ok ? 0 : 1;
}

await main();
