// A push applies its whole batch in one transaction (rows read up front, in-memory savepoints, multi-row writes):
// on PGlite and PostgreSQL the outcome must be exactly that of the same mutations sent one per batch, the change
// sequence in the same order, a rejected mutation anywhere leaving the rest applied, and 1,000 mutations accepted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresAvailability, startTestApi, stopSharedPostgres, type TestApi } from './harness';

const pgSkip = await postgresAvailability();
afterAll(async () => {
  await stopSharedPostgres();
});

type Change = { entity: string; id: string; seq: number; op: 'upsert' | 'delete'; payload: Record<string, unknown> };
type Pull = { changes: Change[]; cursor: number; more: boolean };
type Result = { mutation_id: number; status: string; code?: number; note?: string; replayed?: boolean };
type PushReply = { client_id: string; last_mutation_id: number; results: Result[] };
type Mutation = {
  mutation_id: number;
  entity: string;
  op: 'create' | 'update' | 'delete';
  id: string;
  payload?: unknown;
};

const FIXED = new Date('2026-11-23T10:00:00.000Z');

const account = (id: string, balance: number) => ({
  entity: 'accounts',
  op: 'create' as const,
  id,
  payload: { id, name: `Account ${id}`, account_type: 'savings', current_balance: balance, is_asset: true },
});

/** One device's session touching the same rows several times, with rejections between the writes they depend on. */
function session(): Mutation[] {
  const m: Array<Omit<Mutation, 'mutation_id'>> = [
    { entity: 'categories', op: 'create', id: 'c-1', payload: { id: 'c-1', name: 'Salary', type: 'income' } },
    account('a-1', 100),
    account('a-2', 200),
    { entity: 'accounts', op: 'update', id: 'a-1', payload: { current_balance: 150 } },
    { entity: 'accounts', op: 'update', id: 'a-1', payload: { current_balance: 'many' } }, // 422: nothing of it stays
    {
      entity: 'recurring_items',
      op: 'create',
      id: 'r-1',
      payload: {
        id: 'r-1',
        name: 'Pay',
        amount: 10,
        frequency: 'monthly',
        start_date: '2026-01-01',
        account_id: 'a-1',
        category_id: 'c-1',
      },
    },
    { entity: 'accounts', op: 'delete', id: 'a-1' }, // 409: r-1 uses it
    { entity: 'accounts', op: 'delete', id: 'a-2' },
    { entity: 'accounts', op: 'update', id: 'a-2', payload: { current_balance: 1 } }, // 404: deleted
    account('a-2', 5), // 409: a deleted id is not reused
    { entity: 'scenarios', op: 'create', id: 's-1', payload: { id: 's-1', name: 'Car', is_baseline: false } },
    {
      entity: 'events',
      op: 'create',
      id: 'e-1',
      payload: {
        id: 'e-1',
        scenario_id: 's-1',
        name: 'Car',
        trigger_month: '2027-03',
        template_id: 'car_loan',
        template_parameters: { car_name: 'Hatch', car_price: 30000, deposit_amount: 5000 },
      },
    },
    {
      entity: 'events',
      op: 'update',
      id: 'e-1',
      payload: {
        id: 'e-1',
        scenario_id: 's-1',
        name: 'Car',
        trigger_month: '2027-03',
        template_id: 'car_loan',
        template_parameters: { car_name: 'Hatch', car_price: -5, deposit_amount: 5000 },
      },
    }, // 422 after compiling: the event's entities stay as they were
    {
      entity: 'modifications',
      op: 'create',
      id: 'm-1',
      payload: {
        id: 'm-1',
        scenario_id: 's-1',
        modification_type: 'modify_recurring',
        target_id: 'r-1',
        modification_data: { amount: 20 },
      },
    },
    {
      entity: 'modifications',
      op: 'create',
      id: 'm-2',
      payload: {
        id: 'm-2',
        scenario_id: 's-1',
        modification_type: 'modify_account',
        target_id: 'a-1',
        modification_data: { balance: 5 },
      },
    },
    { entity: 'scenarios', op: 'update', id: 's-1', payload: { is_baseline: true } }, // regenerates e-1's entities
    { entity: 'assumptions', op: 'update', id: 'assumptions', payload: { inflation: 3 } },
    { entity: 'categories', op: 'update', id: 'c-1', payload: { name: 'Wages' } },
    { entity: 'scenarios', op: 'delete', id: 's-1' }, // its event, the event's entities and modifications go too
    { entity: 'categories', op: 'create', id: 'c-2', payload: { id: 'c-2', name: 'Fun', type: 'expense' } },
    { entity: 'categories', op: 'delete', id: 'c-2' },
    { entity: 'categories', op: 'delete', id: 'c-2' }, // already deleted
  ];
  return m.map((x, i) => ({ ...x, mutation_id: i + 1 }));
}

describe.each(['pglite', 'postgres'] as const)('batched sync push on %s', (kind) => {
  const skip = kind === 'postgres' && pgSkip !== null;
  let api: TestApi;
  beforeAll(async () => {
    if (!skip) api = await startTestApi(kind, () => FIXED);
  }, 120_000);
  afterAll(async () => {
    await api?.close();
  });

  const push = (sub: string, body: unknown) => api.call<PushReply>('POST', '/sync/push', { sub, body });

  async function pullAll(sub: string): Promise<Change[]> {
    const changes: Change[] = [];
    let cursor = 0;
    for (;;) {
      const r = await api.call<Pull>('GET', `/sync/pull?since=${cursor}&limit=1000`, { sub });
      expect(r.status).toBe(200);
      changes.push(...r.body.changes);
      cursor = r.body.cursor;
      if (!r.body.more) return changes;
    }
  }

  describe.skipIf(skip)('one batch against one mutation per batch', () => {
    it('gives the same results, rows and change order as sending each mutation on its own', async () => {
      const all = session();
      const single: Result[] = [];
      for (const m of all) {
        const reply = await push('one-by-one', { client_id: 'd', mutations: [m] });
        expect(reply.status).toBe(200);
        single.push(...reply.body.results);
      }
      const batched = await push('batched', { client_id: 'd', mutations: all });
      expect(batched.status).toBe(200);
      expect(batched.body.results).toEqual(single);
      expect(batched.body.last_mutation_id).toBe(all.length);
      expect(single.filter((r) => r.status === 'rejected').length).toBeGreaterThanOrEqual(4);

      // Same changes in the same order (the sequence values differ: both users share one counter).
      const strip = (changes: Change[]) => changes.map(({ seq: _s, ...c }) => c);
      const reference = await pullAll('one-by-one');
      const got = await pullAll('batched');
      // Rows written several times by the one-by-one run appear once, at their last write; so do the batch's.
      expect(strip(got)).toEqual(strip(reference));
      expect(got.map((c) => c.seq)).toEqual([...got.map((c) => c.seq)].sort((a, b) => a - b));

      // The batch is remembered: sent again, every result is replayed and nothing changes.
      const again = await push('batched', { client_id: 'd', mutations: all });
      expect(again.body.results.map((r) => ({ ...r, replayed: undefined }))).toEqual(
        single.map((r) => ({ ...r, replayed: undefined })),
      );
      expect(again.body.results.every((r) => r.replayed)).toBe(true);
      expect(strip(await pullAll('batched'))).toEqual(strip(reference));
    });

    it('applies a 1,000-mutation batch whose rejected mutations leave the others applied', async () => {
      const mutations: Mutation[] = Array.from({ length: 1000 }, (_, i) => {
        const m = account(`big-${i}`, i);
        // Every 97th is malformed.
        return {
          ...(i % 97 === 50 ? { ...m, payload: { ...m.payload, account_type: 'piggy' } } : m),
          mutation_id: i + 1,
        };
      });
      const reply = await push('big', { client_id: 'd', mutations });
      expect(reply.status).toBe(200);
      const rejected = reply.body.results.filter((r) => r.status === 'rejected');
      expect(rejected.map((r) => r.mutation_id)).toEqual(
        mutations.filter((_, i) => i % 97 === 50).map((m) => m.mutation_id),
      );
      expect(rejected.every((r) => r.code === 422)).toBe(true);
      const listed = (await api.call<Array<{ id: string }>>('GET', '/accounts', { sub: 'big' })).body;
      expect(listed.map((a) => a.id)).toEqual(mutations.filter((_, i) => i % 97 !== 50).map((m) => m.id));
      // An id repeated within the batch is a replay of its first result.
      const repeated = await push('big', {
        client_id: 'd',
        mutations: [
          { ...account('late', 1), mutation_id: 1001 },
          { ...account('late-2', 2), mutation_id: 1001 },
        ],
      });
      expect(repeated.body.results[1]).toEqual({ ...repeated.body.results[0], replayed: true });
      expect(
        (await api.call<Array<{ id: string }>>('GET', '/accounts', { sub: 'big' })).body.some((a) => a.id === 'late-2'),
      ).toBe(false);
    });
  });
});
