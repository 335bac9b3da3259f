// Bank transactions, import batches and payee rules on the server: validated with the engine's input schemas
// (money in integer cents), written with their change records like every other entity, for REST and sync alike.
import { randomUUID } from 'node:crypto';
import {
  ImportBatchInputSchema,
  PayeeRuleInputSchema,
  TransactionInputSchema,
  type ImportBatch,
  type PayeeRule,
  type Transaction,
} from '../../../worker/engine/index';
import type { Database } from '../../db/client';
import { conflict, notFound, parseInput } from '../errors';
import { ClientIdSchema } from '../inputs';
import { requireObject, type CreateMode } from './ledger';
import { getAny, getLive, putEntity, selectRows, tombstone, type WriteContext } from './rows';
import { sql } from 'drizzle-orm';

type Entity = 'transactions' | 'import_batches' | 'payee_rules';
const LABEL: Record<Entity, string> = {
  transactions: 'transaction',
  import_batches: 'import batch',
  payee_rules: 'payee rule',
};

/** The record's id: the client's own (validated like every client id) or a new one; REST refuses a used id. */
async function idFor(
  db: Database,
  entity: Entity,
  sub: string,
  input: Record<string, unknown>,
  mode: CreateMode,
): Promise<{ id: string; exists: boolean }> {
  if (input.id === undefined) return { id: randomUUID(), exists: false };
  const id = parseInput(ClientIdSchema, input.id, ['body', 'id']);
  const existing = await getAny(db, entity, sub, id);
  if (existing && mode === 'rest')
    throw conflict(
      existing.deleted ? `This ${LABEL[entity]} was deleted.` : `A ${LABEL[entity]} with this id already exists.`,
    );
  return { id, exists: !!existing && !existing.deleted };
}

function transactionBody(id: string, input: Record<string, unknown>, at: string): Transaction {
  const { id: _id, updated_at: _u, ...fields } = input;
  return { ...parseInput(TransactionInputSchema, fields), id, updated_at: at };
}

async function putTransaction(tx: Database, ctx: WriteContext, body: Transaction): Promise<Transaction> {
  return putEntity(tx, 'transactions', ctx, body, {
    accountId: body.account_id,
    date: body.date,
    batchId: body.batch_id ?? null,
  });
}

export async function getTransaction(db: Database, sub: string, id: string): Promise<Transaction> {
  const row = await getLive<Transaction>(db, 'transactions', sub, id);
  if (!row) throw notFound('Transaction');
  return row;
}

/** Creates (REST) or creates-or-replaces (sync, POST /transactions/import) one transaction. */
export async function createTransaction(
  tx: Database,
  ctx: WriteContext,
  input: unknown,
  mode: CreateMode = 'rest',
): Promise<Transaction> {
  const fields = requireObject(input);
  const { id } = await idFor(tx, 'transactions', ctx.sub, fields, mode);
  return putTransaction(tx, ctx, transactionBody(id, fields, ctx.at));
}

/** Changes the given fields; absent fields keep their value. */
export async function updateTransaction(
  tx: Database,
  ctx: WriteContext,
  id: string,
  input: unknown,
): Promise<Transaction> {
  const { id: _id, updated_at: _u, ...current } = await getTransaction(tx, ctx.sub, id);
  const { id: _ignored, ...patch } = requireObject(input);
  return putTransaction(tx, ctx, transactionBody(id, { ...current, ...patch }, ctx.at));
}

export async function deleteTransaction(tx: Database, ctx: WriteContext, id: string): Promise<void> {
  await getTransaction(tx, ctx.sub, id);
  await tombstone(tx, 'transactions', ctx, id);
}

// ---- import batches

function batchBody(id: string, input: Record<string, unknown>, at: string): ImportBatch {
  const { id: _id, updated_at: _u, ...fields } = input;
  return { ...parseInput(ImportBatchInputSchema, fields), id, updated_at: at };
}

export async function getImportBatch(db: Database, sub: string, id: string): Promise<ImportBatch> {
  const row = await getLive<ImportBatch>(db, 'import_batches', sub, id);
  if (!row) throw notFound('Import batch');
  return row;
}

export async function saveImportBatch(
  tx: Database,
  ctx: WriteContext,
  input: unknown,
  mode: CreateMode = 'rest',
  existingId?: string,
): Promise<ImportBatch> {
  const fields = requireObject(input);
  if (existingId) {
    const { id: _id, updated_at: _u, ...current } = await getImportBatch(tx, ctx.sub, existingId);
    const { id: _ignored, ...patch } = fields;
    return putEntity(tx, 'import_batches', ctx, batchBody(existingId, { ...current, ...patch }, ctx.at));
  }
  const { id } = await idFor(tx, 'import_batches', ctx.sub, fields, mode);
  return putEntity(tx, 'import_batches', ctx, batchBody(id, fields, ctx.at));
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

function ruleBody(id: string, input: Record<string, unknown>, at: string): PayeeRule {
  const { id: _id, updated_at: _u, ...fields } = input;
  return { ...parseInput(PayeeRuleInputSchema, fields), id, updated_at: at };
}

export async function getPayeeRule(db: Database, sub: string, id: string): Promise<PayeeRule> {
  const row = await getLive<PayeeRule>(db, 'payee_rules', sub, id);
  if (!row) throw notFound('Payee rule');
  return row;
}

export async function createPayeeRule(
  tx: Database,
  ctx: WriteContext,
  input: unknown,
  mode: CreateMode = 'rest',
): Promise<PayeeRule> {
  const fields = requireObject(input);
  const { id } = await idFor(tx, 'payee_rules', ctx.sub, fields, mode);
  return putEntity(tx, 'payee_rules', ctx, ruleBody(id, fields, ctx.at));
}

export async function updatePayeeRule(tx: Database, ctx: WriteContext, id: string, input: unknown): Promise<PayeeRule> {
  const { id: _id, updated_at: _u, ...current } = await getPayeeRule(tx, ctx.sub, id);
  const { id: _ignored, ...patch } = requireObject(input);
  return putEntity(tx, 'payee_rules', ctx, ruleBody(id, { ...current, ...patch }, ctx.at));
}

export async function deletePayeeRule(tx: Database, ctx: WriteContext, id: string): Promise<void> {
  await getPayeeRule(tx, ctx.sub, id);
  await tombstone(tx, 'payee_rules', ctx, id);
}
