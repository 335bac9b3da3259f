// Recurring detection for the review screen: the engine's detector (in the statement worker) over the stored
// transactions, the series the user already accepted or dismissed left out. Dismissals are remembered on this device.
import type { WyrdDb } from '../../../data/db';
import type { RecurringSeries } from '../engine-types';
import { loadDetector, type Detector } from './recurring-detector';
import { compareCodeUnits } from '../../../lib/format/name-sort';

const DISMISSED_KEY = 'recurring-dismissed';

let replaced: Detector | null = null;

/** Replaces the engine's detector (tests); null puts it back. */
export function setDetector(d: Detector | null): void {
  replaced = d;
}

export async function dismissedKeys(db: WyrdDb): Promise<Set<string>> {
  const row = await db.meta.get(DISMISSED_KEY);
  return new Set((row?.value as string[] | undefined) ?? []);
}

export async function dismissSeries(db: WyrdDb, key: string): Promise<void> {
  const keys = await dismissedKeys(db);
  keys.add(key);
  await db.meta.put({ key: DISMISSED_KEY, value: [...keys] });
}

/** Series worth proposing: not dismissed, and not mostly linked to a recurring item already. */
export async function findSeries(db: WyrdDb, asOf: string): Promise<RecurringSeries[]> {
  const rows = await db.transactions.all();
  const linked = new Set(rows.filter((t) => t.recurring_item_id).map((t) => t.id));
  const input = rows.map((t) => ({
    id: t.id,
    account_id: t.account_id,
    date: t.date,
    amount_cents: t.amount_cents,
    payee: t.payee,
    transfer_id: t.transfer_id ?? null,
  }));
  const dismissed = await dismissedKeys(db);
  const detect = replaced ?? (await loadDetector());
  return (await detect(input, { as_of: asOf }))
    .filter((s) => !dismissed.has(s.key))
    .filter((s) => s.transaction_ids.filter((id) => linked.has(id)).length * 2 < s.transaction_ids.length)
    .sort((a, b) => b.confidence - a.confidence);
}

/** The category most of the series' transactions already have, if any. */
export async function usualCategory(db: WyrdDb, ids: string[]): Promise<string | null> {
  const rows = await db.transactions.bulkGet(ids);
  const counts = new Map<string, number>();
  for (const r of rows) if (r?.category_id) counts.set(r.category_id, (counts.get(r.category_id) ?? 0) + 1);
  let best: string | null = null;
  let n = 0;
  for (const [k, c] of counts) if (c > n) [best, n] = [k, c];
  return best;
}

export type LinkedActual = { id: string; date: string; amount_cents: number };

/** Each linked recurring item's actual transactions, newest first. */
export async function linkedActuals(db: WyrdDb): Promise<Map<string, LinkedActual[]>> {
  const rows = await db.transactions.filter((t) => !!t.recurring_item_id).toArray();
  const byItem = new Map<string, LinkedActual[]>();
  for (const t of rows) {
    const list = byItem.get(t.recurring_item_id as string) ?? [];
    list.push({ id: t.id, date: t.date, amount_cents: t.amount_cents });
    byItem.set(t.recurring_item_id as string, list);
  }
  for (const list of byItem.values()) list.sort((a, b) => compareCodeUnits(b.date, a.date));
  return byItem;
}
