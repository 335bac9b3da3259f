// The list endpoints answer from a per-user cache keyed on the table's newest change: every write shows at once,
// and one user's cached list never answers another user.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './harness';

type Account = { id: string; name: string; current_balance: number };

describe('list endpoints after writes (PGlite)', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi('pglite');
  }, 120_000); // PGlite's first start can take a while on a loaded 2-core machine.
  afterAll(async () => {
    await api.close();
  });

  it('reflects creates, updates and deletes immediately, per user', async () => {
    const names = async (sub: string) =>
      (await api.call<Account[]>('GET', '/accounts', { sub })).body.map((a) => a.name);
    expect(await names('cache-a')).toEqual([]);
    const created = await api.call<Account>('POST', '/accounts', {
      sub: 'cache-a',
      body: { name: 'Everyday', account_type: 'checking', current_balance: 10, is_asset: true },
    });
    expect(created.status).toBe(201);
    expect(await names('cache-a')).toEqual(['Everyday']);
    expect(await names('cache-b')).toEqual([]);

    await api.call('PUT', `/accounts/${created.body.id}`, {
      sub: 'cache-a',
      body: { name: 'Bills', account_type: 'checking', current_balance: 20, is_asset: true },
    });
    const listed = await api.call<Account[]>('GET', '/accounts', { sub: 'cache-a' });
    expect(listed.headers.get('content-type')).toContain('application/json');
    expect(listed.body).toMatchObject([{ id: created.body.id, name: 'Bills', current_balance: 20 }]);

    await api.call('DELETE', `/accounts/${created.body.id}`, { sub: 'cache-a' });
    expect(await names('cache-a')).toEqual([]);
  });
});

describe('list cache across databases in one process', () => {
  it("never answers one database with another one's list, even at the same change sequence", async () => {
    const [first, second] = [await startTestApi('pglite'), await startTestApi('pglite')];
    try {
      const account = { account_type: 'savings', current_balance: 1, is_asset: true };
      await first.call('POST', '/accounts', { sub: 'same-user', body: { ...account, name: 'In the first' } });
      await second.call('POST', '/accounts', { sub: 'same-user', body: { ...account, name: 'In the second' } });
      const names = async (api: TestApi) =>
        (await api.call<Account[]>('GET', '/accounts', { sub: 'same-user' })).body.map((a) => a.name);
      expect(await names(first)).toEqual(['In the first']);
      expect(await names(second)).toEqual(['In the second']);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });
});
