// Transaction repository (docs/data-layer.md "Transactions"): bank transactions and their import batches. Every
// write saves the rows and their outbox rows in one Dexie transaction with bulk operations; a large import is
// written in chunks of IMPORT_CHUNK rows (one transaction each) so no IndexedDB transaction blocks for long.
import {
  ImportBatchInputSchema,
  TransactionInputSchema,
  type ImportBatchInput,
  type TransactionInput,
} from '../../../worker/engine/index';
import type { WyrdDb } from '../db';
import type { ImportBatchRow, IsoTimestamp, TransactionRow } from '../entities';
import { newId } from '../ids';
import { yieldToMain } from '../yield-to-main';
import { outboxRef, outboxRow, outboxSlices, reserveAfter, type DeletePayload } from '../outbox';
import { blockKey } from '../tx-blocks';
import { DataValidationError, RecordNotFoundError, type DataFieldError } from './errors';
import { timestamp, validate, zodFieldErrors, type WriteOptions } from './write';

/** Rows per Dexie transaction when importing: each chunk is a short task, not one long one. */
export const IMPORT_CHUNK = 2000;

export type NewTransaction = TransactionInput & { id?: string };
export type NewImportBatch = ImportBatchInput & { id?: string };

function toRow(id: string, input: TransactionInput, at: IsoTimestamp, prefix = ''): TransactionRow {
  const result = TransactionInputSchema.safeParse(input);
  if (!result.success) {
    const errors = zodFieldErrors(result.error, input).map((e) => ({ ...e, field: `${prefix}${e.field}` }));
    throw new DataValidationError('transaction', errors);
  }
  return { ...result.data, id, updated_at: at };
}

/** Validated rows and the bad fields found so far (by row index), for toRows and toRowsInSlices. */
type Checked = { rows: TransactionRow[]; errors: DataFieldError[] };

/** Validates and stamps inputs[from, to) into `into`. */
function checkRows(
  inputs: ReadonlyArray<NewTransaction>,
  from: number,
  to: number,
  at: IsoTimestamp,
  batchId: string | undefined,
  into: Checked,
): void {
  for (let i = from; i < to; i++) {
    const { id, ...fields } = inputs[i];
    try {
      into.rows.push(
        toRow(id ?? newId(), batchId ? { ...fields, batch_id: batchId } : fields, at, `transactions.${i}.`),
      );
    } catch (err) {
      if (!(err instanceof DataValidationError)) throw err;
      into.errors.push(...err.errors);
    }
  }
}

/** The rows, or every bad field at once (the first 50), so nothing is written on bad input. */
function checkedRows({ rows, errors }: Checked): TransactionRow[] {
  if (errors.length > 0) throw new DataValidationError('transaction', errors.slice(0, 50));
  return rows;
}

/** Validates every row first and reports every bad field (by row index), so nothing is written on bad input. */
function toRows(inputs: ReadonlyArray<NewTransaction>, at: IsoTimestamp, batchId?: string): TransactionRow[] {
  const checked: Checked = { rows: [], errors: [] };
  checkRows(inputs, 0, inputs.length, at, batchId, checked);
  return checkedRows(checked);
}

/** Rows validated per task when a chunk of an import is validated (about 5 ms of zod each on this machine). */
export const VALIDATE_SLICE = 250;

/**
 * toRows a slice per task: validating and stamping a 2,000-row chunk at once was a task of 76-106 ms (zod and
 * randomUUID) at the start of each chunk's write. The same rows and errors as toRows, before any write.
 */
async function toRowsInSlices(
  inputs: ReadonlyArray<NewTransaction>,
  at: IsoTimestamp,
  batchId: string,
): Promise<TransactionRow[]> {
  const checked: Checked = { rows: [], errors: [] };
  for (let start = 0; start < inputs.length; start += VALIDATE_SLICE) {
    if (start > 0) await yieldToMain();
    checkRows(inputs, start, Math.min(inputs.length, start + VALIDATE_SLICE), at, batchId, checked);
  }
  return checkedRows(checked);
}

const deleteOutbox = (ids: ReadonlyArray<string>, entity: 'transactions' | 'import_batches', at: string) =>
  ids.map((id) => outboxRow(entity, id, 'delete', { id, deleted_at: at } satisfies DeletePayload, at));

/** Records named by one outbox slice row (docs/sync.md "Slice rows"). */
export const WRITE_SLICE = 250;

/**
 * Writes rows and their outbox rows (bulk) inside the caller's transaction. The rows go to their account-month
 * blocks (db.transactions: a few records for thousands of rows), and every WRITE_SLICE of them queues one slice
 * row naming its records (docs/sync.md "Slice rows"). A single row queues a plain reference row.
 * `after`: the outbox's newest key when the caller has just added a row (else it is read: reserveAfter).
 * `fresh`: every row's id was made by this write (none can be stored yet, so none is looked up).
 */
async function putAll(
  db: WyrdDb,
  rows: TransactionRow[],
  op: 'create' | 'update',
  at: IsoTimestamp,
  after?: number,
  fresh = false,
): Promise<void> {
  if (rows.length === 0) return;
  if (rows.length === 1) {
    await Promise.all([db.transactions.put(rows[0]), db.outbox.add(outboxRef('transactions', rows[0].id, op, at))]);
    return;
  }
  const next = after ?? (await reserveAfter(db));
  const slices = outboxSlices(
    'transactions',
    rows.map((r) => r.id),
    op,
    at,
    next,
    WRITE_SLICE,
  );
  // Each slice row names the blocks its records went to, for the push's read of them.
  slices.forEach((slice, i) => {
    const keys = new Set<string>();
    for (let r = i * WRITE_SLICE; r < Math.min(rows.length, (i + 1) * WRITE_SLICE); r++)
      keys.add(blockKey(rows[r].account_id, rows[r].date));
    slice.blocks = [...keys];
  });
  await Promise.all([db.transactions.bulkPut(rows, { fresh }), db.outbox.bulkAdd(slices)]);
}

// ---- reads

export function getTransaction(db: WyrdDb, id: string): Promise<TransactionRow | undefined> {
  return db.transactions.get(id);
}

/** An account's transactions in date order (then id). */
export function listAccountTransactions(db: WyrdDb, accountId: string): Promise<TransactionRow[]> {
  return db.transactions.account(accountId);
}

/** What de-duplication needs for one account: the fingerprints and bank ids already stored. */
export async function existingKeys(
  db: WyrdDb,
  accountId: string,
): Promise<{ fingerprints: Set<string>; bankIds: Set<string> }> {
  const rows = await db.transactions.account(accountId);
  const fingerprints = new Set<string>();
  const bankIds = new Set<string>();
  for (const r of rows) {
    if (r.fingerprint) fingerprints.add(r.fingerprint);
    if (r.bank_id) bankIds.add(r.bank_id);
  }
  return { fingerprints, bankIds };
}

export function listImportBatches(db: WyrdDb): Promise<ImportBatchRow[]> {
  return db.import_batches.orderBy('imported_at').reverse().toArray();
}

// ---- imports

/**
 * One chunk of a confirmed import, validated and stamped (prepareImportChunk) and not yet written: the screen
 * validates the next chunk while IndexedDB writes this one. `batch` is written with the rows, or is null when an
 * earlier chunk of the same import already wrote it.
 */
export type PreparedImportChunk = {
  batch: ImportBatchRow | null;
  batchId: string;
  rows: TransactionRow[];
  at: IsoTimestamp;
  /** Every row's id was made here (the inputs had none): nothing stored can have it. */
  fresh: boolean;
};

/**
 * Validates one chunk of a confirmed import (a slice of rows per task, so no task runs long) and stamps the rows
 * with the batch's id. Writes nothing; throws DataValidationError (every bad field) on bad input.
 */
export async function prepareImportChunk(
  batch: NewImportBatch & { id: string },
  transactions: ReadonlyArray<NewTransaction>,
  opts?: WriteOptions & { withBatch?: boolean },
): Promise<PreparedImportChunk> {
  const at = timestamp(opts);
  const { id: batchId, ...batchFields } = batch;
  const batchRow: ImportBatchRow | null =
    opts?.withBatch === false
      ? null
      : { ...validate('import batch', ImportBatchInputSchema, batchFields), id: batchId, updated_at: at };
  const fresh = transactions.every((t) => !t.id);
  return { batch: batchRow, batchId, rows: await toRowsInSlices(transactions, at, batchId), at, fresh };
}

/** Writes a prepared chunk (its batch, when it has one, and its rows, with their outbox rows) in one Dexie transaction. */
export async function writeImportChunk(db: WyrdDb, chunk: PreparedImportChunk): Promise<TransactionRow[]> {
  const { batch, batchId, rows, at, fresh } = chunk;
  await db.transaction('rw', [...db.transactions.stores, db.import_batches, db.outbox], async () => {
    let seq: number | undefined;
    if (batch) {
      const existed = !!(await db.import_batches.get(batchId));
      await db.import_batches.put(batch);
      seq = await db.outbox.add(outboxRow('import_batches', batchId, existed ? 'update' : 'create', batch, at));
    }
    await putAll(db, rows, 'create', at, seq, fresh);
  });
  return rows;
}

/**
 * Saves one chunk of a confirmed import: the batch (created or replaced) and the rows, stamped with its id,
 * with their outbox rows, in one Dexie transaction.
 */
export async function saveImportChunk(
  db: WyrdDb,
  batch: NewImportBatch & { id: string },
  transactions: ReadonlyArray<NewTransaction>,
  opts?: WriteOptions,
): Promise<TransactionRow[]> {
  return writeImportChunk(db, await prepareImportChunk(batch, transactions, opts));
}

/**
 * Saves a confirmed import: validates every row first (nothing is written on bad input), then writes the batch
 * and the rows in chunks of IMPORT_CHUNK, each chunk one Dexie transaction. If a later chunk fails, the chunks
 * already written are undone (undoImport) before the error is rethrown, so an import is all or nothing.
 */
export async function saveImport(
  db: WyrdDb,
  input: { batch: NewImportBatch; transactions: ReadonlyArray<NewTransaction> },
  opts?: WriteOptions & { onProgress?: (written: number, total: number) => void },
): Promise<{ batch: ImportBatchRow; transactions: TransactionRow[] }> {
  const at = timestamp(opts);
  const batchId = input.batch.id ?? newId();
  const { id: _id, ...batchFields } = input.batch;
  const batch: ImportBatchRow = {
    ...validate('import batch', ImportBatchInputSchema, batchFields),
    id: batchId,
    updated_at: at,
  };
  const rows = toRows(input.transactions, at, batchId);
  const fresh = input.transactions.every((t) => !t.id);
  try {
    for (let i = 0; i === 0 || i < rows.length; i += IMPORT_CHUNK) {
      const chunk = rows.slice(i, i + IMPORT_CHUNK);
      await db.transaction('rw', [...db.transactions.stores, db.import_batches, db.outbox], async () => {
        let seq: number | undefined;
        if (i === 0) {
          await db.import_batches.put(batch);
          seq = await db.outbox.add(outboxRow('import_batches', batchId, 'create', batch, at));
        }
        await putAll(db, chunk, 'create', at, seq, fresh);
      });
      opts?.onProgress?.(Math.min(rows.length, i + IMPORT_CHUNK), rows.length);
    }
  } catch (err) {
    await undoImport(db, batchId, opts).catch(() => undefined);
    throw err;
  }
  return { batch, transactions: rows };
}

/** Deletes an import batch and every transaction it brought in (with tombstones), in chunks; returns the count. */
export async function undoImport(db: WyrdDb, batchId: string, opts?: WriteOptions): Promise<number> {
  const at = timestamp(opts);
  const batch = await db.import_batches.get(batchId);
  // A batch's rows are in its account's blocks; without the batch row (already gone) every block is read.
  const rows = await (batch ? db.transactions.account(batch.account_id) : db.transactions.all());
  const mine = rows.filter((r) => r.batch_id === batchId);
  const ids = mine.map((r) => r.id);
  const keys = [...new Set(mine.map((r) => blockKey(r.account_id, r.date)))];
  if (!batch && ids.length === 0) throw new RecordNotFoundError('import batch', batchId);
  for (let i = 0; i < ids.length; i += IMPORT_CHUNK) {
    const chunk = ids.slice(i, i + IMPORT_CHUNK);
    await db.transaction('rw', [...db.transactions.stores, db.outbox], async () => {
      await db.transactions.bulkDelete(chunk, keys);
      await db.outbox.bulkAdd(deleteOutbox(chunk, 'transactions', at));
    });
  }
  if (batch)
    await db.transaction('rw', [db.import_batches, db.outbox], async () => {
      await db.import_batches.delete(batchId);
      await db.outbox.bulkAdd(deleteOutbox([batchId], 'import_batches', at));
    });
  return ids.length;
}

// ---- single rows

/** A transaction typed by hand (no batch, no fingerprint unless given). */
export async function createTransaction(
  db: WyrdDb,
  input: NewTransaction,
  opts?: WriteOptions,
): Promise<TransactionRow> {
  const at = timestamp(opts);
  const { id, ...fields } = input;
  const row = toRow(id ?? newId(), fields, at);
  await db.transaction('rw', [...db.transactions.stores, db.outbox], () => putAll(db, [row], 'create', at));
  return row;
}

export async function updateTransaction(
  db: WyrdDb,
  id: string,
  patch: Partial<TransactionInput>,
  opts?: WriteOptions,
): Promise<TransactionRow> {
  const at = timestamp(opts);
  return db.transaction('rw', [...db.transactions.stores, db.outbox], async () => {
    const existing = await db.transactions.get(id);
    if (!existing) throw new RecordNotFoundError('transaction', id);
    const { id: _id, updated_at: _u, ...current } = existing;
    const row = toRow(id, { ...current, ...patch }, at);
    await putAll(db, [row], 'update', at);
    return row;
  });
}

/** Deletes a transaction; the other half of a transfer is unlinked in the same transaction. */
export async function deleteTransaction(db: WyrdDb, id: string, opts?: WriteOptions): Promise<void> {
  const at = timestamp(opts);
  await db.transaction('rw', [...db.transactions.stores, db.outbox], async () => {
    const existing = await db.transactions.get(id);
    if (!existing) throw new RecordNotFoundError('transaction', id);
    const other = existing.transfer_id ? await db.transactions.get(existing.transfer_id) : undefined;
    if (other && other.transfer_id === id)
      await putAll(db, [{ ...other, transfer_id: null, updated_at: at }], 'update', at);
    await db.transactions.delete(id);
    await db.outbox.bulkAdd(deleteOutbox([id], 'transactions', at));
  });
}

/** Applies `change` to every listed row (bulk), in chunks; missing ids are skipped. Returns rows changed. */
async function changeMany(
  db: WyrdDb,
  ids: ReadonlyArray<string>,
  change: (row: TransactionRow) => TransactionRow | null,
  at: IsoTimestamp,
): Promise<number> {
  let changed = 0;
  for (let i = 0; i < ids.length; i += IMPORT_CHUNK) {
    const chunk = ids.slice(i, i + IMPORT_CHUNK);
    await db.transaction('rw', [...db.transactions.stores, db.outbox], async () => {
      const rows = (await db.transactions.bulkGet(chunk)).filter((r): r is TransactionRow => !!r);
      const next = rows
        .map(change)
        .filter((r): r is TransactionRow => !!r)
        .map((r) => ({ ...r, updated_at: at }));
      if (next.length > 0) await putAll(db, next, 'update', at);
      changed += next.length;
    });
  }
  return changed;
}

/** Gives many transactions one category (null: uncategorised). */
export async function recategorise(
  db: WyrdDb,
  ids: ReadonlyArray<string>,
  categoryId: string | null,
  opts?: WriteOptions,
): Promise<number> {
  return changeMany(
    db,
    ids,
    (r) => (r.category_id === categoryId ? null : { ...r, category_id: categoryId }),
    timestamp(opts),
  );
}

/** Links many transactions to a recurring item (null: unlinks them). */
export async function setRecurringLink(
  db: WyrdDb,
  ids: ReadonlyArray<string>,
  itemId: string | null,
  opts?: WriteOptions,
): Promise<number> {
  return changeMany(
    db,
    ids,
    (r) => (r.recurring_item_id === itemId ? null : { ...r, recurring_item_id: itemId }),
    timestamp(opts),
  );
}

/**
 * Links two transactions as the halves of one transfer (each names the other). They must be in different
 * accounts with opposite amounts of the same size; either half's earlier partner is unlinked.
 */
export async function linkTransfer(db: WyrdDb, idA: string, idB: string, opts?: WriteOptions): Promise<void> {
  await linkTransfers(db, [[idA, idB]], opts);
}

/**
 * linkTransfer for many pairs in one transaction and one write (each account-month block is written once). All
 * or nothing: a pair that is not a transfer, or names a missing row, changes nothing.
 */
export async function linkTransfers(
  db: WyrdDb,
  pairs: ReadonlyArray<readonly [string, string]>,
  opts?: WriteOptions,
): Promise<void> {
  if (pairs.length === 0) return;
  const at = timestamp(opts);
  await db.transaction('rw', [...db.transactions.stores, db.outbox], async () => {
    const ids = pairs.flat();
    if (new Set(ids).size !== ids.length)
      throw new DataValidationError('transaction', [
        { field: 'transfer_id', message: 'A transaction can be one half of one transfer only.' },
      ]);
    const found = await db.transactions.bulkGet(ids);
    const rows = new Map<string, TransactionRow>();
    ids.forEach((id, i) => {
      if (!found[i]) throw new RecordNotFoundError('transaction', id);
      rows.set(id, found[i]);
    });
    const linked = new Map<string, string>();
    for (const [idA, idB] of pairs) {
      const a = rows.get(idA)!;
      const b = rows.get(idB)!;
      if (a.account_id === b.account_id || a.amount_cents !== -b.amount_cents || a.amount_cents === 0)
        throw new DataValidationError('transaction', [
          {
            field: 'transfer_id',
            message: 'A transfer links money out of one account with the same amount into another account.',
          },
        ]);
      linked.set(idA, idB);
      linked.set(idB, idA);
    }
    // Either half's earlier partner is unlinked (unless it is linked again here).
    const stale = [...linked.keys()]
      .map((id) => rows.get(id)!.transfer_id)
      .filter((x): x is string => !!x && !linked.has(x));
    const olds = (await db.transactions.bulkGet([...new Set(stale)])).filter((r): r is TransactionRow => !!r);
    await putAll(
      db,
      [
        ...olds.map((r) => ({ ...r, transfer_id: null, updated_at: at })),
        ...[...linked].map(([id, other]) => ({ ...rows.get(id)!, transfer_id: other, updated_at: at })),
      ],
      'update',
      at,
    );
  });
}

/** Unlinks a transfer (both halves). */
export async function unlinkTransfer(db: WyrdDb, id: string, opts?: WriteOptions): Promise<void> {
  const at = timestamp(opts);
  await db.transaction('rw', [...db.transactions.stores, db.outbox], async () => {
    const a = await db.transactions.get(id);
    if (!a) throw new RecordNotFoundError('transaction', id);
    if (!a.transfer_id) return;
    const b = await db.transactions.get(a.transfer_id);
    const next = [{ ...a, transfer_id: null, updated_at: at }];
    if (b && b.transfer_id === id) next.push({ ...b, transfer_id: null, updated_at: at });
    await putAll(db, next, 'update', at);
  });
}

/** Deletes every transaction and import batch of an account (deleting the account cascades to its bank data). */
/**
 * Files a deleted category's transactions as uncategorised, inside the caller's transaction (the category delete):
 * the server refuses a transaction that names a deleted category, so none may be left pointing at it. There is no
 * category index on transactions (docs/data-layer.md: only queried indexes), so this one rare write scans them.
 */
export async function uncategoriseTransactions(db: WyrdDb, categoryId: string, at: IsoTimestamp): Promise<number> {
  const rows = await db.transactions.filter((r) => r.category_id === categoryId).toArray();
  if (rows.length > 0)
    await putAll(
      db,
      rows.map((r) => ({ ...r, category_id: null, updated_at: at })),
      'update',
      at,
    );
  return rows.length;
}

export async function deleteAccountTransactions(db: WyrdDb, accountId: string, at: IsoTimestamp): Promise<number> {
  const rows = await db.transactions.account(accountId);
  const ids = rows.map((r) => r.id);
  const batches = await db.import_batches.where('account_id').equals(accountId).primaryKeys();
  await db.transactions.bulkDelete(ids, [...new Set(rows.map((r) => blockKey(r.account_id, r.date)))]);
  await db.import_batches.bulkDelete(batches);
  await db.outbox.bulkAdd([...deleteOutbox(ids, 'transactions', at), ...deleteOutbox(batches, 'import_batches', at)]);
  return ids.length;
}
