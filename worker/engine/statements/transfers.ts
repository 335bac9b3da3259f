// Transfer recognition (docs/transactions.md, "Transfers"): money leaving one of the user's accounts and the same
// amount arriving in another within 3 days is one transfer, linked so it counts as neither income nor expense.
import { dateToDayNumber } from '../calendar';

/** What transfer recognition needs of a transaction. */
export type TransferInput = {
  id: string;
  account_id: string;
  date: string; // YYYY-MM-DD
  amount_cents: number;
  /** Already linked rows are left alone (never paired a second time). */
  transfer_id?: string | null;
};

/** Two rows to link: each row's transfer_id becomes the other's id. */
export type TransferPair = {
  /** The money-out row (negative amount). */
  out_id: string;
  /** The money-in row (positive amount, another account). */
  in_id: string;
  /** Whole days between the two dates (0 to 3). */
  days_apart: number;
};

/** The widest gap between the two halves of a transfer, in days. */
export const TRANSFER_WINDOW_DAYS = 3;

type Row = { id: string; account_id: string; day: number };
type Candidate = { out: Row; in: Row; gap: number };

function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Finds transfers between the user's accounts: a money-out row and a money-in row of the same size, in different
 * accounts, at most 3 days apart. Pairing is one-to-one and independent of input order: every candidate pair is
 * ranked by the gap in days (closest first), then the earlier money-out date, then the ids, and taken greedily
 * while neither row is already used. Rows with a transfer_id, and zero amounts, are ignored.
 */
export function findTransferPairs(transactions: readonly TransferInput[]): TransferPair[] {
  // Money-in rows by size, so each money-out row only looks at rows of its own amount.
  const incoming = new Map<number, Row[]>();
  const outgoing: [number, Row][] = [];
  for (const t of transactions) {
    if (t.transfer_id || t.amount_cents === 0 || !Number.isInteger(t.amount_cents)) continue;
    const row = { id: t.id, account_id: t.account_id, day: dateToDayNumber(t.date) };
    if (t.amount_cents > 0) {
      const list = incoming.get(t.amount_cents);
      if (list) list.push(row);
      else incoming.set(t.amount_cents, [row]);
    } else outgoing.push([-t.amount_cents, row]);
  }
  const candidates: Candidate[] = [];
  for (const [size, out] of outgoing) {
    const list = incoming.get(size);
    if (!list) continue;
    for (const inRow of list) {
      const gap = Math.abs(inRow.day - out.day);
      if (gap <= TRANSFER_WINDOW_DAYS && inRow.account_id !== out.account_id) {
        candidates.push({ out, in: inRow, gap });
      }
    }
  }
  candidates.sort(
    (a, b) =>
      a.gap - b.gap || a.out.day - b.out.day || compareStrings(a.out.id, b.out.id) || compareStrings(a.in.id, b.in.id),
  );
  const used = new Set<string>();
  const pairs: TransferPair[] = [];
  for (const c of candidates) {
    if (used.has(c.out.id) || used.has(c.in.id)) continue;
    used.add(c.out.id);
    used.add(c.in.id);
    pairs.push({ out_id: c.out.id, in_id: c.in.id, days_apart: c.gap });
  }
  return pairs;
}
