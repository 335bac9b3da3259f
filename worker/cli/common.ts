// What the command-line tools share: argument parsing that turns a bad flag into a usage error, the clock (the
// CLI reads it, never the engine), the --as-of check, and running a tool when its file is invoked directly.
import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';
import { IsoDateSchema } from '../engine/index';

/** Bad arguments: the tool prints the message and its usage, and exits 2. */
export class UsageError extends Error {}

/** The flags and positionals of `argv`; an unknown flag or a missing value is a UsageError. */
export function parseCliArgs<T extends ParseArgsOptionsConfig>(argv: string[], options: T) {
  try {
    return parseArgs({ args: argv, allowPositionals: true, options });
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
}

/** Today in the machine's local time zone: the CLI, not the engine, reads the clock. */
function today(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** The --as-of date (today when absent), checked to be a real YYYY-MM-DD date. */
export function asOfArg(value: string | undefined): string {
  const asOf = value ?? today();
  if (!IsoDateSchema.safeParse(asOf).success)
    throw new UsageError(`--as-of: must be a real date written YYYY-MM-DD (got "${asOf}")`);
  return asOf;
}

type CliResult = { code: number; stdout: string; stderr: string };

/** Runs the tool on the process's arguments when node was started on its file (`script` matches its path). */
export function runWhenInvoked(script: RegExp, runCli: (argv: string[]) => CliResult): void {
  if (process.argv[1] === undefined || !script.test(process.argv[1])) return;
  const { code, stdout, stderr } = runCli(process.argv.slice(2));
  if (stdout) process.stdout.write(stdout);
  if (stderr) process.stderr.write(stderr);
  process.exitCode = code;
}
