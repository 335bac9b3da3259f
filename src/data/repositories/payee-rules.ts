// Payee rule repository: the category the user gave a payee, applied to later imports. Payees are unique
// (ignoring case); each write saves the rule and its outbox row in one Dexie transaction.
import { PayeeRuleInputSchema, type PayeeRuleInput } from '../../../worker/engine/index';
import type { WyrdDb } from '../db';
import type { PayeeRuleRow } from '../entities';
import { newId } from '../ids';
import { DataValidationError, RecordNotFoundError } from './errors';
import { deleteWithOutbox, putWithOutbox, timestamp, validate, type WriteOptions } from './write';

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

export async function createPayeeRule(db: WyrdDb, input: PayeeRuleInput, opts?: WriteOptions): Promise<PayeeRuleRow> {
  const at = timestamp(opts);
  const row = toRow(newId(), input, at);
  await db.transaction('rw', [db.payee_rules, db.outbox], async () => {
    await checkUnique(db, row);
    await putWithOutbox(db, db.payee_rules, 'payee_rules', row, 'create', at);
  });
  return row;
}

export async function updatePayeeRule(
  db: WyrdDb,
  id: string,
  patch: Partial<PayeeRuleInput>,
  opts?: WriteOptions,
): Promise<PayeeRuleRow> {
  const at = timestamp(opts);
  return db.transaction('rw', [db.payee_rules, db.outbox], async () => {
    const existing = await db.payee_rules.get(id);
    if (!existing) throw new RecordNotFoundError('payee rule', id);
    const row = toRow(id, { payee: existing.payee, category_id: existing.category_id, ...patch }, at);
    await checkUnique(db, row);
    await putWithOutbox(db, db.payee_rules, 'payee_rules', row, 'update', at);
    return row;
  });
}

export async function deletePayeeRule(db: WyrdDb, id: string, opts?: WriteOptions): Promise<void> {
  const at = timestamp(opts);
  await db.transaction('rw', [db.payee_rules, db.outbox], async () => {
    if (!(await db.payee_rules.get(id))) throw new RecordNotFoundError('payee rule', id);
    await deleteWithOutbox(db, db.payee_rules, 'payee_rules', id, at);
  });
}
