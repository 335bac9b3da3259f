// Scenario modifications (add_recurring, modify_recurring, add_one_time, modify_account): validated with the
// engine's discriminated schema and written with their outbox rows; the scenario must be saved first.
import {
  ModificationSchema,
  type AddOneTimeData,
  type AddRecurringData,
  type ModificationInput,
  type ModificationType,
  type ModifyAccountData,
  type ModifyRecurringData,
} from '../../../worker/engine/index';
import type { WyrdDb } from '../db';
import type { ModificationRow } from '../entities';
import { newId } from '../ids';
import { DataValidationError, type DataFieldError } from './errors';
import {
  createRow,
  deleteRow,
  requireText,
  timestamp,
  updateRow,
  validateRow,
  type RowStore,
  type WriteOptions,
} from './write';

/** Spec message for a modification saved before its scenario exists. */
export const SAVE_SCENARIO_FIRST = 'Please save the scenario first before adding modifications';

/**
 * A write before the schema has checked it (a new modification, or a stored one with a patch over it): any
 * type's data fields, each optional. ModificationSchema decides what is valid.
 */
type ModificationDraft = {
  modification_type: ModificationType;
  target_id?: string | null;
  modification_data?: Partial<AddRecurringData & AddOneTimeData & ModifyRecurringData & ModifyAccountData>;
};

/** The data-layer rules the schema leaves open: required text fields, by type. */
function rules(draft: ModificationDraft): DataFieldError[] {
  const d = draft.modification_data ?? {};
  const inData = (fields: Record<string, unknown>) =>
    requireText(fields).map((e) => ({ ...e, field: `modification_data.${e.field}` }));
  switch (draft.modification_type) {
    case 'add_recurring':
      return inData({ name: d.name, start_date: d.start_date, account_id: d.account_id, category_id: d.category_id });
    case 'add_one_time':
      return inData({ date: d.date, account_id: d.account_id, category_id: d.category_id });
    case 'modify_recurring':
    case 'modify_account':
      return requireText({ target_id: draft.target_id });
    default:
      return [];
  }
}

/** Modifications apply in order: rows carry created_at so lists and export keep that order. */
function toRow(
  id: string,
  scenarioId: string,
  draft: ModificationDraft,
  at: string,
  createdAt: string,
): ModificationRow {
  const data = { ...(draft.modification_data ?? {}) };
  // The form's blank end date means no end.
  if (draft.modification_type === 'add_recurring' && data.end_date === '') data.end_date = null;
  const parsed = validateRow(
    'modification',
    ModificationSchema,
    {
      id,
      scenario_id: scenarioId,
      modification_type: draft.modification_type,
      target_id: draft.target_id ?? null,
      modification_data: data,
    },
    at,
    rules(draft),
  );
  return { ...parsed, scenario_id: scenarioId, created_at: createdAt };
}

export function listModifications(db: WyrdDb, scenarioId?: string): Promise<ModificationRow[]> {
  return scenarioId ? db.modifications.where('scenario_id').equals(scenarioId).toArray() : db.modifications.toArray();
}

const MODIFICATIONS = (db: WyrdDb): RowStore<ModificationRow> => ({
  table: db.modifications,
  outbox: 'modifications',
  label: 'modification',
});

export async function createModification(
  db: WyrdDb,
  scenarioId: string | null | undefined,
  input: ModificationInput,
  opts?: WriteOptions,
): Promise<ModificationRow> {
  const unsaved = new DataValidationError('modification', [{ field: 'scenario_id', message: SAVE_SCENARIO_FIRST }]);
  if (!scenarioId) throw unsaved;
  const at = timestamp(opts);
  const row = toRow(newId(), scenarioId, input, at, at);
  const check = async () => {
    if (!(await db.scenarios.get(scenarioId))) throw unsaved;
  };
  return createRow(db, MODIFICATIONS(db), row, at, check, [db.scenarios]);
}

export async function updateModification(
  db: WyrdDb,
  id: string,
  patch: Partial<ModificationInput>,
  opts?: WriteOptions,
): Promise<ModificationRow> {
  const at = timestamp(opts);
  return updateRow(db, MODIFICATIONS(db), id, at, (existing) =>
    toRow(id, existing.scenario_id, { ...existing, ...patch }, at, existing.created_at ?? existing.updated_at),
  );
}

export async function deleteModification(db: WyrdDb, id: string, opts?: WriteOptions): Promise<void> {
  await deleteRow(db, MODIFICATIONS(db), id, timestamp(opts));
}
