// Command-line forecast: `npm run forecast -- FILE [--years N] [--as-of YYYY-MM-DD] [--scenario ID ...] [--sampled]`,
// or `--dashboard [--months N]`, or the uncertainty figures (`--trials N [--seed S] [--stress NAME] [--goal AMOUNT
// --goal-date YYYY-MM-DD]`, docs/uncertainty.md), or `--explain YYYY-MM` (one month's breakdown per scenario,
// docs/forecast-engine.md). Reads a backup file (docs/backup-format.md) and prints the POST /scenarios/compare
// response, the Dashboard data, the UncertaintyResult or the month breakdowns the app and the server compute with
// the same engine functions, on stdout. Exit 2 with a message naming the JSON path of the first problem on a bad
// file or bad arguments.
import { readFileSync } from 'node:fs';
import {
  BackupFileSchema,
  EngineInputError,
  IsoDateSchema,
  MAX_YEARS,
  IsoMonthSchema,
  compare,
  countedLedger,
  explainMonths,
  dashboardData,
  fieldErrors,
  incomeByCategory,
  lastMonths,
  MAX_TRIALS,
  runUncertainty,
  STRESS_NAMES,
  toComparisonResult,
  type StressName,
  type UncertaintyRequest,
} from '../engine/index';
import { UsageError, asOfArg, parseCliArgs, runWhenInvoked } from './common';

const USAGE =
  'usage: npm run forecast -- FILE [--years N] [--as-of YYYY-MM-DD] [--scenario ID ...] [--sampled]\n' +
  '       npm run forecast -- FILE --dashboard [--months N] [--as-of YYYY-MM-DD]\n' +
  '       npm run forecast -- FILE --trials N [--seed S] [--stress NAME [--stress-event ID]]\n' +
  '         [--goal AMOUNT --goal-date YYYY-MM-DD [--goal-account ID] [--goal-real]] [--years N] [--as-of YYYY-MM-DD] [--scenario ID ...]\n' +
  `         NAME: ${STRESS_NAMES.join(', ')}\n` +
  '         --trials defaults to 1000; 1 runs the deterministic path (with the stress). See docs/uncertainty.md.\n' +
  '       npm run forecast -- FILE --explain YYYY-MM [--years N] [--as-of YYYY-MM-DD] [--scenario ID ...]';

/** Trials when an uncertainty flag is given without --trials (the screen's middle choice). */
const DEFAULT_TRIALS = 1000;

/** The most months --months accepts (50 years, the longest forecast). */
const MAX_DASHBOARD_MONTHS = 600;

export function runCli(argv: string[]): { code: number; stdout: string; stderr: string } {
  try {
    const { values, positionals } = parseCliArgs(argv, {
      years: { type: 'string' },
      'as-of': { type: 'string' },
      scenario: { type: 'string', multiple: true },
      sampled: { type: 'boolean', default: false },
      dashboard: { type: 'boolean', default: false },
      months: { type: 'string' },
      trials: { type: 'string' },
      seed: { type: 'string' },
      stress: { type: 'string' },
      'stress-event': { type: 'string' },
      goal: { type: 'string' },
      'goal-date': { type: 'string' },
      'goal-account': { type: 'string' },
      'goal-real': { type: 'boolean', default: false },
      explain: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    });
    if (values.help) return { code: 0, stdout: `${USAGE}\n`, stderr: '' };
    if (positionals.length !== 1)
      throw new UsageError(positionals.length === 0 ? 'FILE is required' : 'only one FILE is accepted');
    if (values.dashboard && (values.years !== undefined || values.scenario !== undefined || values.sampled)) {
      throw new UsageError('--dashboard takes only --months and --as-of');
    }
    if (!values.dashboard && values.months !== undefined) throw new UsageError('--months needs --dashboard');
    const uncertain =
      [values.trials, values.seed, values.stress, values['stress-event'], values.goal]
        .concat([values['goal-date'], values['goal-account']])
        .some((v) => v !== undefined) || values['goal-real'] === true;
    if (uncertain && values.dashboard) throw new UsageError('--dashboard cannot be combined with uncertainty flags');
    if (uncertain && values.sampled) throw new UsageError('--sampled does not apply to uncertainty (always sampled)');
    const uncertainty = uncertain ? uncertaintyOptions(values) : null;
    if (values.explain !== undefined) {
      if (values.dashboard || values.sampled || uncertain)
        throw new UsageError('--explain takes only --years, --as-of and --scenario');
      if (!IsoMonthSchema.safeParse(values.explain).success)
        throw new UsageError(`--explain: must be a month written YYYY-MM (got "${values.explain}")`);
    }
    const monthsText = values.months ?? '1';
    if (!/^\d+$/.test(monthsText) || Number(monthsText) < 1 || Number(monthsText) > MAX_DASHBOARD_MONTHS) {
      throw new UsageError(`--months: must be a whole number from 1 to ${MAX_DASHBOARD_MONTHS} (got "${monthsText}")`);
    }
    const yearsText = values.years ?? '5';
    if (!/^\d+$/.test(yearsText) || Number(yearsText) < 1 || Number(yearsText) > MAX_YEARS) {
      throw new UsageError(`--years: must be a whole number from 1 to ${MAX_YEARS} (got "${yearsText}")`);
    }
    const asOf = asOfArg(values['as-of']);
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
    if (values.explain !== undefined) {
      const month = values.explain;
      const years = Number(yearsText);
      const scenarios = explainMonths(checked.data, { as_of: asOf, years, month, scenario_ids: ids });
      const result = { as_of: asOf, years, month, scenarios };
      return { code: 0, stdout: `${JSON.stringify(result, null, 2)}\n`, stderr: '' };
    }
    if (uncertainty) {
      const request: UncertaintyRequest = { as_of: asOf, years: Number(yearsText), scenario_ids: ids, ...uncertainty };
      const result = runUncertainty(checked.data, request);
      return { code: 0, stdout: `${JSON.stringify(result, null, 2)}\n`, stderr: '' };
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

type UncertaintyFlags = {
  trials?: string;
  seed?: string;
  stress?: string;
  'stress-event'?: string;
  goal?: string;
  'goal-date'?: string;
  'goal-account'?: string;
  'goal-real'?: boolean;
};

/** The uncertainty part of the request from the flags (checked here so usage errors name the flag). */
function uncertaintyOptions(values: UncertaintyFlags): Pick<UncertaintyRequest, 'trials' | 'seed' | 'stress' | 'goal'> {
  const trialsText = values.trials ?? String(DEFAULT_TRIALS);
  if (!/^\d+$/.test(trialsText) || Number(trialsText) < 1 || Number(trialsText) > MAX_TRIALS) {
    throw new UsageError(`--trials: must be a whole number from 1 to ${MAX_TRIALS} (got "${trialsText}")`);
  }
  let seed: number | undefined;
  if (values.seed !== undefined) {
    if (!/^\d+$/.test(values.seed) || Number(values.seed) > 0xffffffff) {
      throw new UsageError(`--seed: must be a whole number from 0 to 4294967295 (got "${values.seed}")`);
    }
    seed = Number(values.seed);
  }
  let stress: UncertaintyRequest['stress'] = null;
  if (values.stress !== undefined) {
    if (!(STRESS_NAMES as ReadonlyArray<string>).includes(values.stress)) {
      throw new UsageError(`--stress: must be one of ${STRESS_NAMES.join(', ')} (got "${values.stress}")`);
    }
    const name = values.stress as StressName;
    if (name === 'crash_at_event' && !values['stress-event']) {
      throw new UsageError('--stress crash_at_event needs --stress-event ID');
    }
    stress = values['stress-event'] ? { name, event_id: values['stress-event'] } : { name };
  }
  if (values['stress-event'] !== undefined && stress?.name !== 'crash_at_event') {
    throw new UsageError('--stress-event applies to --stress crash_at_event only');
  }
  let goal: UncertaintyRequest['goal'] = null;
  const goalFlag = values['goal-account'] !== undefined || values['goal-real'] === true;
  if (values.goal !== undefined || values['goal-date'] !== undefined || goalFlag) {
    if (values.goal === undefined || values['goal-date'] === undefined) {
      throw new UsageError('--goal and --goal-date go together');
    }
    const amount = Number(values.goal);
    if (!/^-?\d+(\.\d{1,2})?$/.test(values.goal) || !Number.isFinite(amount)) {
      throw new UsageError(`--goal: must be an amount in dollars such as 250000 or 1000.50 (got "${values.goal}")`);
    }
    if (!IsoDateSchema.safeParse(values['goal-date']).success) {
      throw new UsageError(`--goal-date: must be a real date written YYYY-MM-DD (got "${values['goal-date']}")`);
    }
    goal = {
      amount,
      date: values['goal-date'],
      ...(values['goal-account'] ? { account_id: values['goal-account'] } : {}),
      ...(values['goal-real'] ? { real: true } : {}),
    };
  }
  return { trials: Number(trialsText), ...(seed === undefined ? {} : { seed }), stress, goal };
}

runWhenInvoked(/forecast\.ts$/, runCli);
