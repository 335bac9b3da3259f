// Scenario modifications (add_recurring, modify_recurring, add_one_time, modify_account): validated with the
// engine's discriminated schema and written with their outbox rows; the scenario must be saved first.
import { ModificationSchema, type Modification } from '../../../worker/engine/index';
import type { WyrdDb } from '../db';
import type { ModificationRow } from '../entities';
import { newId } from '../ids';
import { DataValidationError, RecordNotFoundError, type DataFieldError } from './errors';
import { deleteWithOutbox, putWithOutbox, timestamp, validate, type WriteOptions } from './write';

/** Spec message for a modification saved before its scenario exists. */
export const SAVE_SCENARIO_FIRST = 'Please save the scenario first before adding modifications';

export type ModificationInput = {
  modification_type: ModificationRow['modification_type'];
  target_id?: string | null;
  modification_data: Record<string, unknown>;
};

function rules(input: ModificationInput): DataFieldError[] {
  const errors: DataFieldError[] = [];
  const data = input.modification_data ?? {};
  const blank = (v: unknown) => typeof v !== 'string' || v.trim() === '';
  if (input.modification_type === 'add_recurring') {
    for (const f of ['name', 'start_date', 'account_id', 'category_id']) if (blank(data[f])) errors.push({ field: `modification_data.${f}`, message: 'is required' });
  }
  if (input.modification_type === 'add_one_time') {
    for (const f of ['date', 'account_id', 'category_id']) if (blank(data[f])) errors.push({ field: `modification_data.${f}`, message: 'is required' });
  }
  if ((input.modification_type === 'modify_recurring' || input.modification_type === 'modify_account') && blank(input.target_id)) {
    errors.push({ field: 'target_id', message: 'is required' });
  }
  return errors;
}

/** Modifications apply in order: rows carry created_at (not in ModificationRow yet) so export keeps that order. */
type OrderedModificationRow = ModificationRow & { created_at?: string };

function toRow(id: string, scenarioId: string, input: ModificationInput, at: string, createdAt: string): ModificationRow {
  const data = { ...(input.modification_data ?? {}) };
  if (input.modification_type === 'add_recurring' && data.end_date === '') data.end_date = null;
  const parsed: Modification = validate('modification', ModificationSchema, {
    id,
    scenario_id: scenarioId,
    modification_type: input.modification_type,
    target_id: input.target_id ?? null,
    modification_data: data,
    updated_at: at,
  }, rules(input));
  const row: OrderedModificationRow = { ...(parsed as ModificationRow), scenario_id: scenarioId, target_id: parsed.target_id ?? null, created_at: createdAt };
  return row;
}

export function listModifications(db: WyrdDb, scenarioId?: string): Promise<ModificationRow[]> {
  return scenarioId ? db.modifications.where('scenario_id').equals(scenarioId).toArray() : db.modifications.toArray();
}

export async function createModification(db: WyrdDb, scenarioId: string | null | undefined, input: ModificationInput, opts?: WriteOptions): Promise<ModificationRow> {
  if (!scenarioId) throw new DataValidationError('modification', [{ field: 'scenario_id', message: SAVE_SCENARIO_FIRST }]);
  const at = timestamp(opts);
  const row = toRow(newId(), scenarioId, input, at, at);
  await db.transaction('rw', [db.modifications, db.outbox, db.scenarios], async () => {
    if (!(await db.scenarios.get(scenarioId))) throw new DataValidationError('modification', [{ field: 'scenario_id', message: SAVE_SCENARIO_FIRST }]);
    await putWithOutbox(db, db.modifications, 'modifications', row, 'create', at);
  });
  return row;
}

export async function updateModification(db: WyrdDb, id: string, patch: Partial<ModificationInput>, opts?: WriteOptions): Promise<ModificationRow> {
  const at = timestamp(opts);
  return db.transaction('rw', [db.modifications, db.outbox], async () => {
    const existing: OrderedModificationRow | undefined = await db.modifications.get(id);
    if (!existing) throw new RecordNotFoundError('modification', id);
    const row = toRow(id, existing.scenario_id, { ...existing, ...patch }, at, existing.created_at ?? existing.updated_at);
    await putWithOutbox(db, db.modifications, 'modifications', row, 'update', at);
    return row;
  });
}

export async function deleteModification(db: WyrdDb, id: string, opts?: WriteOptions): Promise<void> {
  const at = timestamp(opts);
  await db.transaction('rw', [db.modifications, db.outbox], async () => {
    if (!(await db.modifications.get(id))) throw new RecordNotFoundError('modification', id);
    await deleteWithOutbox(db, db.modifications, 'modifications', id, at);
  });
}
