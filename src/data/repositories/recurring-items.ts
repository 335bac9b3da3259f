// Recurring item repository: signed amounts (positive income, negative expense), validated writes with their
// outbox rows in one transaction; items a scenario event created are refused here.
import { RecurringItemInputSchema, type RecurringItemInput } from '../../../worker/engine/index';
import type { WyrdDb } from '../db';
import type { RecurringItemRow } from '../entities';
import { newId } from '../ids';
import { DataValidationError, type DataFieldError } from './errors';
import { refuseEventLinked } from './accounts';
import {
  createRow,
  deleteRow,
  requireText,
  timestamp,
  updateRow,
  validate,
  type RowStore,
  type WriteOptions,
} from './write';

export type RecurringItemType = 'income' | 'expense';

/** The stored amount for the Type radio: positive for income, negative for expense (spec section 5). */
export function signedAmount(amount: number, type: RecurringItemType): number {
  const magnitude = Math.abs(amount);
  return type === 'income' ? magnitude : magnitude === 0 ? 0 : -magnitude;
}

/** The Type radio's value for a stored amount (zero reads as expense, the form's other default). */
export function recurringItemType(amount: number): RecurringItemType {
  return amount > 0 ? 'income' : 'expense';
}

/**
 * What the recurring item form supplies (the engine's input: defaults frequency monthly, active; amount
 * signed). When `type` is given the sign follows it (the form may pass the typed magnitude and the radio).
 * An empty end date is stored as null.
 */
export type RecurringItemWrite = RecurringItemInput & { type?: RecurringItemType };

function toRow(id: string, input: RecurringItemWrite, updatedAt: string): RecurringItemRow {
  const extra = requireText({
    start_date: input.start_date,
    account_id: input.account_id,
    category_id: input.category_id,
  });
  const endDate = typeof input.end_date === 'string' && input.end_date.trim() !== '' ? input.end_date : null;
  if (endDate && typeof input.start_date === 'string' && endDate < input.start_date) {
    extra.push({ field: 'end_date', message: 'must not be before the start date' });
  }
  const fields = validate(
    'recurring item',
    RecurringItemInputSchema,
    {
      name: input.name,
      amount: input.type && typeof input.amount === 'number' ? signedAmount(input.amount, input.type) : input.amount,
      frequency: input.frequency,
      start_date: input.start_date,
      end_date: endDate,
      account_id: input.account_id,
      category_id: input.category_id,
      is_active: input.is_active,
    },
    extra,
  );
  return { id, ...fields, scenario_event_id: null, updated_at: updatedAt };
}

/** The account and category must exist (checked inside the write's transaction). */
async function checkReferences(db: WyrdDb, row: RecurringItemRow): Promise<void> {
  const errors: DataFieldError[] = [];
  if (!(await db.accounts.get(row.account_id)))
    errors.push({ field: 'account_id', message: 'must be one of your accounts' });
  if (!(await db.categories.get(row.category_id)))
    errors.push({ field: 'category_id', message: 'must be one of your categories' });
  if (errors.length > 0) throw new DataValidationError('recurring item', errors);
}

export function listRecurringItems(db: WyrdDb): Promise<RecurringItemRow[]> {
  return db.recurring_items.toArray();
}

export function getRecurringItem(db: WyrdDb, id: string): Promise<RecurringItemRow | undefined> {
  return db.recurring_items.get(id);
}

const ITEMS = (db: WyrdDb): RowStore<RecurringItemRow> => ({
  table: db.recurring_items,
  outbox: 'recurring_items',
  label: 'recurring item',
});

export async function createRecurringItem(
  db: WyrdDb,
  input: RecurringItemWrite,
  opts?: WriteOptions,
): Promise<RecurringItemRow> {
  const at = timestamp(opts);
  const row = toRow(newId(), input, at);
  return createRow(db, ITEMS(db), row, at, () => checkReferences(db, row), [db.accounts, db.categories]);
}

export async function updateRecurringItem(
  db: WyrdDb,
  id: string,
  patch: Partial<RecurringItemWrite>,
  opts?: WriteOptions,
): Promise<RecurringItemRow> {
  const at = timestamp(opts);
  const build = async (existing: RecurringItemRow) => {
    await refuseEventLinked(db, 'recurring item', 'edit', existing);
    const row = toRow(id, { ...existing, ...patch }, at);
    await checkReferences(db, row);
    return row;
  };
  return updateRow(db, ITEMS(db), id, at, build, [db.accounts, db.categories, db.events]);
}

export async function deleteRecurringItem(db: WyrdDb, id: string, opts?: WriteOptions): Promise<void> {
  const at = timestamp(opts);
  const check = (existing: RecurringItemRow) => refuseEventLinked(db, 'recurring item', 'delete', existing);
  await deleteRow(db, ITEMS(db), id, at, check, [db.events]);
}
