// Row types of the per-user local database: the engine's entity types (worker/engine/model, the one
// definition of each) plus the sync bookkeeping the offline data layer adds (updated_at, outbox, meta).
import type {
  Account,
  Category,
  ImportBatch,
  Modification,
  PayeeRule,
  RecurringItem,
  Scenario,
  ScenarioEvent,
  SyncEntity,
  Transaction,
} from '../../worker/engine/index';

export type IsoTimestamp = string;

/**
 * A stored entity: the engine's type with the sync stamp every write sets. Deletes remove the row; the
 * outbox's delete row is the tombstone (docs/data-layer.md), so rows carry no deleted marker.
 */
export type LocalRow<T> = T & { updated_at: IsoTimestamp };

export type AccountRow = LocalRow<Account>;
export type RecurringItemRow = LocalRow<RecurringItem>;
export type CategoryRow = LocalRow<Category>;
/** created_at is always written locally: lists show scenarios in the order they were made. */
export type ScenarioRow = LocalRow<Scenario> & { created_at: IsoTimestamp };
export type ScenarioEventRow = LocalRow<ScenarioEvent>;
/**
 * Every local modification belongs to a scenario; created_at keeps the order modifications apply in
 * (docs/forecast-model.md section 6) and is local bookkeeping, not part of the entity.
 */
export type ModificationRow = LocalRow<Modification> & { scenario_id: string; created_at?: IsoTimestamp };

/** A bank transaction (money in integer cents; docs/data-layer.md "Transactions"). */
export type TransactionRow = LocalRow<Transaction>;
export type ImportBatchRow = LocalRow<ImportBatch>;
export type PayeeRuleRow = LocalRow<PayeeRule>;

/** Entity names as they appear in outbox rows: the sync contract's entities (the local table names). */
export type OutboxEntity = SyncEntity;

/** A local change waiting to be sent to the API, in order (seq is auto-incremented). */
export type OutboxRow = {
  seq?: number;
  entity: string;
  entity_id: string;
  op: 'create' | 'update' | 'delete';
  /**
   * What to send: the row as written, or a delete's tombstone. Absent on a create or update that refers to the
   * record (transactions): the push sends the record as it is stored then (docs/sync.md "Reference rows").
   */
  payload?: unknown;
  /**
   * A slice row (docs/sync.md "Slice rows"): the records of one written slice, each a reference row of its own.
   * They take the mutation ids `seq - refs.length + 1` to `seq` in order (the row is stored under its last one);
   * `entity_id` is then ''.
   */
  refs?: string[];
  /**
   * Transactions (a slice row, and each change expanded from it): the keys of the account-month blocks its records
   * were written into (src/data/tx-blocks.ts), so the push reads those blocks instead of looking every id up. A
   * hint: a record moved since is looked up by id.
   */
  blocks?: string[];
  created_at: IsoTimestamp;
  attempts?: number;
};

/** Small key/value facts about the local copy (last sync time, schema notes). */
export type MetaRow = { key: string; value: unknown };
