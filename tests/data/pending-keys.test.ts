// pendingKeys (src/data/outbox.ts), which the sync merge asks which pulled records have changes still queued: a
// short outbox is read whole, a long one looked up key by key through its indexes; both answer the same.
import { afterEach, describe, expect, it } from 'vitest';
import type { WyrdDb } from '../../src/data/db';
import { outboxRef, outboxRow, pendingKeys } from '../../src/data/outbox';
import { freshDb } from './helpers';

const opened: WyrdDb[] = [];
afterEach(() => {
  for (const db of opened.splice(0)) db.close();
});

const AT = '2026-11-28T00:00:00.000Z';

async function queue(db: WyrdDb, extra: number): Promise<void> {
  await db.outbox.bulkAdd([
    outboxRow('accounts', 'acc-1', 'update', { id: 'acc-1' }, AT),
    outboxRef('transactions', 'tx-1', 'create', AT),
    // A slice row: its records are in refs, its entity_id is empty.
    { ...outboxRef('transactions', '', 'create', AT), refs: ['tx-2', 'tx-3'] },
    outboxRow('categories', 'tx-2', 'delete', { id: 'tx-2', deleted_at: AT }, AT),
    ...Array.from({ length: extra }, (_, i) => outboxRow('accounts', `other-${i}`, 'update', { id: `other-${i}` }, AT)),
  ]);
}

// As a set (a slice row found through two of its records is listed twice), without the empty id (no record has it).
const sorted = (keys: Array<[string, string]>) =>
  [...new Set(keys.map((k) => k.join('/')))].filter((k) => !k.endsWith('/')).sort();

describe('pendingKeys', () => {
  const asked: Array<[string, string]> = [
    ['accounts', 'acc-1'],
    ['accounts', 'acc-2'],
    ['transactions', 'tx-1'],
    ['transactions', 'tx-3'],
    ['transactions', 'tx-4'],
    ['transactions', ''],
    ['accounts', 'tx-2'],
  ];
  const expected = ['accounts/acc-1', 'transactions/tx-1', 'transactions/tx-3'];

  it('finds plain, reference and slice rows in a short outbox (read whole) and a long one (by index)', async () => {
    for (const extra of [0, 200]) {
      const db = freshDb(`pending-keys-${extra}`);
      opened.push(db);
      await queue(db, extra);
      const found = await db.transaction('r', db.outbox, () => pendingKeys(db, asked));
      expect(sorted(found)).toEqual(expected);
    }
  });

  it('answers nothing from an empty outbox', async () => {
    const db = freshDb('pending-keys-empty');
    opened.push(db);
    expect(await pendingKeys(db, asked)).toEqual([]);
  });
});
