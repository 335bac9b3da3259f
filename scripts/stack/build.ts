// Builds the web app with `vite build` when dist/ is missing or older than any source it is made from.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const distDir = path.join(repoRoot, 'dist');

// Everything that feeds the client bundle (worker/ holds the engine the app imports).
const SOURCE_DIRS = ['src', 'public', 'worker'];
const SOURCE_FILES = ['index.html', 'vite.config.ts', 'package.json', 'package-lock.json', 'tsconfig.json'];

async function newestMtime(root: string): Promise<number> {
  let newest = 0;
  for (const dir of SOURCE_DIRS) {
    const full = path.join(root, dir);
    if (!existsSync(full)) continue;
    for (const entry of await readdir(full, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue;
      const info = await stat(path.join(entry.parentPath, entry.name));
      newest = Math.max(newest, info.mtimeMs);
    }
  }
  for (const file of SOURCE_FILES) {
    const full = path.join(root, file);
    if (existsSync(full)) newest = Math.max(newest, (await stat(full)).mtimeMs);
  }
  return newest;
}

/** Why a build is needed, or null when the output folder is up to date. */
export async function buildReason(outDir = distDir, root = repoRoot): Promise<string | null> {
  const builtIndex = path.join(outDir, 'index.html');
  if (!existsSync(builtIndex)) return `${path.relative(root, outDir) || outDir}/ is missing`;
  const builtAt = (await stat(builtIndex)).mtimeMs;
  return (await newestMtime(root)) > builtAt ? 'sources changed since the last build' : null;
}

export function runViteBuild(
  outDir = distDir,
  log: (line: string) => void = console.log,
  root = repoRoot,
): Promise<void> {
  const viteBin = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const args = [viteBin, 'build', ...(outDir === distDir ? [] : ['--outDir', outDir, '--emptyOutDir'])];
  return new Promise((resolve, reject) => {
    // NODE_ENV=production always: vitest sets it to 'test', and Vite would then make a development build
    // (no service worker registration, React dev mode).
    const env = { ...process.env, NODE_ENV: 'production' };
    const child = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code === 0) {
        const summary = output
          .trim()
          .split('\n')
          .filter((line) => /built in|error|warn/i.test(line));
        summary.forEach((line) => log(`  ${line.trim()}`));
        resolve();
      } else {
        // The tail holds the errors; the head is Vite's progress lines.
        reject(new Error(`vite build failed (exit ${code}):\n${output.slice(-4000)}`));
      }
    });
  });
}

/**
 * Builds when needed; `force` always builds. `outDir` (default dist/) lets the test harness keep its own
 * build so a teammate's `npm run build` can't empty the folder under a running test.
 */
export async function ensureBuilt(
  options: { force?: boolean; outDir?: string; log?: (line: string) => void } = {},
): Promise<boolean> {
  const log = options.log ?? console.log;
  const outDir = options.outDir ?? distDir;
  const reason = options.force ? 'a build was requested' : await buildReason(outDir);
  if (!reason) return false;
  log(`Building the web app (${reason})...`);
  await runViteBuild(outDir, log);
  return true;
}
