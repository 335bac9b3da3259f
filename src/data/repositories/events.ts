// Scenario events: saving one materialises its accounts and recurring items with the engine's compiler
// (scenario_event_id set), regenerating them on edit and removing them on delete, all in one transaction
// with every outbox row.
import {
  AccountSchema,
  EngineInputError,
  RecurringItemSchema,
  ScenarioEventSchema,
  ScenarioEventInputSchema,
  eventCompileContext,
  eventEntityChanges,
  getTemplate,
  validateTemplateParameters,
  type AssumptionsInput,
  type ScenarioEventInput,
  materialiseEvent,
  type CategoryHint,
} from '../../../worker/engine/index';
import type { WyrdDb } from '../db';
import { getAssumptions } from './assumptions';
import type { AccountRow, IsoTimestamp, RecurringItemRow, ScenarioEventRow, ScenarioRow } from '../entities';
import { newId } from '../ids';
import { DataValidationError, RecordNotFoundError, type DataFieldError } from './errors';
import { deleteWithOutbox, putWithOutbox, requireText, timestamp, validateRow, type WriteOptions } from './write';

/** The engine's event input (trigger_date defaults to the first day of trigger_month); no id: a new event. */
export type EventInput = ScenarioEventInput & { id?: string };

/** Write options plus the assumptions the compiler reads (default: the stored ones, else the engine's). */
export type EventWriteContext = WriteOptions & { assumptions?: AssumptionsInput | null };

export type SavedEvent = {
  event: ScenarioEventRow;
  accounts: AccountRow[];
  recurring_items: RecurringItemRow[];
  /** Category names the compiler suggested for items whose category could not be matched ('' category_id). */
  unmatched_categories: Record<string, CategoryHint>;
};

/** Every table a materialising write touches (for callers that open the transaction themselves). */
export function materialiseTables(db: WyrdDb) {
  return [db.events, db.accounts, db.recurring_items, db.categories, db.scenarios, db.outbox, db.meta];
}

/** A stored event: the entity with the shared text rules for its name (the API applies the same). */
const EventRowSchema = ScenarioEventSchema.extend({ name: ScenarioEventInputSchema.shape.name });

function eventRow(scenarioId: string, input: EventInput, id: string, at: IsoTimestamp): ScenarioEventRow {
  const month = input.trigger_month;
  const triggerDate = input.trigger_date || (typeof month === 'string' ? `${month}-01` : month);
  return validateRow(
    'event',
    EventRowSchema,
    {
      id,
      scenario_id: scenarioId,
      name: input.name,
      trigger_month: month,
      trigger_date: triggerDate,
      template_id: input.template_id,
      template_parameters: input.template_parameters ?? {},
    },
    at,
    requireText({ template_id: input.template_id }),
  );
}

/**
 * Compiles the event against the user's other accounts and items and writes the result: new entities are
 * created, kept ones updated (only when changed), vanished ones deleted, each with its outbox row. Call
 * inside a transaction over materialiseTables(db).
 */
async function materialise(
  db: WyrdDb,
  scenario: ScenarioRow,
  event: ScenarioEventRow,
  at: IsoTimestamp,
  assumptions: AssumptionsInput | null | undefined,
): Promise<SavedEvent> {
  const [allAccounts, allItems, categories, baselineScenarioIds] = await Promise.all([
    db.accounts.toArray(),
    db.recurring_items.toArray(),
    db.categories.toArray(),
    db.scenarios.filter((s) => s.is_baseline).primaryKeys(),
  ]);
  // Accounts made by baseline events count as the user's current ones (e.g. the default super fund).
  const baselineEventIds = await db.events.where('scenario_id').anyOf(baselineScenarioIds).primaryKeys();
  const ctx = eventCompileContext({
    event,
    scenario,
    accounts: allAccounts,
    recurring_items: allItems,
    categories,
    baseline_event_ids: baselineEventIds,
    assumptions: assumptions === undefined ? await getAssumptions(db) : assumptions,
  });

  const template = getTemplate(event.template_id);
  if (!template)
    throw new DataValidationError('event', [
      { field: 'template_id', message: `unknown template "${event.template_id}"` },
    ]);
  const paramErrors = validateTemplateParameters(template, event.template_parameters, {
    is_baseline: scenario.is_baseline,
    accounts: ctx.accounts,
    recurring_items: ctx.recurring_items,
    trigger_month: event.trigger_month,
  });
  if (paramErrors.length > 0) {
    throw new DataValidationError(
      'event',
      paramErrors.map((e) => ({ field: `template_parameters.${e.field}`, message: e.message })),
    );
  }

  let result: ReturnType<typeof materialiseEvent>;
  try {
    result = materialiseEvent(event, ctx);
  } catch (err) {
    if (err instanceof EngineInputError) {
      throw new DataValidationError(
        'event',
        err.errors.map((e): DataFieldError => ({
          field: e.path.replace(/^\$\.?/, '') || 'template_parameters',
          message: e.message,
        })),
      );
    }
    throw err;
  }

  const accounts: AccountRow[] = result.accounts.map((a) => validateRow('account', AccountSchema, a, at));
  const items: RecurringItemRow[] = result.recurring_items.map((r) => {
    const row = validateRow('recurring item', RecurringItemSchema, r, at);
    return { ...row, end_date: row.end_date ?? null };
  });

  const own = (r: { scenario_event_id?: string | null }) => r.scenario_event_id === event.id;
  const accountChanges = eventEntityChanges(allAccounts.filter(own), accounts);
  const itemChanges = eventEntityChanges(allItems.filter(own), items);
  for (const { row, created } of accountChanges.put)
    await putWithOutbox(db, db.accounts, 'accounts', row, created ? 'create' : 'update', at);
  for (const { row, created } of itemChanges.put)
    await putWithOutbox(db, db.recurring_items, 'recurring_items', row, created ? 'create' : 'update', at);
  for (const id of itemChanges.remove) await deleteWithOutbox(db, db.recurring_items, 'recurring_items', id, at);
  for (const id of accountChanges.remove) await deleteWithOutbox(db, db.accounts, 'accounts', id, at);

  const unmatched: Record<string, CategoryHint> = {};
  for (const r of items)
    if (!r.category_id && result.category_hints[r.id]) unmatched[r.id] = result.category_hints[r.id];
  return { event, accounts, recurring_items: items, unmatched_categories: unmatched };
}

/** Removes an event's materialised accounts and recurring items (inside the caller's transaction). */
export async function removeEventEntities(db: WyrdDb, eventId: string, at: IsoTimestamp): Promise<void> {
  const items = await db.recurring_items.where('scenario_event_id').equals(eventId).primaryKeys();
  for (const id of items) await deleteWithOutbox(db, db.recurring_items, 'recurring_items', id, at);
  const accounts = await db.accounts.where('scenario_event_id').equals(eventId).primaryKeys();
  for (const id of accounts) await deleteWithOutbox(db, db.accounts, 'accounts', id, at);
}

/** Re-materialises every event of a scenario (after its baseline flag changed); inside the caller's transaction. */
export async function rematerialiseScenario(db: WyrdDb, scenario: ScenarioRow, at: IsoTimestamp): Promise<void> {
  const events = await db.events.where('scenario_id').equals(scenario.id).toArray();
  for (const e of events) await materialise(db, scenario, e, at, undefined);
}

export function listEvents(db: WyrdDb, scenarioId?: string): Promise<ScenarioEventRow[]> {
  return scenarioId ? db.events.where('scenario_id').equals(scenarioId).toArray() : db.events.toArray();
}

export function getEvent(db: WyrdDb, id: string): Promise<ScenarioEventRow | undefined> {
  return db.events.get(id);
}

/**
 * Creates (no input.id) or edits an event of the scenario and regenerates its accounts and recurring items,
 * all in one transaction. The template of an existing event cannot change. Bad parameters throw a
 * DataValidationError naming template_parameters.<name>.
 */
export async function saveEvent(
  db: WyrdDb,
  scenario: ScenarioRow | string,
  input: EventInput,
  ctx?: EventWriteContext,
): Promise<SavedEvent> {
  const at = timestamp(ctx);
  const scenarioId = typeof scenario === 'string' ? scenario : scenario.id;
  const row = eventRow(scenarioId, input, input.id ?? newId(), at);
  return db.transaction('rw', materialiseTables(db), async () => {
    const stored = await db.scenarios.get(scenarioId);
    if (!stored) throw new RecordNotFoundError('scenario', scenarioId);
    const existing = input.id ? await db.events.get(input.id) : undefined;
    if (existing && existing.scenario_id !== scenarioId) {
      throw new DataValidationError('event', [
        { field: 'scenario_id', message: 'an event cannot move to another scenario' },
      ]);
    }
    if (existing && existing.template_id !== row.template_id) {
      throw new DataValidationError('event', [
        { field: 'template_id', message: 'cannot change when editing an event' },
      ]);
    }
    const saved = await materialise(db, stored, row, at, ctx?.assumptions);
    await putWithOutbox(db, db.events, 'events', row, existing ? 'update' : 'create', at);
    return saved;
  });
}

/** Deletes an event and everything it materialised, in one transaction. */
export async function deleteEvent(db: WyrdDb, eventId: string, opts?: WriteOptions): Promise<void> {
  const at = timestamp(opts);
  await db.transaction('rw', [db.events, db.accounts, db.recurring_items, db.outbox], async () => {
    if (!(await db.events.get(eventId))) throw new RecordNotFoundError('event', eventId);
    await removeEventEntities(db, eventId, at);
    await deleteWithOutbox(db, db.events, 'events', eventId, at);
  });
}
