// Default categories seeded on a device before it heard from the server must never win over the server's
// rows (docs/sync.md "Seeded defaults"). An outbox row is an unmodified seed when it creates a category under
// the id its default name and type give for this user: a rename writes an update row, and a category the user
// adds by hand gets a random id.
import { defaultCategoryId } from '../default-categories';
import type { WyrdDb } from '../db';
import type { OutboxRow } from '../entities';

export function isUnmodifiedSeed(db: WyrdDb, row: Pick<OutboxRow, 'entity' | 'entity_id' | 'op' | 'payload'>): boolean {
  if (row.entity !== 'categories' || row.op !== 'create') return false;
  const payload = row.payload as { name?: unknown; type?: unknown } | null;
  if (typeof payload?.name !== 'string' || (payload.type !== 'income' && payload.type !== 'expense')) return false;
  return row.entity_id === defaultCategoryId(db.userId, payload.type, payload.name);
}

/**
 * True when seeded defaults wait in the outbox: the round then pulls before it pushes, so the server's copy of
 * a default (renamed or deleted on another device) replaces the seed instead of the seed overwriting it.
 */
export async function seedsWaiting(db: WyrdDb): Promise<boolean> {
  const creates = await db.outbox
    .where('[entity+entity_id]')
    .between(['categories', ''], ['categories', '\uffff'])
    .filter((row) => isUnmodifiedSeed(db, row))
    .first();
  return creates !== undefined;
}
