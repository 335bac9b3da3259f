// Installs the CDK app's own dependencies (infra/package-lock.json) on first use, so the web app's install stays lean.
// Uses only Node built-ins: it runs before aws-cdk-lib can be imported.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const infraDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const repoRoot = path.resolve(infraDir, '..');

const REQUIRED = ['aws-cdk-lib', 'constructs', 'esbuild'];

export type EnsureResult = { ok: true; installed: boolean } | { ok: false; reason: string };

export function infraDepsPresent(): boolean {
  return REQUIRED.every((name) => existsSync(path.join(infraDir, 'node_modules', name, 'package.json')));
}

const LOCK_DIR = path.join(infraDir, '.install-lock');
const STALE_LOCK_MS = 10 * 60_000;

function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** One installer at a time across processes (test workers start together), or `npm ci` would delete the other's tree. */
function withInstallLock<T>(fn: () => T): T {
  for (;;) {
    try {
      mkdirSync(LOCK_DIR);
      break;
    } catch {
      try {
        if (Date.now() - statSync(LOCK_DIR).mtimeMs > STALE_LOCK_MS) rmSync(LOCK_DIR, { recursive: true, force: true });
      } catch {
        // The holder released it meanwhile.
      }
      sleepSync(250);
    }
  }
  try {
    return fn();
  } finally {
    rmSync(LOCK_DIR, { recursive: true, force: true });
  }
}

/** Runs `npm ci --prefix infra` when a dependency is missing; never throws, says why when it cannot install. */
export function ensureInfraDeps(log: (line: string) => void = console.log): EnsureResult {
  // While another process installs, the packages' package.json files appear before their binaries are written:
  // a test that ran esbuild then failed with ETXTBSY. So a held lock means waiting for it, whatever is on disk.
  if (!existsSync(LOCK_DIR) && infraDepsPresent()) return { ok: true, installed: false };
  return withInstallLock(() => (infraDepsPresent() ? { ok: true, installed: false } : install(log)));
}

function install(log: (line: string) => void): EnsureResult {
  log('Installing the CDK app dependencies (npm ci --prefix infra, about 190 MB, once)...');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['ci', '--prefix', infraDir, '--no-audit', '--no-fund'], {
    cwd: repoRoot,
    stdio: ['ignore', 'inherit', 'inherit'],
    timeout: 300_000,
  });
  if (result.error) return { ok: false, reason: `npm ci --prefix infra could not run: ${result.error.message}` };
  if (result.status !== 0)
    return { ok: false, reason: `npm ci --prefix infra exited with code ${String(result.status)}` };
  if (!infraDepsPresent())
    return { ok: false, reason: 'npm ci --prefix infra finished but aws-cdk-lib is still missing' };
  return { ok: true, installed: true };
}
