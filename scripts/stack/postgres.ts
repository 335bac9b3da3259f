// A throwaway PostgreSQL cluster for tests and benchmarks: Debian's postgresql (installed with apt-get when
// missing and running as root), initdb into a temp dir, started on a free loopback port, removed on stop().
import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chown, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export type ThrowawayPostgres = { url: string; stop(): Promise<void> };

/** The command a person runs to make PostgreSQL available when this process cannot install it itself. */
export const INSTALL_POSTGRES_COMMAND = 'sudo apt-get update && sudo apt-get install -y postgresql';

const PG_ROOT = '/usr/lib/postgresql';

function findBinDir(): string | undefined {
  if (!existsSync(PG_ROOT)) return undefined;
  const versions = readdirSync(PG_ROOT)
    .filter((v) => existsSync(path.join(PG_ROOT, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length > 0 ? path.join(PG_ROOT, versions[0], 'bin') : undefined;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

const INSTALL_LOCK = path.join(tmpdir(), 'wyrd-postgres-install.lock');

/** Installs postgresql once even when several test workers ask at the same time (apt holds one lock). */
async function installPostgres(log: (s: string) => void): Promise<void> {
  try {
    await mkdir(INSTALL_LOCK);
  } catch {
    log('Another process is installing postgresql; waiting for it...');
    for (let waited = 0; waited < 600 && existsSync(INSTALL_LOCK) && !findBinDir(); waited++)
      await new Promise((r) => setTimeout(r, 1000));
    return;
  }
  try {
    log("PostgreSQL is missing: installing Debian's postgresql (apt-get install -y postgresql)...");
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    await run('apt-get', ['update'], { env, maxBuffer: 64 * 1024 * 1024 }).catch(() => undefined);
    await run('apt-get', ['install', '-y', 'postgresql'], { env, maxBuffer: 64 * 1024 * 1024 });
  } finally {
    await rm(INSTALL_LOCK, { recursive: true, force: true });
  }
}

/** Runs a command as the postgres user when we are root (PostgreSQL refuses to run as root), else as ourselves. */
function asPostgres(bin: string, args: string[]): Promise<unknown> {
  if (!isRoot()) return run(bin, args);
  const quoted = [bin, ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  return run('su', ['postgres', '-s', '/bin/sh', '-c', quoted]);
}

/**
 * Starts a fresh cluster (trust auth, user wyrd) on a free port. Returns {skipped: command} when PostgreSQL is
 * not installed and cannot be installed here, so callers skip only the PostgreSQL cases and print why.
 */
export async function startThrowawayPostgres(
  opts: { log?: (s: string) => void } = {},
): Promise<ThrowawayPostgres | { skipped: string }> {
  const log = opts.log ?? (() => {});
  let bin = findBinDir();
  if (!bin && isRoot()) {
    try {
      await installPostgres(log);
    } catch (error) {
      log(`Installing postgresql failed: ${(error as Error).message}`);
    }
    bin = findBinDir();
  }
  if (!bin) return { skipped: INSTALL_POSTGRES_COMMAND };
  if (isRoot()) {
    try {
      await run('id', ['postgres']);
    } catch {
      return { skipped: INSTALL_POSTGRES_COMMAND };
    }
  }

  const dir = await mkdtemp(path.join(tmpdir(), 'wyrd-pg-'));
  if (isRoot()) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    await chown(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  const data = path.join(dir, 'data');
  const port = await freePort();
  try {
    await asPostgres(path.join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'wyrd', '--no-sync']);
    await asPostgres(path.join(bin, 'pg_ctl'), [
      '-D',
      data,
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`,
      '-l',
      path.join(dir, 'log'),
      '-w',
      'start',
    ]);
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw new Error(`Could not start a throwaway PostgreSQL: ${(error as Error).message}`);
  }
  log(`PostgreSQL ${path.basename(path.dirname(bin))} on 127.0.0.1:${port} (data in ${data})`);
  let stopped = false;
  return {
    url: `postgresql://wyrd@127.0.0.1:${port}/postgres`,
    async stop() {
      if (stopped) return;
      stopped = true;
      await asPostgres(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
