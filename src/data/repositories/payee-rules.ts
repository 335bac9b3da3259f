// Payee rule repository: the category the user gave a payee, applied to later imports. Payees are unique
// (ignoring case); each write saves the rule and its outbox row in one Dexie transaction.
import { PayeeRuleInputSchema, type PayeeRuleInput } from '../../../worker/engine/index';
import type { WyrdDb } from '../db';
import type { PayeeRuleRow } from '../entities';
import { newId } from '../ids';
import { DataValidationError } from './errors';
import {
  createRow,
  deleteRow,
  deleteWithOutbox,
  timestamp,
  updateRow,
  validate,
  type RowStore,
  type WriteOptions,
} from './write';

function toRow(id: string, input: PayeeRuleInput, at: string): PayeeRuleRow {
  return { ...validate('payee rule', PayeeRuleInputSchema, input), id, updated_at: at };
}

async function checkUnique(db: WyrdDb, row: PayeeRuleRow): Promise<void> {
  const key = row.payee.toLocaleLowerCase('en-AU');
  const clash = await db.payee_rules
    .filter((r) => r.id !== row.id && r.payee.toLocaleLowerCase('en-AU') === key)
    .first();
  if (clash)
    throw new DataValidationError('payee rule', [
      { field: 'payee', message: `There is already a rule for "${clash.payee}". Edit that rule instead.` },
    ]);
}

/** Every rule, by payee. */
export async function listPayeeRules(db: WyrdDb): Promise<PayeeRuleRow[]> {
  const rows = await db.payee_rules.toArray();
  return rows.sort((a, b) => a.payee.localeCompare(b.payee, 'en-AU', { sensitivity: 'base' }));
}

const RULES = (db: WyrdDb): RowStore<PayeeRuleRow> => ({
  table: db.payee_rules,
  outbox: 'payee_rules',
  label: 'payee rule',
});

export async function createPayeeRule(db: WyrdDb, input: PayeeRuleInput, opts?: WriteOptions): Promise<PayeeRuleRow> {
  const at = timestamp(opts);
  const row = toRow(newId(), input, at);
  return createRow(db, RULES(db), row, at, () => checkUnique(db, row));
}

export async function updatePayeeRule(
  db: WyrdDb,
  id: string,
  patch: Partial<PayeeRuleInput>,
  opts?: WriteOptions,
): Promise<PayeeRuleRow> {
  const at = timestamp(opts);
  return updateRow(db, RULES(db), id, at, async (existing) => {
    const row = toRow(id, { payee: existing.payee, category_id: existing.category_id, ...patch }, at);
    await checkUnique(db, row);
    return row;
  });
}

export async function deletePayeeRule(db: WyrdDb, id: string, opts?: WriteOptions): Promise<void> {
  await deleteRow(db, RULES(db), id, timestamp(opts));
}

/** Removes the rules that file a payee under a category being deleted, inside the caller's transaction. */
export async function deleteCategoryRules(db: WyrdDb, categoryId: string, at: string): Promise<number> {
  const ids = await db.payee_rules.where('category_id').equals(categoryId).primaryKeys();
  const { table, outbox } = RULES(db);
  for (const id of ids) await deleteWithOutbox(db, table, outbox, id, at);
  return ids.length;
}
