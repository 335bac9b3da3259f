// The outbox: one row per local entity change (or one slice row for a written slice of transactions), written in the
// same Dexie transaction as the change, in order (seq). The sync engine pushes them in order and removes them once
// the server has acknowledged them.
import type { WyrdDb } from './db';
import type { IsoTimestamp, OutboxEntity, OutboxRow } from './entities';

export type { OutboxEntity };

export type OutboxOp = OutboxRow['op'];

/** The payload of a delete row: the tombstone (see docs/data-layer.md). */
export type DeletePayload = { id: string; deleted_at: IsoTimestamp };

export function outboxRow(
  entity: OutboxEntity,
  entityId: string,
  op: OutboxOp,
  payload: unknown,
  at: IsoTimestamp,
): OutboxRow {
  return { entity, entity_id: entityId, op, payload, created_at: at, attempts: 0 };
}

/**
 * A reference row: a create or update that names the record instead of copying it. The push reads the record as
 * it is stored when it builds the batch, so a large import stores each row once, not twice (docs/sync.md
 * "Reference rows"). Only for entities with a row table, whose every write stores the whole row.
 */
export function outboxRef(
  entity: OutboxEntity,
  entityId: string,
  op: 'create' | 'update',
  at: IsoTimestamp,
): OutboxRow {
  return { entity, entity_id: entityId, op, created_at: at, attempts: 0 };
}

/** True for a reference row (a create or update without a payload). */
export function isReference(row: Pick<OutboxRow, 'op' | 'payload'>): boolean {
  return row.op !== 'delete' && row.payload === undefined;
}

/** True for a slice row: the reference rows of one written slice in one outbox row (docs/sync.md "Slice rows"). */
export function isSlice(row: Pick<OutboxRow, 'refs'>): row is { refs: string[] } {
  return Array.isArray(row.refs);
}

/** The first mutation id an outbox row stands for (a slice row's ids end at its seq). */
export function firstMutationId(row: OutboxRow): number {
  return isSlice(row) ? row.seq! - row.refs.length + 1 : row.seq!;
}

/**
 * The outbox rows of one written slice of records, `size` records per row, with the mutation ids `after + 1`
 * onwards: each row is stored under the last id of its range (`add` with that key moves IndexedDB's key generator
 * past it, so no later row takes an id inside a range). `after` must be the outbox's newest key, read inside the
 * same transaction (reserveAfter).
 */
export function outboxSlices(
  entity: OutboxEntity,
  ids: ReadonlyArray<string>,
  op: 'create' | 'update',
  at: IsoTimestamp,
  after: number,
  size: number,
): OutboxRow[] {
  const rows: OutboxRow[] = [];
  for (let i = 0; i < ids.length; i += size) {
    const refs = ids.slice(i, i + size);
    rows.push({ seq: after + i + refs.length, entity, entity_id: '', op, refs, created_at: at, attempts: 0 });
  }
  return rows;
}

/**
 * The key generator's current position, inside the caller's transaction: IndexedDB has no way to read it, so a
 * placeholder row is added (taking the next key) and removed again. Mutation ids above it are free for slice rows.
 */
export async function reserveAfter(db: WyrdDb): Promise<number> {
  const seq = await db.outbox.add({ entity: '', entity_id: '', op: 'update', created_at: '', attempts: 0 });
  await db.outbox.delete(seq);
  return seq!;
}

/**
 * The changes an outbox row stands for, one per mutation id, each shaped as a row of its own (`seq` is its
 * mutation id, `entity_id` its record): a slice row gives a reference row per record, any other row itself.
 */
export function expandRow(row: OutboxRow): OutboxRow[] {
  if (!isSlice(row)) return [row];
  const first = firstMutationId(row);
  return row.refs.map((id, i) => ({
    seq: first + i,
    entity: row.entity,
    entity_id: id,
    op: row.op,
    ...(row.blocks ? { blocks: row.blocks } : {}),
    created_at: row.created_at,
    attempts: row.attempts,
  }));
}

/** Outbox rows read per request while expanding slice rows into changes. */
const EXPAND_PAGE = 50;

/**
 * The oldest `limit` changes waiting, slice rows expanded (expandRow), oldest first; with `afterId`, the oldest of
 * those whose mutation id is above it (the batch after one still on its way to the server, which may begin inside
 * a slice row). Only as many rows as needed are read, so a queue of thousands of slice rows is not read whole for a
 * batch of 1,000.
 */
export async function pendingChanges(db: WyrdDb, limit: number, afterId = -Infinity): Promise<OutboxRow[]> {
  const changes: OutboxRow[] = [];
  let after = afterId;
  while (changes.length < limit) {
    const rows = await db.outbox.where(':id').above(after).limit(EXPAND_PAGE).toArray();
    for (const row of rows) for (const c of expandRow(row)) if (c.seq! > afterId) changes.push(c);
    if (rows.length < EXPAND_PAGE) break;
    after = rows[rows.length - 1].seq!;
  }
  return changes.slice(0, limit);
}

/** How many changes wait (a slice row counts each of its records): the count the sync indicator shows. */
export async function pendingChangeCount(db: WyrdDb): Promise<number> {
  const [rows, slices, refs] = await Promise.all([
    db.outbox.count(),
    db.outbox.where('[entity+entity_id]').anyOf(SLICE_KEYS).count(),
    db.outbox.orderBy('refs').count(),
  ]);
  return rows - slices + refs;
}

/** Where slice rows sit in the [entity+entity_id] index: under their entity with an empty id. */
const SLICE_KEYS: [string, string][] = [['transactions', '']];

/**
 * Of the given [entity, id] keys, those with a pending outbox row, slice rows included (through the multi-entry
 * `refs` index). Inside the caller's transaction.
 */
export async function pendingKeys(db: WyrdDb, keys: ReadonlyArray<[string, string]>): Promise<Array<[string, string]>> {
  if (keys.length === 0) return [];
  const wanted = new Set(keys.map(([e, id]) => `${e}\u0000${id}`));
  // A new device's pull merges chunks of 1,000 against an outbox that is empty or nearly: walking both indexes
  // for every key (anyOf sorts the keys and steps a cursor through them) cost about 0.2 s of its main thread.
  const queued = await db.outbox.count();
  if (queued === 0) return [];
  if (queued <= FEW_QUEUED) {
    const found: Array<[string, string]> = [];
    for (const r of await db.outbox.toArray()) {
      if (r.refs) {
        for (const id of r.refs) if (wanted.has(`${r.entity}\u0000${id}`)) found.push([r.entity, id]);
      } else if (wanted.has(`${r.entity}\u0000${r.entity_id}`)) found.push([r.entity, r.entity_id]);
    }
    return found;
  }
  const ids = [...new Set(keys.map(([, id]) => id))];
  const [rows, slices] = await Promise.all([
    db.outbox
      .where('[entity+entity_id]')
      .anyOf(keys as [string, string][])
      .toArray(),
    db.outbox.where('refs').anyOf(ids).toArray(),
  ]);
  const found: Array<[string, string]> = rows.map((r) => [r.entity, r.entity_id]);
  for (const r of slices)
    for (const id of r.refs ?? []) if (wanted.has(`${r.entity}\u0000${id}`)) found.push([r.entity, id]);
  return found;
}

/** Up to this many outbox rows are read whole by pendingKeys rather than looked up key by key. */
const FEW_QUEUED = 64;

/** Appends one row; call only inside a transaction that also writes the entity. */
export async function appendOutbox(
  db: WyrdDb,
  entity: OutboxEntity,
  entityId: string,
  op: OutboxOp,
  payload: unknown,
  at: IsoTimestamp,
): Promise<void> {
  await db.outbox.add(outboxRow(entity, entityId, op, payload, at));
}

/** Every row not yet acknowledged by the server, oldest first (slice rows as stored: see pendingChanges). */
export function pendingOutbox(db: WyrdDb, limit?: number): Promise<OutboxRow[]> {
  const rows = db.outbox.orderBy('seq');
  return (limit ? rows.limit(limit) : rows).toArray();
}

/** The rows for one entity, oldest first; a slice row naming it is given as its own reference row (expandRow). */
export async function outboxFor(db: WyrdDb, entity: OutboxEntity, entityId: string): Promise<OutboxRow[]> {
  const [rows, slices] = await Promise.all([
    db.outbox.where('[entity+entity_id]').equals([entity, entityId]).toArray(),
    db.outbox.where('refs').equals(entityId).toArray(),
  ]);
  for (const slice of slices)
    if (slice.entity === entity) rows.push(...expandRow(slice).filter((r) => r.entity_id === entityId));
  return rows.sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
}

/**
 * True when the entity has a delete waiting to be pushed: a pull must not bring it back (a resurrected
 * record from a stale server copy is ignored until the server has acknowledged the delete).
 */
export async function hasPendingDelete(db: WyrdDb, entity: OutboxEntity, entityId: string): Promise<boolean> {
  const rows = await outboxFor(db, entity, entityId);
  return rows.length > 0 && rows[rows.length - 1].op === 'delete';
}

/** Removes rows the server has acknowledged (by seq). */
export async function acknowledgeOutbox(db: WyrdDb, seqs: ReadonlyArray<number>): Promise<void> {
  await db.outbox.bulkDelete([...seqs]);
}
