// Every write this feature makes to transactions, import batches and payee rules, in one module: the data layer's
// repositories do them (entity + outbox row in one Dexie transaction); this module adds what the screens need on
// top (remember a payee's category whether or not a rule exists, link the transfers an import brought in).
import { findTransferPairs, TRANSFER_WINDOW_DAYS } from '../../../worker/engine/index';
import type { WyrdDb } from '../../data/db';
import {
  createPayeeRule,
  deletePayeeRule as deleteRule,
  updatePayeeRule as updateRule,
} from '../../data/repositories/payee-rules';
import * as repo from '../../data/repositories/transactions';
import type { ImportBatchRow, PayeeRuleRow, TransactionRow } from './tx-store';

export type NewTransaction = Omit<TransactionRow, 'id' | 'updated_at'>;
export type NewBatch = Omit<ImportBatchRow, 'id' | 'updated_at'>;

export type PreparedImportChunk = repo.PreparedImportChunk;

/** Validates a chunk of an import without writing it; `withBatch: false` when an earlier chunk wrote the batch. */
export function prepareImportChunk(
  batch: NewBatch & { id: string },
  rows: NewTransaction[],
  withBatch: boolean,
): Promise<PreparedImportChunk> {
  return repo.prepareImportChunk(batch, rows, { withBatch });
}

export function writeImportChunk(db: WyrdDb, chunk: PreparedImportChunk): Promise<TransactionRow[]> {
  return repo.writeImportChunk(db, chunk);
}

export function undoImport(db: WyrdDb, batchId: string): Promise<number> {
  return repo.undoImport(db, batchId);
}

export async function recategorise(db: WyrdDb, ids: string[], categoryId: string | null): Promise<void> {
  await repo.recategorise(db, ids, categoryId);
}

export async function setRecurringLink(db: WyrdDb, ids: string[], itemId: string | null): Promise<void> {
  await repo.setRecurringLink(db, ids, itemId);
}

/** Remembers the category for a payee: the payee's rule is changed when there is one, else one is added. */
export async function savePayeeRule(db: WyrdDb, payee: string, categoryId: string): Promise<PayeeRuleRow> {
  const key = payee.trim().toLowerCase();
  const existing = (await db.payee_rules.toArray()).find((r) => r.payee.trim().toLowerCase() === key);
  return existing
    ? updateRule(db, existing.id, { category_id: categoryId })
    : createPayeeRule(db, { payee: payee.trim(), category_id: categoryId });
}

export async function updatePayeeRule(
  db: WyrdDb,
  id: string,
  patch: { payee?: string; category_id?: string },
): Promise<void> {
  await updateRule(db, id, patch);
}

export async function deletePayeeRule(db: WyrdDb, id: string): Promise<void> {
  await deleteRule(db, id);
}

function shift(iso: string, days: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * Links the transfers between the user's accounts that the given (new) rows take part in: the engine pairs money out
 * of one account with the same amount into another within 3 days; the pairs are linked through the repository in one
 * write. Only other accounts' rows dated near the new rows are read (their account-month blocks), kept when their
 * amount is the opposite of a new row's; and only new rows whose opposite amount is among them take part.
 */
export async function linkTransfers(db: WyrdDb, rows: readonly TransactionRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  let min = rows[0].date;
  let max = rows[0].date;
  const accounts = new Set<string>();
  for (const t of rows) {
    if (t.date < min) min = t.date;
    if (t.date > max) max = t.date;
    accounts.add(t.account_id);
  }
  const from = shift(min, -TRANSFER_WINDOW_DAYS);
  const to = shift(max, TRANSFER_WINDOW_DAYS);
  const wanted = new Set(rows.map((t) => -t.amount_cents));
  const others = (await db.transactions.between(from, to, (account) => !accounts.has(account))).filter((t) =>
    wanted.has(t.amount_cents),
  );
  if (others.length === 0) return 0;
  const opposite = new Set(others.map((t) => -t.amount_cents));
  const candidates = [...others, ...rows.filter((t) => opposite.has(t.amount_cents))];
  const fresh = new Set(rows.map((t) => t.id));
  const pairs = findTransferPairs(candidates).filter((p) => fresh.has(p.out_id) || fresh.has(p.in_id));
  await repo.linkTransfers(
    db,
    pairs.map((p) => [p.out_id, p.in_id]),
  );
  return pairs.length;
}
