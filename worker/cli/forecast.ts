// Command-line forecast: `npm run forecast -- FILE [--years N] [--as-of YYYY-MM-DD] [--scenario ID ...] [--sampled]`,
// or `--dashboard [--months N]`. Reads a backup file (docs/backup-format.md) and prints the POST /scenarios/compare
// response, or the Dashboard data the app and the server compute with the same engine functions, on stdout.
// Exit 2 with a message naming the JSON path of the first problem on a bad file or bad arguments.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import {
  BackupFileSchema,
  EngineInputError,
  IsoDateSchema,
  MAX_YEARS,
  compare,
  countedLedger,
  dashboardData,
  fieldErrors,
  incomeByCategory,
  lastMonths,
  toComparisonResult,
} from '../engine/index';

const USAGE =
  'usage: npm run forecast -- FILE [--years N] [--as-of YYYY-MM-DD] [--scenario ID ...] [--sampled]\n' +
  '       npm run forecast -- FILE --dashboard [--months N] [--as-of YYYY-MM-DD]';

/** The most months --months accepts (50 years, the longest forecast). */
const MAX_DASHBOARD_MONTHS = 600;

class UsageError extends Error {}

/** Today in the machine's local time zone: the CLI, not the engine, reads the clock. */
function today(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

export function runCli(argv: string[]): { code: number; stdout: string; stderr: string } {
  try {
    let parsed;
    try {
      parsed = parseArgs({
        args: argv,
        allowPositionals: true,
        options: {
          years: { type: 'string' },
          'as-of': { type: 'string' },
          scenario: { type: 'string', multiple: true },
          sampled: { type: 'boolean', default: false },
          dashboard: { type: 'boolean', default: false },
          months: { type: 'string' },
          help: { type: 'boolean', short: 'h', default: false },
        },
      });
    } catch (err) {
      throw new UsageError((err as Error).message);
    }
    const { values, positionals } = parsed;
    if (values.help) return { code: 0, stdout: `${USAGE}\n`, stderr: '' };
    if (positionals.length !== 1)
      throw new UsageError(positionals.length === 0 ? 'FILE is required' : 'only one FILE is accepted');
    if (values.dashboard && (values.years !== undefined || values.scenario !== undefined || values.sampled)) {
      throw new UsageError('--dashboard takes only --months and --as-of');
    }
    if (!values.dashboard && values.months !== undefined) throw new UsageError('--months needs --dashboard');
    const monthsText = values.months ?? '1';
    if (!/^\d+$/.test(monthsText) || Number(monthsText) < 1 || Number(monthsText) > MAX_DASHBOARD_MONTHS) {
      throw new UsageError(`--months: must be a whole number from 1 to ${MAX_DASHBOARD_MONTHS} (got "${monthsText}")`);
    }
    const yearsText = values.years ?? '5';
    if (!/^\d+$/.test(yearsText) || Number(yearsText) < 1 || Number(yearsText) > MAX_YEARS) {
      throw new UsageError(`--years: must be a whole number from 1 to ${MAX_YEARS} (got "${yearsText}")`);
    }
    const asOf = values['as-of'] ?? today();
    if (!IsoDateSchema.safeParse(asOf).success)
      throw new UsageError(`--as-of: must be a real date written YYYY-MM-DD (got "${asOf}")`);
    const file = positionals[0];
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (err) {
      return {
        code: 2,
        stdout: '',
        stderr: `forecast: ${file}: cannot read the file (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})\n`,
      };
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (err) {
      return { code: 2, stdout: '', stderr: `forecast: ${file}: $: not valid JSON (${(err as Error).message})\n` };
    }
    const checked = BackupFileSchema.safeParse(json);
    if (!checked.success) {
      const first = fieldErrors(checked.error)[0];
      return { code: 2, stdout: '', stderr: `forecast: ${file}: ${first.path}: ${first.message}\n` };
    }
    if (values.dashboard) {
      const months = Number(monthsText);
      const ledger = countedLedger(checked.data);
      const result = {
        ...dashboardData(checked.data, asOf, months),
        income_by_category: incomeByCategory(ledger.recurring_items, ledger.categories, lastMonths(asOf, months)),
      };
      return { code: 0, stdout: `${JSON.stringify(result, null, 2)}\n`, stderr: '' };
    }
    const ids = values.scenario ?? [];
    const known = new Set(checked.data.scenarios.map((s) => s.id));
    for (const id of ids) {
      if (!known.has(id) && !(id === 'base' && known.size === 0)) {
        throw new UsageError(`--scenario: no scenario with id "${id}" in ${file}`);
      }
    }
    const comparison = compare(checked.data, { as_of: asOf, years: Number(yearsText), scenario_ids: ids });
    const result = toComparisonResult(comparison, values.sampled ?? false);
    return { code: 0, stdout: `${JSON.stringify(result, null, 2)}\n`, stderr: '' };
  } catch (err) {
    if (err instanceof UsageError) return { code: 2, stdout: '', stderr: `forecast: ${err.message}\n${USAGE}\n` };
    if (err instanceof EngineInputError) {
      const first = err.errors[0];
      return { code: 2, stdout: '', stderr: `forecast: ${first ? `${first.path}: ${first.message}` : err.message}\n` };
    }
    return { code: 1, stdout: '', stderr: `forecast: internal error: ${(err as Error).stack ?? String(err)}\n` };
  }
}

const invokedDirectly = process.argv[1] !== undefined && /forecast\.ts$/.test(process.argv[1]);
if (invokedDirectly) {
  const { code, stdout, stderr } = runCli(process.argv.slice(2));
  if (stdout) process.stdout.write(stdout);
  if (stderr) process.stderr.write(stderr);
  process.exitCode = code;
}
