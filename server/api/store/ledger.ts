// Accounts, categories and recurring items: validated with the engine's schemas, written with their change
// records; entities a scenario event created are edited and deleted through their event (409 here).
import { randomUUID } from 'node:crypto';
import {
  AccountSchema,
  CategorySchema,
  RecurringItemSchema,
  type Account,
  type Category,
  type RecurringItem,
} from '../../../worker/engine/index';
import type { Database } from '../../db/client';
import { ApiError, conflict, notFound, parseInput } from '../errors';
import { AccountInputSchema, CategoryInputSchema, RecurringItemInputSchema } from '../inputs';
import { getAny, getLive, listLive, putEntity, tombstone, type WriteContext } from './rows';

export const LINK_MESSAGES = {
  account: {
    edit: 'This account is part of a scenario event. Please edit it through the scenario.',
    delete: 'Cannot delete this account. It was created by a scenario event. Please delete the event instead.',
  },
  recurring_item: {
    edit: 'This recurring item is part of a scenario event. Please edit it through the scenario.',
    delete: 'Cannot delete this recurring item. It was created by a scenario event. Please delete the event instead.',
  },
} as const;

/** How a write treats an id the user already has: REST create refuses it, a synced create updates it. */
export type CreateMode = 'rest' | 'sync';

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A JSON body must be an object: anything else is one 422 at ['body']. */
export function requireObject(value: unknown): Record<string, unknown> {
  if (!isObject(value)) throw new ApiError(422, [{ loc: ['body'], msg: 'must be a JSON object', type: 'object_type' }]);
  return value;
}

/** The id for a new record: the client's (offline-made) one, refusing one already used or deleted. */
async function newRecordId(
  db: Database,
  entity: 'accounts' | 'categories' | 'recurring_items',
  sub: string,
  id: string | undefined,
  label: string,
): Promise<string> {
  if (!id) return randomUUID();
  const existing = await getAny(db, entity, sub, id);
  if (existing)
    throw conflict(existing.deleted ? `This ${label} was deleted.` : `A ${label} with this id already exists.`);
  return id;
}

// ---- accounts

function accountBody(id: string, input: unknown, at: string): Account {
  const parsed = parseInput(AccountInputSchema, requireObject(input));
  const { id: _id, ...fields } = parsed;
  return parseInput(AccountSchema, {
    ...fields,
    id,
    scenario_event_id: null,
    updated_at: at,
    ...(fields.annual_rate == null ? { annual_rate: undefined } : {}),
  });
}

export async function getAccount(db: Database, sub: string, id: string): Promise<Account> {
  const row = await getLive<Account>(db, 'accounts', sub, id);
  if (!row) throw notFound('Account');
  return row;
}

export async function createAccount(
  tx: Database,
  ctx: WriteContext,
  input: unknown,
  mode: CreateMode = 'rest',
): Promise<Account> {
  const requested = parseInput(AccountInputSchema, requireObject(input)).id;
  if (mode === 'sync' && requested && (await getLive(tx, 'accounts', ctx.sub, requested)))
    return updateAccount(tx, ctx, requested, input);
  const id = await newRecordId(tx, 'accounts', ctx.sub, requested, 'account');
  return putEntity(tx, 'accounts', ctx, accountBody(id, input, ctx.at), { scenarioEventId: null });
}

export async function updateAccount(tx: Database, ctx: WriteContext, id: string, input: unknown): Promise<Account> {
  const existing = await getAccount(tx, ctx.sub, id);
  if (existing.scenario_event_id) throw conflict(LINK_MESSAGES.account.edit);
  const { id: _id, updated_at: _u, scenario_event_id: _s, ...current } = existing;
  return putEntity(
    tx,
    'accounts',
    ctx,
    accountBody(id, { ...current, ...requireObject(input), id: undefined }, ctx.at),
    { scenarioEventId: null },
  );
}

export async function deleteAccount(tx: Database, ctx: WriteContext, id: string): Promise<void> {
  const existing = await getAccount(tx, ctx.sub, id);
  if (existing.scenario_event_id) throw conflict(LINK_MESSAGES.account.delete);
  const inUse = (await listLive<RecurringItem>(tx, 'recurring_items', ctx.sub)).filter(
    (r) => r.account_id === id,
  ).length;
  if (inUse > 0) {
    throw conflict(
      `This account is used by ${inUse} recurring ${inUse === 1 ? 'item' : 'items'}. Move ${inUse === 1 ? 'it' : 'them'} to another account or delete ${inUse === 1 ? 'it' : 'them'} first.`,
    );
  }
  await tombstone(tx, 'accounts', ctx, id);
}

// ---- categories

function categoryBody(id: string, input: unknown, at: string): Category {
  const { id: _id, ...fields } = parseInput(CategoryInputSchema, requireObject(input));
  return parseInput(CategorySchema, { ...fields, id, updated_at: at });
}

export async function getCategory(db: Database, sub: string, id: string): Promise<Category> {
  const row = await getLive<Category>(db, 'categories', sub, id);
  if (!row) throw notFound('Category');
  return row;
}

export async function createCategory(
  tx: Database,
  ctx: WriteContext,
  input: unknown,
  mode: CreateMode = 'rest',
): Promise<Category> {
  const requested = parseInput(CategoryInputSchema, requireObject(input)).id;
  if (mode === 'sync' && requested && (await getLive(tx, 'categories', ctx.sub, requested)))
    return updateCategory(tx, ctx, requested, input);
  const id = await newRecordId(tx, 'categories', ctx.sub, requested, 'category');
  return putEntity(tx, 'categories', ctx, categoryBody(id, input, ctx.at));
}

export async function updateCategory(tx: Database, ctx: WriteContext, id: string, input: unknown): Promise<Category> {
  const { id: _id, updated_at: _u, ...current } = await getCategory(tx, ctx.sub, id);
  return putEntity(
    tx,
    'categories',
    ctx,
    categoryBody(id, { ...current, ...requireObject(input), id: undefined }, ctx.at),
  );
}

export async function deleteCategory(tx: Database, ctx: WriteContext, id: string): Promise<void> {
  const existing = await getCategory(tx, ctx.sub, id);
  const used = (await listLive<RecurringItem>(tx, 'recurring_items', ctx.sub)).filter(
    (r) => r.category_id === id,
  ).length;
  if (used > 0)
    throw conflict(
      `Cannot delete "${existing.name}": ${used} recurring item${used === 1 ? ' uses' : 's use'} it. Move them to another category first.`,
    );
  await tombstone(tx, 'categories', ctx, id);
}

// ---- recurring items

function itemBody(id: string, input: unknown, at: string): RecurringItem {
  const { id: _id, ...fields } = parseInput(RecurringItemInputSchema, requireObject(input));
  return parseInput(RecurringItemSchema, { ...fields, id, scenario_event_id: null, updated_at: at });
}

export async function getRecurringItem(db: Database, sub: string, id: string): Promise<RecurringItem> {
  const row = await getLive<RecurringItem>(db, 'recurring_items', sub, id);
  if (!row) throw notFound('Recurring item');
  return row;
}

export async function createRecurringItem(
  tx: Database,
  ctx: WriteContext,
  input: unknown,
  mode: CreateMode = 'rest',
): Promise<RecurringItem> {
  const requested = parseInput(RecurringItemInputSchema, requireObject(input)).id;
  if (mode === 'sync' && requested && (await getLive(tx, 'recurring_items', ctx.sub, requested)))
    return updateRecurringItem(tx, ctx, requested, input);
  const id = await newRecordId(tx, 'recurring_items', ctx.sub, requested, 'recurring item');
  return putEntity(tx, 'recurring_items', ctx, itemBody(id, input, ctx.at), { scenarioEventId: null });
}

export async function updateRecurringItem(
  tx: Database,
  ctx: WriteContext,
  id: string,
  input: unknown,
): Promise<RecurringItem> {
  const existing = await getRecurringItem(tx, ctx.sub, id);
  if (existing.scenario_event_id) throw conflict(LINK_MESSAGES.recurring_item.edit);
  const { id: _id, updated_at: _u, scenario_event_id: _s, ...current } = existing;
  return putEntity(
    tx,
    'recurring_items',
    ctx,
    itemBody(id, { ...current, ...requireObject(input), id: undefined }, ctx.at),
    { scenarioEventId: null },
  );
}

export async function deleteRecurringItem(tx: Database, ctx: WriteContext, id: string): Promise<void> {
  const existing = await getRecurringItem(tx, ctx.sub, id);
  if (existing.scenario_event_id) throw conflict(LINK_MESSAGES.recurring_item.delete);
  await tombstone(tx, 'recurring_items', ctx, id);
}
