// The outbox: one row per local entity change, written in the same Dexie transaction as the change, in order
// (seq). A later sync engine pushes rows in seq order and removes them once the server has acknowledged them.
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

/** Every row not yet acknowledged by the server, oldest first. */
export function pendingOutbox(db: WyrdDb, limit?: number): Promise<OutboxRow[]> {
  const rows = db.outbox.orderBy('seq');
  return (limit ? rows.limit(limit) : rows).toArray();
}

/** The rows for one entity, oldest first. */
export async function outboxFor(db: WyrdDb, entity: OutboxEntity, entityId: string): Promise<OutboxRow[]> {
  const rows = await db.outbox.where('[entity+entity_id]').equals([entity, entityId]).toArray();
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
