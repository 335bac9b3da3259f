// Read-only answers computed with the engine: the user's profile (the backup file's shape) for forecast and
// compare, the dashboard figures, the template catalogue and Smart Create. Nothing here re-implements the engine.
import {
  EngineInputError,
  HIDDEN_TEMPLATE_IDS,
  TEMPLATES,
  addMonths,
  cashFlowData,
  compare,
  countedEntities,
  getTemplate,
  identifyTemplatesFromPrompt,
  netWorthData,
  spendingByCategory,
  toComparisonResult,
  toDecimalString,
  type Account,
  type AssumptionsInput,
  type BackupFile,
  type CashFlowData,
  type Category,
  type RecurringItem,
  type SpendingByCategory,
} from '../../../worker/engine/index';
import type { Database } from '../../db/client.ts';
import { ApiError, engineIssues, notFound } from '../errors.ts';
import { getLive, listLive } from './rows.ts';
import { ASSUMPTIONS_ID, getScenario, listScenariosWithChildren } from './scenarios.ts';

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
export async function compareFor(db: Database, sub: string, ids: string[], years: number, asOf: string, sampled: boolean) {
  const profile = await loadProfile(db, sub);
  const known = new Set(profile.scenarios.map((s) => s.id));
  const missing = ids.find((id) => !known.has(id));
  if (missing !== undefined) throw notFound('Scenario');
  const comparison = runEngine(() => compare(profile, { as_of: asOf, years, scenario_ids: ids }), ['body']);
  return toComparisonResult(comparison, sampled);
}

/** The calendar months a dashboard window covers: the `months` whole months before the one containing today. */
function windowMonths(today: string, months: number): string[] {
  const current = today.slice(0, 7);
  return Array.from({ length: months }, (_, i) => addMonths(current, -(months - i)));
}

async function countedLedger(db: Database, sub: string) {
  const [accounts, items, categories, scenarios] = await Promise.all([
    listLive<Account>(db, 'accounts', sub),
    listLive<RecurringItem>(db, 'recurring_items', sub),
    listLive<Category>(db, 'categories', sub),
    listScenariosWithChildren(db, sub),
  ]);
  return { accounts: countedEntities(accounts, scenarios), items: countedEntities(items, scenarios), categories };
}

export async function netWorthFor(db: Database, sub: string) {
  return netWorthData((await countedLedger(db, sub)).accounts);
}

const cents = (n: number) => {
  const r = Math.round(n * 100) / 100;
  return Number.isFinite(r) && r !== 0 ? r : 0;
};

export async function cashFlowFor(db: Database, sub: string, today: string, months: number): Promise<CashFlowData> {
  const { items } = await countedLedger(db, sub);
  const totals = windowMonths(today, months).map((m) => cashFlowData(items, m));
  const income = totals.reduce((s, t) => s + t.total_income, 0);
  const expenses = totals.reduce((s, t) => s + t.total_expenses, 0);
  return { total_income: cents(income), total_expenses: cents(expenses), net_cash_flow: cents(income - expenses) };
}

/** Expenses (or, with `income`, income) by category over the window, largest first, percentages of the total. */
export async function byCategoryFor(db: Database, sub: string, today: string, months: number, income: boolean): Promise<SpendingByCategory> {
  const ledger = await countedLedger(db, sub);
  // Income by category is spending by category of the sign-flipped items.
  const items = income ? ledger.items.map((r) => ({ ...r, amount: -r.amount })) : ledger.items;
  const monthsList = windowMonths(today, months);
  if (monthsList.length === 1) return spendingByCategory(items, ledger.categories, monthsList[0]);
  const sums = new Map<string, { category_id: string; category_name: string; amount: number }>();
  for (const m of monthsList) {
    for (const c of spendingByCategory(items, ledger.categories, m).categories) {
      const prev = sums.get(c.category_id);
      sums.set(c.category_id, { ...c, amount: (prev?.amount ?? 0) + c.amount });
    }
  }
  const total = [...sums.values()].reduce((s, c) => s + c.amount, 0);
  return {
    categories: [...sums.values()]
      .map((c) => ({ ...c, amount: cents(c.amount), percentage: total > 0 ? Math.round((c.amount / total) * 10000) / 100 : 0 }))
      .sort((a, b) => b.amount - a.amount || a.category_name.localeCompare(b.category_name)),
  };
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
