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
import type { z } from 'zod';
import { ApiError, conflict, parseInput } from '../errors';
import { AccountInputSchema, CategoryInputSchema, RecurringItemInputSchema } from '../inputs';
import { getAny, getLive, listLive, putEntity, requireLive, tombstone, type WriteContext } from './rows';

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
  entity: LedgerEntity,
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

type LedgerEntity = 'accounts' | 'categories' | 'recurring_items';
type LedgerRecord = { id: string; updated_at?: string; scenario_event_id?: string | null };

type LedgerKind<T, S extends z.ZodType<{ id?: string }>> = {
  entity: LedgerEntity;
  /** Lower case, in messages ("A recurring item with this id already exists.", "Recurring item not found"). */
  label: string;
  /** The create and update body's schema (its `id` is the client's own). */
  input: S;
  /** The stored record from the body's fields (validated against the engine's schema). */
  body: (fields: Omit<z.infer<S>, 'id'>, id: string, at: string) => T;
  /** Records a scenario event can create: edited and deleted only through their event (409 here). */
  linked?: { edit: string; delete: string };
  /** Records recurring items name in `field`: deleting one still in use is refused with `message` (409). */
  usedBy?: { field: 'account_id' | 'category_id'; message: (uses: number, existing: T) => string };
};

/** Read, create (a synced create of an id the user has is its update), update and delete of one kind. */
function ledgerRecords<T extends LedgerRecord, S extends z.ZodType<{ id?: string }>>(kind: LedgerKind<T, S>) {
  const { entity, label, linked, usedBy } = kind;
  const columns = linked ? { scenarioEventId: null } : {};
  const what = label[0].toUpperCase() + label.slice(1);
  const get = (db: Database, sub: string, id: string) => requireLive<T>(db, entity, sub, id, what);
  const bodyOf = (id: string, input: unknown, at: string): T => {
    const { id: _id, ...fields } = parseInput(kind.input, requireObject(input));
    return kind.body(fields, id, at);
  };

  async function update(tx: Database, ctx: WriteContext, id: string, input: unknown): Promise<T> {
    const existing = await get(tx, ctx.sub, id);
    if (linked && existing.scenario_event_id) throw conflict(linked.edit);
    const { id: _id, updated_at: _u, scenario_event_id: _s, ...current } = existing;
    const body = bodyOf(id, { ...current, ...requireObject(input), id: undefined }, ctx.at);
    return putEntity(tx, entity, ctx, body, columns);
  }

  async function create(tx: Database, ctx: WriteContext, input: unknown, mode: CreateMode = 'rest'): Promise<T> {
    const requested = parseInput(kind.input, requireObject(input)).id;
    if (mode === 'sync' && requested && (await getLive(tx, entity, ctx.sub, requested)))
      return update(tx, ctx, requested, input);
    const id = await newRecordId(tx, entity, ctx.sub, requested, label);
    return putEntity(tx, entity, ctx, bodyOf(id, input, ctx.at), columns);
  }

  async function remove(tx: Database, ctx: WriteContext, id: string): Promise<void> {
    const existing = await get(tx, ctx.sub, id);
    if (linked && existing.scenario_event_id) throw conflict(linked.delete);
    if (usedBy) {
      const uses = (await listLive<RecurringItem>(tx, 'recurring_items', ctx.sub)).filter(
        (r) => r[usedBy.field] === id,
      ).length;
      if (uses > 0) throw conflict(usedBy.message(uses, existing));
    }
    await tombstone(tx, entity, ctx, id);
  }

  return { get, create, update, remove };
}

// ---- accounts

export const accounts = ledgerRecords({
  entity: 'accounts',
  label: 'account',
  input: AccountInputSchema,
  body: (fields, id, at): Account =>
    parseInput(AccountSchema, {
      ...fields,
      id,
      scenario_event_id: null,
      updated_at: at,
      ...(fields.annual_rate == null ? { annual_rate: undefined } : {}),
    }),
  linked: LINK_MESSAGES.account,
  usedBy: {
    field: 'account_id',
    message: (inUse) =>
      `This account is used by ${inUse} recurring ${inUse === 1 ? 'item' : 'items'}. Move ${inUse === 1 ? 'it' : 'them'} to another account or delete ${inUse === 1 ? 'it' : 'them'} first.`,
  },
});

export const { get: getAccount, create: createAccount, update: updateAccount, remove: deleteAccount } = accounts;

// ---- categories

export const categories = ledgerRecords({
  entity: 'categories',
  label: 'category',
  input: CategoryInputSchema,
  body: (fields, id, at): Category => parseInput(CategorySchema, { ...fields, id, updated_at: at }),
  usedBy: {
    field: 'category_id',
    message: (used, existing) =>
      `Cannot delete "${existing.name}": ${used} recurring item${used === 1 ? ' uses' : 's use'} it. Move them to another category first.`,
  },
});

export const { get: getCategory, create: createCategory, update: updateCategory, remove: deleteCategory } = categories;

// ---- recurring items

export const recurringItems = ledgerRecords({
  entity: 'recurring_items',
  label: 'recurring item',
  input: RecurringItemInputSchema,
  body: (fields, id, at): RecurringItem =>
    parseInput(RecurringItemSchema, { ...fields, id, scenario_event_id: null, updated_at: at }),
  linked: LINK_MESSAGES.recurring_item,
});

export const {
  get: getRecurringItem,
  create: createRecurringItem,
  update: updateRecurringItem,
  remove: deleteRecurringItem,
} = recurringItems;
