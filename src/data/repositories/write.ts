// Shared write plumbing for the repositories: the clock, zod-to-field-error mapping, writing an entity together
// with its outbox row, and the create, update and delete every repository makes (each one Dexie transaction).
import type { Table } from 'dexie';
import type { z } from 'zod';
import type { WyrdDb } from '../db';
import type { IsoTimestamp, LocalRow } from '../entities';
import { appendOutbox, type DeletePayload, type OutboxEntity } from '../outbox';
import { DataValidationError, RecordNotFoundError, type DataFieldError, type EntityLabel } from './errors';

/** How a write learns the time: a fixed ISO timestamp or a clock function (tests inject one). */
export type WriteOptions = { now?: IsoTimestamp | (() => IsoTimestamp) };

export function timestamp(opts?: WriteOptions): IsoTimestamp {
  const now = opts?.now;
  if (typeof now === 'function') return now();
  return now ?? new Date().toISOString();
}

function fieldName(path: ReadonlyArray<PropertyKey>): string {
  return path.length === 0 ? '(record)' : path.map(String).join('.');
}

function friendlier(message: string): string {
  if (/received undefined$/.test(message)) return 'is required';
  if (/expected number, received NaN$/.test(message)) return 'must be a number';
  return message;
}

function valueAt(root: unknown, path: ReadonlyArray<PropertyKey>): unknown {
  let v = root;
  for (const key of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<PropertyKey, unknown>)[key];
  }
  return v;
}

/** Field-named messages; a missing value reads 'is required' whatever the schema's own wording. */
export function zodFieldErrors(error: z.ZodError, input?: unknown): DataFieldError[] {
  return error.issues.map((issue) => {
    const missing = input !== undefined && issue.code === 'invalid_type' && valueAt(input, issue.path) === undefined;
    return { field: fieldName(issue.path), message: missing ? 'is required' : friendlier(issue.message) };
  });
}

/** Parses with the shared schema plus any data-layer rules, or throws one DataValidationError listing every field. */
export function validate<O>(
  entity: EntityLabel,
  schema: z.ZodType<O>,
  value: unknown,
  extra: DataFieldError[] = [],
): O {
  const result = schema.safeParse(value);
  const errors = result.success ? [] : zodFieldErrors(result.error, value);
  const all = [...extra, ...errors.filter((e) => !extra.some((x) => x.field === e.field))];
  if (!result.success || all.length > 0) throw new DataValidationError(entity, all);
  return result.data;
}

/** validate() for a row about to be stored: the parsed entity stamped with the write's time. */
export function validateRow<O extends object>(
  entity: EntityLabel,
  schema: z.ZodType<O>,
  value: unknown,
  at: IsoTimestamp,
  extra: DataFieldError[] = [],
): LocalRow<O> {
  return { ...validate(entity, schema, value, extra), updated_at: at };
}

/** 'is required' for a blank string field, for the data-layer rules zod's engine schemas leave open. */
export function requireText(fields: Record<string, unknown>): DataFieldError[] {
  const errors: DataFieldError[] = [];
  for (const [field, value] of Object.entries(fields)) {
    if (typeof value !== 'string' || value.trim() === '') errors.push({ field, message: 'is required' });
  }
  return errors;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyTable<T> = Table<T, string, any>;

/** Puts the row and appends its outbox row (create or update). */
export async function putWithOutbox<T extends { id: string }>(
  db: WyrdDb,
  table: AnyTable<T>,
  entity: OutboxEntity,
  row: T,
  op: 'create' | 'update',
  at: IsoTimestamp,
): Promise<void> {
  await table.put(row);
  await appendOutbox(db, entity, row.id, op, row, at);
}

/** Deletes the row and appends the delete outbox row, which is the tombstone. */
export async function deleteWithOutbox<T>(
  db: WyrdDb,
  table: AnyTable<T>,
  entity: OutboxEntity,
  id: string,
  at: IsoTimestamp,
): Promise<void> {
  await table.delete(id);
  const tombstone: DeletePayload = { id, deleted_at: at };
  await appendOutbox(db, entity, id, 'delete', tombstone, at);
}

/** A repository's table, the outbox's name for it and the label its errors use. */
export type RowStore<T extends { id: string }> = { table: AnyTable<T>; outbox: OutboxEntity; label: EntityLabel };

/** Tables a write reads or writes besides the store's own table and the outbox. */
type AlsoTables = ReadonlyArray<Table>;

/** The stored row, or a RecordNotFoundError (inside the write's transaction). */
export async function storedRow<T extends { id: string }>(store: RowStore<T>, id: string): Promise<T> {
  const existing = await store.table.get(id);
  if (!existing) throw new RecordNotFoundError(store.label, id);
  return existing;
}

/** Saves a new row with its outbox row, after `check` (which throws to refuse), in one transaction. */
export async function createRow<T extends { id: string }>(
  db: WyrdDb,
  store: RowStore<T>,
  row: T,
  at: IsoTimestamp,
  check: () => Promise<void> = async () => {},
  also: AlsoTables = [],
): Promise<T> {
  await db.transaction('rw', [store.table, db.outbox, ...also], async () => {
    await check();
    await putWithOutbox(db, store.table, store.outbox, row, 'create', at);
  });
  return row;
}

/**
 * Replaces a stored row with the one `build` makes from it (build validates and throws to refuse; the row must
 * exist) and appends its outbox row, in one transaction.
 */
export function updateRow<T extends { id: string }>(
  db: WyrdDb,
  store: RowStore<T>,
  id: string,
  at: IsoTimestamp,
  build: (existing: T) => T | Promise<T>,
  also: AlsoTables = [],
): Promise<T> {
  return db.transaction('rw', [store.table, db.outbox, ...also], async () => {
    const row = await build(await storedRow(store, id));
    await putWithOutbox(db, store.table, store.outbox, row, 'update', at);
    return row;
  });
}

/** Deletes a stored row with its tombstone after `check` (which throws to refuse, or removes what hangs off it). */
export async function deleteRow<T extends { id: string }>(
  db: WyrdDb,
  store: RowStore<T>,
  id: string,
  at: IsoTimestamp,
  check: (existing: T) => Promise<void> = async () => {},
  also: AlsoTables = [],
): Promise<void> {
  await db.transaction('rw', [store.table, db.outbox, ...also], async () => {
    await check(await storedRow(store, id));
    await deleteWithOutbox(db, store.table, store.outbox, id, at);
  });
}
