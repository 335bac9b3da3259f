// Scenario repository: name required and trimmed (spec message); deleting a scenario removes its events,
// their materialised entities and its modifications in one transaction.
import { ScenarioInputSchema, type ScenarioInput } from '../../../worker/engine/index';
import type { WyrdDb } from '../db';
import type { ModificationRow, ScenarioEventRow, ScenarioRow } from '../entities';
import { newId } from '../ids';
import { materialiseTables, rematerialiseScenario, removeEventEntities, saveEvent, type EventInput } from './events';
import {
  createRow,
  deleteRow,
  deleteWithOutbox,
  putWithOutbox,
  storedRow,
  timestamp,
  validate,
  type RowStore,
  type WriteOptions,
} from './write';

export const SCENARIO_NAME_REQUIRED = 'Please enter a scenario name';

export type ScenarioWithChildrenRows = ScenarioRow & { events: ScenarioEventRow[]; modifications: ModificationRow[] };

function toRow(id: string, input: ScenarioInput, createdAt: string, updatedAt: string): ScenarioRow {
  const name = typeof input.name === 'string' ? input.name.trim() : input.name;
  const extra = typeof name === 'string' && name !== '' ? [] : [{ field: 'name', message: SCENARIO_NAME_REQUIRED }];
  // The engine's input schema supplies the default (not baseline) and the text rules (a missing description is '').
  const fields = validate(
    'scenario',
    ScenarioInputSchema,
    {
      name: input.name,
      description: input.description,
      is_baseline: input.is_baseline,
    },
    extra,
  );
  return { id, ...fields, created_at: createdAt, updated_at: updatedAt };
}

const SCENARIOS = (db: WyrdDb): RowStore<ScenarioRow> => ({
  table: db.scenarios,
  outbox: 'scenarios',
  label: 'scenario',
});

export function listScenarios(db: WyrdDb): Promise<ScenarioRow[]> {
  return db.scenarios.toArray();
}

export function getScenario(db: WyrdDb, id: string): Promise<ScenarioRow | undefined> {
  return db.scenarios.get(id);
}

/** A scenario with its events and modifications (the API's and the backup file's shape). */
export async function getScenarioWithChildren(db: WyrdDb, id: string): Promise<ScenarioWithChildrenRows | undefined> {
  return db.transaction('r', [db.scenarios, db.events, db.modifications], async () => {
    const scenario = await db.scenarios.get(id);
    if (!scenario) return undefined;
    const [events, modifications] = await Promise.all([
      db.events.where('scenario_id').equals(id).toArray(),
      db.modifications.where('scenario_id').equals(id).toArray(),
    ]);
    return { ...scenario, events, modifications };
  });
}

/** Created scenarios are non-baseline unless the caller says otherwise (the builder's checkbox). */
export async function createScenario(db: WyrdDb, input: ScenarioInput, opts?: WriteOptions): Promise<ScenarioRow> {
  const at = timestamp(opts);
  return createRow(db, SCENARIOS(db), toRow(newId(), input, at, at), at);
}

/** A scenario and its first event in one transaction (the template form): a rejected event leaves no empty scenario. */
export async function createScenarioWithEvent(
  db: WyrdDb,
  input: ScenarioInput,
  event: EventInput,
  opts?: WriteOptions,
): Promise<ScenarioRow> {
  return db.transaction('rw', materialiseTables(db), async () => {
    const created = await createScenario(db, input, opts);
    await saveEvent(db, created, event, opts);
    return created;
  });
}

/** Updates name, description or the baseline flag; a flag change re-materialises the scenario's events. */
export async function updateScenario(
  db: WyrdDb,
  id: string,
  patch: Partial<ScenarioInput>,
  opts?: WriteOptions,
): Promise<ScenarioRow> {
  const at = timestamp(opts);
  return db.transaction('rw', materialiseTables(db), async () => {
    const existing = await storedRow(SCENARIOS(db), id);
    const row = toRow(id, { ...existing, ...patch }, existing.created_at, at);
    await putWithOutbox(db, db.scenarios, 'scenarios', row, 'update', at);
    if (row.is_baseline !== existing.is_baseline) await rematerialiseScenario(db, row, at);
    return row;
  });
}

/** Deletes the scenario, its events, their accounts and recurring items, and its modifications: all or nothing. */
export async function deleteScenario(db: WyrdDb, id: string, opts?: WriteOptions): Promise<void> {
  const at = timestamp(opts);
  const removeChildren = async () => {
    const events = await db.events.where('scenario_id').equals(id).primaryKeys();
    for (const eventId of events) {
      await removeEventEntities(db, eventId, at);
      await deleteWithOutbox(db, db.events, 'events', eventId, at);
    }
    const mods = await db.modifications.where('scenario_id').equals(id).primaryKeys();
    for (const modId of mods) await deleteWithOutbox(db, db.modifications, 'modifications', modId, at);
  };
  await deleteRow(db, SCENARIOS(db), id, at, removeChildren, [
    db.events,
    db.modifications,
    db.accounts,
    db.recurring_items,
  ]);
}
