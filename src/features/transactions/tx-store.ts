// Reads of the stored transactions for the Transactions screen: the newest (or oldest) pages of an unfiltered list
// read only the account-month blocks they fall in (data/tx-blocks.ts), so 50,000 stored rows are not all read to
// show the first; a filter or an amount order reads the query's blocks once. Plus the small lists (import
// batches, payee rules) and the running balance of one account.
import type { WyrdDb } from '../../data/db';
import { blockKey, byDateThenId, type BlockHead } from '../../data/tx-blocks';
import type { ImportBatch, PayeeRule, Transaction } from './engine-types';
import { compareCodeUnits } from '../../lib/format/name-sort';

export type TransactionRow = Transaction;
export type ImportBatchRow = ImportBatch;
export type PayeeRuleRow = PayeeRule;

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

/** The query the Transactions screen opens with for the filters in its address (newest first, no search text). */
export function openingQuery(search: { account?: string; category?: string; from?: string; to?: string }): TxQuery {
  return {
    accountId: search.account || undefined,
    from: search.from || undefined,
    to: search.to || undefined,
    category: search.category || undefined,
    sort: 'date-desc',
  };
}

const MIN_DATE = '0000-01-01';
const MAX_DATE = '9999-12-31';

/** A query as a string: equal for queries that read the same rows (an absent field and an empty one alike). */
export function queryKey(q: TxQuery): string {
  return JSON.stringify([q.accountId ?? '', q.from ?? '', q.to ?? '', q.category ?? '', q.text?.trim() ?? '', q.sort]);
}

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

/** The order of the list's rows: date then id, or amount then id, reversed for the descending sorts. */
function compareFor(sort: SortKey): (a: TransactionRow, b: TransactionRow) => number {
  const byAmount = (a: TransactionRow, b: TransactionRow) =>
    a.amount_cents - b.amount_cents || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  const asc = isAmountSort(sort) ? byAmount : byDateThenId;
  return sort === 'date-asc' || sort === 'amount-asc' ? asc : (a, b) => asc(b, a);
}

/** The heads of the blocks the query's account and dates can touch. */
function relevantHeads(heads: ReadonlyArray<BlockHead>, q: TxQuery): BlockHead[] {
  const fromMonth = (q.from || MIN_DATE).slice(0, 7);
  const toMonth = (q.to || MAX_DATE).slice(0, 7);
  return heads.filter(
    ([month, account]) => (!q.accountId || account === q.accountId) && month >= fromMonth && month <= toMonth,
  );
}

/** True when whole blocks answer the query: a date order with no filter and no date bounds. */
function wholeBlocks(q: TxQuery): boolean {
  return !isAmountSort(q.sort) && !rowFilter(q) && !q.from && !q.to;
}

/** The last full read of a query, kept while none of its blocks changes (their revisions are in `sig`). */
const lastRead = new WeakMap<WyrdDb, { key: string; sig: string; rows: Promise<TransactionRow[]> }>();

/** Every row the query matches, in the list's order (from memory when its blocks have not changed). */
async function matching(db: WyrdDb, q: TxQuery, heads?: ReadonlyArray<BlockHead>): Promise<TransactionRow[]> {
  const relevant = relevantHeads(heads ?? (await db.transactions.heads()), q);
  const key = queryKey(q);
  const sig = relevant.map((h) => h[3]).join(',');
  const kept = lastRead.get(db);
  if (kept && kept.key === key && kept.sig === sig) return kept.rows;
  // The promise is kept, so the count and the page asked for together read the blocks once.
  const rows = readMatching(db, q, relevant);
  lastRead.set(db, { key, sig, rows });
  rows.catch(() => lastRead.get(db)?.rows === rows && lastRead.delete(db));
  return rows;
}

async function readMatching(db: WyrdDb, q: TxQuery, relevant: ReadonlyArray<BlockHead>): Promise<TransactionRow[]> {
  const from = q.from || MIN_DATE;
  const to = q.to || MAX_DATE;
  const filter = rowFilter(q);
  const blocks = await db.transactions.readBlocks(
    relevant.map((h) => blockKey(h[1], h[0])),
    relevant.map((h) => h[2]),
  );
  const rows: TransactionRow[] = [];
  for (const b of blocks)
    for (const r of b.rows) if (r.date >= from && r.date <= to && (!filter || filter(r))) rows.push(r);
  return rows.sort(compareFor(q.sort));
}

/**
 * A string that changes with every write of transactions (the blocks' heads record's revision): the list watches it
 * live and reads its count and pages again when it changes. Reading it reads no rows.
 */
export function txVersion(db: WyrdDb): Promise<string> {
  return db.transactions.version();
}

/** What the list shows for a query, read at once: its count, the rows of pages `first..last` and their version. */
export type TxSnapshot = { version: string; count: number; rows: TransactionRow[] };

/**
 * The count and pages `first..last` of the query in one read transaction, with the version (db.transactions
 * .version()) they were read at: the list shows them as soon as they arrive, and reads again only when the version
 * it watches differs.
 */
export function readSnapshot(db: WyrdDb, q: TxQuery, first: number, last: number): Promise<TxSnapshot> {
  const read = db.transaction('r', db.transactions.stores, async () => {
    const { heads, version } = await db.transactions.headsWithVersion();
    if (!wholeBlocks(q)) {
      const rows = await matching(db, q, heads);
      return { version, count: rows.length, rows: rows.slice(first * PAGE_SIZE, (last + 1) * PAGE_SIZE) };
    }
    const count = relevantHeads(heads, q).reduce((n, h) => n + h[2], 0);
    return { version, count, rows: await pagesFrom(db, q, heads, first, last) };
  });
  if (first === 0 && last === 0)
    void read.then(
      (snapshot) => keep(db, q, snapshot),
      () => undefined,
    );
  return read;
}

/** The last first-page snapshot of a few queries per database, newest last. */
const kept = new WeakMap<WyrdDb, Map<string, TxSnapshot>>();
const KEPT_QUERIES = 4;

function keep(db: WyrdDb, q: TxQuery, snapshot: TxSnapshot): void {
  const byQuery = kept.get(db) ?? new Map<string, TxSnapshot>();
  kept.set(db, byQuery);
  const key = snapshotKey(q, 0, 0);
  byQuery.delete(key);
  byQuery.set(key, snapshot);
  for (const old of byQuery.keys()) if (byQuery.size > KEPT_QUERIES) byQuery.delete(old);
}

/**
 * The first page of the query as last read in this tab, if it was: the list shows it at once when it opens again
 * (as the other screens show the ledger they keep) and reads the data again at the same time. During a sync the
 * read waits behind the sync's writes of the same blocks, and the list was empty meanwhile.
 */
export function keptSnapshot(db: WyrdDb, q: TxQuery): TxSnapshot | undefined {
  return kept.get(db)?.get(snapshotKey(q, 0, 0));
}

/** A read started before the list mounted (prefetchSnapshot), for the list's first read to take. */
const prefetched = new WeakMap<WyrdDb, { key: string; snapshot: Promise<TxSnapshot> }>();

function snapshotKey(q: TxQuery, first: number, last: number): string {
  return `${queryKey(q)}|${first}|${last}`;
}

/**
 * Starts the list's first read when the navigation to it starts (the route's loader, also on hover), so IndexedDB
 * reads while React renders the screen rather than after. One is kept per database; a later one replaces it.
 */
export function prefetchSnapshot(db: WyrdDb, q: TxQuery, first: number, last: number): void {
  const snapshot = readSnapshot(db, q, first, last);
  snapshot.catch(() => undefined); // the list reads again if it takes a failed one
  prefetched.set(db, { key: snapshotKey(q, first, last), snapshot });
}

/**
 * The snapshot prefetched for exactly this query and pages, once (else a new read). A prefetched snapshot older
 * than the data is still shown first: its version differs from the live one, so the list reads again at once.
 */
export function takeSnapshot(db: WyrdDb, q: TxQuery, first: number, last: number): Promise<TxSnapshot> {
  const kept = prefetched.get(db);
  if (kept) prefetched.delete(db);
  if (kept && kept.key === snapshotKey(q, first, last)) return kept.snapshot;
  return readSnapshot(db, q, first, last);
}

async function pagesFrom(
  db: WyrdDb,
  q: TxQuery,
  heads: ReadonlyArray<BlockHead>,
  first: number,
  last: number,
): Promise<TransactionRow[]> {
  const start = first * PAGE_SIZE;
  const end = (last + 1) * PAGE_SIZE;
  if (!wholeBlocks(q)) return (await matching(db, q, heads)).slice(start, end);
  const months = new Map<string, BlockHead[]>();
  for (const h of relevantHeads(heads, q)) {
    const list = months.get(h[0]);
    if (list) list.push(h);
    else months.set(h[0], [h]);
  }
  const order = [...months.keys()].sort();
  if (q.sort === 'date-desc') order.reverse();
  const wanted: BlockHead[][] = [];
  let offset = 0;
  let skipped = 0;
  for (const month of order) {
    const list = months.get(month)!;
    const n = list.reduce((sum, h) => sum + h[2], 0);
    if (offset + n > start && offset < end) {
      if (wanted.length === 0) skipped = offset;
      wanted.push(list);
    }
    offset += n;
    if (offset >= end) break;
  }
  const pageHeads = wanted.flat();
  // Without an account filter each month is read whole (every account's block of it).
  const blocks = q.accountId
    ? await db.transactions.readBlocks(
        pageHeads.map((h) => blockKey(h[1], h[0])),
        pageHeads.map((h) => h[2]),
      )
    : await db.transactions.readMonths(wanted);
  const compare = compareFor(q.sort);
  const byMonth = new Map<string, TransactionRow[]>();
  for (const b of blocks) byMonth.set(b.month, [...(byMonth.get(b.month) ?? []), ...b.rows]);
  const rows: TransactionRow[] = [];
  for (const list of wanted) rows.push(...(byMonth.get(list[0][0]) ?? []).sort(compare));
  return rows.slice(start - skipped, end - skipped);
}

/** Every id the query matches, in order (for "select all" and bulk changes). */
export async function queryIds(db: WyrdDb, q: TxQuery): Promise<string[]> {
  return (await matching(db, q)).map((r) => r.id);
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
  const rows = await db.transactions.account(accountId);
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
  return rows.sort((a, b) => compareCodeUnits(b.imported_at, a.imported_at));
}

export async function listRules(db: WyrdDb): Promise<PayeeRuleRow[]> {
  const rows = await rulesTable(db).toArray();
  return rows.sort((a, b) => a.payee.localeCompare(b.payee, 'en-AU', { sensitivity: 'base' }));
}

/** Cents as dollars for the display formatters (exact: cents are integers below 2^53). */
export function centsToDollars(c: number): number {
  return c / 100;
}
