// Drizzle schema for the product API's database (PGlite by default, PostgreSQL when DATABASE_URL is set).
// Change it, then run `npx drizzle-kit generate --config server/db/drizzle.config.ts` to add a migration.
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { BuildExtraConfigColumns } from 'drizzle-orm';
import type { PgColumn, PgColumnBuilderBase, PgTable, PgTableExtraConfigValue } from 'drizzle-orm/pg-core';
import type {
  Account,
  AssumptionsInput,
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

// One row per identity-service user the API has seen; `id` is the token's `sub`, so rows survive email changes.
export const users = pgTable('users', {
  id: text('id').primaryKey(),
  email: text('email').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
});

// Small key/value facts about the database itself (e.g. the tombstone purge horizon).
export const meta = pgTable('meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/**
 * The server's change sequence: one counter across every entity table. Each write takes the next value
 * while holding its user's write lock, so one user's changes are numbered in commit order (the sync cursor).
 */
export const changeSeq = pgSequence('change_seq');

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

// Every entity table: owner, id (made on the device), change sequence, tombstone flag, and the entity itself
// as the engine's schema defines it (validated on every write). Ids are unique per owner.
function entityColumns<T = unknown>() {
  return {
    userSub: text('user_sub').notNull(),
    id: text('id').notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    deleted: boolean('deleted').notNull().default(false),
    body: jsonb('body').$type<T>().notNull(),
    ...timestamps,
  };
}

type EntityColumns = ReturnType<typeof entityColumns>;

/**
 * An entity table: its columns (entityColumns and the ones copied out of the body), keyed by (owner, id), with the
 * (owner, seq) index that pulls and list versions read, `<name>_seq`, and the table's own indexes.
 */
function syncedTable<N extends string, C extends Record<string, PgColumnBuilderBase>>(
  name: N,
  columns: C,
  indexes: (t: BuildExtraConfigColumns<N, C, 'pg'>) => PgTableExtraConfigValue[] = () => [],
) {
  return pgTable(name, columns, (t) => {
    const shared = t as unknown as BuildExtraConfigColumns<N, EntityColumns, 'pg'>;
    return [
      primaryKey({ columns: [shared.userSub, shared.id] }),
      index(`${name}_seq`).on(shared.userSub, shared.seq),
      ...indexes(t),
    ];
  });
}

export const accounts = syncedTable(
  'accounts',
  { ...entityColumns<Account>(), scenarioEventId: text('scenario_event_id') },
  (t) => [index('accounts_event').on(t.userSub, t.scenarioEventId)],
);

export const categories = syncedTable('categories', entityColumns<Category>());

export const recurringItems = syncedTable(
  'recurring_items',
  { ...entityColumns<RecurringItem>(), scenarioEventId: text('scenario_event_id') },
  (t) => [index('recurring_items_event').on(t.userSub, t.scenarioEventId)],
);

export const scenarios = syncedTable('scenarios', entityColumns<Scenario>());

export const events = syncedTable(
  'events',
  { ...entityColumns<ScenarioEvent>(), scenarioId: text('scenario_id').notNull() },
  (t) => [index('events_scenario').on(t.userSub, t.scenarioId)],
);

export const modifications = syncedTable(
  'modifications',
  // position keeps creation order (modifications apply in order) across clones and syncs.
  {
    ...entityColumns<Modification>(),
    scenarioId: text('scenario_id').notNull(),
    position: bigint('position', { mode: 'number' }).notNull(),
  },
  (t) => [index('modifications_scenario').on(t.userSub, t.scenarioId)],
);

/** The user's assumptions record (one row, id 'assumptions'), synced like an entity. */
export const assumptions = syncedTable('assumptions', entityColumns<AssumptionsInput>());

/**
 * Bank transactions (money in integer cents in the body). account_id, date and batch_id are copied out of the
 * body so the list endpoint pages by account and date and undoing a batch finds its rows by index.
 */
export const transactions = syncedTable(
  'transactions',
  {
    ...entityColumns<Transaction>(),
    accountId: text('account_id').notNull(),
    date: text('date').notNull(),
    batchId: text('batch_id'),
  },
  (t) => [
    index('transactions_date').on(t.userSub, t.date, t.id),
    index('transactions_account_date').on(t.userSub, t.accountId, t.date, t.id),
    index('transactions_batch').on(t.userSub, t.batchId),
  ],
);

/** Statement imports (undoing one deletes its transactions). */
export const importBatches = syncedTable('import_batches', entityColumns<ImportBatch>());

/** Payee rules: the category the user gave a payee, applied to later imports. */
export const payeeRules = syncedTable('payee_rules', entityColumns<PayeeRule>());

/** The last mutation id applied per device (sync push), written in the same transaction as the mutation. */
export const syncClients = pgTable(
  'sync_clients',
  {
    userSub: text('user_sub').notNull(),
    clientId: text('client_id').notNull(),
    lastMutationId: bigint('last_mutation_id', { mode: 'number' }).notNull(),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.userSub, t.clientId] })],
);

/** Each pushed mutation's result, so a replayed batch answers exactly as the first time. */
export const syncResults = pgTable(
  'sync_results',
  {
    userSub: text('user_sub').notNull(),
    clientId: text('client_id').notNull(),
    mutationId: bigint('mutation_id', { mode: 'number' }).notNull(),
    status: integer('status').notNull(),
    result: jsonb('result').notNull(),
    createdAt: timestamps.createdAt,
  },
  (t) => [primaryKey({ columns: [t.userSub, t.clientId, t.mutationId] })],
);

export type UserRow = typeof users.$inferSelect;

/** The columns every entity table shares (entityColumns), as the generic store code reads and writes them. */
export type EntityTable = PgTable & {
  userSub: PgColumn;
  id: PgColumn;
  seq: PgColumn;
  deleted: PgColumn;
  body: PgColumn;
  createdAt: PgColumn;
  updatedAt: PgColumn;
};

/**
 * The synced entity tables by their sync name: exactly the contract's entity list (worker/engine/model/sync.ts),
 * which `satisfies` checks both ways (a missing or an extra entity does not compile).
 */
export const ENTITY_TABLES = {
  accounts,
  categories,
  recurring_items: recurringItems,
  scenarios,
  events,
  modifications,
  assumptions,
  import_batches: importBatches,
  transactions,
  payee_rules: payeeRules,
} as const satisfies Record<SyncEntity, EntityTable>;
export type EntityName = SyncEntity;
export const ENTITY_NAMES = Object.keys(ENTITY_TABLES) as EntityName[];

/** An entity's table typed by its shared columns: picking one by name needs no cast. */
export function entityTable(entity: EntityName): EntityTable {
  return ENTITY_TABLES[entity];
}
