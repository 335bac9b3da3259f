// What a device and the server hold, as comparable maps (entity/id -> canonical JSON), and the differences.
import { rowTable, type WyrdDb } from '../../../src/data/db';
import type { PullResponse } from '../../../src/data/sync/protocol';
import { ASSUMPTIONS_KEY } from '../../../src/data/repositories/assumptions';

export type Snapshot = Map<string, string>;

/** Sorted keys, undefined dropped: two equal records give the same text. */
export function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      return Object.fromEntries(
        Object.entries(v as Record<string, unknown>)
          .filter(([, x]) => x !== undefined)
          .sort(([a], [b]) => (a < b ? -1 : 1)),
      );
    }
    return v;
  });
}

const TABLES = [
  'accounts',
  'recurring_items',
  'categories',
  'scenarios',
  'events',
  'modifications',
  'transactions',
  'import_batches',
] as const;

export async function deviceSnapshot(db: WyrdDb): Promise<Snapshot> {
  const out: Snapshot = new Map();
  for (const table of TABLES) {
    for (const row of (await rowTable(db, table).toArray()) as { id: string }[])
      out.set(`${table}/${row.id}`, canonical(row));
  }
  const assumptions = await db.meta.get(ASSUMPTIONS_KEY);
  if (assumptions)
    out.set(`assumptions/${ASSUMPTIONS_KEY}`, canonical({ ...(assumptions.value as object), id: ASSUMPTIONS_KEY }));
  return out;
}

/** Everything the server holds for the user: a pull from the start, straight to the API (no proxy). */
export async function serverSnapshot(apiUrl: string, token: string): Promise<Snapshot> {
  const out: Snapshot = new Map();
  let since = 0;
  for (;;) {
    const response = await fetch(`${apiUrl}/sync/pull?since=${since}&limit=5000`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    if (!response.ok) throw new Error(`pull failed: HTTP ${response.status} ${await response.text()}`);
    const page = (await response.json()) as PullResponse;
    for (const c of page.changes) {
      const key = `${c.entity}/${c.id}`;
      if (c.op === 'delete') out.delete(key);
      else out.set(key, canonical({ ...(c.payload as object), id: c.id }));
    }
    if (!page.more) return out;
    since = page.cursor;
  }
}

export type Mismatch = { key: string; device?: string; server?: string };

export function diff(device: Snapshot, server: Snapshot): Mismatch[] {
  const out: Mismatch[] = [];
  for (const [key, value] of server)
    if (device.get(key) !== value) out.push({ key, device: device.get(key), server: value });
  for (const [key, value] of device) if (!server.has(key)) out.push({ key, device: value });
  return out;
}

/** Records that look like the same thing twice (same entity and same content apart from id and updated_at). */
export function duplicates(snapshot: Snapshot): string[] {
  const seen = new Map<string, string>();
  const dupes: string[] = [];
  for (const [key, text] of snapshot) {
    const entity = key.split('/')[0];
    const { id: _id, updated_at: _u, created_at: _c, ...rest } = JSON.parse(text) as Record<string, unknown>;
    const content = `${entity}:${canonical(rest)}`;
    if (seen.has(content)) dupes.push(`${seen.get(content)} = ${key}`);
    else seen.set(content, key);
  }
  return dupes;
}
