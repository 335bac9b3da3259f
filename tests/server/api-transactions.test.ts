// The bank data endpoints over real HTTP on PGlite: create and validation messages, bulk import (idempotent by
// ids), paging newest first with filters and text search, the list's ETag, undoing a batch, payee rules, the
// account and category references, and isolation by user.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './harness';

type Tx = { id: string; date: string; amount_cents: number; payee: string; category_id: string | null };
type Page = { items: Tx[]; next_cursor: string | null };

describe('transactions API', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi('pglite', () => new Date('2026-11-23T10:00:00.000Z'));
    // A transaction's account and category must exist: the ones the rows below name.
    for (const id of ['acc-a', 'acc-b'])
      await api.call('POST', '/accounts', { body: { id, name: id, current_balance: 0 } });
    await api.call('POST', '/categories', { body: { id: 'groceries', name: 'Groceries', type: 'expense' } });
  }, 120_000);
  afterAll(async () => {
    await api?.close();
  });

  const row = (i: number, extra: Record<string, unknown> = {}) => ({
    id: `tx-${i}`,
    account_id: i % 2 === 0 ? 'acc-a' : 'acc-b',
    date: `2026-10-${String(1 + (i % 20)).padStart(2, '0')}`,
    amount_cents: -(1000 + i),
    description: `EFTPOS WOOLWORTHS ${i}`,
    payee: i % 3 === 0 ? 'Woolworths' : 'Coles',
    ...extra,
  });

  it('creates one transaction and names bad fields', async () => {
    const made = await api.call<Tx>('POST', '/transactions', { body: row(100, { id: undefined }) });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ amount_cents: -1100, reconciled: false, category_id: null });
    const bad = await api.call<{ detail: Array<{ loc: unknown[]; msg: string }> }>('POST', '/transactions', {
      body: { ...row(101), amount_cents: 12.5, date: '2026-13-01' },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.detail).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ loc: ['body', 'amount_cents'], msg: 'must be a whole number of cents' }),
        expect.objectContaining({ loc: ['body', 'date'] }),
      ]),
    );
    expect((await api.call('DELETE', `/transactions/${made.body.id}`)).status).toBe(204);
  });

  it('imports a batch idempotently, pages newest first with filters, and undoes the batch', async () => {
    const batch = {
      id: 'batch-1',
      account_id: 'acc-a',
      imported_at: '2026-11-23T10:00:00.000Z',
      file_names: ['oct.csv'],
      format: 'csv',
      bank: 'westpac',
      row_count: 40,
      skipped_count: 0,
    };
    const transactions = Array.from({ length: 40 }, (_, i) => row(i));
    const first = await api.call('POST', '/transactions/import', { body: { batch, transactions } });
    expect(first.status).toBe(201);
    expect((await api.call('POST', '/transactions/import', { body: { batch, transactions } })).status).toBe(201);

    const seen: Tx[] = [];
    let cursor: string | null = null;
    do {
      const page: { body: Page } = await api.call<Page>(
        'GET',
        `/transactions?limit=7${cursor ? `&cursor=${cursor}` : ''}`,
      );
      seen.push(...page.body.items);
      cursor = page.body.next_cursor;
    } while (cursor);
    expect(seen).toHaveLength(40);
    const order = seen.map((t) => `${t.date}|${t.id}`);
    expect(order).toEqual([...order].sort().reverse());

    const filtered = await api.call<Page>(
      'GET',
      '/transactions?account_id=acc-a&from=2026-10-05&to=2026-10-10&q=woolworths',
    );
    expect(filtered.body.items.every((t) => t.date >= '2026-10-05' && t.date <= '2026-10-10')).toBe(true);
    expect(filtered.body.items.length).toBeGreaterThan(0);
    const byPayee = await api.call<Page>('GET', '/transactions?q=Woolworths&limit=1000');
    expect(byPayee.body.items).toHaveLength(40); // every description says WOOLWORTHS

    const patched = await api.call<Tx>('PATCH', '/transactions/tx-3', { body: { category_id: 'groceries' } });
    expect(patched.body).toMatchObject({ id: 'tx-3', category_id: 'groceries', amount_cents: -1003 });
    const byCategory = await api.call<Page>('GET', '/transactions?category_id=groceries');
    expect(byCategory.body.items.map((t) => t.id)).toEqual(['tx-3']);
    const badCursor = await api.call('GET', '/transactions?cursor=nonsense');
    expect(badCursor.status).toBe(422);

    // Another user sees nothing and cannot touch these ids.
    const other = await api.call<Page>('GET', '/transactions', { sub: 'user-b' });
    expect(other.body.items).toEqual([]);
    expect((await api.call('GET', '/transactions/tx-3', { sub: 'user-b' })).status).toBe(404);
    expect((await api.call('DELETE', '/import-batches/batch-1', { sub: 'user-b' })).status).toBe(404);

    const undone = await api.call<{ transactions: number }>('DELETE', '/import-batches/batch-1');
    expect(undone.body).toEqual({ transactions: 40 });
    expect((await api.call<Page>('GET', '/transactions')).body.items).toEqual([]);
    expect((await api.call<unknown[]>('GET', '/import-batches')).body).toEqual([]);
  });

  it('keeps payee rules per user', async () => {
    await api.call('POST', '/categories', { body: { id: 'food', name: 'Food', type: 'expense' } });
    const made = await api.call<{ id: string; payee: string }>('POST', '/payee-rules', {
      body: { payee: ' Woolworths ', category_id: 'groceries' },
    });
    expect(made.status).toBe(201);
    expect(made.body.payee).toBe('Woolworths');
    const blank = await api.call<{ detail: Array<{ msg: string }> }>('POST', '/payee-rules', {
      body: { payee: '', category_id: 'x' },
    });
    expect(blank.status).toBe(422);
    expect(blank.body.detail[0].msg).toBe('must not be empty');
    expect((await api.call('PATCH', `/payee-rules/${made.body.id}`, { body: { category_id: 'food' } })).status).toBe(
      200,
    );
    expect((await api.call<unknown[]>('GET', '/payee-rules', { sub: 'user-b' })).body).toEqual([]);
    expect((await api.call('DELETE', `/payee-rules/${made.body.id}`)).status).toBe(204);
  });

  const get = (path: string, sub: string, headers: Record<string, string> = {}) =>
    fetch(`${api.url}${path}`, { headers: { Authorization: `Bearer ${api.token(sub)}`, ...headers } });

  it('tags each page with an ETag: 304 while nothing changed, a new tag after any write, one per filter and page', async () => {
    const sub = 'etag-user';
    await api.call('POST', '/accounts', { sub, body: { id: 'etag-acc', name: 'Everyday', current_balance: 0 } });
    for (let i = 0; i < 3; i++)
      await api.call('POST', '/transactions', { sub, body: row(i, { account_id: 'etag-acc' }) });

    const first = await get('/transactions?limit=2', sub);
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    const page = (await first.json()) as Page;
    expect(page.items).toHaveLength(2);

    const same = await get('/transactions?limit=2', sub, { 'If-None-Match': etag });
    expect(same.status).toBe(304);
    expect(await same.text()).toBe('');
    expect(same.headers.get('etag')).toBe(etag);

    // Another page, filter or limit is another tag; so is another user asking the same.
    const others = [
      `/transactions?limit=2&cursor=${page.next_cursor}`,
      '/transactions?limit=3',
      '/transactions?limit=2&account_id=etag-acc',
      '/transactions?limit=2&q=woolworths',
      '/transactions?limit=2&from=2026-10-02',
    ];
    const tags = [etag];
    for (const path of others) {
      const reply = await get(path, sub, { 'If-None-Match': etag });
      expect(reply.status).toBe(200);
      tags.push(reply.headers.get('etag') ?? '');
    }
    expect(new Set(tags).size).toBe(tags.length);
    expect((await get('/transactions?limit=2', 'someone-else', { 'If-None-Match': etag })).status).toBe(200);

    // Every write (even one off this page) gives the page a new tag.
    const writes = [
      () => api.call('POST', '/transactions', { sub, body: row(3, { account_id: 'etag-acc', date: '2026-01-01' }) }),
      () => api.call('PATCH', '/transactions/tx-3', { sub, body: { note: 'old one' } }),
      () => api.call('DELETE', '/transactions/tx-3', { sub }),
    ];
    let current = etag;
    for (const write of writes) {
      expect((await write()).status).toBeLessThan(300);
      const after = await get('/transactions?limit=2', sub, { 'If-None-Match': current });
      expect(after.status).toBe(200);
      const next = after.headers.get('etag') ?? '';
      expect(next).not.toBe(current);
      expect((await get('/transactions?limit=2', sub, { 'If-None-Match': next })).status).toBe(304);
      current = next;
    }
    // A bad query is still a 422, whatever the client holds.
    expect((await get('/transactions?cursor=nonsense', sub, { 'If-None-Match': '*' })).status).toBe(422);
  });

  it("refuses an account or category that is missing, deleted or another user's, on create, change and import", async () => {
    type Issues = { detail: Array<{ loc: unknown[]; msg: string; type: string }> };
    const sub = 'ref-user';
    await api.call('POST', '/accounts', { sub, body: { id: 'ref-acc', name: 'Everyday', current_balance: 0 } });
    await api.call('POST', '/accounts', { sub, body: { id: 'ref-gone', name: 'Closed', current_balance: 0 } });
    await api.call('POST', '/categories', { sub, body: { id: 'ref-cat', name: 'Food', type: 'expense' } });
    await api.call('POST', '/categories', { sub, body: { id: 'ref-old', name: 'Old', type: 'expense' } });
    expect((await api.call('DELETE', '/accounts/ref-gone', { sub })).status).toBe(204);
    // acc-a is user-123's: to this user it is an id like any unknown one.
    const tx = (id: string, extra: Record<string, unknown>) => row(0, { id, account_id: 'ref-acc', ...extra });

    const missing = await api.call<Issues>('POST', '/transactions', { sub, body: tx('r1', { account_id: 'nope' }) });
    const foreign = await api.call<Issues>('POST', '/transactions', { sub, body: tx('r1', { account_id: 'acc-a' }) });
    expect(missing.status).toBe(422);
    expect(missing.body.detail).toEqual([
      { loc: ['body', 'account_id'], msg: 'is not one of your accounts', type: 'reference_error' },
    ]);
    expect(foreign.status).toBe(422);
    expect(foreign.body).toEqual(missing.body);
    const deleted = await api.call<Issues>('POST', '/transactions', {
      sub,
      body: tx('r1', { account_id: 'ref-gone', category_id: 'groceries' }),
    });
    expect(deleted.body.detail).toEqual([
      { loc: ['body', 'account_id'], msg: 'names an account that was deleted', type: 'reference_error' },
      { loc: ['body', 'category_id'], msg: 'is not one of your categories', type: 'reference_error' },
    ]);
    expect((await api.call('GET', '/transactions/r1', { sub })).status).toBe(404);

    // A change is checked too; a reference the transaction already had is not (its category was deleted since).
    expect((await api.call('POST', '/transactions', { sub, body: tx('r2', { category_id: 'ref-old' }) })).status).toBe(
      201,
    );
    expect((await api.call('DELETE', '/categories/ref-old', { sub })).status).toBe(204);
    const moved = await api.call<Issues>('PATCH', '/transactions/r2', { sub, body: { account_id: 'ref-gone' } });
    expect(moved.status).toBe(422);
    expect(moved.body.detail).toEqual([
      { loc: ['body', 'account_id'], msg: 'names an account that was deleted', type: 'reference_error' },
    ]);
    const noted = await api.call<Tx>('PATCH', '/transactions/r2', { sub, body: { note: 'still editable' } });
    expect(noted.status).toBe(200);
    const recategorised = await api.call<Issues>('PATCH', '/transactions/r2', {
      sub,
      body: { category_id: 'ref-old' },
    });
    expect(recategorised.status).toBe(200);
    const toLive = await api.call<Issues>('PATCH', '/transactions/r2', { sub, body: { category_id: 'ref-cat' } });
    expect(toLive.status).toBe(200);
    const back = await api.call<Issues>('PATCH', '/transactions/r2', { sub, body: { category_id: 'ref-old' } });
    expect(back.body.detail).toEqual([
      { loc: ['body', 'category_id'], msg: 'names a category that was deleted', type: 'reference_error' },
    ]);

    // An import names each bad row and writes nothing.
    const batch = {
      id: 'ref-batch',
      account_id: 'ref-acc',
      imported_at: '2026-11-23T10:00:00.000Z',
      file_names: ['nov.csv'],
      format: 'csv',
      bank: 'anz',
      row_count: 3,
      skipped_count: 0,
    };
    const rows = [tx('i0', {}), tx('i1', { account_id: 'acc-b' }), tx('i2', { category_id: 'ref-old' })];
    const refused = await api.call<Issues>('POST', '/transactions/import', {
      sub,
      body: { batch, transactions: rows },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.detail).toEqual([
      { loc: ['body', 'transactions', 1, 'account_id'], msg: 'is not one of your accounts', type: 'reference_error' },
      {
        loc: ['body', 'transactions', 2, 'category_id'],
        msg: 'names a category that was deleted',
        type: 'reference_error',
      },
    ]);
    expect((await api.call('GET', '/transactions/i0', { sub })).status).toBe(404);
    expect((await api.call('GET', '/import-batches/ref-batch', { sub })).status).toBe(404);
    const fixed = [rows[0], { ...rows[1], account_id: 'ref-acc' }, { ...rows[2], category_id: 'ref-cat' }];
    const imported = await api.call('POST', '/transactions/import', { sub, body: { batch, transactions: fixed } });
    expect(imported.status).toBe(201);
    expect(imported.body).toMatchObject({ transactions: 3 });
    expect((await api.call<Tx>('GET', '/transactions/i2', { sub })).body.category_id).toBe('ref-cat');
  });
  it("refuses an import batch's account and a payee rule's category that is missing, deleted or another user's", async () => {
    type Issues = { detail: Array<{ loc: unknown[]; msg: string; type: string }> };
    const sub = 'ref-bank-user';
    const ref = (loc: unknown[], msg: string) => ({ loc, msg, type: 'reference_error' });
    await api.call('POST', '/accounts', { sub, body: { id: 'rb-acc', name: 'Everyday', current_balance: 0 } });
    await api.call('POST', '/accounts', { sub, body: { id: 'rb-gone', name: 'Closed', current_balance: 0 } });
    await api.call('POST', '/categories', { sub, body: { id: 'rb-cat', name: 'Food', type: 'expense' } });
    await api.call('POST', '/categories', { sub, body: { id: 'rb-old', name: 'Old', type: 'expense' } });
    const batch = (id: string, account_id: string) => ({
      id,
      account_id,
      imported_at: '2026-11-23T10:00:00.000Z',
      file_names: ['nov.csv'],
      format: 'csv',
      bank: 'anz',
      row_count: 1,
      skipped_count: 0,
    });

    // Import batches: acc-a is user-123's, so to this user it reads exactly as a missing id.
    const missing = await api.call<Issues>('POST', '/import-batches', { sub, body: batch('rb-1', 'nope') });
    const foreign = await api.call<Issues>('POST', '/import-batches', { sub, body: batch('rb-1', 'acc-a') });
    expect(missing.status).toBe(422);
    expect(missing.body.detail).toEqual([ref(['body', 'account_id'], 'is not one of your accounts')]);
    expect(foreign.status).toBe(422);
    expect(foreign.body).toEqual(missing.body);
    expect((await api.call('POST', '/import-batches', { sub, body: batch('rb-2', 'rb-gone') })).status).toBe(201);
    expect((await api.call('DELETE', '/accounts/rb-gone', { sub })).status).toBe(204);
    const deleted = await api.call<Issues>('POST', '/import-batches', { sub, body: batch('rb-1', 'rb-gone') });
    expect(deleted.status).toBe(422);
    expect(deleted.body.detail).toEqual([ref(['body', 'account_id'], 'names an account that was deleted')]);
    expect((await api.call('GET', '/import-batches/rb-1', { sub })).status).toBe(404);
    // A change is checked; the account the batch already had is not (it was deleted since).
    expect((await api.call('PATCH', '/import-batches/rb-2', { sub, body: { row_count: 2 } })).status).toBe(200);
    const moved = await api.call<Issues>('PATCH', '/import-batches/rb-2', { sub, body: { account_id: 'acc-a' } });
    expect(moved.status).toBe(422);
    expect(moved.body.detail).toEqual([ref(['body', 'account_id'], 'is not one of your accounts')]);
    expect((await api.call('PATCH', '/import-batches/rb-2', { sub, body: { account_id: 'rb-acc' } })).status).toBe(200);

    // The import's batch is checked with its rows, every bad reference in one answer, and nothing is written.
    const row = {
      id: 'rb-t1',
      account_id: 'nope',
      date: '2026-11-02',
      amount_cents: -450,
      description: 'COFFEE',
      payee: 'Coffee',
    };
    const imported = await api.call<Issues>('POST', '/transactions/import', {
      sub,
      body: { batch: batch('rb-3', 'acc-a'), transactions: [row] },
    });
    expect(imported.status).toBe(422);
    expect(imported.body.detail).toEqual([
      ref(['body', 'batch', 'account_id'], 'is not one of your accounts'),
      ref(['body', 'transactions', 0, 'account_id'], 'is not one of your accounts'),
    ]);
    expect((await api.call('GET', '/import-batches/rb-3', { sub })).status).toBe(404);
    expect((await api.call('GET', '/transactions/rb-t1', { sub })).status).toBe(404);

    // Payee rules: groceries is user-123's.
    const noCat = await api.call<Issues>('POST', '/payee-rules', {
      sub,
      body: { payee: 'Coles', category_id: 'nope' },
    });
    const theirCat = await api.call<Issues>('POST', '/payee-rules', {
      sub,
      body: { payee: 'Coles', category_id: 'groceries' },
    });
    expect(noCat.status).toBe(422);
    expect(noCat.body.detail).toEqual([ref(['body', 'category_id'], 'is not one of your categories')]);
    expect(theirCat.status).toBe(422);
    expect(theirCat.body).toEqual(noCat.body);
    const rule = await api.call<{ id: string }>('POST', '/payee-rules', {
      sub,
      body: { payee: 'Coles', category_id: 'rb-old' },
    });
    expect(rule.status).toBe(201);
    expect((await api.call('DELETE', '/categories/rb-old', { sub })).status).toBe(204);
    const toDeleted = await api.call<Issues>('POST', '/payee-rules', {
      sub,
      body: { payee: 'Aldi', category_id: 'rb-old' },
    });
    expect(toDeleted.body.detail).toEqual([ref(['body', 'category_id'], 'names a category that was deleted')]);
    expect((await api.call('PATCH', `/payee-rules/${rule.body.id}`, { sub, body: { payee: 'Coles ' } })).status).toBe(
      200,
    );
    const repointed = await api.call<Issues>('PATCH', `/payee-rules/${rule.body.id}`, {
      sub,
      body: { category_id: 'groceries' },
    });
    expect(repointed.status).toBe(422);
    expect(repointed.body.detail).toEqual([ref(['body', 'category_id'], 'is not one of your categories')]);
    expect(
      (await api.call('PATCH', `/payee-rules/${rule.body.id}`, { sub, body: { category_id: 'rb-cat' } })).status,
    ).toBe(200);
    // The other user's records are untouched and unseen.
    expect((await api.call<unknown[]>('GET', '/payee-rules', { sub })).body).toHaveLength(1);
  });
});
