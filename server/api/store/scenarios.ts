// Scenarios with their events and modifications. Saving an event materialises its accounts and recurring items
// with the engine's compiler in the caller's transaction, with the same deterministic ids and category mapping
// as the app's local materialisation, so an event made offline and synced never duplicates its entities.
import { randomUUID } from 'node:crypto';
import {
  AccountSchema,
  EngineInputError,
  ModificationSchema,
  RecurringItemSchema,
  ScenarioEventSchema,
  ScenarioSchema,
  eventCompileContext,
  eventEntityChanges,
  getTemplate,
  materialiseEvent,
  validateTemplateParameters,
  type Account,
  type AssumptionsInput,
  type Category,
  type Modification,
  type RecurringItem,
  type Scenario,
  type ScenarioEvent,
  type ScenarioWithChildren,
} from '../../../worker/engine/index';
import type { Database } from '../../db/client';
import { ApiError, conflict, engineIssues, invalid, notFound, parseInput, zodIssues } from '../errors';
import { CloneInputSchema, EventInputSchema, ScenarioInputSchema, ScenarioUpdateSchema } from '../inputs';
import { requireObject, type CreateMode } from './ledger';
import { getAny, getLive, listLive, nextSeq, putEntity, requireLive, tombstone, type WriteContext } from './rows';

export const ASSUMPTIONS_ID = 'assumptions';

// ---- scenarios

export async function getScenario(db: Database, sub: string, id: string): Promise<Scenario> {
  return requireLive<Scenario>(db, 'scenarios', sub, id, 'Scenario');
}

async function withChildren(db: Database, sub: string, scenario: Scenario): Promise<ScenarioWithChildren> {
  const [events, modifications] = await Promise.all([
    listLive<ScenarioEvent>(db, 'events', sub, { column: 'scenarioId', value: scenario.id }),
    listLive<Modification>(db, 'modifications', sub, { column: 'scenarioId', value: scenario.id }),
  ]);
  return { ...scenario, events, modifications };
}

export async function getScenarioWithChildren(db: Database, sub: string, id: string): Promise<ScenarioWithChildren> {
  return withChildren(db, sub, await getScenario(db, sub, id));
}

/** Every live scenario with its events and modifications (one read per table). */
export async function listScenariosWithChildren(db: Database, sub: string): Promise<ScenarioWithChildren[]> {
  const [scenarios, events, modifications] = await Promise.all([
    listLive<Scenario>(db, 'scenarios', sub),
    listLive<ScenarioEvent>(db, 'events', sub),
    listLive<Modification>(db, 'modifications', sub),
  ]);
  return scenarios.map((s) => ({
    ...s,
    events: events.filter((e) => e.scenario_id === s.id),
    modifications: modifications.filter((m) => m.scenario_id === s.id),
  }));
}

export async function createScenario(
  tx: Database,
  ctx: WriteContext,
  input: unknown,
  mode: CreateMode = 'rest',
): Promise<ScenarioWithChildren> {
  const parsed = parseInput(ScenarioInputSchema, requireObject(input));
  if (parsed.id) {
    const existing = await getAny<Scenario>(tx, 'scenarios', ctx.sub, parsed.id);
    if (existing && !existing.deleted && mode === 'sync') return updateScenario(tx, ctx, parsed.id, input);
    if (existing)
      throw conflict(existing.deleted ? 'This scenario was deleted.' : 'A scenario with this id already exists.');
  }
  const created =
    typeof (input as Record<string, unknown>).created_at === 'string' && mode === 'sync'
      ? String((input as Record<string, unknown>).created_at)
      : ctx.at;
  const body = parseInput(ScenarioSchema, {
    id: parsed.id ?? randomUUID(),
    name: parsed.name,
    description: parsed.description,
    is_baseline: parsed.is_baseline,
    created_at: created,
    updated_at: ctx.at,
  });
  await putEntity(tx, 'scenarios', ctx, body);
  return { ...body, events: [], modifications: [] };
}

export async function updateScenario(
  tx: Database,
  ctx: WriteContext,
  id: string,
  input: unknown,
): Promise<ScenarioWithChildren> {
  const existing = await getScenario(tx, ctx.sub, id);
  const patch = parseInput(ScenarioUpdateSchema, requireObject(input));
  const body = parseInput(ScenarioSchema, {
    ...existing,
    ...(patch.name !== undefined ? { name: patch.name } : {}),
    ...(patch.description !== undefined ? { description: patch.description } : {}),
    ...(patch.is_baseline !== undefined ? { is_baseline: patch.is_baseline } : {}),
    updated_at: ctx.at,
  });
  await putEntity(tx, 'scenarios', ctx, body);
  // The baseline flag decides what the events' entities compile against: regenerate them.
  if (body.is_baseline !== existing.is_baseline) {
    for (const e of await listLive<ScenarioEvent>(tx, 'events', ctx.sub, { column: 'scenarioId', value: id }))
      await materialise(tx, ctx, body, e);
  }
  return withChildren(tx, ctx.sub, body);
}

/** Deletes the scenario, its events (and what they materialised) and its modifications. */
export async function deleteScenario(tx: Database, ctx: WriteContext, id: string): Promise<void> {
  await getScenario(tx, ctx.sub, id);
  for (const e of await listLive<ScenarioEvent>(tx, 'events', ctx.sub, { column: 'scenarioId', value: id })) {
    await removeEventEntities(tx, ctx, e.id);
    await tombstone(tx, 'events', ctx, e.id);
  }
  for (const m of await listLive<Modification>(tx, 'modifications', ctx.sub, { column: 'scenarioId', value: id }))
    await tombstone(tx, 'modifications', ctx, m.id);
  await tombstone(tx, 'scenarios', ctx, id);
}

/** Copies the scenario with its events (re-materialised under the new event ids) and modifications. */
export async function cloneScenario(
  tx: Database,
  ctx: WriteContext,
  id: string,
  input: unknown,
): Promise<ScenarioWithChildren> {
  const source = await getScenarioWithChildren(tx, ctx.sub, id);
  const options = parseInput(CloneInputSchema, input === undefined ? {} : requireObject(input));
  const copy = await createScenario(tx, ctx, {
    id: options.id,
    name: options.name ?? `${source.name} (copy)`.slice(0, 500),
    description: source.description ?? '',
    is_baseline: false,
  });
  for (const e of source.events) {
    const { id: _id, scenario_id: _s, updated_at: _u, ...fields } = e;
    await saveEvent(tx, ctx, copy.id, fields);
  }
  for (const m of source.modifications) {
    const { id: _id, scenario_id: _s, updated_at: _u, ...fields } = m as Modification & { created_at?: string };
    await createModification(tx, ctx, copy.id, { ...fields, created_at: undefined });
  }
  return getScenarioWithChildren(tx, ctx.sub, copy.id);
}

// ---- events

export async function listEvents(db: Database, sub: string, scenarioId: string): Promise<ScenarioEvent[]> {
  await getScenario(db, sub, scenarioId);
  return listLive<ScenarioEvent>(db, 'events', sub, { column: 'scenarioId', value: scenarioId });
}

export async function getEvent(db: Database, sub: string, id: string): Promise<ScenarioEvent> {
  return scenarioChild<ScenarioEvent>(db, 'events', sub, null, id);
}

/** A live event or modification of the user, or 404 when absent or (given `scenarioId`) in another scenario. */
async function scenarioChild<T extends { scenario_id?: string }>(
  db: Database,
  entity: 'events' | 'modifications',
  sub: string,
  scenarioId: string | null,
  id: string,
): Promise<T> {
  const row = await getLive<T>(db, entity, sub, id);
  if (!row || (scenarioId !== null && row.scenario_id !== scenarioId))
    throw notFound(entity === 'events' ? 'Event' : 'Modification');
  return row;
}

async function storedAssumptions(db: Database, sub: string): Promise<AssumptionsInput | null> {
  return (await getLive<AssumptionsInput>(db, 'assumptions', sub, ASSUMPTIONS_ID)) ?? null;
}

/** Removes an event's materialised accounts and recurring items. */
async function removeEventEntities(tx: Database, ctx: WriteContext, eventId: string): Promise<void> {
  for (const r of await listLive<RecurringItem>(tx, 'recurring_items', ctx.sub, {
    column: 'scenarioEventId',
    value: eventId,
  }))
    await tombstone(tx, 'recurring_items', ctx, r.id);
  for (const a of await listLive<Account>(tx, 'accounts', ctx.sub, { column: 'scenarioEventId', value: eventId }))
    await tombstone(tx, 'accounts', ctx, a.id);
}

/**
 * Compiles the event against the user's other accounts and items (as the app does) and writes the result:
 * new entities created, changed ones updated, vanished ones tombstoned. Bad parameters: 422 under
 * body.template_parameters.<name>.
 */
async function materialise(tx: Database, ctx: WriteContext, scenario: Scenario, event: ScenarioEvent): Promise<void> {
  const [allAccounts, allItems, categories, scenarios, allEvents, assumptions] = await Promise.all([
    listLive<Account>(tx, 'accounts', ctx.sub),
    listLive<RecurringItem>(tx, 'recurring_items', ctx.sub),
    listLive<Category>(tx, 'categories', ctx.sub),
    listLive<Scenario>(tx, 'scenarios', ctx.sub),
    listLive<ScenarioEvent>(tx, 'events', ctx.sub),
    storedAssumptions(tx, ctx.sub),
  ]);
  const baselineScenarioIds = new Set(scenarios.filter((s) => s.is_baseline).map((s) => s.id));
  const compileCtx = eventCompileContext({
    event,
    scenario,
    accounts: allAccounts,
    recurring_items: allItems,
    categories,
    baseline_event_ids: allEvents.filter((e) => baselineScenarioIds.has(e.scenario_id)).map((e) => e.id),
    assumptions,
  });
  const template = getTemplate(event.template_id);
  if (!template) throw invalid(['body', 'template_id'], `unknown template "${event.template_id}"`);
  const paramErrors = validateTemplateParameters(template, event.template_parameters, {
    is_baseline: scenario.is_baseline,
    accounts: compileCtx.accounts,
    recurring_items: compileCtx.recurring_items,
    trigger_month: event.trigger_month,
  });
  if (paramErrors.length > 0) {
    throw new ApiError(
      422,
      paramErrors.map((e) => ({ loc: ['body', 'template_parameters', e.field], msg: e.message, type: 'value_error' })),
    );
  }
  let result: ReturnType<typeof materialiseEvent>;
  try {
    result = materialiseEvent(event, compileCtx);
  } catch (err) {
    if (err instanceof EngineInputError)
      throw new ApiError(422, engineIssues(err.errors, ['body', 'template_parameters']));
    throw err;
  }
  const check = <T>(
    schema: { safeParse: (v: unknown) => { success: boolean; data?: T; error?: unknown } },
    value: unknown,
  ): T => {
    const parsed = schema.safeParse(value);
    if (!parsed.success)
      throw new ApiError(422, zodIssues(parsed.error as never, value, ['body', 'template_parameters']));
    return parsed.data as T;
  };
  const accounts = result.accounts.map((a) => check<Account>(AccountSchema, { ...a, updated_at: ctx.at }));
  const items = result.recurring_items.map((r) => {
    const row = check<RecurringItem>(RecurringItemSchema, { ...r, updated_at: ctx.at });
    return { ...row, end_date: row.end_date ?? null };
  });

  const own = (r: { scenario_event_id?: string | null }) => r.scenario_event_id === event.id;
  const accountChanges = eventEntityChanges(allAccounts.filter(own), accounts);
  const itemChanges = eventEntityChanges(allItems.filter(own), items);
  for (const { row } of accountChanges.put) await putEntity(tx, 'accounts', ctx, row, { scenarioEventId: event.id });
  for (const { row } of itemChanges.put)
    await putEntity(tx, 'recurring_items', ctx, row, { scenarioEventId: event.id });
  for (const id of itemChanges.remove) await tombstone(tx, 'recurring_items', ctx, id);
  for (const id of accountChanges.remove) await tombstone(tx, 'accounts', ctx, id);
}

/**
 * Creates (no existing id) or edits an event of the scenario and regenerates its entities. The template of an
 * existing event cannot change; an event cannot move to another scenario.
 */
export async function saveEvent(
  tx: Database,
  ctx: WriteContext,
  scenarioId: string,
  input: unknown,
  eventId?: string,
  mode: CreateMode = 'rest',
): Promise<ScenarioEvent> {
  const scenario = await getScenario(tx, ctx.sub, scenarioId);
  const parsed = parseInput(EventInputSchema, requireObject(input));
  const id = eventId ?? parsed.id ?? randomUUID();
  const stored = await getAny<ScenarioEvent>(tx, 'events', ctx.sub, id);
  if (eventId && (!stored || stored.deleted || stored.body.scenario_id !== scenarioId)) throw notFound('Event');
  if (!eventId && stored && (mode === 'rest' || stored.deleted))
    throw conflict(stored.deleted ? 'This event was deleted.' : 'An event with this id already exists.');
  const existing = stored && !stored.deleted ? stored.body : undefined;
  if (existing && existing.scenario_id !== scenarioId)
    throw invalid(['body', 'scenario_id'], 'an event cannot move to another scenario');
  if (existing && existing.template_id !== parsed.template_id)
    throw invalid(['body', 'template_id'], 'cannot change when editing an event');
  const event = parseInput(ScenarioEventSchema, {
    id,
    scenario_id: scenarioId,
    name: parsed.name,
    trigger_month: parsed.trigger_month,
    trigger_date: parsed.trigger_date || `${parsed.trigger_month}-01`,
    template_id: parsed.template_id,
    template_parameters: parsed.template_parameters,
    updated_at: ctx.at,
  });
  await materialise(tx, ctx, scenario, event);
  return putEntity(tx, 'events', ctx, event, { scenarioId });
}

export async function deleteEvent(
  tx: Database,
  ctx: WriteContext,
  scenarioId: string | null,
  eventId: string,
): Promise<void> {
  await scenarioChild<ScenarioEvent>(tx, 'events', ctx.sub, scenarioId, eventId);
  await removeEventEntities(tx, ctx, eventId);
  await tombstone(tx, 'events', ctx, eventId);
}

// ---- modifications

export async function listModifications(db: Database, sub: string, scenarioId: string): Promise<Modification[]> {
  await getScenario(db, sub, scenarioId);
  return listLive<Modification>(db, 'modifications', sub, { column: 'scenarioId', value: scenarioId });
}

/** Creates (or, for a synced create of a known id, replaces) a modification; modifications keep creation order. */
export async function createModification(
  tx: Database,
  ctx: WriteContext,
  scenarioId: string,
  input: unknown,
  mode: CreateMode = 'rest',
  modId?: string,
): Promise<Modification> {
  await getScenario(tx, ctx.sub, scenarioId);
  const raw = requireObject(input);
  const requested = modId ?? raw.id;
  if (requested !== undefined && (typeof requested !== 'string' || requested === '' || requested.length > 200))
    throw invalid(['body', 'id'], 'must be a string id of 1 to 200 characters');
  const id = (requested as string | undefined) ?? randomUUID();
  const stored = await getAny<Modification>(tx, 'modifications', ctx.sub, id);
  if (stored && (mode === 'rest' || stored.deleted))
    throw conflict(stored.deleted ? 'This modification was deleted.' : 'A modification with this id already exists.');
  if (stored && stored.body.scenario_id !== scenarioId)
    throw invalid(['body', 'scenario_id'], 'a modification cannot move to another scenario');
  const createdAt = (stored?.body as { created_at?: string } | undefined)?.created_at ?? ctx.at;
  const body = parseInput(ModificationSchema, {
    target_id: null,
    ...raw,
    id,
    scenario_id: scenarioId,
    updated_at: ctx.at,
  });
  const position = (stored?.extra.position as number | undefined) ?? (await nextSeq(tx));
  return putEntity(
    tx,
    'modifications',
    ctx,
    { ...body, created_at: createdAt },
    {
      scenarioId,
      position,
    },
  );
}

export async function deleteModification(
  tx: Database,
  ctx: WriteContext,
  scenarioId: string | null,
  modId: string,
): Promise<void> {
  await scenarioChild<Modification>(tx, 'modifications', ctx.sub, scenarioId, modId);
  await tombstone(tx, 'modifications', ctx, modId);
}
