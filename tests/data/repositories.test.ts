// Repositories on fake-indexeddb: validation naming fields, outbox pairing, tombstones, atomicity and the
// scenario-event link refusals.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { WyrdDb } from '../../src/data/db';
import type { AccountRow, RecurringItemRow } from '../../src/data/entities';
import { acknowledgeOutbox, hasPendingDelete, outboxFor, pendingOutbox } from '../../src/data/outbox';
import { getAssumptions, getResolvedAssumptions, saveAssumptions } from '../../src/data/repositories/assumptions';
import {
  createAccount,
  deleteAccount,
  getAccount,
  listAccounts,
  updateAccount,
} from '../../src/data/repositories/accounts';
import { createCategory, deleteCategory, listCategories, renameCategory } from '../../src/data/repositories/categories';
import {
  DataConflictError,
  DataValidationError,
  RecordNotFoundError,
  ScenarioEventLinkError,
} from '../../src/data/repositories/errors';
import {
  createModification,
  deleteModification,
  listModifications,
  SAVE_SCENARIO_FIRST,
  updateModification,
} from '../../src/data/repositories/modifications';
import {
  createRecurringItem,
  deleteRecurringItem,
  recurringItemType,
  signedAmount,
  updateRecurringItem,
} from '../../src/data/repositories/recurring-items';
import { createScenario, SCENARIO_NAME_REQUIRED, updateScenario } from '../../src/data/repositories/scenarios';
import { freshDb, steppingClock } from './helpers';

let db: WyrdDb;
let clock: () => string;

beforeEach(async () => {
  db = freshDb('repo');
  await db.open();
  clock = steppingClock();
});
afterEach(async () => {
  db.close();
  await db.delete();
});

async function rejection(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (err) {
    return err;
  }
  throw new Error('expected the write to be rejected');
}

async function snapshot(d: WyrdDb) {
  return {
    accounts: await d.accounts.toArray(),
    items: await d.recurring_items.toArray(),
    categories: await d.categories.toArray(),
    scenarios: await d.scenarios.toArray(),
    modifications: await d.modifications.toArray(),
    outbox: await d.outbox.toArray(),
  };
}

async function basics() {
  const account = await createAccount(db, { name: 'Everyday', current_balance: 1200 }, { now: clock });
  const salary = await createCategory(db, { name: 'Salary', type: 'income' }, { now: clock });
  const rent = await createCategory(db, { name: 'Rent', type: 'expense' }, { now: clock });
  return { account, salary, rent };
}

describe('accounts', () => {
  it('creates with device ids, spec defaults, updated_at and one create outbox row', async () => {
    const a = await createAccount(
      db,
      { name: '  Everyday ', current_balance: 1500.5, institution: '' },
      { now: '2026-11-21T09:00:00.000Z' },
    );
    expect(a.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(a).toMatchObject({
      name: 'Everyday',
      account_type: 'checking',
      is_asset: true,
      institution: null,
      scenario_event_id: null,
      updated_at: '2026-11-21T09:00:00.000Z',
    });
    expect(await getAccount(db, a.id)).toEqual(a);
    const rows = await pendingOutbox(db);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      entity: 'accounts',
      entity_id: a.id,
      op: 'create',
      payload: a,
      created_at: '2026-11-21T09:00:00.000Z',
    });
  });

  it('update merges, stamps updated_at from the injected clock and appends an update row', async () => {
    const a = await createAccount(
      db,
      { name: 'Card', current_balance: -300, account_type: 'credit_card', is_asset: false },
      { now: clock },
    );
    const b = await updateAccount(db, a.id, { current_balance: -450, institution: 'ANZ' }, { now: clock });
    expect(b).toMatchObject({
      id: a.id,
      name: 'Card',
      current_balance: -450,
      institution: 'ANZ',
      is_asset: false,
      updated_at: '2026-11-21T10:00:01.000Z',
    });
    const rows = await outboxFor(db, 'accounts', a.id);
    expect(rows.map((r) => r.op)).toEqual(['create', 'update']);
    expect(rows[1].payload).toEqual(b);
  });

  it('rejects bad input with field-named messages and writes nothing', async () => {
    const err = await rejection(
      createAccount(db, { name: ' ', current_balance: Number.NaN, account_type: 'boat' as never }),
    );
    expect(err).toBeInstanceOf(DataValidationError);
    const v = err as DataValidationError;
    expect(v.errors.map((e) => e.field).sort()).toEqual(['account_type', 'current_balance', 'name']);
    expect(v.messageFor('name')).toBe('is required');
    expect(v.messageFor('current_balance')).toBe('must be a number');
    expect(v.message).toContain('name is required');
    expect(await snapshot(db)).toEqual({
      accounts: [],
      items: [],
      categories: [],
      scenarios: [],
      modifications: [],
      outbox: [],
    });
  });

  it('a rejected update leaves the stored row and the outbox untouched', async () => {
    const a = await createAccount(db, { name: 'Savings', current_balance: 100 }, { now: clock });
    const before = await snapshot(db);
    const err = await rejection(updateAccount(db, a.id, { name: '' }, { now: clock }));
    expect((err as DataValidationError).messageFor('name')).toBe('is required');
    expect(await snapshot(db)).toEqual(before);
    expect(await rejection(updateAccount(db, 'nope', { name: 'x' }))).toBeInstanceOf(RecordNotFoundError);
  });

  it('delete removes the row and leaves a delete tombstone in the outbox', async () => {
    const a = await createAccount(db, { name: 'Old', current_balance: 1 }, { now: clock });
    await deleteAccount(db, a.id, { now: '2026-11-22T00:00:00.000Z' });
    expect(await getAccount(db, a.id)).toBeUndefined();
    expect(await listAccounts(db)).toEqual([]);
    const rows = await outboxFor(db, 'accounts', a.id);
    expect(rows.map((r) => r.op)).toEqual(['create', 'delete']);
    expect(rows[1].payload).toEqual({ id: a.id, deleted_at: '2026-11-22T00:00:00.000Z' });
    expect(await hasPendingDelete(db, 'accounts', a.id)).toBe(true);
    expect(await rejection(deleteAccount(db, a.id))).toBeInstanceOf(RecordNotFoundError);
  });
});

describe('atomicity', () => {
  it('a failure inside the transaction (the outbox write) leaves no entity and no outbox row', async () => {
    db.outbox.hook('creating', () => {
      throw new Error('disk full');
    });
    await expect(createAccount(db, { name: 'Everyday', current_balance: 10 })).rejects.toThrow('disk full');
    expect(await db.accounts.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });

  it('a failing update keeps the old row', async () => {
    const a = await createAccount(db, { name: 'Everyday', current_balance: 10 }, { now: clock });
    db.outbox.hook('creating', () => {
      throw new Error('quota');
    });
    await expect(updateAccount(db, a.id, { current_balance: 99 })).rejects.toThrow('quota');
    expect((await getAccount(db, a.id))?.current_balance).toBe(10);
    expect(await db.outbox.count()).toBe(1);
  });

  it('a failing entity write leaves no outbox row', async () => {
    const { account, rent } = await basics();
    const before = await db.outbox.count();
    db.recurring_items.hook('creating', () => {
      throw new Error('boom');
    });
    await expect(
      createRecurringItem(db, {
        name: 'Rent',
        amount: -500,
        start_date: '2026-01-01',
        account_id: account.id,
        category_id: rent.id,
      }),
    ).rejects.toThrow('boom');
    expect(await db.recurring_items.count()).toBe(0);
    expect(await db.outbox.count()).toBe(before);
  });
});

describe('recurring items', () => {
  it('signs amounts from the Type radio', () => {
    expect(signedAmount(250, 'income')).toBe(250);
    expect(signedAmount(-250, 'income')).toBe(250);
    expect(signedAmount(250, 'expense')).toBe(-250);
    expect(signedAmount(0, 'expense')).toBe(0);
    expect(recurringItemType(10)).toBe('income');
    expect(recurringItemType(-10)).toBe('expense');
  });

  it('creates with defaults (monthly, active, end date null when empty) and one outbox row', async () => {
    const { account, rent } = await basics();
    const r = await createRecurringItem(
      db,
      {
        name: 'Rent',
        amount: signedAmount(2000, 'expense'),
        start_date: '2026-01-01',
        end_date: '',
        account_id: account.id,
        category_id: rent.id,
      },
      { now: clock },
    );
    expect(r).toMatchObject({
      amount: -2000,
      frequency: 'monthly',
      is_active: true,
      end_date: null,
      scenario_event_id: null,
    });
    expect((await outboxFor(db, 'recurring_items', r.id)).map((x) => x.op)).toEqual(['create']);
  });

  it('names every missing required field and unknown references', async () => {
    const err = (await rejection(
      createRecurringItem(db, {
        name: '',
        amount: undefined as never,
        start_date: '',
        account_id: '',
        category_id: '',
      }),
    )) as DataValidationError;
    expect(err.errors.map((e) => e.field).sort()).toEqual([
      'account_id',
      'amount',
      'category_id',
      'name',
      'start_date',
    ]);
    expect(err.messageFor('amount')).toBe('is required');
    const bad = (await rejection(
      createRecurringItem(db, {
        name: 'X',
        amount: 5,
        start_date: '2026-02-30',
        end_date: '2025-01-01',
        account_id: 'a',
        category_id: 'c',
        frequency: 'daily' as never,
      }),
    )) as DataValidationError;
    expect(bad.messageFor('start_date')).toBe('must be a real calendar date');
    expect(bad.messageFor('frequency')).toMatch(/weekly/);
    const refs = (await rejection(
      createRecurringItem(db, {
        name: 'X',
        amount: 5,
        start_date: '2026-02-01',
        account_id: 'missing',
        category_id: 'missing',
      }),
    )) as DataValidationError;
    expect(refs.messageFor('account_id')).toBe('must be one of your accounts');
    expect(refs.messageFor('category_id')).toBe('must be one of your categories');
    expect(await db.recurring_items.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });

  it('stores the amount signed by the Type radio when the form passes it', async () => {
    const { account, salary, rent } = await basics();
    const income = await createRecurringItem(db, {
      name: 'Pay',
      type: 'income',
      amount: -3000,
      start_date: '2026-01-01',
      account_id: account.id,
      category_id: salary.id,
    });
    expect(income.amount).toBe(3000);
    const expense = await createRecurringItem(db, {
      name: 'Rent',
      type: 'expense',
      amount: 2000,
      start_date: '2026-01-01',
      account_id: account.id,
      category_id: rent.id,
    });
    expect(expense.amount).toBe(-2000);
    expect((await updateRecurringItem(db, expense.id, { amount: 2100 })).amount).toBe(2100);
    expect((await updateRecurringItem(db, expense.id, { type: 'expense', amount: 2100 })).amount).toBe(-2100);
    expect(((await db.recurring_items.get(expense.id)) as Record<string, unknown>).type).toBeUndefined();
  });

  it('update and delete pair each change with one outbox row', async () => {
    const { account, salary } = await basics();
    const r = await createRecurringItem(
      db,
      {
        name: 'Pay',
        amount: 3000,
        frequency: 'fortnightly',
        start_date: '2026-01-02',
        account_id: account.id,
        category_id: salary.id,
      },
      { now: clock },
    );
    const u = await updateRecurringItem(db, r.id, { is_active: false, end_date: '2027-01-01' }, { now: clock });
    expect(u).toMatchObject({ is_active: false, end_date: '2027-01-01', amount: 3000 });
    await deleteRecurringItem(db, r.id, { now: clock });
    expect(await db.recurring_items.get(r.id)).toBeUndefined();
    expect((await outboxFor(db, 'recurring_items', r.id)).map((x) => x.op)).toEqual(['create', 'update', 'delete']);
  });
});

describe('scenario-event links', () => {
  async function linked() {
    const scenario = await createScenario(db, { name: 'Plan' }, { now: clock });
    await db.events.put({
      id: 'ev-1',
      scenario_id: scenario.id,
      name: 'Car',
      trigger_month: '2027-01',
      trigger_date: '2027-01-01',
      template_id: 'car_loan',
      template_parameters: {},
      updated_at: clock(),
    });
    const account: AccountRow = {
      id: 'acc-linked',
      name: 'Car loan',
      account_type: 'loan',
      current_balance: 0,
      is_asset: false,
      scenario_event_id: 'ev-1',
      updated_at: clock(),
    };
    const { rent } = await basics();
    const item: RecurringItemRow = {
      id: 'ri-linked',
      name: 'Running costs',
      amount: -100,
      frequency: 'monthly',
      start_date: '2027-02-01',
      end_date: null,
      account_id: account.id,
      category_id: rent.id,
      is_active: true,
      scenario_event_id: 'ev-1',
      updated_at: clock(),
    };
    await db.accounts.put(account);
    await db.recurring_items.put(item);
    return { scenario, account, item };
  }

  it('refuses to edit or delete a linked account with the spec messages and the event to open', async () => {
    const { scenario, account } = await linked();
    const before = await snapshot(db);
    const edit = (await rejection(updateAccount(db, account.id, { name: 'Renamed' }))) as ScenarioEventLinkError;
    expect(edit).toBeInstanceOf(ScenarioEventLinkError);
    expect(edit.message).toBe('This account is part of a scenario event. Please edit it through the scenario.');
    expect(edit).toMatchObject({ action: 'edit', eventId: 'ev-1', scenarioId: scenario.id });
    const del = (await rejection(deleteAccount(db, account.id))) as ScenarioEventLinkError;
    expect(del.message).toBe(
      'Cannot delete this account. It was created by a scenario event. Please delete the event instead.',
    );
    expect(await snapshot(db)).toEqual(before);
  });

  it('refuses to edit or delete a linked recurring item with the spec messages', async () => {
    const { item } = await linked();
    const before = await snapshot(db);
    const edit = (await rejection(updateRecurringItem(db, item.id, { amount: -5 }))) as ScenarioEventLinkError;
    expect(edit.message).toBe('This recurring item is part of a scenario event. Please edit it through the scenario.');
    const del = (await rejection(deleteRecurringItem(db, item.id))) as ScenarioEventLinkError;
    expect(del.message).toBe(
      'Cannot delete this recurring item. It was created by a scenario event. Please delete the event instead.',
    );
    expect(del).toMatchObject({ entity: 'recurring item', action: 'delete', eventId: 'ev-1' });
    expect(await snapshot(db)).toEqual(before);
  });

  it('normal creates never set scenario_event_id', async () => {
    const a = await createAccount(db, { name: 'Sneaky', current_balance: 1, scenario_event_id: 'ev-1' } as never);
    expect(a.scenario_event_id).toBeNull();
  });
});

describe('categories', () => {
  it('adds and renames with names unique per type (ignoring case), each with an outbox row', async () => {
    const c = await createCategory(db, { name: ' Pets ', type: 'expense' }, { now: clock });
    expect(c.name).toBe('Pets');
    await createCategory(db, { name: 'Pets', type: 'income' }, { now: clock });
    const dup = (await rejection(createCategory(db, { name: 'pets', type: 'expense' }))) as DataValidationError;
    expect(dup.messageFor('name')).toBe('"Pets" is already an expense category. Please choose another name.');
    const renamed = await renameCategory(db, c.id, 'Pet care', { now: clock });
    expect(renamed).toMatchObject({ id: c.id, name: 'Pet care', type: 'expense' });
    expect(await rejection(renameCategory(db, c.id, ''))).toBeInstanceOf(DataValidationError);
    expect((await outboxFor(db, 'categories', c.id)).map((r) => r.op)).toEqual(['create', 'update']);
    expect((await listCategories(db, 'expense')).map((x) => x.name)).toEqual(['Pet care']);
  });

  it('refuses to delete a category in use, deletes an unused one with a tombstone', async () => {
    const { account, rent } = await basics();
    await createRecurringItem(db, {
      name: 'Rent',
      amount: -1,
      start_date: '2026-01-01',
      account_id: account.id,
      category_id: rent.id,
    });
    const err = await rejection(deleteCategory(db, rent.id));
    expect(err).toBeInstanceOf(DataConflictError);
    expect((err as Error).message).toBe(
      'Cannot delete "Rent": 1 recurring item uses it. Move them to another category first.',
    );
    const spare = await createCategory(db, { name: 'Spare', type: 'expense' });
    await deleteCategory(db, spare.id);
    expect(await hasPendingDelete(db, 'categories', spare.id)).toBe(true);
  });
});

describe('scenarios and modifications', () => {
  it('requires a trimmed scenario name with the spec message', async () => {
    const err = (await rejection(createScenario(db, { name: '   ' }))) as DataValidationError;
    expect(err.messageFor('name')).toBe(SCENARIO_NAME_REQUIRED);
    const s = await createScenario(db, { name: ' Move ', description: ' to Perth ' }, { now: clock });
    expect(s).toMatchObject({
      name: 'Move',
      description: 'to Perth',
      is_baseline: false,
      created_at: '2026-11-21T10:00:00.000Z',
    });
    const u = await updateScenario(db, s.id, { name: 'Move west' }, { now: clock });
    expect(u.created_at).toBe(s.created_at);
    expect(u.updated_at).toBe('2026-11-21T10:00:01.000Z');
  });

  it('validates modifications by type, refuses them before the scenario exists', async () => {
    const { account, rent } = await basics();
    expect(
      (
        (await rejection(
          createModification(db, null, {
            modification_type: 'modify_account',
            target_id: account.id,
            modification_data: { balance: 5 },
          }),
        )) as DataValidationError
      ).messageFor('scenario_id'),
    ).toBe(SAVE_SCENARIO_FIRST);
    expect(
      (
        (await rejection(
          createModification(db, 'not-saved', {
            modification_type: 'modify_account',
            target_id: account.id,
            modification_data: { balance: 5 },
          }),
        )) as DataValidationError
      ).messageFor('scenario_id'),
    ).toBe(SAVE_SCENARIO_FIRST);
    const s = await createScenario(db, { name: 'What if' });
    const bad = (await rejection(
      createModification(db, s.id, {
        modification_type: 'add_recurring',
        modification_data: {
          name: '',
          amount: 'x' as never,
          frequency: 'monthly',
          start_date: '2027-01-01',
          account_id: account.id,
          category_id: rent.id,
        },
      }),
    )) as DataValidationError;
    expect(bad.messageFor('modification_data.name')).toBe('is required');
    expect(bad.messageFor('modification_data.amount')).toBe('must be a number');
    const noTarget = (await rejection(
      createModification(db, s.id, {
        modification_type: 'modify_recurring',
        modification_data: { amount: -5 },
      } as never),
    )) as DataValidationError;
    expect(noTarget.messageFor('target_id')).toBe('is required');
    const m = await createModification(
      db,
      s.id,
      {
        modification_type: 'add_one_time',
        modification_data: {
          date: '2027-03-01',
          amount: -2000,
          description: 'Bond',
          account_id: account.id,
          category_id: rent.id,
        },
      },
      { now: clock },
    );
    expect(m).toMatchObject({ scenario_id: s.id, target_id: null });
    const u = await updateModification(
      db,
      m.id,
      { modification_data: { ...m.modification_data, amount: -2500 } },
      { now: clock },
    );
    expect(u).toMatchObject({ modification_type: 'add_one_time', modification_data: { amount: -2500 } });
    await deleteModification(db, m.id, { now: clock });
    expect(await listModifications(db, s.id)).toEqual([]);
    expect((await outboxFor(db, 'modifications', m.id)).map((r) => r.op)).toEqual(['create', 'update', 'delete']);
  });
});

describe('outbox pairing', () => {
  it('every entity change has exactly one outbox row, in order', async () => {
    const { account, salary } = await basics();
    const r = await createRecurringItem(db, {
      name: 'Pay',
      amount: 100,
      start_date: '2026-01-01',
      account_id: account.id,
      category_id: salary.id,
    });
    await updateAccount(db, account.id, { current_balance: 5 });
    await updateRecurringItem(db, r.id, { amount: 200 });
    await deleteRecurringItem(db, r.id);
    await renameCategory(db, salary.id, 'Wages');
    const rows = await pendingOutbox(db);
    expect(rows.map((x) => `${x.entity}:${x.op}`)).toEqual([
      'accounts:create',
      'categories:create',
      'categories:create',
      'recurring_items:create',
      'accounts:update',
      'recurring_items:update',
      'recurring_items:delete',
      'categories:update',
    ]);
    const seqs = rows.map((x) => x.seq as number);
    expect([...seqs].sort((a, b) => a - b)).toEqual(seqs);
  });
});

describe('assumptions and acknowledgement', () => {
  it('saves validated assumptions in meta with an outbox row', async () => {
    const bad = (await rejection(saveAssumptions(db, { inflation_rate: -150 }))) as DataValidationError;
    expect(bad.messageFor('inflation_rate')).toMatch(/above -100/);
    expect(await getAssumptions(db)).toBeNull();
    await saveAssumptions(db, { inflation_rate: 3 }, { now: '2026-11-21T00:00:00.000Z' });
    expect(await getAssumptions(db)).toEqual({ inflation_rate: 3, updated_at: '2026-11-21T00:00:00.000Z' });
    expect((await getResolvedAssumptions(db)).wage_growth_rate).toBe(3.7);
    expect((await outboxFor(db, 'assumptions', 'assumptions')).map((r) => r.op)).toEqual(['update']);
  });

  it('acknowledged rows leave the outbox; the tombstone stops guarding once the server has it', async () => {
    const a = await createAccount(db, { name: 'Temp', current_balance: 1 });
    await deleteAccount(db, a.id);
    expect(await hasPendingDelete(db, 'accounts', a.id)).toBe(true);
    await acknowledgeOutbox(
      db,
      (await pendingOutbox(db)).map((r) => r.seq as number),
    );
    expect(await pendingOutbox(db)).toEqual([]);
    expect(await hasPendingDelete(db, 'accounts', a.id)).toBe(false);
  });
});

describe('account deletion and recurring items', () => {
  it('refuses to delete an account that recurring items still use, and changes nothing', async () => {
    const account = await createAccount(
      db,
      { name: 'Everyday', account_type: 'checking', current_balance: 100, is_asset: true },
      { now: clock },
    );
    const salary = await createCategory(db, { name: 'Salary', type: 'income' }, { now: clock });
    await createRecurringItem(
      db,
      { name: 'Pay', amount: 5000, start_date: '2026-01-15', account_id: account.id, category_id: salary.id },
      { now: clock },
    );
    const outboxBefore = await db.outbox.count();
    const err = await rejection(deleteAccount(db, account.id, { now: clock }));
    expect(err).toBeInstanceOf(DataConflictError);
    expect((err as Error).message).toBe(
      'This account is used by 1 recurring item. Move it to another account or delete it first.',
    );
    expect(await db.accounts.get(account.id)).toBeDefined();
    expect(await db.outbox.count()).toBe(outboxBefore);
  });
});
