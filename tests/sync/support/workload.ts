// Random user operations through the real repositories (every write = entity + outbox row), across every entity
// type: creates, edits and deletes of accounts, categories, recurring items, scenarios, events (which
// materialise accounts and items), modifications, the assumptions record, and bank transactions (imported in
// batches, edited, recategorised, deleted, an import undone; their outbox rows are reference rows). Most operations touch records
// the device created; some touch any record it can see (two devices editing the same record).
import { createAccount, deleteAccount, updateAccount } from '../../../src/data/repositories/accounts';
import { saveAssumptions } from '../../../src/data/repositories/assumptions';
import { createCategory, deleteCategory, renameCategory } from '../../../src/data/repositories/categories';
import { deleteEvent, saveEvent } from '../../../src/data/repositories/events';
import {
  createModification,
  deleteModification,
  updateModification,
} from '../../../src/data/repositories/modifications';
import {
  createRecurringItem,
  deleteRecurringItem,
  updateRecurringItem,
} from '../../../src/data/repositories/recurring-items';
import { createScenario, deleteScenario, updateScenario } from '../../../src/data/repositories/scenarios';
import {
  deleteTransaction,
  recategorise,
  saveImport,
  undoImport,
  updateTransaction,
} from '../../../src/data/repositories/transactions';
import type { WyrdDb } from '../../../src/data/db';

export type Rng = () => number;

/** mulberry32: a small seeded generator, so a failing run can be replayed from its seed. */
export function seeded(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type OpStats = { attempted: number; done: number; refusedLocally: number; byKind: Record<string, number> };

export function newOpStats(): OpStats {
  return { attempted: 0, done: 0, refusedLocally: 0, byKind: {} };
}

const pick = <T>(rng: Rng, items: ReadonlyArray<T>): T | undefined =>
  items.length === 0 ? undefined : items[Math.floor(rng() * items.length)];
const money = (rng: Rng) => Math.round(rng() * 100_000) / 100;

type Op = { kind: string; weight: number; run: (db: WyrdDb, rng: Rng, tag: string) => Promise<unknown> };

/** Prefers the device's own records (name starts with its tag), sometimes anything. */
async function target<T extends { id: string; name?: string }>(
  rows: T[],
  rng: Rng,
  tag: string,
): Promise<T | undefined> {
  const own = rows.filter((r) => typeof r.name === 'string' && r.name.startsWith(tag));
  return rng() < 0.8 && own.length > 0 ? pick(rng, own) : pick(rng, rows);
}

const plainAccounts = async (db: WyrdDb) => (await db.accounts.toArray()).filter((a) => !a.scenario_event_id);
const plainItems = async (db: WyrdDb) => (await db.recurring_items.toArray()).filter((r) => !r.scenario_event_id);

let counter = 0;
const label = (tag: string, what: string) => `${tag} ${what} ${++counter}`;

const OPS: Op[] = [
  {
    kind: 'account.create',
    weight: 8,
    run: (db, rng, tag) =>
      createAccount(db, {
        name: label(tag, 'account'),
        current_balance: money(rng),
        account_type: pick(rng, ['checking', 'savings', 'investment'] as const),
      }),
  },
  {
    kind: 'account.update',
    weight: 8,
    run: async (db, rng, tag) => {
      const a = await target(await plainAccounts(db), rng, tag);
      return (
        a &&
        updateAccount(
          db,
          a.id,
          rng() < 0.5 ? { current_balance: money(rng) } : { institution: `Bank ${Math.floor(rng() * 9)}` },
        )
      );
    },
  },
  {
    kind: 'account.delete',
    weight: 3,
    run: async (db, rng, tag) => {
      const a = await target(await plainAccounts(db), rng, tag);
      return a && deleteAccount(db, a.id).then(() => true);
    },
  },
  {
    kind: 'category.create',
    weight: 4,
    run: (db, rng, tag) =>
      createCategory(db, { name: label(tag, 'category'), type: rng() < 0.5 ? 'income' : 'expense' }),
  },
  {
    kind: 'category.rename',
    weight: 3,
    run: async (db, rng, tag) => {
      const c = await target(await db.categories.toArray(), rng, tag);
      return c && renameCategory(db, c.id, label(tag, 'renamed'));
    },
  },
  {
    kind: 'category.delete',
    weight: 2,
    run: async (db, rng, tag) => {
      const c = await target(await db.categories.toArray(), rng, tag);
      return c && deleteCategory(db, c.id).then(() => true);
    },
  },
  {
    kind: 'recurring.create',
    weight: 7,
    run: async (db, rng, tag) => {
      const account = pick(rng, await plainAccounts(db));
      const category = pick(rng, await db.categories.toArray());
      if (!account || !category) return undefined;
      return createRecurringItem(db, {
        name: label(tag, 'item'),
        amount: money(rng),
        type: category.type,
        frequency: pick(rng, ['weekly', 'fortnightly', 'monthly', 'yearly'] as const),
        start_date: '2026-01-01',
        account_id: account.id,
        category_id: category.id,
      });
    },
  },
  {
    kind: 'recurring.update',
    weight: 6,
    run: async (db, rng, tag) => {
      const r = await target(await plainItems(db), rng, tag);
      return (
        r && updateRecurringItem(db, r.id, { amount: money(rng) * (r.amount < 0 ? -1 : 1), is_active: rng() < 0.8 })
      );
    },
  },
  {
    kind: 'recurring.delete',
    weight: 3,
    run: async (db, rng, tag) => {
      const r = await target(await plainItems(db), rng, tag);
      return r && deleteRecurringItem(db, r.id).then(() => true);
    },
  },
  {
    kind: 'scenario.create',
    weight: 4,
    run: (db, _rng, tag) => createScenario(db, { name: label(tag, 'scenario'), description: 'simulated' }),
  },
  {
    kind: 'scenario.update',
    weight: 3,
    run: async (db, rng, tag) => {
      const s = await target(await db.scenarios.toArray(), rng, tag);
      return (
        s &&
        updateScenario(
          db,
          s.id,
          rng() < 0.15 ? { is_baseline: !s.is_baseline } : { description: `edited ${Math.floor(rng() * 1000)}` },
        )
      );
    },
  },
  {
    kind: 'scenario.delete',
    weight: 1,
    run: async (db, rng, tag) => {
      const s = await target(await db.scenarios.toArray(), rng, tag);
      return s && deleteScenario(db, s.id).then(() => true);
    },
  },
  {
    kind: 'event.create',
    weight: 4,
    run: async (db, rng, tag) => {
      const s = await target(await db.scenarios.toArray(), rng, tag);
      if (!s) return undefined;
      return rng() < 0.5
        ? saveEvent(db, s, {
            name: label(tag, 'car'),
            trigger_month: '2027-03',
            template_id: 'car_loan',
            template_parameters: {
              car_name: 'Hatch',
              car_price: 20_000 + Math.floor(rng() * 20_000),
              deposit_amount: 5000,
              running_costs_annual: 2400,
            },
          })
        : saveEvent(db, s, {
            name: label(tag, 'job'),
            trigger_month: '2027-01',
            template_id: 'job_income_change',
            template_parameters: { gross_annual_salary: 60_000 + Math.floor(rng() * 80_000) },
          });
    },
  },
  {
    kind: 'event.update',
    weight: 3,
    run: async (db, rng, tag) => {
      const e = await target(await db.events.toArray(), rng, tag);
      if (!e) return undefined;
      const params =
        e.template_id === 'car_loan'
          ? { ...e.template_parameters, car_price: 20_000 + Math.floor(rng() * 20_000) }
          : { ...e.template_parameters, gross_annual_salary: 60_000 + Math.floor(rng() * 80_000) };
      return saveEvent(db, e.scenario_id, {
        id: e.id,
        name: e.name,
        trigger_month: e.trigger_month,
        template_id: e.template_id,
        template_parameters: params,
      });
    },
  },
  {
    kind: 'event.delete',
    weight: 2,
    run: async (db, rng, tag) => {
      const e = await target(await db.events.toArray(), rng, tag);
      return e && deleteEvent(db, e.id).then(() => true);
    },
  },
  {
    kind: 'modification.create',
    weight: 4,
    run: async (db, rng, tag) => {
      const s = await target(await db.scenarios.toArray(), rng, tag);
      const a = pick(rng, await plainAccounts(db));
      if (!s || !a) return undefined;
      return createModification(db, s.id, {
        modification_type: 'modify_account',
        target_id: a.id,
        modification_data: { balance: money(rng) },
      });
    },
  },
  {
    kind: 'modification.update',
    weight: 3,
    run: async (db, rng) => {
      const m = pick(rng, await db.modifications.toArray());
      return m && updateModification(db, m.id, { modification_data: { balance: money(rng) } });
    },
  },
  {
    kind: 'modification.delete',
    weight: 2,
    run: async (db, rng) => {
      const m = pick(rng, await db.modifications.toArray());
      return m && deleteModification(db, m.id).then(() => true);
    },
  },
  {
    kind: 'assumptions.save',
    weight: 2,
    run: (db, rng) =>
      saveAssumptions(db, {
        inflation_rate: Math.round(rng() * 50) / 10,
        wage_growth_rate: Math.round(rng() * 50) / 10,
      }),
  },
];

const TRANSACTION_OPS: Op[] = [
  {
    kind: 'transaction.import',
    weight: 3,
    run: async (db, rng, tag) => {
      const account = pick(rng, await plainAccounts(db));
      if (!account) return undefined;
      const n = 2 + Math.floor(rng() * 5);
      const name = label(tag, 'import');
      return saveImport(db, {
        batch: {
          account_id: account.id,
          imported_at: '2026-11-20T00:00:00.000Z',
          file_names: [`${name}.csv`],
          format: 'csv',
          bank: 'generic',
          row_count: n,
          skipped_count: 0,
        },
        transactions: Array.from({ length: n }, (_, i) => ({
          account_id: account.id,
          date: `2026-10-${String(1 + i).padStart(2, '0')}`,
          amount_cents: -Math.round(money(rng) * 100) - 1,
          description: `${name} row ${i}`,
          payee: `${name} payee ${i}`,
          fingerprint: `${name} ${i}`,
        })),
      });
    },
  },
  {
    kind: 'transaction.update',
    weight: 3,
    run: async (db, rng, tag) => {
      const t = pick(rng, await db.transactions.toArray());
      if (!t) return undefined;
      if (rng() < 0.5) return updateTransaction(db, t.id, { note: label(tag, 'note') });
      const category = pick(rng, await db.categories.toArray());
      return recategorise(db, [t.id], category?.id ?? null);
    },
  },
  {
    kind: 'transaction.delete',
    weight: 2,
    run: async (db, rng) => {
      const t = pick(rng, await db.transactions.toArray());
      return t && deleteTransaction(db, t.id).then(() => true);
    },
  },
  {
    kind: 'import.undo',
    weight: 1,
    run: async (db, rng) => {
      const batch = pick(rng, await db.import_batches.toArray());
      return batch && undoImport(db, batch.id);
    },
  },
];
OPS.push(...TRANSACTION_OPS);

const TOTAL = OPS.reduce((sum, op) => sum + op.weight, 0);

/** One random operation on the device's database; local refusals (in use, event-made) count, not throw. */
export async function randomOperation(db: WyrdDb, rng: Rng, tag: string, stats: OpStats): Promise<void> {
  let roll = rng() * TOTAL;
  const op = OPS.find((o) => (roll -= o.weight) < 0) ?? OPS[0];
  stats.attempted += 1;
  try {
    // undefined: there was nothing to act on.
    if ((await op.run(db, rng, tag)) === undefined) return;
    stats.done += 1;
    stats.byKind[op.kind] = (stats.byKind[op.kind] ?? 0) + 1;
  } catch (error) {
    const name = (error as { name?: string }).name ?? '';
    if (['DataValidationError', 'RecordNotFoundError', 'ScenarioEventLinkError', 'DataConflictError'].includes(name))
      stats.refusedLocally += 1;
    else throw error;
  }
}
