// The stored rows an import is de-duplicated against: the account's transactions within a week either side of the
// incoming dates (a pending row posts a few days later; the near-match window is at most 6 days).
import type { WyrdDb } from '../../../data/db';
import type { ParsedRow } from '../engine-types';
import type { ExistingRow } from './import-types';

/** Days either side of the incoming dates whose stored rows the de-duplication compares with. */
const OVERLAP_DAYS = 7;

function shiftDate(iso: string, days: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** `incoming` must not be empty. */
export async function storedAround(db: WyrdDb, account: string, incoming: ParsedRow[]): Promise<ExistingRow[]> {
  let min = incoming[0].date;
  let max = incoming[0].date;
  for (const r of incoming) {
    if (r.date < min) min = r.date;
    if (r.date > max) max = r.date;
  }
  const stored = await db.transactions.account(account, shiftDate(min, -OVERLAP_DAYS), shiftDate(max, OVERLAP_DAYS));
  return stored.map((t) => ({
    id: t.id,
    date: t.date,
    amount_cents: t.amount_cents,
    description: t.description,
    payee: t.payee,
    bank_id: t.bank_id ?? null,
    balance_cents: t.balance_cents ?? null,
    fingerprint: t.fingerprint ?? null,
  }));
}
