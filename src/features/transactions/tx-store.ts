// Reads of the stored transactions for the Transactions screen: one Dexie collection per filter and sort, read a
// page at a time (offset + limit) so 50,000 stored rows never load into memory at once; plus the small lists
// (import batches, payee rules) and the running balance of one account.
import type { Collection, Table } from 'dexie';
import type { WyrdDb } from '../../data/db';
import type { ImportBatch, PayeeRule, Transaction } from './engine-types';

export type TransactionRow = Transaction;
export type ImportBatchRow = ImportBatch;
export type PayeeRuleRow = PayeeRule;

export const transactionsTable = (db: WyrdDb) => db.table<TransactionRow, string>('transactions');
export const batchesTable = (db: WyrdDb) => db.table<ImportBatchRow, string>('import_batches');
export const rulesTable = (db: WyrdDb) => db.table<PayeeRuleRow, string>('payee_rules');

export type SortKey = 'date-desc' | 'date-asc' | 'amount-desc' | 'amount-asc';

/** What the list shows: every field optional; an empty query is every transaction, newest first. */
export type TxQuery = {
  accountId?: string;
  from?: string;
  to?: string;
  /** A category id, or 'none' for uncategorised rows. */
  category?: string;
  text?: string;
  sort: SortKey;
};

export const PAGE_SIZE = 100;

const MIN_DATE = '0000-01-01';
const MAX_DATE = '9999-12-31';

/** True when the query needs every row looked at (no index answers it). */
function rowFilter(q: TxQuery): ((t: TransactionRow) => boolean) | null {
  const text = q.text?.trim().toLowerCase() ?? '';
  const byCategory = q.category && q.category !== 'none' ? q.category : null;
  const uncategorised = q.category === 'none';
  const needAccount = !!q.accountId && isAmountSort(q.sort);
  const needDates = isAmountSort(q.sort) && (!!q.from || !!q.to);
  if (!text && !byCategory && !uncategorised && !needAccount && !needDates) return null;
  const from = q.from || MIN_DATE;
  const to = q.to || MAX_DATE;
  return (t) =>
    (!byCategory || t.category_id === byCategory) &&
    (!uncategorised || !t.category_id) &&
    (!needAccount || t.account_id === q.accountId) &&
    (!needDates || (t.date >= from && t.date <= to)) &&
    (!text ||
      t.description.toLowerCase().includes(text) ||
      t.payee.toLowerCase().includes(text) ||
      (t.note ?? '').toLowerCase().includes(text));
}

function isAmountSort(sort: SortKey): boolean {
  return sort === 'amount-desc' || sort === 'amount-asc';
}

/**
 * The query as one ordered Dexie collection. Date order walks the `[account_id+date]` or `date` index over the
 * date range; amount order walks the `amount_cents` index; what no index answers is a filter on the walk.
 */
export function txCollection(db: WyrdDb, q: TxQuery): Collection<TransactionRow, string> {
  const table: Table<TransactionRow, string> = transactionsTable(db);
  const from = q.from || MIN_DATE;
  const to = q.to || MAX_DATE;
  let c: Collection<TransactionRow, string>;
  if (isAmountSort(q.sort)) {
    c = table.orderBy('amount_cents');
    if (q.sort === 'amount-desc') c = c.reverse();
  } else {
    c = q.accountId
      ? table.where('[account_id+date]').between([q.accountId, from], [q.accountId, to], true, true)
      : table.where('date').between(from, to, true, true);
    if (q.sort === 'date-desc') c = c.reverse();
  }
  const filter = rowFilter(q);
  return filter ? c.filter(filter) : c;
}

export function countTransactions(db: WyrdDb, q: TxQuery): Promise<number> {
  return txCollection(db, q).count();
}

/** Pages `first..last` (inclusive) of the query, in order. */
export async function readPages(db: WyrdDb, q: TxQuery, first: number, last: number): Promise<TransactionRow[]> {
  return txCollection(db, q)
    .offset(first * PAGE_SIZE)
    .limit((last - first + 1) * PAGE_SIZE)
    .toArray();
}

/** Every id the query matches, in order (for "select all" and bulk changes). */
export function queryIds(db: WyrdDb, q: TxQuery): Promise<string[]> {
  return txCollection(db, q).primaryKeys();
}

/**
 * The balance after each of one account's transactions, in cents: anchored on the latest balance the bank printed
 * (and carried forward by the amounts after it), else on the account's current balance as at its latest row.
 * Rows on one day keep their stored order (date, then id), the list's order.
 */
export async function runningBalances(
  db: WyrdDb,
  accountId: string,
  currentBalanceCents: number,
): Promise<Map<string, number>> {
  const rows = await transactionsTable(db)
    .where('[account_id+date]')
    .between([accountId, MIN_DATE], [accountId, MAX_DATE], true, true)
    .toArray();
  const balances = new Map<string, number>();
  if (rows.length === 0) return balances;
  let anchorIndex = -1;
  for (let i = rows.length - 1; i >= 0; i--) {
    if (rows[i].balance_cents != null) {
      anchorIndex = i;
      break;
    }
  }
  let anchorBalance: number;
  if (anchorIndex === -1) {
    anchorIndex = rows.length - 1;
    anchorBalance = currentBalanceCents;
  } else {
    anchorBalance = rows[anchorIndex].balance_cents as number;
  }
  let b = anchorBalance;
  balances.set(rows[anchorIndex].id, b);
  for (let i = anchorIndex + 1; i < rows.length; i++) {
    b += rows[i].amount_cents;
    balances.set(rows[i].id, b);
  }
  b = anchorBalance;
  for (let i = anchorIndex; i > 0; i--) {
    b -= rows[i].amount_cents;
    balances.set(rows[i - 1].id, b);
  }
  return balances;
}

export async function listBatches(db: WyrdDb): Promise<ImportBatchRow[]> {
  const rows = await batchesTable(db).toArray();
  return rows.sort((a, b) => b.imported_at.localeCompare(a.imported_at));
}

export async function listRules(db: WyrdDb): Promise<PayeeRuleRow[]> {
  const rows = await rulesTable(db).toArray();
  return rows.sort((a, b) => a.payee.localeCompare(b.payee, 'en-AU', { sensitivity: 'base' }));
}

/** Cents as dollars for the display formatters (exact: cents are integers below 2^53). */
export function centsToDollars(c: number): number {
  return c / 100;
}
