// The sync protocol over HTTP on PGlite and PostgreSQL: the app's own outbox pushed as-is ends as the same rows
// on the server (event entities with the same ids); replayed, reordered and duplicated batches give identical
// rows; rejected mutations advance the client; pull pages through changes and tombstones by the change sequence.
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WyrdDb } from '../../src/data/db';
import { ensureDefaultCategories } from '../../src/data/default-categories';
import { pendingOutbox } from '../../src/data/outbox';
import { createAccount, updateAccount } from '../../src/data/repositories/accounts';
import { saveEvent } from '../../src/data/repositories/events';
import { createModification } from '../../src/data/repositories/modifications';
import { createRecurringItem, deleteRecurringItem } from '../../src/data/repositories/recurring-items';
import { createScenario } from '../../src/data/repositories/scenarios';
import {
  freshDatabase,
  postgresAvailability,
  sharedPostgres,
  startTestApi,
  stopSharedPostgres,
  type TestApi,
} from './harness';

const pgSkip = await postgresAvailability();
afterAll(async () => {
  await stopSharedPostgres();
});

type Change = { entity: string; id: string; seq: number; op: 'upsert' | 'delete'; payload: Record<string, unknown> };
type Pull = { changes: Change[]; cursor: number; more: boolean };
type PushReply = {
  client_id: string;
  last_mutation_id: number;
  results: Array<{ mutation_id: number; status: string; code?: number; replayed?: boolean; note?: string }>;
};
type Mutation = {
  mutation_id: number;
  entity: string;
  op: 'create' | 'update' | 'delete';
  id: string;
  payload?: unknown;
};

const FIXED = new Date('2026-11-23T10:00:00.000Z');

describe.each(['pglite', 'postgres'] as const)('sync protocol on %s', (kind) => {
  const skip = kind === 'postgres' && pgSkip !== null;
  let api: TestApi;
  beforeAll(async () => {
    // A fixed clock: the same mutations give byte-identical rows whatever the batching.
    if (!skip) api = await startTestApi(kind, () => FIXED);
  }, 120_000);
  afterAll(async () => {
    await api?.close();
  });

  async function pullAll(
    sub: string,
    since = 0,
    limit = 1000,
  ): Promise<{ changes: Change[]; cursor: number; pages: number }> {
    const changes: Change[] = [];
    let cursor = since;
    let pages = 0;
    for (;;) {
      const r = await api.call<Pull>('GET', `/sync/pull?since=${cursor}&limit=${limit}`, { sub });
      expect(r.status).toBe(200);
      changes.push(...r.body.changes);
      cursor = r.body.cursor;
      pages += 1;
      if (!r.body.more) return { changes, cursor, pages };
    }
  }

  /** Every live row of the user as the REST lists return them. */
  async function rows(sub: string) {
    const out: Record<string, unknown> = {};
    for (const p of ['/accounts', '/categories', '/recurring-items', '/scenarios']) {
      const list = (await api.call<Array<{ id: string }>>('GET', p, { sub })).body;
      out[p] = [...list].sort((a, b) => a.id.localeCompare(b.id));
    }
    return out;
  }

  const push = (sub: string, body: unknown) => api.call<PushReply>('POST', '/sync/push', { sub, body });

  describe.skipIf(skip)('push and pull', () => {
    it("applies the app's own outbox as-is: the server ends with the same rows, event entities with the same ids", async () => {
      const sub = `outbox-${kind}`;
      const local = new WyrdDb(`sync-${crypto.randomUUID()}`);
      await local.open();
      try {
        await ensureDefaultCategories(local);
        const cash = await createAccount(local, { name: 'Everyday', current_balance: 10000 });
        await updateAccount(local, cash.id, { current_balance: 12000 });
        const categories = await local.categories.toArray();
        const salary = categories.find((c) => c.name === 'Salary') ?? categories[0];
        const pay = await createRecurringItem(local, {
          name: 'Pay',
          amount: 5000,
          start_date: '2026-01-15',
          account_id: cash.id,
          category_id: salary.id,
          frequency: 'monthly',
        });
        const gone = await createRecurringItem(local, {
          name: 'Gone',
          amount: -5,
          start_date: '2026-01-15',
          account_id: cash.id,
          category_id: salary.id,
          frequency: 'monthly',
        });
        await deleteRecurringItem(local, gone.id);
        const scenario = await createScenario(local, { name: 'Buy a car' });
        await saveEvent(local, scenario, {
          name: 'New car',
          trigger_month: '2027-03',
          template_id: 'car_loan',
          template_parameters: {
            car_name: 'Hatch',
            car_price: 30000,
            deposit_amount: 5000,
            running_costs_annual: 2400,
          },
        });
        await createModification(local, scenario.id, {
          modification_type: 'modify_recurring',
          target_id: pay.id,
          modification_data: { amount: 5500 },
        });

        const outbox = await pendingOutbox(local);
        const mutations = outbox.map((r) => ({
          mutation_id: r.seq,
          entity: r.entity,
          op: r.op,
          id: r.entity_id,
          payload: r.payload,
        }));
        const reply = await push(sub, { client_id: 'device-1', mutations });
        expect(reply.status).toBe(200);
        expect(reply.body.results.filter((r) => r.status !== 'applied')).toEqual([]);
        expect(reply.body.last_mutation_id).toBe(outbox[outbox.length - 1].seq);

        const strip = (row: object) => {
          const { updated_at: _u, created_at: _c, ...rest } = row as Record<string, unknown>;
          return Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined && v !== null));
        };
        const byId = (list: object[]) => [...list].map(strip).sort((a, b) => String(a.id).localeCompare(String(b.id)));
        expect(byId((await api.call<object[]>('GET', '/accounts', { sub })).body)).toEqual(
          byId(await local.accounts.toArray()),
        );
        expect(byId((await api.call<object[]>('GET', '/recurring-items', { sub })).body)).toEqual(
          byId(await local.recurring_items.toArray()),
        );
        expect(byId((await api.call<object[]>('GET', '/categories', { sub })).body)).toEqual(
          byId(await local.categories.toArray()),
        );
        const serverScenario = (
          await api.call<{ events: object[]; modifications: object[] }>('GET', `/scenarios/${scenario.id}`, { sub })
        ).body;
        expect(byId(serverScenario.events)).toEqual(byId(await local.events.toArray()));
        expect(byId(serverScenario.modifications)).toEqual(byId(await local.modifications.toArray()));
        expect(strip({ ...serverScenario, events: undefined, modifications: undefined })).toEqual(
          strip((await local.scenarios.get(scenario.id))!),
        );
        // The event's entities were derived on the server, never written twice.
        const derived = reply.body.results.filter((r) => r.note === 'derived');
        expect(derived.length).toBeGreaterThan(0);
      } finally {
        local.close();
        await local.delete();
      }
    });

    // A scripted session of one device: 40 mutations over every entity type, including bad ones.
    function script(): Mutation[] {
      const m: Array<Omit<Mutation, 'mutation_id'>> = [
        { entity: 'categories', op: 'create', id: 'cat-in', payload: { id: 'cat-in', name: 'Salary', type: 'income' } },
        {
          entity: 'categories',
          op: 'create',
          id: 'cat-out',
          payload: { id: 'cat-out', name: 'Transport', type: 'expense' },
        },
        {
          entity: 'accounts',
          op: 'create',
          id: 'acc-1',
          payload: { id: 'acc-1', name: 'Everyday', account_type: 'checking', current_balance: 1000, is_asset: true },
        },
        {
          entity: 'accounts',
          op: 'create',
          id: 'acc-bad',
          payload: { id: 'acc-bad', name: 'Bad', current_balance: 'lots' },
        },
        { entity: 'accounts', op: 'update', id: 'acc-1', payload: { current_balance: 2000 } },
        {
          entity: 'recurring_items',
          op: 'create',
          id: 'ri-1',
          payload: {
            id: 'ri-1',
            name: 'Pay',
            amount: 4000,
            frequency: 'monthly',
            start_date: '2026-01-01',
            account_id: 'acc-1',
            category_id: 'cat-in',
            is_active: true,
          },
        },
        {
          entity: 'recurring_items',
          op: 'create',
          id: 'ri-2',
          payload: {
            id: 'ri-2',
            name: 'Bus',
            amount: -40,
            frequency: 'weekly',
            start_date: '2026-01-01',
            account_id: 'acc-1',
            category_id: 'cat-out',
            is_active: true,
          },
        },
        { entity: 'recurring_items', op: 'delete', id: 'ri-2', payload: { id: 'ri-2', deleted_at: 'x' } },
        { entity: 'recurring_items', op: 'update', id: 'ri-2', payload: { amount: -50 } },
        {
          entity: 'scenarios',
          op: 'create',
          id: 'sc-1',
          payload: {
            id: 'sc-1',
            name: 'Car',
            description: '',
            is_baseline: false,
            created_at: '2026-11-01T00:00:00.000Z',
          },
        },
        {
          entity: 'events',
          op: 'create',
          id: 'ev-1',
          payload: {
            id: 'ev-1',
            scenario_id: 'sc-1',
            name: 'Car',
            trigger_month: '2027-03',
            template_id: 'car_loan',
            template_parameters: { car_name: 'Hatch', car_price: 30000, deposit_amount: 5000 },
          },
        },
        {
          entity: 'events',
          op: 'create',
          id: 'ev-bad',
          payload: { id: 'ev-bad', scenario_id: 'nope', name: 'X', trigger_month: '2027-03', template_id: 'car_loan' },
        },
        {
          entity: 'modifications',
          op: 'create',
          id: 'mod-1',
          payload: {
            id: 'mod-1',
            scenario_id: 'sc-1',
            modification_type: 'modify_recurring',
            target_id: 'ri-1',
            modification_data: { amount: 4500 },
          },
        },
        {
          entity: 'modifications',
          op: 'create',
          id: 'mod-2',
          payload: {
            id: 'mod-2',
            scenario_id: 'sc-1',
            modification_type: 'modify_account',
            target_id: 'acc-1',
            modification_data: { balance: 5 },
          },
        },
        { entity: 'modifications', op: 'delete', id: 'mod-2' },
        { entity: 'scenarios', op: 'update', id: 'sc-1', payload: { name: 'Car plan' } },
        {
          entity: 'events',
          op: 'update',
          id: 'ev-1',
          payload: {
            id: 'ev-1',
            scenario_id: 'sc-1',
            name: 'Car',
            trigger_month: '2027-04',
            template_id: 'car_loan',
            template_parameters: { car_name: 'Hatch', car_price: 25000, deposit_amount: 5000 },
          },
        },
        { entity: 'assumptions', op: 'update', id: 'assumptions', payload: { inflation: 3 } },
        { entity: 'accounts', op: 'delete', id: 'acc-1' },
        { entity: 'nothing', op: 'create', id: 'x', payload: {} },
        { entity: 'categories', op: 'update', id: 'cat-out', payload: { name: 'Travel' } },
        { entity: 'scenarios', op: 'create', id: 'sc-2', payload: { id: 'sc-2', name: 'Other', is_baseline: false } },
        { entity: 'scenarios', op: 'delete', id: 'sc-2' },
        { entity: 'categories', op: 'create', id: 'cat-3', payload: { id: 'cat-3', name: 'Fun', type: 'expense' } },
        { entity: 'categories', op: 'delete', id: 'cat-3' },
      ];
      return m.map((x, i) => ({ ...x, mutation_id: i + 1 }));
    }

    it('gives identical rows however batches are replayed, duplicated or reordered; rejected mutations still advance the client', async () => {
      const all = script();
      const batches = [all.slice(0, 7), all.slice(7, 15), all.slice(15)];

      // Reference: the whole script in one batch.
      const ref = await push('ref', { client_id: 'd', mutations: all });
      expect(ref.status).toBe(200);
      const rejected = ref.body.results.filter((r) => r.status === 'rejected');
      expect(rejected.map((r) => [r.mutation_id, r.code])).toEqual([
        [4, 422], // acc-bad: bad balance
        [9, 404], // update after delete: not resurrected
        [12, 404], // event in an unknown scenario
        [19, 409], // account still used by a recurring item
        [20, 422], // unknown entity
      ]);
      expect(ref.body.last_mutation_id).toBe(all.length);
      const expected = await rows('ref');
      const expectedPull = (await pullAll('ref')).changes.map(({ seq: _s, ...c }) => c);

      // Every batch sent twice, and the first batch again at the end.
      for (const b of batches) {
        const first = await push('dup', { client_id: 'd', mutations: b });
        const again = await push('dup', { client_id: 'd', mutations: b });
        expect(again.body.results.map((r) => ({ ...r, replayed: undefined }))).toEqual(
          first.body.results.map((r) => ({ ...r, replayed: undefined })),
        );
        expect(again.body.results.every((r) => r.replayed)).toBe(true);
      }
      const seqBefore = (await pullAll('dup')).cursor;
      await push('dup', { client_id: 'd', mutations: batches[0] });
      expect((await pullAll('dup', seqBefore)).changes).toEqual([]);
      expect(await rows('dup')).toEqual(expected);

      // Reordered delivery: a later batch arriving first is refused untouched, then everything is resent.
      const early = await push('reorder', { client_id: 'd', base_mutation_id: 15, mutations: batches[2] });
      expect(early.status).toBe(409);
      expect(early.body).toMatchObject({ out_of_order: true, last_mutation_id: 0 });
      expect((await pullAll('reorder')).changes).toEqual([]);
      await push('reorder', { client_id: 'd', base_mutation_id: 0, mutations: batches[0] });
      const late = await push('reorder', { client_id: 'd', base_mutation_id: 15, mutations: batches[2] });
      expect(late.status).toBe(409);
      expect(late.body).toMatchObject({ last_mutation_id: 7 });
      await push('reorder', { client_id: 'd', base_mutation_id: 7, mutations: batches[1] });
      await push('reorder', { client_id: 'd', base_mutation_id: 15, mutations: batches[2] });
      // Overlapping resend (the client never saw the answer): only the new part applies.
      await push('reorder', { client_id: 'd', base_mutation_id: 7, mutations: [...batches[1], ...batches[2]] });
      expect(await rows('reorder')).toEqual(expected);

      // Falling ids within one batch are refused as a whole.
      const falling = await push('falling', { client_id: 'd', mutations: [all[1], all[0]] });
      expect(falling.status).toBe(422);
      expect((await pullAll('falling')).changes).toEqual([]);

      // The change records are the same as the reference's (same entities, ops and payloads, in order).
      expect((await pullAll('dup')).changes.map(({ seq: _s, ...c }) => c).filter((c) => c.entity !== 'x')).toEqual(
        expectedPull,
      );
    });

    it('never skips a change when a device pulls while the same user writes concurrently (cursor = commit order)', async () => {
      const sub = `race-${kind}`;
      const seen = new Set<string>();
      let cursor = 0;
      let writing = true;
      const puller = (async () => {
        while (writing) {
          const r = await api.call<Pull>('GET', `/sync/pull?since=${cursor}&limit=7`, { sub });
          for (const c of r.body.changes) seen.add(c.id);
          cursor = r.body.cursor;
        }
      })();
      const writes = Array.from({ length: 60 }, (_, i) =>
        i % 3 === 2
          ? api.call('POST', '/sync/push', {
              sub,
              body: {
                client_id: `race-${i}`,
                mutations: [
                  {
                    mutation_id: 1,
                    entity: 'categories',
                    op: 'create',
                    id: `c-${i}`,
                    payload: { name: `C${i}`, type: 'income' },
                  },
                ],
              },
            })
          : api.call('POST', '/accounts', { sub, body: { id: `a-${i}`, name: `A${i}`, current_balance: i } }),
      );
      await Promise.all(writes);
      writing = false;
      await puller;
      for (const c of (await pullAll(sub, cursor)).changes) seen.add(c.id);
      expect(seen.size).toBe(60);
    });

    it('pulls every change and tombstone in sequence order, in pages, and REST and sync writes produce the same records', async () => {
      const sub = `pull-${kind}`;
      const rest = await api.call<{ id: string }>('POST', '/categories', {
        sub,
        body: { name: 'Rest', type: 'income' },
      });
      await push(sub, {
        client_id: 'p',
        mutations: [
          {
            mutation_id: 1,
            entity: 'categories',
            op: 'create',
            id: 'synced',
            payload: { name: 'Synced', type: 'income' },
          },
        ],
      });
      for (let i = 0; i < 25; i++)
        await api.call('POST', '/accounts', { sub, body: { id: `a-${i}`, name: `A${i}`, current_balance: i } });
      await api.call('DELETE', '/accounts/a-3', { sub });
      await push(sub, { client_id: 'p', mutations: [{ mutation_id: 2, entity: 'accounts', op: 'delete', id: 'a-4' }] });

      const { changes, pages } = await pullAll(sub, 0, 7);
      // A row appears once, in its latest state: 2 categories, 23 live accounts, 2 tombstones, 7 a page.
      expect(changes).toHaveLength(27);
      expect(pages).toBe(4);
      expect(changes.map((c) => c.seq)).toEqual([...changes.map((c) => c.seq)].sort((a, b) => a - b));
      expect(new Set(changes.map((c) => c.seq)).size).toBe(changes.length);
      const latest = new Map(changes.map((c) => [`${c.entity}:${c.id}`, c]));
      expect(latest.get(`categories:${rest.body.id}`)?.payload).toMatchObject({ name: 'Rest', type: 'income' });
      expect(latest.get('categories:synced')?.payload).toMatchObject({ id: 'synced', name: 'Synced', type: 'income' });
      expect(latest.get('accounts:a-3')).toMatchObject({
        op: 'delete',
        payload: { id: 'a-3', deleted_at: FIXED.toISOString() },
      });
      expect(latest.get('accounts:a-4')).toMatchObject({ op: 'delete', payload: { id: 'a-4' } });
      // Only this user's rows.
      expect(changes.every((c) => !String(c.id).startsWith('cat-'))).toBe(true);

      // From the last cursor nothing is new; a cursor ahead of the server or a bad one is refused.
      const { cursor } = await pullAll(sub);
      expect((await api.call<Pull>('GET', `/sync/pull?since=${cursor}`, { sub })).body).toEqual({
        changes: [],
        cursor,
        more: false,
      });
      const ahead = await api.call('GET', `/sync/pull?since=${cursor + 1_000_000}`, { sub });
      expect(ahead.status).toBe(409);
      expect(ahead.body).toMatchObject({ must_refetch: true });
      expect((await api.call('GET', '/sync/pull?since=yesterday', { sub })).status).toBe(422);
      expect((await api.call('GET', '/sync/pull?limit=0', { sub })).status).toBe(422);
    });
  });
});

describe.skipIf(pgSkip !== null)('write lock on PostgreSQL', () => {
  it("numbers one user's concurrent writes in commit order, so a pull between them never skips one", async () => {
    const { openDatabase } = await import('../../server/db/client');
    const { pull } = await import('../../server/api/store/sync');
    const { putEntity, withUserTx } = await import('../../server/api/store/rows');
    const cluster = await sharedPostgres();
    if (!('url' in cluster)) return;
    const handle = await openDatabase({ databaseUrl: await freshDatabase(cluster.url), pgliteDir: 'memory://' });
    let release = () => {};
    try {
      const ctx = { sub: 'u', at: FIXED.toISOString() };
      const held = new Promise<void>((resolve) => (release = resolve));
      let firstWritten!: () => void;
      const written = new Promise<void>((resolve) => (firstWritten = resolve));
      // The first transaction takes its sequence value, then stays open; the second starts meanwhile.
      const first = withUserTx(handle.db, 'u', async (tx) => {
        await putEntity(tx, 'categories', ctx, { id: 'first', name: 'First', type: 'income' });
        firstWritten();
        await held;
      });
      await written;
      const second = withUserTx(handle.db, 'u', (tx) =>
        putEntity(tx, 'categories', ctx, { id: 'second', name: 'Second', type: 'income' }),
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      // Without the lock the second would have committed with the higher number, and this pull's cursor would
      // have stepped over the first for good.
      const between = await pull(handle.db, 'u', {});
      expect(between.changes).toEqual([]);
      release();
      await Promise.all([first, second]);
      const after = await pull(handle.db, 'u', { since: String(between.cursor) });
      expect(after.changes.map((c) => c.id)).toEqual(['first', 'second']);
    } finally {
      release();
      await handle.close();
    }
  });
});

describe('tombstone retention', () => {
  it('answers must-refetch for a cursor older than the purged tombstones, and serves cursor 0 in full', async () => {
    const { openDatabase } = await import('../../server/db/client');
    const { purgeTombstones, pull, MustRefetchError } = await import('../../server/api/store/sync');
    const { putEntity, tombstone, withUserTx } = await import('../../server/api/store/rows');
    const handle = await openDatabase({ pgliteDir: 'memory://' });
    try {
      const ctx = { sub: 'u', at: FIXED.toISOString() };
      await withUserTx(handle.db, 'u', async (tx) => {
        await putEntity(tx, 'categories', ctx, { id: 'a', name: 'A', type: 'income' });
        await putEntity(tx, 'categories', ctx, { id: 'b', name: 'B', type: 'income' });
        await tombstone(tx, 'categories', ctx, 'a');
      });
      const before = await pull(handle.db, 'u', {});
      expect(before.changes.map((c) => [c.id, c.op])).toEqual([
        ['b', 'upsert'],
        ['a', 'delete'],
      ]);
      await purgeTombstones(handle.db, before.cursor);
      await expect(pull(handle.db, 'u', { since: '1' })).rejects.toBeInstanceOf(MustRefetchError);
      expect((await pull(handle.db, 'u', { since: '0' })).changes.map((c) => c.id)).toEqual(['b']);
      expect((await pull(handle.db, 'u', { since: String(before.cursor) })).changes).toEqual([]);
    } finally {
      await handle.close();
    }
  });
});
