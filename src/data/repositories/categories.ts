// Category repository: users add and rename their own categories; names are unique per type (ignoring case).
import { CategoryInputSchema, type CategoryInput, type CategoryType } from '../../../worker/engine/index';
import type { WyrdDb } from '../db';
import type { CategoryRow } from '../entities';
import { newId } from '../ids';
import { DataConflictError, DataValidationError } from './errors';
import { deleteCategoryRules } from './payee-rules';
import { uncategoriseTransactions } from './transactions';
import { createRow, deleteRow, timestamp, updateRow, validate, type RowStore, type WriteOptions } from './write';

const TYPE_WORD: Record<CategoryType, string> = { income: 'an income', expense: 'an expense' };

export function normaliseCategoryName(name: string): string {
  return name.trim().replace(/\s+/g, ' ');
}

/** The shared input schema's text rules, plus inner runs of spaces collapsed (names are compared ignoring case). */
function toRow(id: string, input: CategoryInput, updatedAt: string): CategoryRow {
  const fields = validate('category', CategoryInputSchema, {
    name: typeof input.name === 'string' ? normaliseCategoryName(input.name) : input.name,
    type: input.type,
  });
  return { id, ...fields, updated_at: updatedAt };
}

async function checkUnique(db: WyrdDb, row: CategoryRow): Promise<void> {
  const key = row.name.toLocaleLowerCase('en-AU');
  const clash = await db.categories
    .where('type')
    .equals(row.type)
    .filter((c) => c.id !== row.id && c.name.toLocaleLowerCase('en-AU') === key)
    .first();
  if (clash) {
    throw new DataValidationError('category', [
      {
        field: 'name',
        message: `"${clash.name}" is already ${TYPE_WORD[row.type]} category. Please choose another name.`,
      },
    ]);
  }
}

/** Every category, income first, then by name (the order the pickers show). */
export async function listCategories(db: WyrdDb, type?: CategoryType): Promise<CategoryRow[]> {
  const rows = type ? await db.categories.where('type').equals(type).toArray() : await db.categories.toArray();
  return rows.sort((a, b) =>
    a.type === b.type ? a.name.localeCompare(b.name, 'en-AU') : a.type === 'income' ? -1 : 1,
  );
}

export function getCategory(db: WyrdDb, id: string): Promise<CategoryRow | undefined> {
  return db.categories.get(id);
}

const CATEGORIES = (db: WyrdDb): RowStore<CategoryRow> => ({
  table: db.categories,
  outbox: 'categories',
  label: 'category',
});

export async function createCategory(db: WyrdDb, input: CategoryInput, opts?: WriteOptions): Promise<CategoryRow> {
  const at = timestamp(opts);
  const row = toRow(newId(), input, at);
  return createRow(db, CATEGORIES(db), row, at, () => checkUnique(db, row));
}

/** Renames a category (its type stays: items filed under it keep their sign). */
export async function renameCategory(db: WyrdDb, id: string, name: string, opts?: WriteOptions): Promise<CategoryRow> {
  const at = timestamp(opts);
  return updateRow(db, CATEGORIES(db), id, at, async (existing) => {
    const row = toRow(id, { name, type: existing.type }, at);
    await checkUnique(db, row);
    return row;
  });
}

/**
 * Deletes a category no recurring item uses; one still in use is refused with a DataConflictError. Its bank
 * transactions become uncategorised and its payee rules go with it, in the same transaction, so nothing is left
 * naming a deleted category (the server refuses such a transaction).
 */
export async function deleteCategory(db: WyrdDb, id: string, opts?: WriteOptions): Promise<void> {
  const at = timestamp(opts);
  const check = async (existing: CategoryRow) => {
    const used = await db.recurring_items.where('category_id').equals(id).count();
    if (used > 0) {
      throw new DataConflictError(
        `Cannot delete "${existing.name}": ${used} recurring item${used === 1 ? ' uses' : 's use'} it. Move them to another category first.`,
      );
    }
    await uncategoriseTransactions(db, id, at);
    await deleteCategoryRules(db, id, at);
  };
  await deleteRow(db, CATEGORIES(db), id, at, check, [db.recurring_items, ...db.transactions.stores, db.payee_rules]);
}
