// Writes pulled server changes into the user's database. Merge rules (docs/sync.md): a record with a pending
// local change (outbox row) or a parked rejection keeps its local version and the server's change waits in
// sync_deferred, except an unmodified seeded default, which the server's row replaces; otherwise the server's
// row wins and a tombstone deletes; the cursor moves in the same transaction as the rows it covers. Pulled
// changes never write outbox rows (they must not echo back).
import type { Table } from 'dexie';
import { isSyncRowEntity, SYNC_ROW_ENTITIES, type Change, type SyncRowEntity } from '../../../worker/engine/index';
import { rowTable, storesOf, type WyrdDb } from '../db';
import { TxTable } from '../tx-blocks';
import { ASSUMPTIONS_KEY } from '../repositories/assumptions';
import { isUnmodifiedSeed } from './seeds';
import { inSlices } from '../in-slices';
import { pendingKeys } from '../outbox';
import { SYNC_CURSOR_KEY } from './sync-meta';
import type { SyncDeferredRow } from './sync-tables';
import type { TransactionRow } from '../entities';

type Key = `${string}\u0000${string}`;
export const keyOf = (entity: string, id: string): Key => `${entity}\u0000${id}`;

type RowTable = Table<{ id: string }, string>;

/**
 * The Dexie table holding an entity, or null for the singleton (assumptions live in meta) and for an entity
 * this app version does not know.
 */
export function entityTable(db: WyrdDb, entity: string): RowTable | null {
  return isSyncRowEntity(entity) ? rowTable(db, entity) : null;
}

export const ROW_ENTITIES: ReadonlyArray<SyncRowEntity> = SYNC_ROW_ENTITIES;

/**
 * The tables a merge of `entities` touches (every synced table when not given): their row tables, meta (the
 * cursor, the assumptions), the outbox and parked rejections (which hold records back), the held-back changes,
 * and the server copies of event-made records when accounts or recurring items are among them. A chunk locks
 * only these, so screens reading other tables are not held up by a long pull.
 */
export function mergeTables(db: WyrdDb, entities?: ReadonlySet<string>) {
  const rows = entities ? ROW_ENTITIES.filter((entity) => entities.has(entity)) : ROW_ENTITIES;
  const base = !entities || entities.has('accounts') || entities.has('recurring_items');
  return [
    ...rows.flatMap((entity) => storesOf(db, entity)),
    db.meta,
    db.outbox,
    db.sync_rejections,
    db.sync_deferred,
    ...(base ? [db.sync_base] : []),
  ];
}

/**
 * Changes written per task inside a merge transaction (inSlices): a pulled page of 1,000 is merged in one
 * transaction without one task copying all of it into IndexedDB.
 */
export const MERGE_SLICE = 200;

/** Keys (of the given ones) that have a pending outbox row or a parked rejection. Inside a transaction. */
async function blockedKeys(db: WyrdDb, keys: ReadonlyArray<[string, string]>): Promise<Set<Key>> {
  if (keys.length === 0) return new Set();
  const [pending, parked] = await Promise.all([
    pendingKeys(db, keys),
    db.sync_rejections
      .where('[entity+entity_id]')
      .anyOf(keys as [string, string][])
      .toArray(),
  ]);
  const blocked = new Set<Key>();
  for (const [entity, id] of pending) blocked.add(keyOf(entity, id));
  for (const r of parked) blocked.add(keyOf(r.entity, r.entity_id));
  return blocked;
}

/**
 * Of the blocked keys, the categories whose only pending rows are unmodified seeded defaults (and that have no
 * parked rejection): the server's row wins over those, and the seed rows are dropped (docs/sync.md).
 */
async function seedOnlyKeys(db: WyrdDb, blocked: ReadonlySet<Key>): Promise<{ keys: Set<Key>; seqs: number[] }> {
  const ids = [...blocked]
    .filter((k) => k.startsWith('categories\u0000'))
    .map((k) => k.slice('categories\u0000'.length));
  const keys = new Set<Key>();
  const seqs: number[] = [];
  if (ids.length === 0) return { keys, seqs };
  const pairs = ids.map((id) => ['categories', id] as [string, string]);
  const [pending, parked] = await Promise.all([
    db.outbox.where('[entity+entity_id]').anyOf(pairs).toArray(),
    db.sync_rejections.where('[entity+entity_id]').anyOf(pairs).toArray(),
  ]);
  const refused = new Set(parked.map((r) => r.entity_id));
  const byId = new Map<string, typeof pending>();
  for (const row of pending) byId.set(row.entity_id, [...(byId.get(row.entity_id) ?? []), row]);
  for (const [id, rows] of byId) {
    if (refused.has(id) || !rows.every((row) => isUnmodifiedSeed(db, row))) continue;
    keys.add(keyOf('categories', id));
    seqs.push(...rows.map((row) => row.seq!));
  }
  return { keys, seqs };
}

function assumptionsValue(payload: unknown): unknown {
  if (!payload || typeof payload !== 'object') return payload;
  const { id: _id, ...rest } = payload as Record<string, unknown>;
  return rest;
}

/** Applies changes (already de-duplicated per key, last one wins) directly to the tables. */
async function applyChanges(
  db: WyrdDb,
  changes: ReadonlyArray<Pick<Change, 'entity' | 'id' | 'op' | 'payload'>>,
): Promise<void> {
  const puts = new Map<RowTable, { id: string }[]>();
  const deletes = new Map<RowTable, string[]>();
  for (const c of changes) {
    if (c.entity === 'assumptions') {
      if (c.op === 'delete') await db.meta.delete(ASSUMPTIONS_KEY);
      else await db.meta.put({ key: ASSUMPTIONS_KEY, value: assumptionsValue(c.payload) });
      continue;
    }
    const table = entityTable(db, c.entity);
    if (!table) continue; // an entity this app version does not know
    const into = c.op === 'delete' ? deletes : puts;
    if (!into.has(table)) into.set(table, []);
    if (c.op === 'delete') deletes.get(table)!.push(c.id);
    else puts.get(table)!.push({ ...(c.payload as object), id: c.id });
  }
  // Transactions are stored a block per account and month (tx-blocks.ts): one call writes each touched block once.
  for (const [table, rows] of puts)
    if (table instanceof TxTable) await table.bulkPut(rows as TransactionRow[]);
    else await inSlices(rows, MERGE_SLICE, (slice) => table.bulkPut(slice));
  for (const [table, ids] of deletes)
    if (table instanceof TxTable) await table.bulkDelete(ids);
    else await inSlices(ids, MERGE_SLICE, (slice) => table.bulkDelete([...slice]));
}

const isEventMade = (c: Pick<Change, 'op' | 'payload'>) =>
  c.op === 'upsert' && !!(c.payload as { scenario_event_id?: unknown } | null)?.scenario_event_id;

/** Keeps the server's copy of event-made accounts and recurring items (see SyncBaseRow). */
async function trackBase(db: WyrdDb, changes: ReadonlyArray<Change>): Promise<void> {
  const relevant = changes.filter((c) => c.entity === 'accounts' || c.entity === 'recurring_items');
  const keep = relevant.filter(isEventMade);
  const drop = relevant.filter((c) => !isEventMade(c));
  if (keep.length > 0)
    await db.sync_base.bulkPut(
      keep.map((c) => ({
        entity: c.entity as 'accounts' | 'recurring_items',
        entity_id: c.id,
        seq: c.seq,
        payload: c.payload,
      })),
    );
  // Only what is there: most pulls hold no event-made records, and a delete per change would double the writes.
  if (drop.length > 0 && (await db.sync_base.count()) > 0)
    await db.sync_base.bulkDelete(drop.map((c) => [c.entity, c.id] as [string, string]));
}

/** Last change per key, in order. */
function lastPerKey(changes: ReadonlyArray<Change>): Change[] {
  const byKey = new Map<Key, Change>();
  for (const c of changes) {
    const k = keyOf(c.entity, c.id);
    byKey.delete(k);
    byKey.set(k, c);
  }
  return [...byKey.values()];
}

/**
 * Merges one chunk of pulled changes and stores `cursor`, all in one transaction: if it fails, neither the
 * rows nor the cursor move and the same changes are pulled again.
 */
export async function mergeChunk(
  db: WyrdDb,
  changes: ReadonlyArray<Change>,
  cursor: number,
): Promise<{ applied: number; deferred: number }> {
  return db.transaction('rw', mergeTables(db, new Set(changes.map((c) => c.entity))), async () => {
    const latest = lastPerKey(changes);
    const blocked = await blockedKeys(
      db,
      latest.map((c) => [c.entity, c.id]),
    );
    const seeds = await seedOnlyKeys(db, blocked);
    for (const k of seeds.keys) blocked.delete(k);
    if (seeds.seqs.length > 0) await db.outbox.bulkDelete(seeds.seqs);
    const apply: Change[] = [];
    const defer: SyncDeferredRow[] = [];
    for (const c of latest) {
      if (blocked.has(keyOf(c.entity, c.id)))
        defer.push({ entity: c.entity, entity_id: c.id, seq: c.seq, op: c.op, payload: c.payload });
      else apply.push(c);
    }
    await applyChanges(db, apply);
    // Held-back changes are rare: skip a delete per applied change when none wait.
    if (apply.length > 0 && (await db.sync_deferred.count()) > 0)
      await db.sync_deferred.bulkDelete(apply.map((c) => [c.entity, c.id] as [string, string]));
    if (defer.length > 0) {
      const older = await db.sync_deferred.bulkGet(defer.map((d) => [d.entity, d.entity_id] as [string, string]));
      await db.sync_deferred.bulkPut(defer.filter((d, i) => !older[i] || older[i]!.seq < d.seq));
    }
    await trackBase(db, latest);
    await db.meta.put({ key: SYNC_CURSOR_KEY, value: cursor });
    return { applied: apply.length, deferred: defer.length };
  });
}

/** Applies held-back server changes whose record no longer has a pending or parked local change. */
export async function resolveDeferred(db: WyrdDb): Promise<number> {
  // Usually nothing waits: no transaction over every table for that.
  if ((await db.sync_deferred.count()) === 0) return 0;
  return db.transaction('rw', mergeTables(db), async () => {
    const waiting = await db.sync_deferred.toArray();
    if (waiting.length === 0) return 0;
    const blocked = await blockedKeys(
      db,
      waiting.map((d) => [d.entity, d.entity_id]),
    );
    const seeds = await seedOnlyKeys(db, blocked);
    for (const k of seeds.keys) blocked.delete(k);
    if (seeds.seqs.length > 0) await db.outbox.bulkDelete(seeds.seqs);
    const ready = waiting.filter((d) => !blocked.has(keyOf(d.entity, d.entity_id)));
    await applyChanges(
      db,
      ready.map((d) => ({ entity: d.entity, id: d.entity_id, op: d.op, payload: d.payload })),
    );
    await db.sync_deferred.bulkDelete(ready.map((d) => [d.entity, d.entity_id] as [string, string]));
    return ready.length;
  });
}

/**
 * End of a full re-sync: deletes local records the server no longer has (`live` = the keys the server sent
 * as live), except those with a pending or parked local change, and forgets held-back upserts of records
 * the server no longer has.
 */
export async function sweepMissing(db: WyrdDb, live: ReadonlySet<string>): Promise<number> {
  return db.transaction('rw', mergeTables(db), async () => {
    const candidates: [string, string][] = [];
    for (const entity of ROW_ENTITIES) {
      const ids = (await entityTable(db, entity)!.toCollection().primaryKeys()) as string[];
      for (const id of ids) if (!live.has(keyOf(entity, id))) candidates.push([entity, id]);
    }
    if ((await db.meta.get(ASSUMPTIONS_KEY)) && !live.has(keyOf('assumptions', ASSUMPTIONS_KEY)))
      candidates.push(['assumptions', ASSUMPTIONS_KEY]);
    const blocked = await blockedKeys(db, candidates);
    const gone = candidates.filter(([e, id]) => !blocked.has(keyOf(e, id)));
    await applyChanges(
      db,
      gone.map(([entity, id]) => ({ entity, id, op: 'delete' as const, payload: null })),
    );
    const deferred = await db.sync_deferred.toArray();
    await db.sync_deferred.bulkDelete(
      deferred
        .filter((d) => d.op === 'upsert' && !live.has(keyOf(d.entity, d.entity_id)))
        .map((d) => [d.entity, d.entity_id] as [string, string]),
    );
    const bases = await db.sync_base.toCollection().primaryKeys();
    await db.sync_base.bulkDelete(bases.filter(([e, id]) => !live.has(keyOf(e, id))));
    return gone.length;
  });
}
