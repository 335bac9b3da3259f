// Stored bank transactions grouped into one IndexedDB record per account and month (docs/data-layer.md
// "Transaction blocks"): IndexedDB costs about the same per record whatever its size, so 10,000 rows written as
// a few dozen records commit in a fraction of the time 10,000 records take. `TxTable` gives the rest of the app
// the table-like reads and writes it used on a table of one record per row.
import Dexie, { type Table } from 'dexie';
import { inSlices } from './in-slices';
import type { TransactionRow } from './entities';

/** One account's transactions of one calendar month, in date order (then id). */
export type TxBlock = {
  /** blockKey(account_id, month): blocks sort by account, then month. */
  key: string;
  account_id: string;
  /** YYYY-MM */
  month: string;
  rows: TransactionRow[];
  /** The rows' ids: a multi-entry index, so a row's block is found by its id. */
  ids: string[];
  /**
   * [month, account_id, row count, revision]: read from its index without the rows, so the list counts and pages
   * without reading every row, and a cache of a filtered read knows when a block changed (the revision is new on
   * every write).
   */
  head: BlockHead;
};

export type BlockHead = [month: string, accountId: string, count: number, rev: string];

/** The blocks store's indexes (db-schema.ts, version 6). */
export const TX_BLOCKS_SCHEMA = 'key, month, head, *ids';

/**
 * Every block's head in one record (store `tx_heads`, db-schema.ts version 7), written in the same transaction as
 * the blocks: reading 1,250 heads from the blocks' index walked a cursor a key at a time (140-200 ms in Chromium,
 * three times for each opening of the Transactions list), one record is one request. `rev` is new on every write.
 */
export type TxHeadsRecord = { key: typeof HEADS_KEY; rev: string; heads: BlockHead[] };

export const TX_HEADS_SCHEMA = 'key';
export const HEADS_KEY = 'heads';

/**
 * Blocks handed to IndexedDB per request when many are written (inSlices: a request per task, two in flight): the
 * page copies each block's rows into IndexedDB, about 5 ms for a month of 700 rows on this machine.
 */
const BLOCK_SLICE = 2;

const SEP = '\u0000';

/** Blocks read per request when many are read (readBlocks): about 2,800 rows of a busy month each. */
const READ_SLICE = 4;

/** Rows read per request when the blocks' sizes are known (readBlocks with counts): READ_SLICE busy months. */
const READ_ROWS = 2_800;

/** Up to this many ids are looked up in IndexedDB one request each (locate); more from the kept map. */
const FEW_IDS = 32;

export function blockKey(accountId: string, date: string): string {
  return `${accountId}${SEP}${date.slice(0, 7)}`;
}

/** Row order inside a block and for the account's list: date, then id (IndexedDB's order for [account_id+date]). */
export function byDateThenId(a: { date: string; id: string }, b: { date: string; id: string }): number {
  return a.date < b.date ? -1 : a.date > b.date ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

let revCounter = 0;
/** A revision unique to this write (a counter for this page and a random part for other pages). */
function nextRev(): string {
  revCounter += 1;
  return `${revCounter.toString(36)}.${Math.random().toString(36).slice(2, 10)}`;
}

/** Month, then account: the order of the blocks' head index, which the heads record keeps. */
function byMonthThenAccount(a: BlockHead, b: BlockHead): number {
  return a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0;
}

/**
 * Keys grouped for one request each: up to READ_ROWS rows when every key's count is given, else READ_SLICE
 * blocks (always at least one block).
 */
function readGroups(keys: ReadonlyArray<string>, counts?: ReadonlyArray<number>): string[][] {
  const groups: string[][] = [];
  let group: string[] = [];
  let rows = 0;
  keys.forEach((key, i) => {
    const n = counts ? counts[i] : READ_ROWS / READ_SLICE;
    if (group.length > 0 && rows + n > READ_ROWS) {
      groups.push(group);
      group = [];
      rows = 0;
    }
    group.push(key);
    rows += n;
  });
  if (group.length > 0) groups.push(group);
  return groups;
}

function makeBlock(key: string, accountId: string, month: string, rows: TransactionRow[]): TxBlock {
  rows.sort(byDateThenId);
  return {
    key,
    account_id: accountId,
    month,
    rows,
    ids: rows.map((r) => r.id),
    head: [month, accountId, rows.length, nextRev()],
  };
}

/** The same fields with the same values (a transaction's fields are all strings, numbers, booleans or null). */
function sameRow(a: TransactionRow, b: TransactionRow): boolean {
  const ka = Object.keys(a) as (keyof TransactionRow)[];
  if (ka.length !== Object.keys(b).length) return false;
  for (const k of ka) if (a[k] !== b[k]) return false;
  return true;
}

function flatten(blocks: ReadonlyArray<TxBlock>): TransactionRow[] {
  const out: TransactionRow[] = [];
  for (const b of blocks) for (const r of b.rows) out.push(r);
  return out;
}

function groupByBlock(rows: Iterable<TransactionRow>): Map<string, TransactionRow[]> {
  const byKey = new Map<string, TransactionRow[]>();
  for (const r of rows) {
    const key = blockKey(r.account_id, r.date);
    const list = byKey.get(key);
    if (list) list.push(r);
    else byKey.set(key, [r]);
  }
  return byKey;
}

/** A row as written: rows from before stamping (tests, older code) may lack updated_at. */
type WrittenRow = Omit<TransactionRow, 'updated_at'> & { updated_at?: string };

/**
 * The stored transactions as one table: reads and writes by id and by account and date, each write inside one
 * Dexie transaction on the blocks (the caller's, when its scope names `db.transactions.stores`).
 */
export class TxTable {
  readonly name = 'transactions';

  constructor(
    private readonly table: () => Table<TxBlock, string>,
    private readonly headsTable: () => Table<TxHeadsRecord, string>,
    private readonly transaction: <T>(fn: () => Promise<T>) => Promise<T>,
  ) {}

  /** The Dexie tables to name in a transaction's scope when reading or writing transactions. */
  get stores(): [Table<TxBlock, string>, Table<TxHeadsRecord, string>] {
    return [this.table(), this.headsTable()];
  }

  private get blocks(): Table<TxBlock, string> {
    return this.table();
  }

  /**
   * Which block holds each id, kept in memory for this database and checked against the blocks' heads before each
   * use: a block whose revision differs from the one remembered (written since, here or in another tab, or a write
   * here that was rolled back) has its ids read again, a block gone is forgotten. A write here records what it
   * wrote. So a new device's pull, whose rows are almost all new, looks none of them up in IndexedDB: a request per
   * id cost about 60 us of the page's own thread each (3 s of a 50,000-record pull, in tasks over 100 ms).
   */
  private idCache: { revs: Map<string, string>; blockIds: Map<string, string[]>; where: Map<string, string> } = {
    revs: new Map(),
    blockIds: new Map(),
    where: new Map(),
  };

  private forgetBlock(key: string): void {
    const cache = this.idCache;
    for (const id of cache.blockIds.get(key) ?? []) if (cache.where.get(id) === key) cache.where.delete(id);
    cache.blockIds.delete(key);
    cache.revs.delete(key);
  }

  private rememberBlock(block: TxBlock): void {
    this.forgetBlock(block.key);
    const cache = this.idCache;
    cache.revs.set(block.key, block.head[3]);
    cache.blockIds.set(block.key, block.ids);
    for (const id of block.ids) cache.where.set(id, block.key);
  }

  /**
   * The block key of each stored id (ids not stored are left out): a few ids are asked of the ids index one request
   * each; more are answered from the kept map (idCache), whose first use reads every block once.
   */
  private locate(ids: Iterable<string>): Promise<Map<string, string>> {
    const list = [...new Set(ids)];
    // Dexie's own promises throughout: inside a transaction, awaiting a native promise that no request stands
    // behind (an async function with nothing to read) lost the transaction, and the next request failed.
    if (list.length === 0) return Dexie.Promise.resolve(new Map<string, string>());
    if (list.length <= FEW_IDS)
      return Dexie.Promise.all(list.map((id) => this.blocks.where('ids').equals(id).primaryKeys())).then((keys) => {
        const out = new Map<string, string>();
        list.forEach((id, i) => {
          if (keys[i].length > 0) out.set(id, keys[i][0]);
        });
        return out;
      });
    return this.heads()
      .then((heads) => {
        const cache = this.idCache;
        const live = new Set<string>();
        const stale: string[] = [];
        const counts: number[] = [];
        for (const [month, account, n, rev] of heads) {
          const key = blockKey(account, month);
          live.add(key);
          if (cache.revs.get(key) !== rev) {
            stale.push(key);
            counts.push(n);
          }
        }
        for (const key of [...cache.revs.keys()]) if (!live.has(key)) this.forgetBlock(key);
        return this.readBlocks(stale, counts);
      })
      .then((fresh) => {
        for (const b of fresh) this.rememberBlock(b);
        const out = new Map<string, string>();
        for (const id of list) {
          const key = this.idCache.where.get(id);
          if (key !== undefined) out.set(id, key);
        }
        return out;
      });
  }

  /** The blocks of the given keys (missing ones left out), by key. */
  private blocksByKey(keys: Iterable<string>): Promise<Map<string, TxBlock>> {
    return this.readBlocks([...new Set(keys)]).then((found) => {
      const out = new Map<string, TxBlock>();
      for (const b of found) out.set(b.key, b);
      return out;
    });
  }

  async get(id: string): Promise<TransactionRow | undefined> {
    const block = await this.blocks.where('ids').equals(id).first();
    return block?.rows.find((r) => r.id === id);
  }

  async bulkGet(ids: ReadonlyArray<string>): Promise<(TransactionRow | undefined)[]> {
    if (ids.length === 0) return [];
    return this.rowsIn(ids, await this.locate(ids));
  }

  /**
   * bulkGet where the caller knows which block each row was in when it was written (the block keys, in any order):
   * those blocks are read by key, and only ids not found in them are looked up by id.
   */
  async bulkGetIn(ids: ReadonlyArray<string>, keys: ReadonlyArray<string>): Promise<(TransactionRow | undefined)[]> {
    if (ids.length === 0) return [];
    const wanted = new Set(ids);
    const byId = new Map<string, TransactionRow>();
    for (const b of (await this.blocksByKey(keys)).values())
      for (const r of b.rows) if (wanted.has(r.id)) byId.set(r.id, r);
    const rest = ids.filter((id) => !byId.has(id));
    if (rest.length > 0) {
      const found = await this.bulkGet(rest);
      rest.forEach((id, i) => found[i] && byId.set(id, found[i]));
    }
    return ids.map((id) => byId.get(id));
  }

  private async rowsIn(
    ids: ReadonlyArray<string>,
    where: Map<string, string>,
  ): Promise<(TransactionRow | undefined)[]> {
    const blocks = await this.blocksByKey(where.values());
    const wanted = new Set(where.keys());
    const byId = new Map<string, TransactionRow>();
    for (const b of blocks.values()) for (const r of b.rows) if (wanted.has(r.id)) byId.set(r.id, r);
    return ids.map((id) => byId.get(id));
  }

  put(row: WrittenRow): Promise<string> {
    return this.bulkPut([row]).then(() => row.id);
  }

  add(row: WrittenRow): Promise<string> {
    return this.put(row);
  }

  bulkAdd(rows: ReadonlyArray<WrittenRow>): Promise<void> {
    return this.bulkPut(rows);
  }

  /**
   * Creates or replaces rows (by id): a row whose account or month changed leaves its old block. `fresh`: the
   * caller made the ids itself just now (an import's new rows), so none can be stored and they are not looked up.
   */
  bulkPut(rows: ReadonlyArray<WrittenRow>, opts?: { fresh?: boolean }): Promise<void> {
    if (rows.length === 0) return Promise.resolve();
    return this.transaction(async () => {
      const incoming = new Map<string, TransactionRow>();
      for (const r of rows) incoming.set(r.id, r as TransactionRow);
      const targets = groupByBlock(incoming.values());
      const blocks = await this.blocksByKey(targets.keys());
      // A row already in the block its account and date name is replaced there. Any other is new or has moved
      // (its date or account changed), and only those are looked up by id; a moved row leaves its old block.
      // A row stored exactly as it comes (a pull bringing back what this device pushed) changes nothing, and its
      // block is not written again: rows pulled in another order than they were written touch many blocks.
      const elsewhere: string[] = [];
      if (!opts?.fresh)
        for (const [key, list] of targets) {
          const held = new Map((blocks.get(key)?.rows ?? []).map((r) => [r.id, r]));
          const changedRows = list.filter((r) => {
            const stored = held.get(r.id);
            if (!stored) elsewhere.push(r.id);
            else if (sameRow(stored, r)) {
              incoming.delete(r.id);
              return false;
            }
            return true;
          });
          if (changedRows.length === 0) targets.delete(key);
          else targets.set(key, changedRows);
        }
      const where = await this.locate(elsewhere);
      const olds = new Set(where.values());
      for (const [key, b] of await this.blocksByKey([...olds].filter((k) => !blocks.has(k)))) blocks.set(key, b);
      const changed = new Map<string, TxBlock>();
      for (const key of olds) {
        const b = blocks.get(key);
        if (b) changed.set(key, { ...b, rows: b.rows.filter((r) => !incoming.has(r.id)) });
      }
      for (const [key, list] of targets) {
        const base = changed.get(key) ?? blocks.get(key);
        changed.set(key, {
          key,
          account_id: list[0].account_id,
          month: list[0].date.slice(0, 7),
          rows: [...(base?.rows ?? []).filter((r) => !incoming.has(r.id)), ...list],
          ids: [],
          head: base?.head ?? ['', '', 0, ''],
        });
      }
      await this.writeBlocks(changed.values());
    });
  }

  /** Writes changed blocks (sorted, re-headed; empty ones deleted), a few per task. Inside a transaction. */
  private async writeBlocks(blocks: Iterable<TxBlock>): Promise<void> {
    const puts: TxBlock[] = [];
    const deletes: string[] = [];
    for (const b of blocks) {
      if (b.rows.length === 0) deletes.push(b.key);
      else puts.push(makeBlock(b.key, b.account_id, b.month, b.rows));
    }
    if (puts.length === 0 && deletes.length === 0) return;
    const table = this.blocks;
    if (deletes.length > 0) await table.bulkDelete(deletes);
    if (puts.length <= BLOCK_SLICE) await table.bulkPut(puts);
    else await inSlices(puts, BLOCK_SLICE, (slice) => table.bulkPut([...slice]));
    await this.writeHeads(puts, deletes);
    for (const key of deletes) this.forgetBlock(key);
    for (const b of puts) this.rememberBlock(b);
  }

  /**
   * The heads record after writing `puts` and deleting `deletes` (inside the same transaction). Without a record
   * (written by something other than this class, which deletes it) it is made from the index, which already holds
   * this transaction's writes.
   */
  private writeHeads(puts: ReadonlyArray<TxBlock>, deletes: ReadonlyArray<string>): Promise<unknown> {
    const store = this.headsTable();
    return store.get(HEADS_KEY).then((record) => {
      if (!record) return this.indexHeads().then((heads) => store.put({ key: HEADS_KEY, rev: nextRev(), heads }));
      const byKey = new Map(record.heads.map((h) => [blockKey(h[1], h[0]), h]));
      for (const key of deletes) byKey.delete(key);
      for (const b of puts) byKey.set(b.key, b.head);
      const heads = [...byKey.values()].sort(byMonthThenAccount);
      return store.put({ key: HEADS_KEY, rev: nextRev(), heads });
    });
  }

  delete(id: string): Promise<void> {
    return this.bulkDelete([id]);
  }

  /**
   * Deletes rows by id. `keys`: the blocks the caller knows they are in (an account's, an import's): read by key,
   * and only ids not found there are looked up.
   */
  bulkDelete(ids: ReadonlyArray<string>, keys: ReadonlyArray<string> = []): Promise<void> {
    if (ids.length === 0) return Promise.resolve();
    return this.transaction(async () => {
      const gone = new Set(ids);
      const blocks = await this.blocksByKey(keys);
      const found = new Set<string>();
      for (const b of blocks.values()) for (const id of b.ids) if (gone.has(id)) found.add(id);
      const rest = [...gone].filter((id) => !found.has(id));
      for (const [key, b] of await this.blocksByKey((await this.locate(rest)).values())) blocks.set(key, b);
      await this.writeBlocks([...blocks.values()].map((b) => ({ ...b, rows: b.rows.filter((r) => !gone.has(r.id)) })));
    });
  }

  clear(): Promise<void> {
    return this.transaction(() =>
      this.blocks
        .clear()
        .then(() => this.headsTable().put({ key: HEADS_KEY, rev: nextRev(), heads: [] }))
        .then(() => {
          this.idCache = { revs: new Map(), blockIds: new Map(), where: new Map() };
        }),
    );
  }

  /** Every row, in id order (a table's order). */
  async toArray(): Promise<TransactionRow[]> {
    const rows = await this.all();
    return rows.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }

  /** Every row, in account, then date, then id order (no sort needed). */
  async all(): Promise<TransactionRow[]> {
    return flatten(await this.blocks.toArray());
  }

  /** The count, from the blocks' heads (no row is read). */
  async count(): Promise<number> {
    let n = 0;
    for (const h of await this.heads()) n += h[2];
    return n;
  }

  /** Every block's head, in month order (then account): one record, or the blocks' index when it is missing. */
  heads(): Promise<BlockHead[]> {
    return this.headsWithVersion().then((read) => read.heads);
  }

  /**
   * A string that changes with every write of transactions (here or in another tab), read without the rows: the
   * heads record's revision (a digest of the heads when there is no record).
   */
  version(): Promise<string> {
    return this.headsWithVersion().then((read) => read.version);
  }

  /** The heads and the version they belong to, from one read. */
  headsWithVersion(): Promise<{ heads: BlockHead[]; version: string }> {
    return this.headsTable()
      .get(HEADS_KEY)
      .then((record) =>
        record
          ? { heads: record.heads, version: `r.${record.rev}` }
          : this.indexHeads().then((heads) => ({ heads, version: digest(heads) })),
      );
  }

  /** The heads as the blocks' index holds them (a cursor over every key). */
  private indexHeads(): Promise<BlockHead[]> {
    return this.blocks.orderBy('head').keys() as Promise<unknown> as Promise<BlockHead[]>;
  }

  /** Every row matching `fn`, in account, date, id order. */
  filter(fn: (row: TransactionRow) => boolean): { toArray: () => Promise<TransactionRow[]> } {
    return { toArray: () => this.all().then((rows) => rows.filter(fn)) };
  }

  /** Ids of every row (for code written against a table's collection). */
  toCollection(): { primaryKeys: () => Promise<string[]> } {
    return {
      primaryKeys: async () => {
        const ids = (await this.blocks.orderBy('ids').keys()) as string[];
        return ids.sort();
      },
    };
  }

  /** One account's rows dated from..to (inclusive; its whole history when not given), in date then id order. */
  async account(accountId: string, from = '', to = '\uffff'): Promise<TransactionRow[]> {
    const low = `${accountId}${SEP}${from.slice(0, 7)}`;
    const high = `${accountId}${SEP}${to === '\uffff' ? to : to.slice(0, 7)}`;
    const blocks = await this.blocks.where('key').between(low, high, true, true).toArray();
    return flatten(blocks).filter((r) => r.date >= from && r.date <= to);
  }

  /**
   * Rows dated from..to (inclusive) of the accounts `accounts` accepts (every account when not given), in date
   * then id order. Only the blocks of those accounts and months are read.
   */
  async between(from: string, to: string, accounts?: (accountId: string) => boolean): Promise<TransactionRow[]> {
    const heads = (await this.heads()).filter(
      ([month, account]) => month >= from.slice(0, 7) && month <= to.slice(0, 7) && (!accounts || accounts(account)),
    );
    const blocks = await this.readBlocks(
      heads.map(([month, account]) => blockKey(account, month)),
      heads.map((h) => h[2]),
    );
    return flatten(blocks)
      .filter((r) => r.date >= from && r.date <= to)
      .sort(byDateThenId);
  }

  /**
   * Every block of whole months (each list the heads of one month): a month of up to READ_ROWS rows is one request
   * on the month index (one request for the blocks of fifty accounts, where asking for each by key was fifty
   * requests, about 0.5 ms of the page's thread each), a bigger one is read a slice at a time (readBlocks).
   */
  readMonths(months: ReadonlyArray<ReadonlyArray<BlockHead>>): Promise<TxBlock[]> {
    const byKey: BlockHead[] = [];
    const whole: string[] = [];
    for (const heads of months) {
      const rows = heads.reduce((n, h) => n + h[2], 0);
      if (heads.length > 1 && rows <= READ_ROWS) whole.push(heads[0][0]);
      else byKey.push(...heads);
    }
    return Dexie.Promise.all([
      this.readBlocks(
        byKey.map((h) => blockKey(h[1], h[0])),
        byKey.map((h) => h[2]),
      ),
      ...whole.map((month) => this.blocks.where('month').equals(month).toArray()),
    ]).then((parts) => parts.flat());
  }

  /**
   * The blocks of the given keys, in the given order (missing ones left out): READ_SLICE blocks per request, or
   * up to READ_ROWS rows when `counts` gives each key's row count (from its head), a request per task with two in
   * flight, so reading every block (a filtered list, the first look-up of many ids) is not one long task of
   * copying rows out of IndexedDB. (Dexie's bulkGet asks for each key in a request of its own.)
   */
  readBlocks(keys: ReadonlyArray<string>, counts?: ReadonlyArray<number>): Promise<TxBlock[]> {
    if (keys.length === 0) return Dexie.Promise.resolve([]);
    const present = (found: (TxBlock | undefined)[]) => found.filter((b): b is TxBlock => !!b);
    const groups = readGroups(keys, counts);
    const table = this.blocks;
    if (groups.length === 1) return table.bulkGet(groups[0]).then(present);
    return inSlices(groups, 1, ([group]) => table.bulkGet(group)).then((parts) => present(parts.flat()));
  }
}

/** A short digest of heads (count and revision of every block). */
function digest(heads: ReadonlyArray<BlockHead>): string {
  let h = 0x811c9dc5;
  for (const [month, account, n, rev] of heads) {
    const part = `${month}:${account}:${n}:${rev};`;
    for (let i = 0; i < part.length; i++) h = Math.imul(h ^ part.charCodeAt(i), 0x01000193);
  }
  return `${heads.length}.${(h >>> 0).toString(36)}`;
}

/** Rows as new blocks (the schema upgrade writes a whole table at once). */
export function toBlocks(rows: ReadonlyArray<TransactionRow>): TxBlock[] {
  return [...groupByBlock(rows)].map(([key, list]) =>
    makeBlock(key, list[0].account_id, list[0].date.slice(0, 7), list),
  );
}
