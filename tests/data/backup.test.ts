// Export and import of the backup file: the CLI's schema accepts the export, a round trip into a fresh user
// reproduces the same dashboard, and a bad file lists every problem and writes nothing.
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { exportBackup, exportBackupJson, exportPlan, importBackup, validateBackup } from '../../src/data/backup';
import type { WyrdDb } from '../../src/data/db';
import { DEFAULT_CATEGORIES_FLAG, ensureDefaultCategories } from '../../src/data/default-categories';
import { pendingOutbox } from '../../src/data/outbox';
import { createAccount } from '../../src/data/repositories/accounts';
import { getAssumptions, saveAssumptions } from '../../src/data/repositories/assumptions';
import { listCategories } from '../../src/data/repositories/categories';
import { saveEvent } from '../../src/data/repositories/events';
import { createModification } from '../../src/data/repositories/modifications';
import { createRecurringItem, signedAmount } from '../../src/data/repositories/recurring-items';
import { createScenario } from '../../src/data/repositories/scenarios';
import { saveImport } from '../../src/data/repositories/transactions';
import { loadLedger } from '../../src/data/repositories/summaries';
import { BackupFileSchema, dashboardData, forecast, recurringSummary } from '../../worker/engine/index';
import { freshDb, statementBatch, steppingClock } from './helpers';

const TODAY = '2026-11-21';
const opened: WyrdDb[] = [];
async function open(label: string): Promise<WyrdDb> {
  const db = freshDb(label);
  await db.open();
  opened.push(db);
  return db;
}
afterEach(async () => {
  for (const db of opened.splice(0)) {
    db.close();
    await db.delete();
  }
});

async function populate(db: WyrdDb) {
  const clock = steppingClock();
  await ensureDefaultCategories(db, { now: clock });
  const cats = await listCategories(db);
  const cat = (name: string) => cats.find((c) => c.name === name)!.id;
  const everyday = await createAccount(
    db,
    { name: 'Everyday', current_balance: 8000, institution: 'CBA' },
    { now: clock },
  );
  await createAccount(
    db,
    { name: 'Home loan', account_type: 'mortgage', current_balance: -420000, is_asset: false },
    { now: clock },
  );
  await createAccount(db, { name: 'Super', account_type: 'superannuation', current_balance: 95000 }, { now: clock });
  const pay = await createRecurringItem(
    db,
    {
      name: 'Pay',
      amount: signedAmount(3100, 'income'),
      frequency: 'fortnightly',
      start_date: '2026-07-03',
      account_id: everyday.id,
      category_id: cat('Salary'),
    },
    { now: clock },
  );
  await createRecurringItem(
    db,
    {
      name: 'Mortgage',
      amount: signedAmount(2400, 'expense'),
      start_date: '2026-01-15',
      account_id: everyday.id,
      category_id: cat('Mortgage repayments'),
    },
    { now: clock },
  );
  await createRecurringItem(
    db,
    {
      name: 'Food',
      amount: -180,
      frequency: 'weekly',
      start_date: '2026-09-03',
      end_date: '2030-01-01',
      account_id: everyday.id,
      category_id: cat('Groceries'),
    },
    { now: clock },
  );
  await createRecurringItem(
    db,
    {
      name: 'Old gym',
      amount: -50,
      start_date: '2026-01-01',
      account_id: everyday.id,
      category_id: cat('Health'),
      is_active: false,
    },
    { now: clock },
  );
  await saveAssumptions(db, { inflation_rate: 3, account_type_rates: { savings: 4.5 } }, { now: clock });
  const baseline = await createScenario(db, { name: 'Current situation', is_baseline: true }, { now: clock });
  await saveEvent(
    db,
    baseline,
    {
      name: 'My Child',
      trigger_month: '2026-06',
      template_id: 'new_child',
      template_parameters: { birth_date: '2026-06-10' },
    },
    { now: clock },
  );
  const whatIf = await createScenario(db, { name: 'New car', description: 'Upgrade' }, { now: clock });
  await saveEvent(
    db,
    whatIf,
    {
      name: 'Car',
      trigger_month: '2027-02',
      template_id: 'car_loan',
      template_parameters: { car_price: 40000, deposit_amount: 10000, running_costs_annual: 3000 },
    },
    { now: clock },
  );
  await createModification(
    db,
    whatIf.id,
    { modification_type: 'modify_recurring', target_id: pay.id, modification_data: { amount: 3300 } },
    { now: clock },
  );
  await createModification(
    db,
    whatIf.id,
    {
      modification_type: 'add_one_time',
      modification_data: {
        date: '2027-03-01',
        amount: -1500,
        description: 'Rego',
        account_id: everyday.id,
        category_id: cat('Transport'),
      },
    },
    { now: clock },
  );
  await createModification(
    db,
    whatIf.id,
    { modification_type: 'modify_recurring', target_id: pay.id, modification_data: { amount: 3400 } },
    { now: clock },
  );
}

describe('exportBackup', () => {
  it('writes the backup file the CLI reads, with the spec fields only', async () => {
    const db = await open('export');
    await populate(db);
    const file = await exportBackup(db);
    expect(BackupFileSchema.safeParse(file).success).toBe(true);
    expect(file.version).toBe(1);
    expect(file.assumptions).toEqual({ inflation_rate: 3, account_type_rates: { savings: 4.5 } });
    expect(file.categories).toHaveLength(21);
    expect(Object.keys(file.categories[0]).sort()).toEqual(['id', 'name', 'type']);
    const everyday = file.accounts.find((a) => a.name === 'Everyday')!;
    expect(everyday).toEqual({
      id: everyday.id,
      name: 'Everyday',
      account_type: 'checking',
      current_balance: 8000,
      institution: 'CBA',
      is_asset: true,
      scenario_event_id: null,
    });
    const food = file.recurring_items.find((r) => r.name === 'Food')!;
    expect(Object.keys(food).sort()).toEqual([
      'account_id',
      'amount',
      'category_id',
      'end_date',
      'frequency',
      'id',
      'is_active',
      'name',
      'scenario_event_id',
      'start_date',
    ]);
    const whatIf = file.scenarios.find((s) => s.name === 'New car')!;
    expect(Object.keys(whatIf).sort()).toEqual([
      'created_at',
      'description',
      'events',
      'id',
      'is_baseline',
      'modifications',
      'name',
    ]);
    expect(whatIf.events[0]).toMatchObject({
      scenario_id: whatIf.id,
      template_id: 'car_loan',
      trigger_month: '2027-02',
      trigger_date: '2027-02-01',
    });
    expect(Object.keys(whatIf.modifications[0]).sort()).toEqual([
      'id',
      'modification_data',
      'modification_type',
      'target_id',
    ]);
    // Modifications apply in order: creation order is kept.
    expect(whatIf.modifications.map((m) => m.modification_data)).toEqual([
      { amount: 3300 },
      expect.objectContaining({ description: 'Rego' }),
      { amount: 3400 },
    ]);
    // Materialised entities travel with their event link; the car's accounts keep their rate.
    expect(
      file.accounts.filter((a) => a.scenario_event_id === whatIf.events[0].id).map((a) => a.annual_rate),
    ).toHaveLength(2);
    // The engine forecasts it (the same parse the CLI does).
    const f = forecast(file, { as_of: TODAY, years: 2, scenario_id: whatIf.id });
    expect(f.snapshots).toHaveLength(25);
    expect(f.snapshots[0].net_worth).toBe(8000 - 420000 + 95000);
    expect(JSON.parse(await exportBackupJson(db))).toEqual(file);
  });
});

describe('exportPlan', () => {
  it('is the plan alone: bank data makes the backup version 2 but never reaches a forecast input', async () => {
    const db = await open('plan');
    await populate(db);
    const account = (await db.accounts.toArray())[0];
    await saveImport(
      db,
      {
        batch: statementBatch(account.id, 1),
        transactions: [
          {
            account_id: account.id,
            date: '2026-11-20',
            amount_cents: -450,
            description: 'COFFEE',
            payee: 'Coffee',
            fingerprint: 'fp-1',
            bank_id: null,
          },
        ],
      },
      { now: steppingClock() },
    );
    const full = await exportBackup(db);
    expect(full.version).toBe(2);
    const plan = await exportPlan(db);
    expect(plan.version).toBe(1);
    expect(Object.keys(plan)).not.toContain('transactions');
    const {
      version: _v,
      transactions: _t,
      import_batches: _b,
      payee_rules: _r,
      ...planPart
    } = full as typeof full & {
      transactions: unknown;
      import_batches: unknown;
      payee_rules: unknown;
    };
    const { version: _pv, ...planOnly } = plan;
    expect(planOnly).toEqual(planPart);
  });
});

describe('importBackup', () => {
  it('round trip: export, import into a fresh user, same dashboard, summaries and file', async () => {
    const a = await open('source');
    await populate(a);
    const text = await exportBackupJson(a);
    const b = await open('fresh');
    const result = await importBackup(b, text, { now: '2026-11-21T12:00:00.000Z' });
    expect(result).toEqual({
      ok: true,
      counts: { categories: 21, accounts: 5, recurring_items: 7, scenarios: 2, events: 2, modifications: 3 },
    });
    const [la, lb] = [await loadLedger(a), await loadLedger(b)];
    expect(dashboardData(lb, TODAY)).toEqual(dashboardData(la, TODAY));
    expect(recurringSummary(lb)).toEqual(recurringSummary(la));
    expect(dashboardData(lb, TODAY).net_worth).toEqual({
      net_worth: -317000,
      total_assets: 103000,
      total_liabilities: 420000,
    });
    expect(await exportBackup(b)).toEqual(await exportBackup(a));
    expect(await getAssumptions(b)).toMatchObject({ inflation_rate: 3 });
    // Imported rows are changes to push: one create row per entity, plus the assumptions.
    const rows = await pendingOutbox(b);
    expect(rows.filter((r) => r.op === 'create')).toHaveLength(21 + 5 + 7 + 2 + 2 + 3);
    expect(rows.filter((r) => r.entity === 'assumptions')).toHaveLength(1);
    // Defaults are not added on top of an import.
    expect((await b.meta.get(DEFAULT_CATEGORIES_FLAG))?.value).toBeTruthy();
    expect(await ensureDefaultCategories(b)).toEqual([]);
  });

  it('replaces existing data entirely, with delete tombstones for what the file no longer has', async () => {
    const db = await open('replace');
    await populate(db);
    const oldIds = (await db.accounts.toArray()).map((x) => x.id);
    const fixture = readFileSync('tests/engine/fixtures/small-backup.json', 'utf8');
    const result = await importBackup(db, fixture, { now: '2026-11-21T12:00:00.000Z' });
    expect(result.ok).toBe(true);
    expect((await db.accounts.toArray()).map((x) => x.name).sort()).toEqual(['Card', 'Everyday', 'Savings']);
    expect(await db.events.count()).toBe(0);
    const card = await db.accounts.get('acc-card');
    expect(card).toMatchObject({ annual_rate: 19.99, updated_at: '2026-11-21T12:00:00.000Z' });
    const rows = await pendingOutbox(db);
    const deletes = rows.filter((r) => r.op === 'delete' && r.entity === 'accounts').map((r) => r.entity_id);
    expect(deletes.sort()).toEqual([...oldIds].sort());
    expect((await exportBackup(db)).scenarios[1].modifications.map((m) => m.id)).toEqual(['mod-1', 'mod-2']);
  });

  it('writes a large file in many slices inside its one transaction, every record and its outbox row', async () => {
    const db = await open('large');
    const accounts = Array.from({ length: 450 }, (_, i) => ({
      id: `acc-${String(i).padStart(4, '0')}`,
      name: `Account ${i}`,
      account_type: 'savings',
      current_balance: i,
      is_asset: true,
    }));
    const recurring_items = Array.from({ length: 1_050 }, (_, i) => ({
      id: `ri-${String(i).padStart(4, '0')}`,
      name: `Item ${i}`,
      amount: -10 - i,
      frequency: 'monthly',
      start_date: '2026-01-01',
      end_date: null,
      account_id: accounts[i % accounts.length].id,
      category_id: 'cat-bills',
      is_active: true,
    }));
    const categories = [{ id: 'cat-bills', name: 'Bills', type: 'expense' }];
    const result = await importBackup(
      db,
      { version: 1, assumptions: {}, categories, accounts, recurring_items, scenarios: [] },
      { now: '2026-11-21T12:00:00.000Z' },
    );
    expect(result).toMatchObject({ ok: true });
    expect(await db.accounts.count()).toBe(450);
    expect(await db.recurring_items.count()).toBe(1_050);
    const queued = await pendingOutbox(db);
    expect(queued.filter((r) => r.entity === 'recurring_items' && r.op === 'create')).toHaveLength(1_050);
  });

  it('a bad file lists every problem with its JSON path and writes nothing', async () => {
    const db = await open('bad');
    await populate(db);
    const before = {
      accounts: await db.accounts.toArray(),
      items: await db.recurring_items.toArray(),
      scenarios: await db.scenarios.toArray(),
      outbox: await db.outbox.count(),
      meta: await db.meta.toArray(),
    };
    const bad = {
      version: 2,
      assumptions: { inflation_rate: 'high' },
      categories: [{ id: 'c1', name: 'Salary', type: 'wages' }],
      accounts: [
        { id: 'a1', name: 'Everyday', account_type: 'checking', current_balance: 10, is_asset: true },
        { id: 'a1', account_type: 'checking', current_balance: '10', is_asset: true },
      ],
      recurring_items: [
        {
          id: 'r1',
          name: 'Pay',
          amount: 100,
          frequency: 'daily',
          start_date: '2026-02-30',
          account_id: 'a1',
          category_id: 'c1',
          is_active: true,
        },
      ],
      scenarios: [
        {
          id: 's1',
          name: 'Plan',
          is_baseline: false,
          events: [
            {
              id: 'e1',
              scenario_id: 'other',
              name: 'X',
              trigger_month: '2027-01',
              template_id: 'time_machine',
              template_parameters: {},
            },
          ],
          modifications: [
            { id: 'm1', modification_type: 'modify_account', target_id: 'a1', modification_data: { balance: 'lots' } },
          ],
        },
      ],
    };
    const result = await importBackup(db, bad);
    expect(result.ok).toBe(false);
    const errors = result.ok ? [] : result.errors;
    const paths = errors.map((e) => e.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        '$.version',
        '$.assumptions.inflation_rate',
        '$.categories[0].type',
        '$.accounts[1].name',
        '$.accounts[1].current_balance',
        '$.accounts[1].id',
        '$.recurring_items[0].frequency',
        '$.recurring_items[0].start_date',
        '$.scenarios[0].events[0].scenario_id',
        '$.scenarios[0].events[0].template_id',
        '$.scenarios[0].modifications[0].modification_data.balance',
      ]),
    );
    expect(errors.find((e) => e.path === '$.version')?.message).toBe('must be 1');
    expect(errors.find((e) => e.path === '$.accounts[1].name')?.message).toBe('is required (string)');
    expect(errors.find((e) => e.path === '$.accounts[1].id')?.message).toBe(
      'duplicate id "a1" (also at $.accounts[0])',
    );
    expect(errors.find((e) => e.path === '$.recurring_items[0].start_date')?.message).toBe(
      'must be a real calendar date',
    );
    expect(errors.every((e) => e.message.length > 0)).toBe(true);
    expect({
      accounts: await db.accounts.toArray(),
      items: await db.recurring_items.toArray(),
      scenarios: await db.scenarios.toArray(),
      outbox: await db.outbox.count(),
      meta: await db.meta.toArray(),
    }).toEqual(before);
  });

  it('reports text that is not JSON, and a file that is not an object', async () => {
    expect(validateBackup('{"version": 1,')).toEqual({
      ok: false,
      errors: [expect.objectContaining({ path: '$', message: expect.stringMatching(/^is not valid JSON/) })],
    });
    const r = validateBackup([]);
    expect(r.ok).toBe(false);
  });

  it('applies all or nothing: a failure mid-write leaves the old data and outbox intact', async () => {
    const a = await open('src2');
    await populate(a);
    const file = await exportBackup(a);
    const db = await open('atomic');
    await createAccount(db, { name: 'Keep me', current_balance: 1 });
    db.scenarios.hook('creating', () => {
      throw new Error('quota exceeded');
    });
    await expect(importBackup(db, file)).rejects.toThrow('quota exceeded');
    expect((await db.accounts.toArray()).map((x) => x.name)).toEqual(['Keep me']);
    expect(await db.categories.count()).toBe(0);
    expect(await db.outbox.count()).toBe(1);
  });
});
