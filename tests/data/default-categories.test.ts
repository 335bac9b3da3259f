// Default Australian categories: created once per user database (meta flag), each with an outbox row.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { WyrdDb } from '../../src/data/db';
import {
  DEFAULT_CATEGORIES_FLAG,
  DEFAULT_EXPENSE_CATEGORIES,
  DEFAULT_INCOME_CATEGORIES,
  ensureDefaultCategories,
} from '../../src/data/default-categories';
import { createCategory, listCategories } from '../../src/data/repositories/categories';
import { freshDb } from './helpers';

let db: WyrdDb;
beforeEach(async () => {
  db = freshDb('defaults');
  await db.open();
});
afterEach(async () => {
  db.close();
  await db.delete();
});

describe('ensureDefaultCategories', () => {
  it('creates the Australian income and expense categories with outbox rows', async () => {
    const created = await ensureDefaultCategories(db, { now: '2026-11-21T00:00:00.000Z' });
    expect(created).toHaveLength(21);
    const income = (await listCategories(db, 'income')).map((c) => c.name);
    const expense = (await listCategories(db, 'expense')).map((c) => c.name);
    expect(income.sort()).toEqual([
      'Bonus',
      'Government payments',
      'Investment income',
      'Other income',
      'Rental income',
      'Salary',
    ]);
    expect(expense.sort()).toEqual([...DEFAULT_EXPENSE_CATEGORIES].sort());
    expect(expense).toEqual(
      expect.arrayContaining(['Rent', 'Mortgage repayments', 'Groceries', 'Gifts and donations', 'Other']),
    );
    expect(DEFAULT_INCOME_CATEGORIES).toContain('Government payments');
    const outbox = await db.outbox.toArray();
    expect(outbox).toHaveLength(21);
    expect(outbox.every((r) => r.entity === 'categories' && r.op === 'create')).toBe(true);
    expect((await db.meta.get(DEFAULT_CATEGORIES_FLAG))?.value).toBe('2026-11-21T00:00:00.000Z');
  });

  it('is idempotent, also when called twice at once (sign-in effects can run twice)', async () => {
    const [a, b] = await Promise.all([ensureDefaultCategories(db), ensureDefaultCategories(db)]);
    expect(a.length + b.length).toBe(21);
    expect(await ensureDefaultCategories(db)).toEqual([]);
    expect(await db.categories.count()).toBe(21);
    expect(await db.outbox.count()).toBe(21);
  });

  it('never recreates defaults the user deleted or renamed, and skips names that already exist', async () => {
    await createCategory(db, { name: 'salary', type: 'income' });
    const created = await ensureDefaultCategories(db);
    expect(created.map((c) => c.name)).not.toContain('Salary');
    expect(await db.categories.count()).toBe(21);
    await db.categories.clear();
    expect(await ensureDefaultCategories(db)).toEqual([]);
    expect(await db.categories.count()).toBe(0);
  });
});
