// Read-only answers computed with the engine: the user's profile (the backup file's shape) for forecast and
// compare, the dashboard figures, the template catalogue and Smart Create. Nothing here re-implements the engine.
import {
  EngineInputError,
  HIDDEN_TEMPLATE_IDS,
  TEMPLATES,
  cashFlowData,
  compare,
  countedLedger,
  getTemplate,
  identifyTemplatesFromPrompt,
  incomeByCategory,
  lastMonths,
  netWorthData,
  spendingByCategory,
  toComparisonResult,
  toDecimalString,
  type Account,
  type AssumptionsInput,
  type BackupFile,
  type CashFlowData,
  type Category,
  type IncomeByCategory,
  type RecurringItem,
  type SpendingByCategory,
} from '../../../worker/engine/index';
import type { Database } from '../../db/client';
import { ApiError, engineIssues, notFound } from '../errors';
import { getLive, listLive } from './rows';
import { ASSUMPTIONS_ID, getScenario, listScenariosWithChildren } from './scenarios';

/** Today as YYYY-MM-DD in the product's time zone (the engine never reads a clock; the server does, here). */
export function todayIn(timeZone: string, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** Everything of the user's as a backup file (docs/backup-format.md): what the CLI reads and the engine forecasts. */
export async function loadProfile(db: Database, sub: string): Promise<BackupFile> {
  const [accounts, recurring_items, categories, scenarios, assumptions] = await Promise.all([
    listLive<Account>(db, 'accounts', sub),
    listLive<RecurringItem>(db, 'recurring_items', sub),
    listLive<Category>(db, 'categories', sub),
    listScenariosWithChildren(db, sub),
    getLive<AssumptionsInput>(db, 'assumptions', sub, ASSUMPTIONS_ID),
  ]);
  return { version: 1, ...(assumptions ? { assumptions } : {}), categories, accounts, recurring_items, scenarios };
}

function runEngine<T>(fn: () => T, root: Array<string | number>): T {
  try {
    return fn();
  } catch (err) {
    if (err instanceof EngineInputError) throw new ApiError(422, engineIssues(err.errors, root));
    throw err;
  }
}

/** GET /scenarios/{id}/forecast: every month's snapshot as decimal strings, like one entry of compare. */
export async function forecastScenarioFor(db: Database, sub: string, id: string, years: number, asOf: string) {
  await getScenario(db, sub, id);
  const profile = await loadProfile(db, sub);
  const comparison = runEngine(() => compare(profile, { as_of: asOf, years, scenario_ids: [id] }), ['query']);
  const [scenario] = comparison.scenarios;
  return {
    scenario_id: id,
    name: scenario.name,
    as_of: comparison.as_of,
    years,
    snapshots: toComparisonResult(comparison)[id].snapshots,
    summary: Object.fromEntries(Object.entries(scenario.summary).map(([k, v]) => [k, toDecimalString(v)])),
  };
}

/** POST /scenarios/compare: exactly the CLI's output for the same data, as_of and years. */
export async function compareFor(
  db: Database,
  sub: string,
  ids: string[],
  years: number,
  asOf: string,
  sampled: boolean,
) {
  const profile = await loadProfile(db, sub);
  const known = new Set(profile.scenarios.map((s) => s.id));
  const missing = ids.find((id) => !known.has(id));
  if (missing !== undefined) throw notFound('Scenario');
  const comparison = runEngine(() => compare(profile, { as_of: asOf, years, scenario_ids: ids }), ['body']);
  return toComparisonResult(comparison, sampled);
}

/** The user's tables as the engine's dashboard functions read them, with only the entities that count. */
async function countedUserLedger(db: Database, sub: string) {
  const [accounts, recurring_items, categories, scenarios] = await Promise.all([
    listLive<Account>(db, 'accounts', sub),
    listLive<RecurringItem>(db, 'recurring_items', sub),
    listLive<Category>(db, 'categories', sub),
    listScenariosWithChildren(db, sub),
  ]);
  return countedLedger({ accounts, recurring_items, categories, scenarios });
}

export async function netWorthFor(db: Database, sub: string) {
  return netWorthData((await countedUserLedger(db, sub)).accounts);
}

/** Cash flow of the `months` whole calendar months before today's month (1: last month). */
export async function cashFlowFor(db: Database, sub: string, today: string, months: number): Promise<CashFlowData> {
  return cashFlowData((await countedUserLedger(db, sub)).recurring_items, lastMonths(today, months));
}

/** Expenses (or, with `income`, income) by category over the same window, largest first. */
export async function byCategoryFor(
  db: Database,
  sub: string,
  today: string,
  months: number,
  income: boolean,
): Promise<SpendingByCategory | IncomeByCategory> {
  const ledger = await countedUserLedger(db, sub);
  const period = lastMonths(today, months);
  return income
    ? incomeByCategory(ledger.recurring_items, ledger.categories, period)
    : spendingByCategory(ledger.recurring_items, ledger.categories, period);
}

/** GET /templates/: the chooser's catalogue (templates the builder uses internally are left out). */
export function listTemplates() {
  return TEMPLATES.filter((t) => !HIDDEN_TEMPLATE_IDS.includes(t.template_id));
}

export function templateById(id: string) {
  const template = getTemplate(id);
  if (!template) throw notFound('Template');
  return template;
}

/** Smart Create with the engine's parser: the same answer the app computes offline. */
export function identifyTemplates(prompt: string, today: string) {
  const result = identifyTemplatesFromPrompt(prompt, { today });
  if (result.error && result.error.code !== 'no_match') {
    throw new ApiError(422, [{ loc: ['body', 'prompt'], msg: result.error.message, type: 'value_error' }]);
  }
  return result;
}
