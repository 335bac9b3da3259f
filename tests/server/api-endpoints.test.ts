// Every Product API endpoint over real HTTP, against in-memory PGlite and a throwaway PostgreSQL: shapes,
// defaults, error answers, event materialisation, clone, forecast, compare (equal to the CLI), dashboard,
// templates and Smart Create.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../worker/cli/forecast';
import {
  HIDDEN_TEMPLATE_IDS,
  TEMPLATES,
  identifyTemplatesFromPrompt,
  type Account,
  type Category,
  type Modification,
  type RecurringItem,
  type ScenarioEvent,
  type ScenarioWithChildren,
  type Template,
} from '../../worker/engine/index';
import { postgresAvailability, startTestApi, stopSharedPostgres, type TestApi } from './harness';

const pgSkip = await postgresAvailability();

afterAll(async () => {
  await stopSharedPostgres();
});

type Sc = ScenarioWithChildren & { created_at: string };

describe.each(['pglite', 'postgres'] as const)('Product API on %s', (kind) => {
  const skip = kind === 'postgres' && pgSkip !== null;
  let api: TestApi;

  beforeAll(async () => {
    if (!skip) api = await startTestApi(kind);
  }, 120_000);
  afterAll(async () => {
    await api?.close();
  });

  // Builds a small ledger for a fresh user and returns its ids.
  async function ledger(sub: string) {
    const salary = (await api.call<Category>('POST', '/categories', { sub, body: { name: 'Salary', type: 'income' } }))
      .body;
    const transport = (
      await api.call<Category>('POST', '/categories', { sub, body: { name: 'Transport', type: 'expense' } })
    ).body;
    const groceries = (
      await api.call<Category>('POST', '/categories', { sub, body: { name: 'Groceries', type: 'expense' } })
    ).body;
    const cash = (
      await api.call<Account>('POST', '/accounts', { sub, body: { name: 'Everyday', current_balance: 10000 } })
    ).body;
    const card = (
      await api.call<Account>('POST', '/accounts', {
        sub,
        body: { name: 'Card', account_type: 'credit_card', current_balance: -1500, is_asset: false },
      })
    ).body;
    const pay = (
      await api.call<RecurringItem>('POST', '/recurring-items', {
        sub,
        body: {
          name: 'Pay',
          amount: 6000,
          frequency: 'monthly',
          start_date: '2026-01-15',
          account_id: cash.id,
          category_id: salary.id,
        },
      })
    ).body;
    const food = (
      await api.call<RecurringItem>('POST', '/recurring-items', {
        sub,
        body: {
          name: 'Food',
          amount: -150,
          frequency: 'weekly',
          start_date: '2026-01-05',
          account_id: cash.id,
          category_id: groceries.id,
        },
      })
    ).body;
    return { salary, transport, groceries, cash, card, pay, food };
  }

  const car = {
    name: 'New car',
    trigger_month: '2027-03',
    template_id: 'car_loan',
    template_parameters: { car_name: 'Hatch', car_price: 30000, deposit_amount: 5000, running_costs_annual: 2400 },
  };

  describe.skipIf(skip)('accounts, categories, recurring items', () => {
    it('creates, lists, reads, updates and deletes each with JSON bodies and no envelope', async () => {
      const sub = `crud-${kind}`;
      const cases = [
        {
          path: '/accounts',
          create: { name: ' Savings ', current_balance: 500, account_type: 'savings', institution: 'Bank' },
          update: { current_balance: 750 },
          field: 'current_balance',
          value: 750,
        },
        {
          path: '/categories',
          create: { name: 'Fun', type: 'expense' },
          update: { name: 'Leisure' },
          field: 'name',
          value: 'Leisure',
        },
      ];
      for (const c of cases) {
        const created = await api.call<{ id: string; name: string }>('POST', c.path, { sub, body: c.create });
        expect(created.status).toBe(201);
        expect(created.body.id).toMatch(/^[0-9a-f-]{36}$/);
        expect(created.body.name).toBe(c.path === '/accounts' ? 'Savings' : 'Fun');
        const list = await api.call<unknown[]>('GET', c.path, { sub });
        expect(list.status).toBe(200);
        expect(Array.isArray(list.body)).toBe(true);
        expect(list.body).toContainEqual(created.body);
        expect((await api.call('GET', `${c.path}/${created.body.id}`, { sub })).body).toEqual(created.body);
        const updated = await api.call<Record<string, unknown>>('PUT', `${c.path}/${created.body.id}`, {
          sub,
          body: c.update,
        });
        expect(updated.status).toBe(200);
        expect(updated.body[c.field]).toBe(c.value);
        const removed = await api.call('DELETE', `${c.path}/${created.body.id}`, { sub });
        expect(removed.status).toBe(204);
        expect((await api.call('GET', `${c.path}/${created.body.id}`, { sub })).status).toBe(404);
        expect((await api.call('DELETE', `${c.path}/${created.body.id}`, { sub })).status).toBe(404);
      }
      const { cash, salary, pay } = await ledger(sub);
      expect(pay).toMatchObject({
        amount: 6000,
        frequency: 'monthly',
        end_date: null,
        is_active: true,
        scenario_event_id: null,
        account_id: cash.id,
        category_id: salary.id,
      });
      const edited = await api.call<RecurringItem>('PUT', `/recurring-items/${pay.id}`, {
        sub,
        body: { ...pay, amount: 6500, end_date: '2030-01-01' },
      });
      expect(edited.body).toMatchObject({ amount: 6500, end_date: '2030-01-01', name: 'Pay' });
      // An account or category still in use is refused with 409.
      expect((await api.call('DELETE', `/accounts/${cash.id}`, { sub })).status).toBe(409);
      expect((await api.call('DELETE', `/categories/${salary.id}`, { sub })).status).toBe(409);
      expect((await api.call('DELETE', `/recurring-items/${pay.id}`, { sub })).status).toBe(204);
    });

    it('answers bad bodies with 422 naming each field, malformed JSON with 400, big bodies with 413, unknown ids with 404', async () => {
      const sub = `errors-${kind}`;
      const bad = await api.call<{ detail: Array<{ loc: unknown[]; msg: string; type: string }> }>(
        'POST',
        '/accounts',
        { sub, body: { name: 'X', current_balance: 'lots' } },
      );
      expect(bad.status).toBe(422);
      expect(bad.body.detail).toEqual([
        { loc: ['body', 'current_balance'], msg: 'must be a number', type: 'invalid_type' },
      ]);
      const missing = await api.call<{ detail: Array<{ loc: unknown[]; msg: string }> }>('POST', '/recurring-items', {
        sub,
        body: { name: 'Pay' },
      });
      expect(missing.status).toBe(422);
      expect(missing.body.detail.map((d) => d.loc.join('.'))).toEqual(
        expect.arrayContaining(['body.amount', 'body.start_date', 'body.account_id', 'body.category_id']),
      );
      expect(missing.body.detail.find((d) => d.loc[1] === 'amount')?.msg).toBe('is required');
      expect((await api.call('POST', '/categories', { sub, body: { name: 'X', type: 'other' } })).status).toBe(422);
      expect((await api.call('POST', '/categories', { sub, body: [1, 2] })).body).toEqual({
        detail: [{ loc: ['body'], msg: 'must be a JSON object', type: 'object_type' }],
      });
      const malformed = await api.call('POST', '/accounts', { sub, raw: '{"name": ' });
      expect(malformed).toMatchObject({ status: 400, body: { detail: 'Malformed JSON body' } });
      const big = await api.call('POST', '/accounts', {
        sub,
        raw: JSON.stringify({ name: 'x'.repeat(1_100_000), current_balance: 1 }),
      });
      expect(big.status).toBe(413);
      expect(big.body).toEqual({ detail: 'Request body is larger than 1 MB' });
      for (const p of [
        '/accounts/nope',
        '/categories/nope',
        '/recurring-items/nope',
        '/scenarios/nope',
        '/scenarios/events/nope',
        '/scenarios/nope/events',
        '/scenarios/nope/modifications',
        '/scenarios/nope/forecast',
        '/templates/nope',
      ]) {
        const r = await api.call<{ detail: string }>('GET', p, { sub });
        expect(r.status, p).toBe(404);
        expect(typeof r.body.detail).toBe('string');
      }
      expect((await api.call('PUT', '/accounts/nope', { sub, body: { name: 'x' } })).status).toBe(404);
      // A reused id is a conflict, not an overwrite.
      const first = await api.call<Account>('POST', '/accounts', {
        sub,
        body: { id: 'acc-1', name: 'A', current_balance: 1 },
      });
      expect(first.body.id).toBe('acc-1');
      expect(
        (await api.call('POST', '/accounts', { sub, body: { id: 'acc-1', name: 'B', current_balance: 2 } })).status,
      ).toBe(409);
      // Query parameters are validated too.
      const years = await api.call<{ detail: Array<{ loc: unknown[] }> }>('GET', '/dashboard/cash-flow?months=zero', {
        sub,
      });
      expect(years.status).toBe(422);
      expect(years.body.detail[0].loc).toEqual(['query', 'months']);
    });
  });

  describe.skipIf(skip)('scenarios, events, modifications', () => {
    it('creates scenarios with is_baseline false by default, updates name and description, deletes with everything they own', async () => {
      const sub = `scen-${kind}`;
      const created = await api.call<Sc>('POST', '/scenarios', {
        sub,
        body: { name: '  Plan A ', description: 'first' },
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        name: 'Plan A',
        description: 'first',
        is_baseline: false,
        events: [],
        modifications: [],
      });
      expect(created.body.created_at).toBeTruthy();
      expect((await api.call('POST', '/scenarios', { sub, body: { name: '   ' } })).status).toBe(422);
      const updated = await api.call<Sc>('PUT', `/scenarios/${created.body.id}`, {
        sub,
        body: { name: 'Plan B', description: 'second' },
      });
      expect(updated.body).toMatchObject({ name: 'Plan B', description: 'second', is_baseline: false });
      const list = await api.call<Sc[]>('GET', '/scenarios', { sub });
      expect(list.body.map((s) => s.name)).toEqual(['Plan B']);
      await ledger(sub);
      expect((await api.call('POST', `/scenarios/${created.body.id}/events`, { sub, body: car })).status).toBe(201);
      expect(
        (await api.call<Account[]>('GET', '/accounts', { sub })).body.filter((a) => a.scenario_event_id),
      ).toHaveLength(2);
      expect((await api.call('DELETE', `/scenarios/${created.body.id}`, { sub })).status).toBe(204);
      expect((await api.call('GET', `/scenarios/${created.body.id}`, { sub })).status).toBe(404);
      expect(
        (await api.call<Account[]>('GET', '/accounts', { sub })).body.filter((a) => a.scenario_event_id),
      ).toHaveLength(0);
    });

    it("materialises an event's accounts and items in one go, regenerates them on edit, removes them on delete, and refuses deleting them directly", async () => {
      const sub = `events-${kind}`;
      const { cash, transport } = await ledger(sub);
      const scenario = (await api.call<Sc>('POST', '/scenarios', { sub, body: { name: 'Buy a car' } })).body;
      const created = await api.call<ScenarioEvent>('POST', `/scenarios/${scenario.id}/events`, { sub, body: car });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        scenario_id: scenario.id,
        name: 'New car',
        trigger_month: '2027-03',
        trigger_date: '2027-03-01',
        template_id: 'car_loan',
      });
      const eventId = created.body.id;
      const accounts = (await api.call<Account[]>('GET', '/accounts', { sub })).body.filter(
        (a) => a.scenario_event_id === eventId,
      );
      expect(accounts.map((a) => a.name).sort()).toEqual(['Hatch', 'Hatch loan']);
      const items = (await api.call<RecurringItem[]>('GET', '/recurring-items', { sub })).body.filter(
        (r) => r.scenario_event_id === eventId,
      );
      expect(items).toHaveLength(1);
      expect(items[0]).toMatchObject({
        name: 'Hatch: running costs',
        amount: -200,
        account_id: cash.id,
        category_id: transport.id,
      });
      expect((await api.call<ScenarioEvent[]>('GET', `/scenarios/${scenario.id}/events`, { sub })).body).toEqual([
        created.body,
      ]);
      expect((await api.call('GET', `/scenarios/events/${eventId}`, { sub })).body).toEqual(created.body);

      // 409 with the spec's messages for entities an event created.
      const account = accounts[0];
      expect(await api.call('DELETE', `/accounts/${account.id}`, { sub })).toMatchObject({
        status: 409,
        body: {
          detail: 'Cannot delete this account. It was created by a scenario event. Please delete the event instead.',
        },
      });
      expect(await api.call('DELETE', `/recurring-items/${items[0].id}`, { sub })).toMatchObject({
        status: 409,
        body: {
          detail:
            'Cannot delete this recurring item. It was created by a scenario event. Please delete the event instead.',
        },
      });
      expect((await api.call('PUT', `/accounts/${account.id}`, { sub, body: { name: 'x' } })).status).toBe(409);

      // Edit: same ids, new figures; the running-costs item vanishes when its cost is cleared.
      const edited = await api.call<ScenarioEvent>('PUT', `/scenarios/${scenario.id}/events/${eventId}`, {
        sub,
        body: {
          ...car,
          name: 'Cheaper car',
          template_parameters: { ...car.template_parameters, car_price: 20000, running_costs_annual: 0 },
        },
      });
      expect(edited.status).toBe(200);
      expect(edited.body.name).toBe('Cheaper car');
      const after = (await api.call<Account[]>('GET', '/accounts', { sub })).body.filter(
        (a) => a.scenario_event_id === eventId,
      );
      expect(after.map((a) => a.id).sort()).toEqual(accounts.map((a) => a.id).sort());
      expect(
        (await api.call<RecurringItem[]>('GET', '/recurring-items', { sub })).body.filter(
          (r) => r.scenario_event_id === eventId,
        ),
      ).toHaveLength(0);
      // The template cannot change; bad parameters name the parameter.
      const moved = await api.call<{ detail: Array<{ loc: unknown[] }> }>(
        'PUT',
        `/scenarios/${scenario.id}/events/${eventId}`,
        { sub, body: { ...car, template_id: 'retirement' } },
      );
      expect(moved.status).toBe(422);
      expect(moved.body.detail[0].loc).toEqual(['body', 'template_id']);
      const badParam = await api.call<{ detail: Array<{ loc: unknown[] }> }>(
        'POST',
        `/scenarios/${scenario.id}/events`,
        {
          sub,
          body: { ...car, template_parameters: { ...car.template_parameters, car_price: -5 } },
        },
      );
      expect(badParam.status).toBe(422);
      expect(badParam.body.detail[0].loc.slice(0, 2)).toEqual(['body', 'template_parameters']);
      expect(
        (
          await api.call('POST', `/scenarios/${scenario.id}/events`, {
            sub,
            body: { ...car, template_id: 'no_such_template' },
          })
        ).status,
      ).toBe(422);
      expect(
        (
          await api.call('POST', `/scenarios/${scenario.id}/events`, {
            sub,
            body: { ...car, trigger_month: '2027-13' },
          })
        ).status,
      ).toBe(422);

      expect((await api.call('DELETE', `/scenarios/${scenario.id}/events/${eventId}`, { sub })).status).toBe(204);
      expect(
        (await api.call<Account[]>('GET', '/accounts', { sub })).body.filter((a) => a.scenario_event_id === eventId),
      ).toHaveLength(0);
      expect((await api.call('DELETE', `/scenarios/${scenario.id}/events/${eventId}`, { sub })).status).toBe(404);
    });

    it('adds, lists and deletes modifications in creation order', async () => {
      const sub = `mods-${kind}`;
      const { cash, pay, groceries } = await ledger(sub);
      const scenario = (await api.call<Sc>('POST', '/scenarios', { sub, body: { name: 'Raise' } })).body;
      const bodies = [
        { modification_type: 'modify_recurring', target_id: pay.id, modification_data: { amount: 7000 } },
        {
          modification_type: 'add_one_time',
          target_id: null,
          modification_data: {
            date: '2027-06-01',
            amount: -2000,
            description: 'Holiday',
            account_id: cash.id,
            category_id: groceries.id,
          },
        },
        { modification_type: 'modify_account', target_id: cash.id, modification_data: { balance: 12000 } },
        {
          modification_type: 'add_recurring',
          modification_data: {
            name: 'Side gig',
            amount: 400,
            frequency: 'monthly',
            start_date: '2027-01-01',
            end_date: null,
            account_id: cash.id,
            category_id: groceries.id,
          },
        },
      ];
      const ids: string[] = [];
      for (const body of bodies) {
        const r = await api.call<Modification>('POST', `/scenarios/${scenario.id}/modifications`, { sub, body });
        expect(r.status).toBe(201);
        expect(r.body).toMatchObject({ ...body, scenario_id: scenario.id });
        ids.push(r.body.id);
      }
      const list = await api.call<Modification[]>('GET', `/scenarios/${scenario.id}/modifications`, { sub });
      expect(list.body.map((m) => m.id)).toEqual(ids);
      const bad = await api.call<{ detail: Array<{ loc: unknown[] }> }>(
        'POST',
        `/scenarios/${scenario.id}/modifications`,
        {
          sub,
          body: { modification_type: 'modify_account', target_id: cash.id, modification_data: { balance: 'x' } },
        },
      );
      expect(bad.status).toBe(422);
      expect(bad.body.detail[0].loc).toEqual(['body', 'modification_data', 'balance']);
      expect(
        (
          await api.call('POST', `/scenarios/${scenario.id}/modifications`, {
            sub,
            body: { modification_type: 'nope' },
          })
        ).status,
      ).toBe(422);
      expect((await api.call('DELETE', `/scenarios/${scenario.id}/modifications/${ids[1]}`, { sub })).status).toBe(204);
      expect(
        (await api.call<Modification[]>('GET', `/scenarios/${scenario.id}/modifications`, { sub })).body.map(
          (m) => m.id,
        ),
      ).toEqual([ids[0], ids[2], ids[3]]);
      expect((await api.call('DELETE', `/scenarios/${scenario.id}/modifications/${ids[1]}`, { sub })).status).toBe(404);
    });

    it('clones a scenario with its events, their materialised entities and its modifications under new ids', async () => {
      const sub = `clone-${kind}`;
      const { pay } = await ledger(sub);
      const source = (await api.call<Sc>('POST', '/scenarios', { sub, body: { name: 'Original', description: 'd' } }))
        .body;
      const event = (await api.call<ScenarioEvent>('POST', `/scenarios/${source.id}/events`, { sub, body: car })).body;
      const mod = (
        await api.call<Modification>('POST', `/scenarios/${source.id}/modifications`, {
          sub,
          body: { modification_type: 'modify_recurring', target_id: pay.id, modification_data: { amount: 1 } },
        })
      ).body;
      const cloned = await api.call<Sc>('POST', `/scenarios/${source.id}/clone`, { sub });
      expect(cloned.status).toBe(201);
      expect(cloned.body.id).not.toBe(source.id);
      expect(cloned.body).toMatchObject({ name: 'Original (copy)', description: 'd', is_baseline: false });
      expect(cloned.body.events).toHaveLength(1);
      expect(cloned.body.events[0].id).not.toBe(event.id);
      expect(cloned.body.events[0]).toMatchObject({
        name: event.name,
        template_id: event.template_id,
        template_parameters: event.template_parameters,
        scenario_id: cloned.body.id,
      });
      expect(cloned.body.modifications).toHaveLength(1);
      expect(cloned.body.modifications[0].id).not.toBe(mod.id);
      expect(cloned.body.modifications[0]).toMatchObject({
        modification_type: 'modify_recurring',
        target_id: pay.id,
        modification_data: { amount: 1 },
      });
      const accounts = (await api.call<Account[]>('GET', '/accounts', { sub })).body;
      const own = (eventId: string) => accounts.filter((a) => a.scenario_event_id === eventId);
      expect(
        own(cloned.body.events[0].id)
          .map((a) => a.name)
          .sort(),
      ).toEqual(
        own(event.id)
          .map((a) => a.name)
          .sort(),
      );
      expect(own(cloned.body.events[0].id).map((a) => a.id)).not.toEqual(
        expect.arrayContaining(own(event.id).map((a) => a.id)),
      );
      const named = await api.call<Sc>('POST', `/scenarios/${source.id}/clone`, { sub, body: { name: 'Named copy' } });
      expect(named.body.name).toBe('Named copy');
      // The source is untouched.
      expect((await api.call<Sc>('GET', `/scenarios/${source.id}`, { sub })).body.events.map((e) => e.id)).toEqual([
        event.id,
      ]);
    });
  });

  describe.skipIf(skip)('forecast, compare, dashboard', () => {
    it('forecasts 5 years by default (61 monthly snapshots as decimal strings) and honours ?years', async () => {
      const sub = `forecast-${kind}`;
      await ledger(sub);
      const scenario = (await api.call<Sc>('POST', '/scenarios', { sub, body: { name: 'Now', is_baseline: true } }))
        .body;
      const r = await api.call<{ scenario_id: string; years: number; snapshots: Array<Record<string, string>> }>(
        'GET',
        `/scenarios/${scenario.id}/forecast?as_of=2026-11-23`,
        { sub },
      );
      expect(r.status).toBe(200);
      expect(r.body.years).toBe(5);
      expect(r.body.snapshots).toHaveLength(61);
      expect(r.body.snapshots[0]).toMatchObject({ date: '2026-11-23', net_worth: '8500.00' });
      for (const s of r.body.snapshots)
        for (const f of ['net_worth', 'cash_flow', 'capital_growth']) expect(s[f]).toMatch(/^-?\d+\.\d{2}$/);
      expect(
        (
          await api.call<{ snapshots: unknown[] }>(
            'GET',
            `/scenarios/${scenario.id}/forecast?years=2&as_of=2026-11-23`,
            { sub },
          )
        ).body.snapshots,
      ).toHaveLength(25);
      expect((await api.call('GET', `/scenarios/${scenario.id}/forecast?years=0`, { sub })).status).toBe(422);
      expect((await api.call('GET', `/scenarios/${scenario.id}/forecast?years=51`, { sub })).status).toBe(422);
    });

    it('compares scenarios (forecast_years default 5) exactly as the CLI does for the same data, to the cent', async () => {
      const sub = `compare-${kind}`;
      const { pay, cash } = await ledger(sub);
      const base = (await api.call<Sc>('POST', '/scenarios', { sub, body: { name: 'Today', is_baseline: true } })).body;
      const plan = (await api.call<Sc>('POST', '/scenarios', { sub, body: { name: 'Car and raise' } })).body;
      await api.call('POST', `/scenarios/${plan.id}/events`, { sub, body: car });
      await api.call('POST', `/scenarios/${plan.id}/modifications`, {
        sub,
        body: { modification_type: 'modify_recurring', target_id: pay.id, modification_data: { amount: 6800 } },
      });
      await api.call('POST', `/scenarios/${plan.id}/modifications`, {
        sub,
        body: { modification_type: 'modify_account', target_id: cash.id, modification_data: { balance: 15000 } },
      });
      const asOf = '2026-11-23';
      const compared = await api.call<Record<string, { name: string; snapshots: Array<Record<string, string>> }>>(
        'POST',
        '/scenarios/compare',
        {
          sub,
          body: { scenario_ids: [base.id, plan.id], as_of: asOf },
        },
      );
      expect(compared.status).toBe(200);
      expect(Object.keys(compared.body)).toEqual([base.id, plan.id]);
      expect(compared.body[plan.id].snapshots).toHaveLength(61);

      // The same data as a backup file through the CLI.
      const backup = {
        version: 1,
        categories: (await api.call('GET', '/categories', { sub })).body,
        accounts: (await api.call('GET', '/accounts', { sub })).body,
        recurring_items: (await api.call('GET', '/recurring-items', { sub })).body,
        scenarios: (await api.call('GET', '/scenarios', { sub })).body,
      };
      const dir = await mkdtemp(path.join(tmpdir(), 'wyrd-compare-'));
      try {
        const file = path.join(dir, 'backup.json');
        await writeFile(file, JSON.stringify(backup));
        const cli = runCli([file, '--as-of', asOf, '--years', '5', '--scenario', base.id, '--scenario', plan.id]);
        expect(cli.stderr).toBe('');
        expect(compared.body).toEqual(JSON.parse(cli.stdout));
        const sampled = await api.call<Record<string, { snapshots: unknown[] }>>('POST', '/scenarios/compare', {
          sub,
          body: { scenario_ids: [plan.id], forecast_years: 10, as_of: asOf, sampled: true },
        });
        const cliSampled = runCli([file, '--as-of', asOf, '--years', '10', '--scenario', plan.id, '--sampled']);
        expect(sampled.body).toEqual(JSON.parse(cliSampled.stdout));
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
      expect((await api.call('POST', '/scenarios/compare', { sub, body: { scenario_ids: [] } })).status).toBe(422);
      expect((await api.call('POST', '/scenarios/compare', { sub, body: { scenario_ids: ['nope'] } })).status).toBe(
        404,
      );
    });

    it('serves the dashboard figures (months default 1) counting only real entities', async () => {
      const sub = `dash-${kind}`;
      const { groceries, salary } = await ledger(sub);
      // A non-baseline event's entities are hypothetical and never count.
      const plan = (await api.call<Sc>('POST', '/scenarios', { sub, body: { name: 'Maybe' } })).body;
      await api.call('POST', `/scenarios/${plan.id}/events`, { sub, body: car });
      expect((await api.call('GET', '/dashboard/net-worth', { sub })).body).toEqual({
        net_worth: 8500,
        total_assets: 10000,
        total_liabilities: 1500,
      });
      // October 2026: pay once, food on 4 Mondays (5, 12, 19, 26).
      const cash = await api.call('GET', '/dashboard/cash-flow?as_of=2026-11-23', { sub });
      expect(cash.body).toEqual({ total_income: 6000, total_expenses: 600, net_cash_flow: 5400 });
      const two = await api.call('GET', '/dashboard/cash-flow?months=2&as_of=2026-11-23', { sub });
      // September 2026: food on 4 Mondays too (7, 14, 21, 28).
      expect(two.body).toEqual({ total_income: 12000, total_expenses: 1200, net_cash_flow: 10800 });
      expect((await api.call('GET', '/dashboard/spending-by-category?as_of=2026-11-23', { sub })).body).toEqual({
        categories: [{ category_id: groceries.id, category_name: 'Groceries', amount: 600, percentage: 100 }],
      });
      expect((await api.call('GET', '/dashboard/income-by-category?months=3&as_of=2026-11-23', { sub })).body).toEqual({
        categories: [{ category_id: salary.id, category_name: 'Salary', amount: 18000, percentage: 100 }],
      });
    });
  });

  describe.skipIf(skip)('templates and Smart Create', () => {
    it('serves the catalogue at /templates/ and one template with its parameters at /templates/{id}', async () => {
      const list = await api.call<Template[]>('GET', '/templates/', { sub: 'tpl' });
      expect(list.status).toBe(200);
      expect(list.body.map((t) => t.template_id)).toEqual(
        TEMPLATES.filter((t) => !HIDDEN_TEMPLATE_IDS.includes(t.template_id)).map((t) => t.template_id),
      );
      const one = await api.call<Template>('GET', '/templates/car_loan', { sub: 'tpl' });
      expect(one.body).toEqual(JSON.parse(JSON.stringify(TEMPLATES.find((t) => t.template_id === 'car_loan'))));
      expect(one.body.parameters.length).toBeGreaterThan(0);
    });

    it('creates a scenario from a template with the body as parameter values', async () => {
      const sub = `tplc-${kind}`;
      await ledger(sub);
      const r = await api.call<Sc>('POST', '/templates/create-scenario?template_id=car_loan', {
        sub,
        body: { ...car.template_parameters, scenario_name: 'My car', trigger_month: '2027-05' },
      });
      expect(r.status).toBe(201);
      expect(r.body).toMatchObject({ name: 'My car', is_baseline: false });
      expect(r.body.events).toHaveLength(1);
      expect(r.body.events[0]).toMatchObject({
        template_id: 'car_loan',
        trigger_month: '2027-05',
        template_parameters: car.template_parameters,
      });
      const defaults = await api.call<Sc>('POST', '/templates/create-scenario?template_id=car_loan', {
        sub,
        body: { car_price: 25000 },
      });
      expect(defaults.status).toBe(201);
      expect(defaults.body.name).toBe(TEMPLATES.find((t) => t.template_id === 'car_loan')?.name);
      expect((await api.call('POST', '/templates/create-scenario?template_id=nope', { sub, body: {} })).status).toBe(
        404,
      );
      expect((await api.call('POST', '/templates/create-scenario', { sub, body: {} })).status).toBe(422);
      const bad = await api.call<{ detail: Array<{ loc: unknown[] }> }>(
        'POST',
        '/templates/create-scenario?template_id=car_loan',
        { sub, body: { car_price: -1 } },
      );
      expect(bad.status).toBe(422);
      expect(bad.body.detail[0].loc.slice(0, 2)).toEqual(['body', 'template_parameters']);
    });

    it("identifies templates from a prompt with the engine's parser (the app's offline answer)", async () => {
      const prompt = 'Buy a $40,000 car in March 2027';
      const r = await api.call<{
        templates: Array<{ template_id: string; parameters: object }>;
        scenario_name: string;
        scenario_description: string;
      }>('POST', '/scenarios/identify-templates-from-prompt', { sub: 'smart', body: { prompt } });
      expect(r.status).toBe(200);
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(new Date());
      expect(r.body).toEqual(JSON.parse(JSON.stringify(identifyTemplatesFromPrompt(prompt, { today }))));
      expect(r.body.templates.length).toBeGreaterThan(0);
      expect(
        (await api.call('POST', '/scenarios/identify-templates-from-prompt', { sub: 'smart', body: { prompt: '' } }))
          .status,
      ).toBe(422);
      expect(
        (
          await api.call('POST', '/scenarios/identify-templates-from-prompt', {
            sub: 'smart',
            body: { prompt: 'x'.repeat(501) },
          })
        ).status,
      ).toBe(422);
      expect(
        (await api.call('POST', '/scenarios/identify-templates-from-prompt', { sub: 'smart', body: {} })).status,
      ).toBe(422);
    });
  });
});
