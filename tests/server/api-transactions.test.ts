// The bank data endpoints over real HTTP on PGlite: create and validation messages, bulk import (idempotent by
// ids), paging newest first with filters and text search, undoing a batch, payee rules, and isolation by user.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './harness';

type Tx = { id: string; date: string; amount_cents: number; payee: string; category_id: string | null };
type Page = { items: Tx[]; next_cursor: string | null };

describe('transactions API', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi('pglite', () => new Date('2026-11-23T10:00:00.000Z'));
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
});
