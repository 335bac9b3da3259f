// Changes the server refused, parked out of the outbox: listed for the user, who fixes the record (a later
// accepted change to it settles the refusal), sends it again, or discards it (the server's copy then
// comes back with a full re-sync).
import type { WyrdDb } from '../db';
import { outboxRow } from '../outbox';
import { requestResync } from './sync-meta';
import type { SyncRejectionRow } from './sync-tables';

export function listRejections(db: WyrdDb): Promise<SyncRejectionRow[]> {
  return db.sync_rejections.orderBy('mutation_id').toArray();
}

/** Drops the local change and asks the next round to restore the server's copy of the record. */
export async function discardRejection(db: WyrdDb, mutationId: number): Promise<void> {
  await db.transaction('rw', [db.sync_rejections, db.meta], async () => {
    await db.sync_rejections.delete(mutationId);
    await requestResync(db);
  });
}

/** Queues the refused change again as a new outbox row (after the user fixed what it depended on). */
export async function retryRejection(db: WyrdDb, mutationId: number, at = new Date().toISOString()): Promise<void> {
  await db.transaction('rw', [db.sync_rejections, db.outbox], async () => {
    const parked = await db.sync_rejections.get(mutationId);
    if (!parked) return;
    await db.outbox.add(outboxRow(parked.entity, parked.entity_id, parked.op, parked.payload, at));
    await db.sync_rejections.delete(mutationId);
  });
}
