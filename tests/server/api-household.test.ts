// The household in the assumptions record over the sync API (PGlite): people with birth dates and year-to-date
// income and dependent children are stored and pulled back as sent; a household the engine's schema refuses
// (no "self", three people, a bad date) is rejected with 422 and changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './harness';

type Change = { entity: string; id: string; op: 'upsert' | 'delete'; payload: Record<string, unknown> };
type PushReply = { results: Array<{ mutation_id: number; status: string; code?: number }> };

describe('household assumptions over sync', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi('pglite', () => new Date('2026-11-23T10:00:00.000Z'));
  }, 120_000);
  afterAll(async () => {
    await api?.close();
  });

  const push = (sub: string, mutation_id: number, payload: unknown) =>
    api.call<PushReply>('POST', '/sync/push', {
      sub,
      body: {
        client_id: 'device-1',
        mutations: [{ mutation_id, entity: 'assumptions', op: 'update', id: 'assumptions', payload }],
      },
    });
  const pulled = async (sub: string) => {
    const r = await api.call<{ changes: Change[] }>('GET', '/sync/pull?since=0&limit=100', { sub });
    return r.body.changes.filter((c) => c.entity === 'assumptions');
  };

  const household = {
    inflation_rate: 3,
    people: [
      { id: 'self', name: 'Alex', birth_date: '1990-04-02', ytd_taxable_income: 42_000, ytd_date: '2026-10-31' },
      { id: 'partner', name: 'Sam', birth_date: null },
    ],
    dependent_children: 2,
  };

  it('stores people and dependent children and pulls them back', async () => {
    const reply = await push('hh-ok', 1, household);
    expect(reply.status).toBe(200);
    expect(reply.body.results[0].status).not.toBe('rejected');
    const [change] = await pulled('hh-ok');
    expect(change.payload).toMatchObject(household);
  });

  it('rejects a household without "self", with three people or with a bad birth date', async () => {
    const bad = [
      { people: [{ id: 'partner', name: 'Sam', birth_date: null }] },
      {
        people: [
          { id: 'self', name: 'A', birth_date: null },
          { id: 'partner', name: 'B', birth_date: null },
          { id: 'partner', name: 'C', birth_date: null },
        ],
      },
      { people: [{ id: 'self', name: 'A', birth_date: '1990-02-30' }] },
      { dependent_children: -1 },
    ];
    for (const [i, payload] of bad.entries()) {
      const reply = await push('hh-bad', i + 1, payload);
      expect(reply.body.results[0]).toMatchObject({ status: 'rejected', code: 422 });
    }
    expect(await pulled('hh-bad')).toEqual([]);
  });
});
