// The forecast CLI in tests, run two ways: spawned as a user runs it (tsx on worker/cli/forecast.ts: the real
// process, its exit code and streams), and in-process through the same runCli the spawned command calls. A spawn
// costs 1.4 s on an idle machine (about 5 s under the test run's load), so each CLI test file spawns for what only
// a process shows (the entry point, the exit code, what reaches stdout and stderr) and runs the rest in-process.
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { runCli } from '../../../worker/cli/forecast';

const root = resolve(__dirname, '../../..');

export type CliRun = { code: number | null; stdout: string; stderr: string };

/** The forecast CLI as a process. */
export function spawnForecastCli(...args: string[]): CliRun {
  const r = spawnSync(join(root, 'node_modules/.bin/tsx'), ['worker/cli/forecast.ts', ...args], {
    cwd: root,
    encoding: 'utf8',
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** The forecast CLI in this process: runCli with the same arguments. */
export function forecastCli(...args: string[]): CliRun {
  return runCli(args);
}
