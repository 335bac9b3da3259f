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

describe('list ETags and revalidation (PGlite)', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi('pglite');
  }, 120_000);
  afterAll(async () => {
    await api.close();
  });

  const get = async (path: string, sub: string, headers: Record<string, string>) =>
    fetch(`${api.url}${path}`, { headers: { Authorization: `Bearer ${api.token(sub)}`, ...headers } });

  it('tags every list, answers a matching If-None-Match with 304 until the list changes, and per user', async () => {
    const account = { account_type: 'savings', current_balance: 1, is_asset: true };
    await api.call('POST', '/accounts', { sub: 'etag-a', body: { ...account, name: 'First' } });
    const first = await get('/accounts', 'etag-a', {});
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    expect(await first.json()).toMatchObject([{ name: 'First' }]);

    const same = await get('/accounts', 'etag-a', { 'If-None-Match': etag! });
    expect(same.status).toBe(304);
    expect(await same.text()).toBe('');
    expect((await get('/accounts', 'etag-a', { 'If-None-Match': `"other", ${etag!}` })).status).toBe(304);
    // Another user's list never matches this user's tag by accident of content: it is a full answer.
    expect((await get('/accounts', 'etag-b', { 'If-None-Match': etag! })).status).toBe(200);

    // Any write (create, update, delete) changes the tag; the old tag then gets the full new list.
    const created = await api.call<{ id: string }>('POST', '/accounts', {
      sub: 'etag-a',
      body: { ...account, name: 'Second' },
    });
    const afterCreate = await get('/accounts', 'etag-a', { 'If-None-Match': etag! });
    expect(afterCreate.status).toBe(200);
    expect((await afterCreate.json()).map((a: Account) => a.name)).toEqual(['First', 'Second']);
    const etag2 = afterCreate.headers.get('etag')!;
    expect(etag2).not.toBe(etag);
    await api.call('DELETE', `/accounts/${created.body.id}`, { sub: 'etag-a' });
    const afterDelete = await get('/accounts', 'etag-a', { 'If-None-Match': etag2 });
    expect(afterDelete.status).toBe(200);
    expect((await afterDelete.json()).map((a: Account) => a.name)).toEqual(['First']);
    // Categories and recurring items are tagged the same way.
    for (const path of ['/categories', '/recurring-items']) {
      const list = await get(path, 'etag-a', {});
      expect(list.status).toBe(200);
      expect((await get(path, 'etag-a', { 'If-None-Match': list.headers.get('etag')! })).status).toBe(304);
    }
  });

  it('sends a large list gzip-encoded to a client that takes gzip, and identical content to one that does not', async () => {
    const mutations = Array.from({ length: 60 }, (_, i) => ({
      mutation_id: i + 1,
      entity: 'accounts',
      op: 'create',
      id: `gz-${i}`,
      payload: { name: `Account number ${i}`, account_type: 'savings', current_balance: i, is_asset: true },
    }));
    await api.call('POST', '/sync/push', { sub: 'gzip-user', body: { client_id: 'd', mutations } });
    const { gunzipSync } = await import('node:zlib');
    const { request } = await import('node:http');
    // node:http does not decode, so the encoding on the wire is visible.
    const raw = await new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
      const req = request(
        `${api.url}/accounts`,
        { headers: { Authorization: `Bearer ${api.token('gzip-user')}`, 'Accept-Encoding': 'gzip, br' } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(raw.headers['content-encoding']).toBe('gzip');
    const plain = await get('/accounts', 'gzip-user', { 'Accept-Encoding': 'identity' });
    expect(plain.headers.get('content-encoding')).toBeNull();
    const text = await plain.text();
    expect(gunzipSync(raw.body).toString()).toBe(text);
    expect(JSON.parse(text)).toHaveLength(60);
    expect(raw.headers.etag).toBe(plain.headers.get('etag'));
  });
});
