// Scenario events: saving materialises accounts and recurring items (scenario_event_id set) in one
// transaction with their outbox rows; edits regenerate, deletes remove; deleting a scenario cascades.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { WyrdDb } from '../../src/data/db';
import { ensureDefaultCategories } from '../../src/data/default-categories';
import { outboxFor, pendingOutbox } from '../../src/data/outbox';
import { createAccount, deleteAccount, updateAccount } from '../../src/data/repositories/accounts';
import { DataValidationError, RecordNotFoundError, ScenarioEventLinkError } from '../../src/data/repositories/errors';
import { deleteEvent, listEvents, saveEvent } from '../../src/data/repositories/events';
import { createModification } from '../../src/data/repositories/modifications';
import {
  createScenario,
  createScenarioWithEvent,
  deleteScenario,
  updateScenario,
} from '../../src/data/repositories/scenarios';
import { freshDb, steppingClock } from './helpers';

let db: WyrdDb;
let clock: () => string;

beforeEach(async () => {
  db = freshDb('events');
  await db.open();
  clock = steppingClock();
  await ensureDefaultCategories(db, { now: clock });
});
afterEach(async () => {
  db.close();
  await db.delete();
});

const car = (params: Record<string, unknown> = {}) => ({
  name: 'New car',
  trigger_month: '2027-03',
  template_id: 'car_loan',
  template_parameters: {
    car_name: 'Hatch',
    car_price: 30000,
    deposit_amount: 5000,
    running_costs_annual: 2400,
    ...params,
  },
});

async function setup() {
  const cash = await createAccount(db, { name: 'Everyday', current_balance: 10000 }, { now: clock });
  const scenario = await createScenario(db, { name: 'Buy a car' }, { now: clock });
  return { cash, scenario };
}

describe('saveEvent', () => {
  it('materialises the accounts and recurring items of a new event with their outbox rows', async () => {
    const { cash, scenario } = await setup();
    const outboxBefore = await db.outbox.count();
    const saved = await saveEvent(db, scenario, car(), { now: '2026-11-21T12:00:00.000Z' });
    expect(saved.event).toMatchObject({
      scenario_id: scenario.id,
      name: 'New car',
      trigger_date: '2027-03-01',
      updated_at: '2026-11-21T12:00:00.000Z',
    });
    expect(saved.accounts.map((a) => a.name).sort()).toEqual(['Hatch', 'Hatch loan']);
    expect(saved.recurring_items).toHaveLength(1);
    const [item] = saved.recurring_items;
    expect(item).toMatchObject({
      name: 'Hatch: running costs',
      amount: -200,
      frequency: 'monthly',
      account_id: cash.id,
      scenario_event_id: saved.event.id,
    });
    const transport = (await db.categories.toArray()).find((c) => c.name === 'Transport');
    expect(item.category_id).toBe(transport?.id);
    const stored = await db.accounts.where('scenario_event_id').equals(saved.event.id).toArray();
    expect(stored).toHaveLength(2);
    expect(stored.every((a) => a.updated_at === '2026-11-21T12:00:00.000Z')).toBe(true);
    const rows = (await pendingOutbox(db)).slice(outboxBefore);
    expect(rows.map((r) => `${r.entity}:${r.op}`).sort()).toEqual([
      'accounts:create',
      'accounts:create',
      'events:create',
      'recurring_items:create',
    ]);
  });

  it('regenerates on edit: same ids updated, vanished entities deleted, unchanged ones not rewritten', async () => {
    const { scenario } = await setup();
    const first = await saveEvent(db, scenario, car(), { now: clock });
    const id = first.event.id;
    const mark = await db.outbox.count();
    const edited = await saveEvent(
      db,
      scenario,
      { ...car({ car_name: 'Wagon', running_costs_annual: 0 }), id },
      { now: clock },
    );
    expect(edited.accounts.map((a) => a.id).sort()).toEqual(first.accounts.map((a) => a.id).sort());
    expect(edited.accounts.map((a) => a.name).sort()).toEqual(['Wagon', 'Wagon loan']);
    expect(edited.recurring_items).toEqual([]);
    expect(await db.recurring_items.where('scenario_event_id').equals(id).count()).toBe(0);
    const rows = (await pendingOutbox(db)).slice(mark);
    expect(rows.map((r) => `${r.entity}:${r.op}`).sort()).toEqual([
      'accounts:update',
      'accounts:update',
      'events:update',
      'recurring_items:delete',
    ]);
    const again = await db.outbox.count();
    await saveEvent(db, scenario, { ...car({ car_name: 'Wagon', running_costs_annual: 0 }), id }, { now: clock });
    expect((await pendingOutbox(db)).slice(again).map((r) => r.entity)).toEqual(['events']);
  });

  it('linked entities refuse direct edits and deletes; deleting the event removes them with tombstones', async () => {
    const { scenario } = await setup();
    const saved = await saveEvent(db, scenario, car(), { now: clock });
    const loan = saved.accounts.find((a) => !a.is_asset)!;
    await expect(updateAccount(db, loan.id, { name: 'x' })).rejects.toBeInstanceOf(ScenarioEventLinkError);
    await expect(deleteAccount(db, loan.id)).rejects.toMatchObject({
      eventId: saved.event.id,
      scenarioId: scenario.id,
    });
    await deleteEvent(db, saved.event.id, { now: clock });
    expect(await db.events.count()).toBe(0);
    expect(await db.accounts.where('scenario_event_id').equals(saved.event.id).count()).toBe(0);
    expect(await db.recurring_items.count()).toBe(0);
    expect((await outboxFor(db, 'accounts', loan.id)).map((r) => r.op)).toEqual(['create', 'delete']);
    expect((await outboxFor(db, 'events', saved.event.id)).map((r) => r.op)).toEqual(['create', 'delete']);
    await expect(deleteEvent(db, saved.event.id)).rejects.toBeInstanceOf(RecordNotFoundError);
  });

  it('rejects bad events with field-named errors and writes nothing', async () => {
    const { scenario } = await setup();
    const before = await db.outbox.count();
    const noName = await saveEvent(db, scenario, { ...car(), name: ' ', trigger_month: '2027-13' }).catch((e) => e);
    expect(noName).toBeInstanceOf(DataValidationError);
    expect((noName as DataValidationError).messageFor('name')).toBe('is required');
    expect((noName as DataValidationError).messageFor('trigger_month')).toBe('must be a month written YYYY-MM');
    const badParam = (await saveEvent(db, scenario, car({ loan_term_years: 99 })).catch(
      (e) => e,
    )) as DataValidationError;
    expect(badParam.messageFor('template_parameters.loan_term_years')).toMatch(/at most/);
    const unknown = (await saveEvent(db, scenario, { ...car(), template_id: 'time_machine' }).catch(
      (e) => e,
    )) as DataValidationError;
    expect(unknown.messageFor('template_id')).toBe('unknown template "time_machine"');
    await expect(saveEvent(db, 'no-such-scenario', car())).rejects.toBeInstanceOf(RecordNotFoundError);
    expect(await db.events.count()).toBe(0);
    expect(await db.accounts.count()).toBe(1);
    expect(await db.outbox.count()).toBe(before);
  });

  it('refuses a template change on edit', async () => {
    const { scenario } = await setup();
    const saved = await saveEvent(db, scenario, car(), { now: clock });
    const err = (await saveEvent(db, scenario, {
      id: saved.event.id,
      name: 'Kid',
      trigger_month: '2027-03',
      template_id: 'new_child',
    }).catch((e) => e)) as DataValidationError;
    expect(err.messageFor('template_id')).toBe('cannot change when editing an event');
  });

  it('a failure while writing materialised entities rolls back the event and every outbox row', async () => {
    const { scenario } = await setup();
    const before = { accounts: await db.accounts.count(), outbox: await db.outbox.count() };
    db.recurring_items.hook('creating', () => {
      throw new Error('disk full');
    });
    await expect(saveEvent(db, scenario, car())).rejects.toThrow('disk full');
    expect(await db.events.count()).toBe(0);
    expect(await db.accounts.count()).toBe(before.accounts);
    expect(await db.outbox.count()).toBe(before.outbox);
  });

  it('a baseline flag change re-materialises the scenario events (baseline names)', async () => {
    const { scenario } = await setup();
    const saved = await saveEvent(
      db,
      scenario,
      {
        name: 'Job',
        trigger_month: '2027-01',
        template_id: 'job_income_change',
        template_parameters: { gross_annual_salary: 100000 },
      },
      { now: clock },
    );
    expect(saved.recurring_items[0].name).toBe('Job: salary (gross)');
    await updateScenario(db, scenario.id, { is_baseline: true }, { now: clock });
    const items = await db.recurring_items.where('scenario_event_id').equals(saved.event.id).toArray();
    expect(items.map((i) => i.name)).toEqual(['Salary (gross)']);
    expect(items[0].id).toBe(saved.recurring_items[0].id);
  });
});

describe('deleteScenario', () => {
  it('removes its events, their entities and its modifications in one transaction, leaving other scenarios alone', async () => {
    const { cash, scenario } = await setup();
    const other = await createScenario(db, { name: 'Other' }, { now: clock });
    const e1 = await saveEvent(db, scenario, car(), { now: clock });
    const e2 = await saveEvent(db, other, { ...car(), name: 'Other car' }, { now: clock });
    const mod = await createModification(
      db,
      scenario.id,
      { modification_type: 'modify_account', target_id: cash.id, modification_data: { balance: 1 } },
      { now: clock },
    );
    const mark = await db.outbox.count();
    await deleteScenario(db, scenario.id, { now: clock });
    expect(await db.scenarios.get(scenario.id)).toBeUndefined();
    expect(await listEvents(db)).toEqual([e2.event]);
    expect(await db.modifications.count()).toBe(0);
    expect(await db.accounts.where('scenario_event_id').equals(e1.event.id).count()).toBe(0);
    expect(await db.accounts.where('scenario_event_id').equals(e2.event.id).count()).toBe(2);
    const rows = (await pendingOutbox(db)).slice(mark);
    expect(rows.every((r) => r.op === 'delete')).toBe(true);
    expect(rows.map((r) => r.entity).sort()).toEqual([
      'accounts',
      'accounts',
      'events',
      'modifications',
      'recurring_items',
      'scenarios',
    ]);
    expect(rows.find((r) => r.entity === 'modifications')?.entity_id).toBe(mod.id);
  });

  it('rolls back entirely when a delete fails part way', async () => {
    const { scenario } = await setup();
    await saveEvent(db, scenario, car(), { now: clock });
    const before = {
      events: await db.events.count(),
      accounts: await db.accounts.count(),
      outbox: await db.outbox.count(),
    };
    db.scenarios.hook('deleting', () => {
      throw new Error('locked');
    });
    await expect(deleteScenario(db, scenario.id)).rejects.toThrow('locked');
    expect({
      events: await db.events.count(),
      accounts: await db.accounts.count(),
      outbox: await db.outbox.count(),
    }).toEqual(before);
  });
});

describe('createScenarioWithEvent', () => {
  it('creates the scenario and its materialised event together, or neither', async () => {
    await createAccount(db, { name: 'Everyday', current_balance: 10000 }, { now: clock });
    const scenario = await createScenarioWithEvent(db, { name: 'Car' }, car(), { now: clock });
    expect((await listEvents(db, scenario.id)).map((e) => e.template_id)).toEqual(['car_loan']);
    expect(
      await db.accounts
        .where('scenario_event_id')
        .anyOf((await listEvents(db, scenario.id)).map((e) => e.id))
        .count(),
    ).toBe(2);

    const scenariosBefore = await db.scenarios.count();
    const err = await createScenarioWithEvent(db, { name: 'Broken' }, car({ car_price: -1 }), { now: clock }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(DataValidationError);
    expect(await db.scenarios.count()).toBe(scenariosBefore);
  });
});
