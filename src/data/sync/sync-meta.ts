// The sync engine's small facts in the user database's meta table: this device's client id, the pull
// cursor, when the last sync finished, and whether a full re-sync is due.
import type { WyrdDb } from '../db';

export const SYNC_CLIENT_ID_KEY = 'sync_client_id';
export const SYNC_CURSOR_KEY = 'sync_cursor';
export const SYNC_LAST_SYNCED_KEY = 'sync_last_synced_at';
export const SYNC_RESYNC_KEY = 'sync_resync_needed';

/**
 * This device's id for the server's per-client mutation bookkeeping. It lives in the user's database, so a
 * cleared database is a new client (its outbox sequence numbers start again).
 */
export async function ensureClientId(db: WyrdDb): Promise<string> {
  return db.transaction('rw', db.meta, async () => {
    const found = (await db.meta.get(SYNC_CLIENT_ID_KEY))?.value;
    if (typeof found === 'string' && found) return found;
    const id = crypto.randomUUID();
    await db.meta.put({ key: SYNC_CLIENT_ID_KEY, value: id });
    return id;
  });
}

/** The server sequence this device has pulled through; null before the first pull on this device. */
export async function readCursor(db: WyrdDb): Promise<number | null> {
  const value = (await db.meta.get(SYNC_CURSOR_KEY))?.value;
  return typeof value === 'number' ? value : null;
}

export async function readLastSyncedAt(db: WyrdDb): Promise<string | null> {
  const value = (await db.meta.get(SYNC_LAST_SYNCED_KEY))?.value;
  return typeof value === 'string' ? value : null;
}

export async function resyncNeeded(db: WyrdDb): Promise<boolean> {
  return (await db.meta.get(SYNC_RESYNC_KEY))?.value === true;
}

/** Asks the next round to pull everything again (must-refetch, or a discarded rejection to undo). */
export async function requestResync(db: WyrdDb): Promise<void> {
  await db.meta.put({ key: SYNC_RESYNC_KEY, value: true });
}
