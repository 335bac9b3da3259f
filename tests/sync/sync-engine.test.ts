// The sync engine against an in-memory stand-in of the sync endpoints: the API client's retry and token
// rules, push acknowledgement and parking, the merge rules, must-refetch and first sign-in with local data.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { WyrdDb } from '../../src/data/db';
import { createAccount, updateAccount } from '../../src/data/repositories/accounts';
import { createCategory, deleteCategory, renameCategory } from '../../src/data/repositories/categories';
import { createRecurringItem } from '../../src/data/repositories/recurring-items';
import { defaultCategoryId, ensureDefaultCategories } from '../../src/data/default-categories';
import { mergeChunk, resolveDeferred } from '../../src/data/sync/merge';
import { pullChanges } from '../../src/data/sync/pull';
import { recordResults, toMutations } from '../../src/data/sync/push';
import { discardRejection, listRejections, retryRejection } from '../../src/data/sync/rejections';
import { SyncEngine } from '../../src/data/sync/sync-engine';
import { readCursor } from '../../src/data/sync/sync-meta';
import { ApiHttpError, ApiNetworkError, createApiClient } from '../../src/lib/http/api-client';
import { bodyText, fakeServer, type FakeServer } from './support/fake-server';

const opened: WyrdDb[] = [];
function device(): WyrdDb {
  const db = new WyrdDb('user-1', { indexedDB: new IDBFactory(), IDBKeyRange });
  opened.push(db);
  return db;
}
afterEach(() => {
  for (const db of opened.splice(0)) db.close();
});

function client(server: FakeServer, tokens: string[] = ['token-1']) {
  const issued: boolean[] = [];
  const api = createApiClient({
    baseUrl: 'http://api.test',
    fetch: server.fetch,
    retry: { baseDelayMs: 1, maxDelayMs: 2 },
    getToken: async ({ forceRefresh }) => {
      issued.push(forceRefresh);
      return forceRefresh ? tokens[tokens.length - 1] : tokens[0];
    },
  });
  return { api, issued };
}

function engine(db: WyrdDb, server: FakeServer, tokens?: string[]) {
  return new SyncEngine({
    db,
    api: client(server, tokens).api,
    retryDelaysMs: [3_600_000],
    pull: { yieldToMain: async () => undefined, chunkSize: 2, pageSize: 3 },
  });
}

describe('API client', () => {
  it('retries 503, 429 and network errors up to 3 attempts, then gives up with the last error', async () => {
    const server = fakeServer();
    const { api } = client(server);
    server.failNext = [503, 0];
    await expect(api.request('GET', '/sync/pull')).resolves.toMatchObject({ changes: [] });
    server.failNext = [429, 503, 500];
    await expect(api.request('GET', '/sync/pull')).rejects.toMatchObject({ status: 500 });
    server.failNext = [0, 0, 0];
    await expect(api.request('GET', '/sync/pull')).rejects.toBeInstanceOf(ApiNetworkError);
    expect(server.requests).toHaveLength(3 + 3 + 3);
  });

  it('counts a request that hangs past its time limit as a network failure (and retries it)', async () => {
    let calls = 0;
    const hanging: typeof fetch = (_input, init) =>
      new Promise((_resolve, reject) => {
        calls += 1;
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
      });
    const api = createApiClient({
      baseUrl: 'http://api.test',
      fetch: hanging,
      timeoutMs: 20,
      retry: { baseDelayMs: 1, maxDelayMs: 2 },
      getToken: async () => 't',
    });
    await expect(api.request('GET', '/sync/pull')).rejects.toBeInstanceOf(ApiNetworkError);
    expect(calls).toBe(3);
  });

  it('does not retry a refused request (422, 404, 409)', async () => {
    const server = fakeServer();
    server.failNext = [422];
    await expect(client(server).api.request('GET', '/sync/pull')).rejects.toBeInstanceOf(ApiHttpError);
    expect(server.requests).toHaveLength(1);
  });

  it('sends the ID token as bearer and, on a 401, refreshes it once and retries', async () => {
    const server = fakeServer();
    server.validTokens = new Set(['fresh']);
    const { api, issued } = client(server, ['stale', 'fresh']);
    await expect(api.request('GET', '/sync/pull')).resolves.toMatchObject({ cursor: 0 });
    expect(server.requests.map((r) => r.auth)).toEqual(['Bearer stale', 'Bearer fresh']);
    expect(issued).toEqual([false, true]);
    server.validTokens = new Set();
    await expect(api.request('GET', '/sync/pull')).rejects.toMatchObject({ status: 401 });
  });
});

describe('push batches', () => {
  it('merges only consecutive creates and updates of one record, under the last seq, ids rising', () => {
    const row = (seq: number, entity_id: string, op: 'create' | 'update' | 'delete') => ({
      seq,
      entity: 'accounts',
      entity_id,
      op,
      payload: { v: seq },
      created_at: 'x',
    });
    const { mutations, covers } = toMutations([
      row(1, 'a', 'create'),
      row(2, 'a', 'update'),
      row(3, 'b', 'update'),
      row(4, 'a', 'update'),
      row(5, 'a', 'delete'),
      row(6, 'a', 'create'),
    ]);
    expect(mutations.map((m) => [m.mutation_id, m.id, m.op, (m.payload as { v: number }).v])).toEqual([
      [2, 'a', 'create', 2],
      [3, 'b', 'update', 3],
      [4, 'a', 'update', 4],
      [5, 'a', 'delete', 5],
      [6, 'a', 'create', 6],
    ]);
    expect(covers.get(2)).toEqual([1, 2]);
  });
});

describe('sync engine', () => {
  it("pushes the outbox in order, removes only acknowledged rows, then pulls other devices' changes", async () => {
    const server = fakeServer();
    const db = device();
    const a = await createAccount(db, { name: 'Everyday', current_balance: 100 });
    const b = await createAccount(db, { name: 'Savings', current_balance: 5 });
    await updateAccount(db, a.id, { current_balance: 250 });
    server.write('categories', 'c-1', { name: 'Pets', type: 'expense' });
    expect(await engine(db, server).sync()).toBe('synced');
    const push = server.requests.find((r) => r.path === '/sync/push')!.body as {
      client_id: string;
      mutations: { mutation_id: number; op: string; id: string }[];
    };
    expect(push.mutations.map((m) => [m.op, m.id])).toEqual([
      ['create', a.id],
      ['create', b.id],
      ['update', a.id],
    ]);
    expect(push.mutations.map((m) => m.mutation_id)).toEqual([1, 2, 3]);
    expect(await db.outbox.count()).toBe(0);
    expect(server.live().get(`accounts/${a.id}`)).toMatchObject({ current_balance: 250 });
    expect(await db.categories.get('c-1')).toMatchObject({ name: 'Pets' });
    expect(await readCursor(db)).toBe(4);
  });

  it('halves the batch when the server says the body is too large (413), and gets everything through', async () => {
    const server = fakeServer();
    const db = device();
    for (let i = 0; i < 5; i++) await createAccount(db, { name: `A${i}`, current_balance: i });
    const inner = server.fetch;
    server.fetch = async (input, init) => {
      const body = init?.body ? (JSON.parse(bodyText(init.body)) as { mutations?: unknown[] }) : {};
      if ((body.mutations?.length ?? 0) > 2)
        return new Response(JSON.stringify({ detail: 'Request body is larger than 1 MB' }), { status: 413 });
      return inner(input, init);
    };
    const sync = new SyncEngine({
      db,
      api: client(server).api,
      pushBatchSize: 8,
      retryDelaysMs: [3_600_000],
      pull: { yieldToMain: async () => undefined },
    });
    expect(await sync.sync()).toBe('synced');
    expect(await db.outbox.count()).toBe(0);
    expect([...server.live().keys()].filter((k) => k.startsWith('accounts/'))).toHaveLength(5);
  });

  it('keeps the outbox when the push never gets an answer, and a resent batch changes nothing on the server', async () => {
    const server = fakeServer();
    const db = device();
    await createAccount(db, { name: 'Everyday', current_balance: 100 });
    server.failNext = [0, 0, 0];
    const sync = engine(db, server);
    expect(await sync.sync()).toBe('offline');
    expect(sync.getState().phase).toBe('offline');
    expect(await db.outbox.count()).toBe(1);
    expect(await sync.sync()).toBe('synced');
    expect(await db.outbox.count()).toBe(0);
    sync.stop();
  });

  it('parks a rejected change with its message without blocking the ones behind it; discard restores the server copy', async () => {
    const server = fakeServer();
    const db = device();
    server.write('categories', 'c-1', { name: 'Pets', type: 'expense' });
    const sync = engine(db, server);
    await sync.sync();
    server.reject = (m) =>
      m.entity === 'categories'
        ? { code: 422, detail: [{ loc: ['body', 'name'], msg: 'is required', type: 'missing' }] }
        : null;
    await db.transaction('rw', [db.categories, db.outbox], async () => {
      await db.categories.put({ id: 'c-1', name: '', type: 'expense', updated_at: 'x' });
      await db.outbox.add({
        entity: 'categories',
        entity_id: 'c-1',
        op: 'update',
        payload: { id: 'c-1', name: '', type: 'expense' },
        created_at: 'x',
      });
    });
    const a = await createAccount(db, { name: 'Everyday', current_balance: 100 });
    expect(await sync.sync()).toBe('synced');
    expect(await db.outbox.count()).toBe(0);
    expect(server.live().has(`accounts/${a.id}`)).toBe(true);
    const [parked] = await listRejections(db);
    expect(parked).toMatchObject({
      entity: 'categories',
      entity_id: 'c-1',
      code: 422,
      message: 'body → name: is required',
    });
    // Parked: the device keeps its version while the user decides.
    server.write('categories', 'c-1', { name: 'Pets and vet', type: 'expense' });
    await sync.sync();
    expect((await db.categories.get('c-1'))?.name).toBe('');
    await discardRejection(db, parked.mutation_id);
    await sync.sync();
    expect(await listRejections(db)).toEqual([]);
    expect((await db.categories.get('c-1'))?.name).toBe('Pets and vet');
  });

  it('sends a parked change again when asked, and settles it once the server accepts it', async () => {
    const server = fakeServer();
    const db = device();
    let refuse = true;
    server.reject = () => (refuse ? { code: 409, detail: 'Not now' } : null);
    const c = await createCategory(db, { name: 'Pets', type: 'expense' });
    const sync = engine(db, server);
    await sync.sync();
    const [parked] = await listRejections(db);
    refuse = false;
    await retryRejection(db, parked.mutation_id);
    await sync.sync();
    expect(await listRejections(db)).toEqual([]);
    expect(server.live().get(`categories/${c.id}`)).toMatchObject({ name: 'Pets' });
  });

  it('a record with a pending local change keeps it until the push is acknowledged; the server row wins after', async () => {
    const db = device();
    const a = await createAccount(db, { name: 'Everyday', current_balance: 100 });
    const serverRow = { ...a, current_balance: 999, updated_at: '2026-11-23T00:00:00.000Z' };
    await mergeChunk(db, [{ entity: 'accounts', id: a.id, seq: 7, op: 'upsert', payload: serverRow }], 7);
    expect((await db.accounts.get(a.id))?.current_balance).toBe(100);
    expect(await readCursor(db)).toBe(7);
    const [row] = await db.outbox.toArray();
    await recordResults(db, [{ mutation_id: row.seq!, status: 'applied' }], 'now');
    await resolveDeferred(db);
    expect((await db.accounts.get(a.id))?.current_balance).toBe(999);
  });

  it('applies tombstones as local deletes and never writes outbox rows for pulled changes', async () => {
    const server = fakeServer();
    const db = device();
    server.write('accounts', 'a-1', { name: 'Old', account_type: 'checking', current_balance: 1, is_asset: true });
    const sync = engine(db, server);
    await sync.sync();
    expect(await db.accounts.get('a-1')).toBeDefined();
    server.write('accounts', 'a-1', null);
    await sync.sync();
    expect(await db.accounts.get('a-1')).toBeUndefined();
    expect(await db.outbox.count()).toBe(0);
  });

  it('must-refetch re-syncs from the start: records the server lost are removed, pending local changes are kept and pushed', async () => {
    const server = fakeServer();
    const db = device();
    server.write('accounts', 'a-1', { name: 'Kept', account_type: 'checking', current_balance: 1, is_asset: true });
    server.write('accounts', 'a-2', { name: 'Purged', account_type: 'checking', current_balance: 1, is_asset: true });
    const sync = engine(db, server);
    await sync.sync();
    server.rows.delete('accounts/a-2'); // deleted and its tombstone purged
    const mine = await createAccount(db, { name: 'Offline', current_balance: 5 });
    server.mustRefetch = true;
    // The pull alone (as if the push had not got through yet): the pending create must survive the sweep.
    expect(await pullChanges(db, client(server).api, { yieldToMain: async () => undefined })).toMatchObject({
      resynced: true,
    });
    expect(await db.accounts.get('a-2')).toBeUndefined();
    expect(await db.accounts.get('a-1')).toBeDefined();
    expect(await db.accounts.get(mine.id)).toBeDefined();
    await sync.sync();
    expect(server.live().has(`accounts/${mine.id}`)).toBe(true);
  });

  it('first sign-in on a device that already has local data uploads it, and pulls what the server has', async () => {
    const server = fakeServer();
    server.write('scenarios', 's-1', { name: 'From the laptop', description: '', is_baseline: false, created_at: 'x' });
    const db = device();
    const local = await createAccount(db, { name: 'Made offline', current_balance: 42 });
    const sync = engine(db, server);
    expect(await sync.sync()).toBe('synced');
    expect(server.live().get(`accounts/${local.id}`)).toMatchObject({ name: 'Made offline', current_balance: 42 });
    expect(await db.accounts.get(local.id)).toMatchObject({ name: 'Made offline' });
    expect(await db.scenarios.get('s-1')).toMatchObject({ name: 'From the laptop' });
  });

  it('says local-only without an API, and asks to sign in again when the token is refused after a refresh', async () => {
    const db = device();
    const none = new SyncEngine({ db, api: null });
    expect(none.getState().phase).toBe('local-only');
    expect(await none.sync()).toBe('skipped');
    const server = fakeServer();
    server.validTokens = new Set();
    const sync = engine(db, server);
    expect(await sync.sync()).toBe('failed');
    expect(sync.getState()).toMatchObject({ phase: 'error', error: { kind: 'auth' } });
  });
  it('seeded defaults made on a second device before it synced never win over the server: renames and deletes elsewhere stay', async () => {
    const server = fakeServer();
    const laptop = device();
    await ensureDefaultCategories(laptop);
    const onLaptop = engine(laptop, server);
    expect(await onLaptop.sync()).toBe('synced');
    const rent = defaultCategoryId('user-1', 'expense', 'Rent');
    const gifts = defaultCategoryId('user-1', 'expense', 'Gifts and donations');
    await renameCategory(laptop, rent, 'Housing');
    await deleteCategory(laptop, gifts);
    expect(await onLaptop.sync()).toBe('synced');

    // The phone's first sign-in happens offline: it seeds the defaults and uses one of them.
    const phone = device();
    await ensureDefaultCategories(phone);
    const cash = await createAccount(phone, { name: 'Phone cash', current_balance: 10 });
    await createRecurringItem(phone, {
      name: 'Rent',
      amount: -2000,
      start_date: '2026-12-01',
      account_id: cash.id,
      category_id: rent,
      frequency: 'monthly',
    });
    const onPhone = engine(phone, server);
    expect(await onPhone.sync()).toBe('synced');

    expect(server.live().get(`categories/${rent}`)).toMatchObject({ name: 'Housing' });
    expect(server.live().has(`categories/${gifts}`)).toBe(false);
    expect(await phone.categories.get(rent)).toMatchObject({ name: 'Housing' });
    expect(await phone.categories.get(gifts)).toBeUndefined();
    expect(await phone.outbox.count()).toBe(0);
    expect(await phone.categories.count()).toBe(20);
    expect([...server.live().keys()].filter((k) => k.startsWith('categories/'))).toHaveLength(20);
    expect([...server.live().values()].some((r) => r.name === 'Rent' && r.category_id === rent)).toBe(true);
  });

  it("a brand-new user's defaults seeded offline reach the server, and a seed the user renamed first is their edit", async () => {
    const server = fakeServer();
    const phone = device();
    await ensureDefaultCategories(phone);
    const bonus = defaultCategoryId('user-1', 'income', 'Bonus');
    await renameCategory(phone, bonus, 'Commission');
    expect(await engine(phone, server).sync()).toBe('synced');
    const categories = [...server.live().entries()].filter(([k]) => k.startsWith('categories/'));
    expect(categories).toHaveLength(21);
    expect(server.live().get(`categories/${bonus}`)).toMatchObject({ name: 'Commission' });
    expect(await phone.outbox.count()).toBe(0);
  });

  it('runs local-only without an API, then pushes everything kept once an API is configured', async () => {
    const db = device();
    const none = new SyncEngine({ db, api: null });
    await ensureDefaultCategories(db);
    const kept = await createAccount(db, { name: 'Kept locally', current_balance: 7 });
    expect(await none.sync()).toBe('skipped');
    expect(await db.outbox.count()).toBe(22);
    const server = fakeServer();
    expect(await engine(db, server).sync()).toBe('synced');
    expect(server.requests.every((r) => r.path === '/sync/push' || r.path === '/sync/pull')).toBe(true);
    expect(server.live().get(`accounts/${kept.id}`)).toMatchObject({ name: 'Kept locally' });
    expect(await db.outbox.count()).toBe(0);
  });
});
