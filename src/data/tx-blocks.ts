// Stored bank transactions grouped into one IndexedDB record per account and month (docs/data-layer.md
// "Transaction blocks"): IndexedDB costs about the same per record whatever its size, so 10,000 rows written as
// a few dozen records commit in a fraction of the time 10,000 records take. `TxTable` gives the rest of the app
// the table-like reads and writes it used on a table of one record per row.
import type { Table } from 'dexie';
import type { TransactionRow } from './entities';

/** One account's transactions of one calendar month, in date order (then id). */
export type TxBlock = {
  /** blockKey(account_id, month): blocks sort by account, then month. */
  key: string;
  account_id: string;
  /** YYYY-MM */
  month: string;
  rows: TransactionRow[];
  /**
   * [month, account_id, row count, revision]: read from its index without the rows, so the list counts and pages
   * without reading every row, and a cache of a filtered read knows when a block changed (the revision is new on
   * every write).
   */
  head: BlockHead;
};

export type BlockHead = [month: string, accountId: string, count: number, rev: string];

/**
 * Which block holds a row: the ids are spread over ID_BUCKETS records by a hash of the id, each mapping its ids to
 * their block's key. Finding 10,000 rows reads at most 256 small records; an index entry per id cost IndexedDB a
 * request each (10,000 lookups took 0.6 s in Chromium).
 */
export type TxIdBucket = { bucket: number; map: Record<string, string> };

export const ID_BUCKETS = 256;

/** The stores' indexes (db-schema.ts, version 6). */
export const TX_BLOCKS_SCHEMA = 'key, month, head';
export const TX_IDS_SCHEMA = 'bucket';

const SEP = '\u0000';

export function blockKey(accountId: string, date: string): string {
  return `${accountId}${SEP}${date.slice(0, 7)}`;
}

/** FNV-1a of the id, to a bucket. */
export function bucketOf(id: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) {
    h ^= id.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0) % ID_BUCKETS;
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

function makeBlock(key: string, accountId: string, month: string, rows: TransactionRow[]): TxBlock {
  rows.sort(byDateThenId);
  return { key, account_id: accountId, month, rows, head: [month, accountId, rows.length, nextRev()] };
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

type Stores = { blocks: Table<TxBlock, string>; ids: Table<TxIdBucket, number> };

/**
 * The stored transactions as one table: reads and writes by id and by account and date, each write inside one
 * Dexie transaction on both stores (the caller's, when its scope names `db.transactions.stores`).
 */
export class TxTable {
  readonly name = 'transactions';

  constructor(
    private readonly tables: () => Stores,
    private readonly transaction: <T>(fn: () => Promise<T>) => Promise<T>,
  ) {}

  /** The Dexie tables to name in a transaction's scope when writing transactions. */
  get stores(): [Table<TxBlock, string>, Table<TxIdBucket, number>] {
    const { blocks, ids } = this.tables();
    return [blocks, ids];
  }

  private get blocks(): Table<TxBlock, string> {
    return this.tables().blocks;
  }

  /** The buckets holding `ids`, by bucket number (absent ones as empty maps). */
  private async buckets(ids: Iterable<string>): Promise<Map<number, TxIdBucket>> {
    const wanted = new Set<number>();
    for (const id of ids) wanted.add(bucketOf(id));
    const numbers = [...wanted];
    const found = numbers.length > 0 ? await this.tables().ids.bulkGet(numbers) : [];
    const out = new Map<number, TxIdBucket>();
    numbers.forEach((n, i) => out.set(n, found[i] ?? { bucket: n, map: {} }));
    return out;
  }

  /** The block key of each stored id (ids not stored are left out). */
  private async locate(ids: Iterable<string>): Promise<Map<string, string>> {
    const list = [...ids];
    const buckets = await this.buckets(list);
    const out = new Map<string, string>();
    for (const id of list) {
      const key = buckets.get(bucketOf(id))!.map[id];
      if (key !== undefined) out.set(id, key);
    }
    return out;
  }

  /** The blocks of the given keys (missing ones left out), by key. */
  private async blocksByKey(keys: Iterable<string>): Promise<Map<string, TxBlock>> {
    const list = [...new Set(keys)];
    const found = list.length > 0 ? await this.blocks.bulkGet(list) : [];
    const out = new Map<string, TxBlock>();
    for (const b of found) if (b) out.set(b.key, b);
    return out;
  }

  async get(id: string): Promise<TransactionRow | undefined> {
    return (await this.bulkGet([id]))[0];
  }

  async bulkGet(ids: ReadonlyArray<string>): Promise<(TransactionRow | undefined)[]> {
    if (ids.length === 0) return [];
    const where = await this.locate(ids);
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

  /** Creates or replaces rows (by id): a row whose account or month changed leaves its old block. */
  bulkPut(rows: ReadonlyArray<WrittenRow>): Promise<void> {
    if (rows.length === 0) return Promise.resolve();
    return this.transaction(async () => {
      const incoming = new Map<string, TransactionRow>();
      for (const r of rows) incoming.set(r.id, r as TransactionRow);
      const buckets = await this.buckets(incoming.keys());
      const targets = groupByBlock(incoming.values());
      const olds = new Set<string>();
      for (const id of incoming.keys()) {
        const old = buckets.get(bucketOf(id))!.map[id];
        if (old !== undefined) olds.add(old);
      }
      const blocks = await this.blocksByKey([...olds, ...targets.keys()]);
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
          rows: [...(base?.rows ?? []), ...list],
          head: base?.head ?? ['', '', 0, ''],
        });
        for (const r of list) buckets.get(bucketOf(r.id))!.map[r.id] = key;
      }
      await this.writeBlocks(changed.values(), buckets.values());
    });
  }

  /** Writes changed blocks (sorted, re-headed; empty ones deleted) and buckets. Inside a transaction. */
  private async writeBlocks(blocks: Iterable<TxBlock>, buckets: Iterable<TxIdBucket>): Promise<void> {
    const puts: TxBlock[] = [];
    const deletes: string[] = [];
    for (const b of blocks) {
      if (b.rows.length === 0) deletes.push(b.key);
      else puts.push(makeBlock(b.key, b.account_id, b.month, b.rows));
    }
    const { blocks: table, ids } = this.tables();
    await Promise.all([
      deletes.length > 0 ? table.bulkDelete(deletes) : undefined,
      puts.length > 0 ? table.bulkPut(puts) : undefined,
      ids.bulkPut([...buckets]),
    ]);
  }

  delete(id: string): Promise<void> {
    return this.bulkDelete([id]);
  }

  bulkDelete(ids: ReadonlyArray<string>): Promise<void> {
    if (ids.length === 0) return Promise.resolve();
    return this.transaction(async () => {
      const gone = new Set(ids);
      const buckets = await this.buckets(gone);
      const keys = new Set<string>();
      for (const id of gone) {
        const b = buckets.get(bucketOf(id))!;
        const key = b.map[id];
        if (key === undefined) continue;
        keys.add(key);
        delete b.map[id];
      }
      const blocks = await this.blocksByKey(keys);
      await this.writeBlocks(
        [...blocks.values()].map((b) => ({ ...b, rows: b.rows.filter((r) => !gone.has(r.id)) })),
        buckets.values(),
      );
    });
  }

  clear(): Promise<void> {
    return this.transaction(async () => {
      const { blocks, ids } = this.tables();
      await Promise.all([blocks.clear(), ids.clear()]);
    });
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

  /** Every block's head, in month order (then account). */
  heads(): Promise<BlockHead[]> {
    return this.blocks.orderBy('head').keys() as Promise<unknown> as Promise<BlockHead[]>;
  }

  /** Every row matching `fn`, in account, date, id order. */
  filter(fn: (row: TransactionRow) => boolean): { toArray: () => Promise<TransactionRow[]> } {
    return { toArray: () => this.all().then((rows) => rows.filter(fn)) };
  }

  /** Ids of every row (for code written against a table's collection). */
  toCollection(): { primaryKeys: () => Promise<string[]> } {
    return { primaryKeys: () => this.toArray().then((rows) => rows.map((r) => r.id)) };
  }

  /** One account's rows dated from..to (inclusive; its whole history when not given), in date then id order. */
  async account(accountId: string, from = '', to = '\uffff'): Promise<TransactionRow[]> {
    const low = `${accountId}${SEP}${from.slice(0, 7)}`;
    const high = `${accountId}${SEP}${to === '\uffff' ? to : to.slice(0, 7)}`;
    const blocks = await this.blocks.where('key').between(low, high, true, true).toArray();
    return flatten(blocks).filter((r) => r.date >= from && r.date <= to);
  }

  /** Every account's rows dated from..to (inclusive), in date then id order. */
  async between(from: string, to: string): Promise<TransactionRow[]> {
    const blocks = await this.blocks.where('month').between(from.slice(0, 7), to.slice(0, 7), true, true).toArray();
    return flatten(blocks)
      .filter((r) => r.date >= from && r.date <= to)
      .sort(byDateThenId);
  }

  /** The blocks of the given keys, in the given order (missing ones left out). */
  async readBlocks(keys: ReadonlyArray<string>): Promise<TxBlock[]> {
    const found = await this.blocks.bulkGet([...keys]);
    return found.filter((b): b is TxBlock => !!b);
  }
}

/** Rows as new blocks and id buckets (the schema upgrade writes a whole table at once). */
export function toBlocks(rows: ReadonlyArray<TransactionRow>): { blocks: TxBlock[]; buckets: TxIdBucket[] } {
  const blocks = [...groupByBlock(rows)].map(([key, list]) =>
    makeBlock(key, list[0].account_id, list[0].date.slice(0, 7), list),
  );
  const buckets = new Map<number, TxIdBucket>();
  for (const b of blocks)
    for (const r of b.rows) {
      const n = bucketOf(r.id);
      let bucket = buckets.get(n);
      if (!bucket) buckets.set(n, (bucket = { bucket: n, map: {} }));
      bucket.map[r.id] = b.key;
    }
  return { blocks, buckets: [...buckets.values()] };
}
