// Bank transactions, import batches and payee rules on the server: validated with the engine's input schemas
// (money in integer cents), written with their change records like every other entity, for REST and sync alike.
// The accounts and categories they name must be live records of the user (docs/api.md "Account and category
// references").
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  ImportBatchInputSchema,
  PayeeRuleInputSchema,
  TransactionInputSchema,
  type ImportBatch,
  type PayeeRule,
  type Transaction,
} from '../../../worker/engine/index';
import type { Database } from '../../db/client';
import type { EntityName } from '../../db/schema';
import { ApiError, conflict, parseInput, type ValidationIssue } from '../errors';
import { ClientIdSchema } from '../inputs';
import { WriteBatch } from './batch';
import { requireObject, type CreateMode } from './ledger';
import { getAny, putEntity, requireLive, rowStates, selectRows, tombstone, type WriteContext } from './rows';

type Entity = 'transactions' | 'import_batches' | 'payee_rules';
type Loc = Array<string | number>;

/** A record about to be written: its body, the live stored one it replaces (if any), and where its input was. */
type Draft<T> = { body: T; before?: T; loc: Loc };

type PlainRecord = { id: string; updated_at?: string };

type PlainOptions<T> = {
  /** The table's columns copied out of the body. */
  columns?: (body: T) => Record<string, unknown>;
  /** Refuses bodies that may not be written (422), all drafts at once. */
  check?: (db: Database, sub: string, drafts: ReadonlyArray<Draft<T>>) => Promise<void>;
};

/**
 * One kind of plain last-writer-wins record: read (404 when absent), create (REST refuses a used id; a synced
 * create of a known id replaces it), change the given fields, delete (a tombstone). `label` names it in messages
 * ("A payee rule with this id already exists.", "Payee rule not found").
 */
function plainRecords<T extends PlainRecord>(
  entity: Entity,
  label: string,
  schema: z.ZodType,
  options: PlainOptions<T> = {},
) {
  const what = label[0].toUpperCase() + label.slice(1);
  const bodyOf = (id: string, input: Record<string, unknown>, at: string): T => {
    const { id: _id, updated_at: _u, ...fields } = input;
    return { ...(parseInput(schema, fields) as object), id, updated_at: at } as T;
  };
  const get = (db: Database, sub: string, id: string) => requireLive<T>(db, entity, sub, id, what);

  /** A create's record: the client's own id (validated like every client id) or a new one. */
  async function draft(
    tx: Database,
    ctx: WriteContext,
    input: Record<string, unknown>,
    mode: CreateMode,
    loc: Loc,
  ): Promise<Draft<T>> {
    if (input.id === undefined) return { body: bodyOf(randomUUID(), input, ctx.at), loc };
    const id = parseInput(ClientIdSchema, input.id, ['body', 'id']);
    const existing = await getAny<T>(tx, entity, ctx.sub, id);
    if (existing && mode === 'rest')
      throw conflict(existing.deleted ? `This ${label} was deleted.` : `A ${label} with this id already exists.`);
    return { body: bodyOf(id, input, ctx.at), before: existing && !existing.deleted ? existing.body : undefined, loc };
  }

  async function save(tx: Database, ctx: WriteContext, drafts: ReadonlyArray<Draft<T>>): Promise<T[]> {
    await options.check?.(tx, ctx.sub, drafts);
    for (const { body } of drafts) await putEntity(tx, entity, ctx, body, options.columns?.(body));
    return drafts.map((d) => d.body);
  }

  return {
    get,
    draft,
    save,
    /** Creates (REST) or creates-or-replaces (sync) one record. */
    async create(tx: Database, ctx: WriteContext, input: unknown, mode: CreateMode = 'rest'): Promise<T> {
      const [saved] = await save(tx, ctx, [await draft(tx, ctx, requireObject(input), mode, ['body'])]);
      return saved;
    },
    /** Changes the given fields; absent fields keep their value. */
    async update(tx: Database, ctx: WriteContext, id: string, input: unknown): Promise<T> {
      const before = await get(tx, ctx.sub, id);
      const { id: _id, updated_at: _u, ...current } = before;
      const { id: _ignored, ...patch } = requireObject(input);
      const [saved] = await save(tx, ctx, [
        { body: bodyOf(id, { ...current, ...patch }, ctx.at), before, loc: ['body'] },
      ]);
      return saved;
    },
    async remove(tx: Database, ctx: WriteContext, id: string): Promise<void> {
      await get(tx, ctx.sub, id);
      await tombstone(tx, entity, ctx, id);
    },
  };
}

// ---- references

type Reference = { field: string; entity: EntityName; one: string; all: string };

const ACCOUNT: Reference = { field: 'account_id', entity: 'accounts', one: 'an account', all: 'accounts' };
const CATEGORY: Reference = { field: 'category_id', entity: 'categories', one: 'a category', all: 'categories' };

/** The records each kind of bank record names, checked on every write (docs/api.md "Account and category references"). */
const REFERENCES: Record<Entity, ReadonlyArray<Reference>> = {
  transactions: [ACCOUNT, CATEGORY],
  import_batches: [ACCOUNT],
  payee_rules: [CATEGORY],
};

/**
 * The accounts and categories that inputs of `entity` name, by table, added to `into` (to read them with the rest
 * of a batch). Entities that name nothing add nothing.
 */
export function addReferences(
  into: Map<EntityName, Set<string>>,
  entity: string,
  inputs: ReadonlyArray<unknown>,
): Map<EntityName, Set<string>> {
  // `entity` comes from the request: only this table's own keys count (never an inherited property).
  const references = Object.hasOwn(REFERENCES, entity) ? REFERENCES[entity as Entity] : [];
  for (const { field, entity: named } of references) {
    const ids = into.get(named) ?? new Set<string>();
    into.set(named, ids);
    for (const input of inputs) {
      const id = (input as Record<string, unknown> | null)?.[field];
      if (typeof id === 'string') ids.add(id);
    }
  }
  return into;
}

/**
 * The check of one kind of record: the accounts and categories it names must be live records of the user; another
 * user's id reads as one that does not exist (no existence leak). One read per table for all the drafts. A
 * reference the stored record already has is not checked again, so a record whose category was deleted since can
 * still be edited. Every bad reference is listed in one 422.
 */
function checkReferences<T extends PlainRecord>(entity: Entity) {
  return async (db: Database, sub: string, drafts: ReadonlyArray<Draft<T>>): Promise<void> => {
    const issues: ValidationIssue[] = [];
    const value = (body: T | undefined, field: string) => (body as Record<string, unknown> | undefined)?.[field];
    for (const { field, entity: named, one, all } of REFERENCES[entity]) {
      const changed = drafts.filter(
        (d) => value(d.body, field) != null && value(d.body, field) !== value(d.before, field),
      );
      if (changed.length === 0) continue;
      const states = await rowStates(db, named, sub, [...new Set(changed.map((d) => value(d.body, field) as string))]);
      for (const d of changed) {
        const state = states.get(value(d.body, field) as string);
        if (state === 'live') continue;
        const msg = state === 'deleted' ? `names ${one} that was deleted` : `is not one of your ${all}`;
        issues.push({ loc: [...d.loc, field], msg, type: 'reference_error' });
      }
    }
    if (issues.length > 0) throw new ApiError(422, issues);
  };
}

// ---- transactions

const transactions = plainRecords<Transaction>('transactions', 'transaction', TransactionInputSchema, {
  columns: (body) => ({ accountId: body.account_id, date: body.date, batchId: body.batch_id ?? null }),
  check: checkReferences('transactions'),
});

export const getTransaction = transactions.get;
/** Creates (REST) or creates-or-replaces (sync) one transaction. */
export const createTransaction = transactions.create;
export const updateTransaction = transactions.update;
export const deleteTransaction = transactions.remove;

// ---- import batches

const batches = plainRecords<ImportBatch>('import_batches', 'import batch', ImportBatchInputSchema, {
  check: checkReferences('import_batches'),
});

export const getImportBatch = batches.get;

/** Creates a batch, or with `existingId` changes one. */
export async function saveImportBatch(
  tx: Database,
  ctx: WriteContext,
  input: unknown,
  mode: CreateMode = 'rest',
  existingId?: string,
): Promise<ImportBatch> {
  return existingId ? batches.update(tx, ctx, existingId, input) : batches.create(tx, ctx, input, mode);
}

/**
 * POST /transactions/import: the batch and its transactions, created or replaced by id, written as a sync push
 * is (batch.ts): the rows they name read in one query per table, every reference checked at once (a bad one is
 * named by its row), one multi-row write per table.
 */
export async function importTransactions(
  tx: Database,
  ctx: WriteContext,
  batchInput: Record<string, unknown> & { id: string },
  rows: ReadonlyArray<Record<string, unknown> & { id: string }>,
): Promise<{ batch: ImportBatch; transactions: number }> {
  const unit = new WriteBatch(tx, ctx.sub);
  const named = new Map<EntityName, Set<string>>([
    ['import_batches', new Set([batchInput.id])],
    ['transactions', new Set(rows.map((r) => r.id))],
  ]);
  addReferences(named, 'import_batches', [batchInput]);
  await unit.preload(addReferences(named, 'transactions', rows));
  // The batch's and the rows' bad references are refused together, in one 422 (nothing is written before flush).
  const issues: ValidationIssue[] = [];
  const refused = (err: unknown) => {
    if (!(err instanceof ApiError) || err.status !== 422 || !Array.isArray(err.detail)) throw err;
    issues.push(...(err.detail as ValidationIssue[]));
  };
  const batchDraft = await batches.draft(unit.handle, ctx, batchInput, 'sync', ['body', 'batch']);
  const batch = batchDraft.body;
  await batches.save(unit.handle, ctx, [batchDraft]).catch(refused);
  const drafts: Array<Draft<Transaction>> = [];
  for (const [i, row] of rows.entries())
    drafts.push(
      await transactions.draft(unit.handle, ctx, { ...row, batch_id: batch.id }, 'sync', ['body', 'transactions', i]),
    );
  await transactions.save(unit.handle, ctx, drafts).catch(refused);
  if (issues.length > 0) throw new ApiError(422, issues);
  await unit.flush();
  return { batch, transactions: drafts.length };
}

/** The ids of a batch's live transactions (by the batch_id column's index). */
export async function batchTransactionIds(db: Database, sub: string, batchId: string): Promise<string[]> {
  const rows = await selectRows<{ id: string }>(
    db,
    sql`select id from transactions where user_sub = ${sub} and batch_id = ${batchId} and not deleted`,
  );
  return rows.map((r) => r.id);
}

/**
 * Deletes a batch. `cascade` (REST's undo) also deletes its transactions; a synced delete does not, because the
 * device sends a tombstone for each transaction itself (undoImport) and the server must not guess.
 */
export async function deleteImportBatch(
  tx: Database,
  ctx: WriteContext,
  id: string,
  cascade: boolean,
): Promise<{ transactions: number }> {
  await getImportBatch(tx, ctx.sub, id);
  let count = 0;
  if (cascade)
    for (const txId of await batchTransactionIds(tx, ctx.sub, id)) {
      await tombstone(tx, 'transactions', ctx, txId);
      count += 1;
    }
  await tombstone(tx, 'import_batches', ctx, id);
  return { transactions: count };
}

// ---- payee rules

const rules = plainRecords<PayeeRule>('payee_rules', 'payee rule', PayeeRuleInputSchema, {
  check: checkReferences('payee_rules'),
});

export const getPayeeRule = rules.get;
export const createPayeeRule = rules.create;
export const updatePayeeRule = rules.update;
export const deletePayeeRule = rules.remove;
