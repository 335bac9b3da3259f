// The per-user IndexedDB database's schema (Dexie): one database per user id. Kept apart from db.ts (which
// ties the open database to the session) so the service worker can open it without the auth layer.
// Schema versions are only ever added, never edited: add the next `this.version(n).stores(...)` at the end of
// `#declareVersions`.
import Dexie, { type DexieOptions, type EntityTable, type Table, type Version } from 'dexie';
import type { SyncRowEntity } from '../../worker/engine/index';
import type {
  AccountRow,
  CategoryRow,
  ImportBatchRow,
  MetaRow,
  ModificationRow,
  OutboxRow,
  PayeeRuleRow,
  RecurringItemRow,
  ScenarioEventRow,
  ScenarioRow,
  TransactionRow,
} from './entities';
import type { SyncBaseRow, SyncDeferredRow, SyncRejectionRow } from './sync/sync-tables';
import {
  HEADS_KEY,
  toBlocks,
  TX_BLOCKS_SCHEMA,
  TX_HEADS_SCHEMA,
  TxTable,
  type BlockHead,
  type TxBlock,
  type TxHeadsRecord,
} from './tx-blocks';

export const DB_NAME_PREFIX = 'wyrd-user-';

export function userDbName(userId: string): string {
  if (!userId) throw new Error('A user id is required to open the local database');
  return `${DB_NAME_PREFIX}${userId}`;
}

export class WyrdDb extends Dexie {
  accounts!: EntityTable<AccountRow, 'id'>;
  recurring_items!: EntityTable<RecurringItemRow, 'id'>;
  categories!: EntityTable<CategoryRow, 'id'>;
  scenarios!: EntityTable<ScenarioRow, 'id'>;
  events!: EntityTable<ScenarioEventRow, 'id'>;
  modifications!: EntityTable<ModificationRow, 'id'>;
  outbox!: EntityTable<OutboxRow, 'seq'>;
  meta!: EntityTable<MetaRow, 'key'>;
  sync_rejections!: EntityTable<SyncRejectionRow, 'mutation_id'>;
  sync_deferred!: Table<SyncDeferredRow, [string, string]>;
  sync_base!: Table<SyncBaseRow, [string, string]>;
  tx_blocks!: Table<TxBlock, string>;
  tx_heads!: Table<TxHeadsRecord, string>;
  import_batches!: EntityTable<ImportBatchRow, 'id'>;
  payee_rules!: EntityTable<PayeeRuleRow, 'id'>;

  readonly userId: string;

  #transactions: TxTable | undefined;

  /**
   * The stored bank transactions as one table (tx-blocks.ts): kept in `tx_blocks`, a record per account and
   * month, with every block's head in `tx_heads`. Name `...db.transactions.stores` in a transaction's scope when
   * reading or writing them.
   */
  get transactions(): TxTable {
    this.#transactions ??= new TxTable(
      () => this.tx_blocks,
      () => this.tx_heads,
      (fn) => this.transaction('rw', this.tx_blocks, this.tx_heads, fn),
    );
    return this.#transactions;
  }

  /**
   * `options` lets tests give each simulated device its own IndexedDB (fake-indexeddb factories). `name` opens a
   * database of the same schema under another name (the example household's, never synced).
   */
  constructor(userId: string, options?: DexieOptions, name?: string) {
    super(name ?? userDbName(userId), options);
    this.userId = userId;
    inOneSchemaPass(this, () => this.#declareVersions());
  }

  /** The schema's versions (only ever added, never edited), in order. */
  #declareVersions(): void {
    this.version(1).stores({
      accounts: 'id, scenario_event_id, updated_at',
      recurring_items: 'id, account_id, category_id, scenario_event_id, updated_at',
      categories: 'id, type, updated_at',
      scenarios: 'id, updated_at',
      events: 'id, scenario_id, template_id, trigger_month, updated_at',
      modifications: 'id, scenario_id, target_id, updated_at',
      outbox: '++seq, [entity+entity_id], created_at',
      meta: 'key',
    });
    // Sync engine bookkeeping (docs/sync.md): parked rejections, deferred server changes, server copies of
    // event-made records.
    this.version(2).stores({
      sync_rejections: 'mutation_id, [entity+entity_id]',
      sync_deferred: '[entity+entity_id]',
      sync_base: '[entity+entity_id]',
    });
    // Bank transactions (docs/data-layer.md "Transactions"): the Transactions screen pages by account and date
    // or by amount; import de-duplicates by fingerprint and bank id; undo finds a batch's rows.
    this.version(3).stores({
      transactions:
        'id, account_id, [account_id+date], date, amount_cents, batch_id, category_id, payee, fingerprint, bank_id, transfer_id, recurring_item_id, updated_at',
      import_batches: 'id, account_id, imported_at',
      payee_rules: 'id, payee, category_id',
    });
    // Import speed (docs/sync.md "Reference rows", docs/data-layer.md "Transactions"): every index is written
    // with every row, so the transactions keep only the indexes something queries (`where('account_id')` is
    // answered by [account_id+date], which Dexie uses for its first part), and the outbox loses its unqueried
    // created_at index. Queued transaction creates and updates become reference rows (the push reads
    // the stored row), as the repository writes them from now on.
    this.version(4)
      .stores({
        transactions: 'id, [account_id+date], date, amount_cents, batch_id, recurring_item_id',
        outbox: '++seq, [entity+entity_id]',
      })
      .upgrade((tx) =>
        tx
          .table<OutboxRow, number>('outbox')
          .where('[entity+entity_id]')
          .between(['transactions', Dexie.minKey], ['transactions', Dexie.maxKey])
          .modify((row) => {
            if (row.op !== 'delete') delete row.payload;
          }),
      );
    // Slice rows (docs/sync.md "Slice rows"): a written slice of transactions queues one outbox row naming its
    // records (`refs`, multi-entry, so a record's pending change is still found by id) instead of one row each.
    // Rows queued before keep their shape and push as before.
    this.version(5).stores({
      outbox: '++seq, [entity+entity_id], *refs',
    });
    // Transaction blocks (docs/data-layer.md "Transaction blocks"): the rows move into one record per account and
    // month, since IndexedDB's cost is per record; the table of one record per row goes.
    this.version(6)
      .stores({ tx_blocks: TX_BLOCKS_SCHEMA, transactions: null })
      .upgrade(async (tx) => {
        const rows = await tx.table<TransactionRow, string>('transactions').toArray();
        await tx.table<TxBlock, string>('tx_blocks').bulkPut(toBlocks(rows));
      });
    // Every block's head in one record (docs/data-layer.md "Transaction blocks"): the Transactions list, the sync
    // merge and the plan-versus-actual card read the heads, and a cursor over the head index took 140-200 ms for
    // 1,250 blocks where one record is one request.
    this.version(7)
      .stores({ tx_heads: TX_HEADS_SCHEMA })
      .upgrade(async (tx) => {
        const heads = (await tx.table<TxBlock, string>('tx_blocks').orderBy('head').keys()) as unknown as BlockHead[];
        await tx.table<TxHeadsRecord, string>('tx_heads').put({ key: HEADS_KEY, rev: `v7.${Date.now()}`, heads });
      });
  }
}

type VersionInternals = { _cfg: { storesSource: Record<string, string | null> | null } };

/**
 * Runs `declare` (the database's `version().stores()` calls) with Dexie's schema work done once at the end. Each
 * `version(n)` and each `stores()` has Dexie re-parse the schema strings of every version declared so far and
 * rebuild every table object on the database (14 passes for 7 versions), which was most of opening the database:
 * 27 ms of the signed-in screens' first render on a fast desktop, 5 ms in Node. Meanwhile `stores()` only records
 * its tables, as Dexie's own does before its pass (a version's later calls add to its earlier ones); then one
 * `stores({})` on the newest version makes Dexie's pass over all of them. The override sits on this database's
 * own Version prototype (Dexie gives each database one; its typings expose it for extension) and is removed after.
 */
export function inOneSchemaPass(db: Dexie, declare: () => void): void {
  const proto = db.Version.prototype;
  proto.stores = function (this: VersionInternals, tables: Record<string, string | null>) {
    this._cfg.storesSource = this._cfg.storesSource ? Object.assign(this._cfg.storesSource, tables) : tables;
    return this as unknown as Version;
  };
  try {
    declare();
  } finally {
    delete (proto as Partial<typeof proto>).stores;
  }
  db.version(db.verno).stores({});
}

/**
 * The local row type of each synced row entity: every entity of the contract's list has a table of the same
 * name (this type stops compiling, naming the entity, when the list gains one the database lacks).
 */
export type LocalRowOf = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  [E in SyncRowEntity]: WyrdDb[E] extends Table<infer R, any, any>
    ? R
    : WyrdDb[E] extends TxTable
      ? TransactionRow
      : never;
};

/**
 * The table of a synced row entity, picked by name and typed by the contract's list. The transactions' table is
 * the blocks' TxTable, which answers the calls the sync and backup code makes of a table (get, bulkGet, bulkPut,
 * bulkAdd, bulkDelete, clear, toCollection().primaryKeys()).
 */
export function rowTable<E extends SyncRowEntity>(db: WyrdDb, entity: E): Table<LocalRowOf[E], string> {
  if (entity === 'transactions') return db.transactions as unknown as Table<LocalRowOf[E], string>;
  return db.table<LocalRowOf[E], string>(entity);
}

/** The Dexie tables a synced entity's rows are stored in (for a transaction's scope). */
export function storesOf(db: WyrdDb, entity: SyncRowEntity): Table[] {
  return entity === 'transactions' ? db.transactions.stores : [db.table(entity)];
}
