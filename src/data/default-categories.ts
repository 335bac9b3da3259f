// The default Australian categories every user starts with, created once on the first sign-in (a meta flag
// makes it idempotent, also across devices that sync the same categories).
import type { WyrdDb } from './db';
import type { CategoryRow } from './entities';
import { eventEntityId } from '../../worker/engine/index';
import { appendOutbox } from './outbox';
import { timestamp, type WriteOptions } from './repositories/write';

export const DEFAULT_INCOME_CATEGORIES = [
  'Salary',
  'Bonus',
  'Rental income',
  'Investment income',
  'Government payments',
  'Other income',
] as const;

export const DEFAULT_EXPENSE_CATEGORIES = [
  'Rent',
  'Mortgage repayments',
  'Groceries',
  'Utilities',
  'Transport',
  'Insurance',
  'Health',
  'Childcare',
  'Education',
  'Entertainment',
  'Dining out',
  'Subscriptions',
  'Personal care',
  'Gifts and donations',
  'Other',
] as const;

/** meta key set once the defaults exist (or the user's data was imported). */
export const DEFAULT_CATEGORIES_FLAG = 'default_categories_created';

/**
 * A default category's id: the same for a user on every device (a name-based UUID, like an event's entities),
 * so two devices that each create the defaults before they first sync make the same records, not duplicates.
 */
export function defaultCategoryId(userId: string, type: 'income' | 'expense', name: string): string {
  return eventEntityId(`default-categories\u0000${userId}`, `${type}:${name}`);
}

/**
 * Creates the default categories unless this database already did (meta flag). A default whose name already
 * exists for its type (synced or imported) is not duplicated. Returns the categories it created.
 */
export async function ensureDefaultCategories(db: WyrdDb, opts?: WriteOptions): Promise<CategoryRow[]> {
  const at = timestamp(opts);
  return db.transaction('rw', [db.categories, db.outbox, db.meta], async () => {
    if (await db.meta.get(DEFAULT_CATEGORIES_FLAG)) return [];
    const existing = await db.categories.toArray();
    const taken = new Set(existing.map((c) => `${c.type}:${c.name.toLocaleLowerCase('en-AU')}`));
    const ids = new Set(existing.map((c) => c.id));
    const created: CategoryRow[] = [];
    const wanted = [
      ...DEFAULT_INCOME_CATEGORIES.map((name) => ({ name, type: 'income' as const })),
      ...DEFAULT_EXPENSE_CATEGORIES.map((name) => ({ name, type: 'expense' as const })),
    ];
    for (const { name, type } of wanted) {
      const id = defaultCategoryId(db.userId, type, name);
      // Already here under another name: a rename synced from another device.
      if (taken.has(`${type}:${name.toLocaleLowerCase('en-AU')}`) || ids.has(id)) continue;
      const row: CategoryRow = { id, name, type, updated_at: at };
      await db.categories.add(row);
      await appendOutbox(db, 'categories', row.id, 'create', row, at);
      created.push(row);
    }
    await db.meta.put({ key: DEFAULT_CATEGORIES_FLAG, value: at });
    return created;
  });
}
