// The one sync contract (docs/sync.md, docs/api.md "Sync"): the synced entity list, the protocol version and the
// wire messages of POST /sync/push and GET /sync/pull. The device and the server both parse and type with these;
// the server only adds its limits (batch sizes, id lengths).
import { z } from 'zod';

/**
 * Every synced entity, by its sync name (also the device's table name and the server's table name). The one
 * list: outbox names, merge tables, server tables and backup sections are all typed by it. Ordered parents
 * first (a category before the items filed under it): a whole-data write (a backup import) queues in this order.
 */
export const SYNC_ENTITIES = [
  'categories',
  'accounts',
  'recurring_items',
  'scenarios',
  'events',
  'modifications',
  'assumptions',
  'import_batches',
  'transactions',
  'payee_rules',
] as const;
export type SyncEntity = (typeof SYNC_ENTITIES)[number];

/** Entities kept as one record per user rather than rows in a table (the device keeps them in meta). */
export const SYNC_SINGLETONS = ['assumptions'] as const satisfies ReadonlyArray<SyncEntity>;
export type SyncSingleton = (typeof SYNC_SINGLETONS)[number];
/** Entities stored as rows keyed by id. */
export type SyncRowEntity = Exclude<SyncEntity, SyncSingleton>;
export const SYNC_ROW_ENTITIES = SYNC_ENTITIES.filter((e): e is SyncRowEntity => e !== 'assumptions');

export function isSyncEntity(name: unknown): name is SyncEntity {
  return typeof name === 'string' && (SYNC_ENTITIES as ReadonlyArray<string>).includes(name);
}

export function isSyncRowEntity(name: unknown): name is SyncRowEntity {
  return typeof name === 'string' && (SYNC_ROW_ENTITIES as ReadonlyArray<string>).includes(name);
}

/**
 * The protocol version. Raise it whenever a message or an entity's payload changes in a way an older peer
 * would misread; the device sends it in SYNC_VERSION_HEADER and the server refuses other versions (426).
 */
export const SYNC_PROTOCOL_VERSION = 1;
export const SYNC_VERSION_HEADER = 'x-wyrd-sync-version';
/** The HTTP status of a version refusal (Upgrade Required). */
export const SYNC_VERSION_STATUS = 426;

const MutationIdSchema = z
  .number({ error: 'must be a whole number' })
  .int('must be a whole number')
  .min(1, 'must be at least 1')
  .max(Number.MAX_SAFE_INTEGER);

export const MutationOpSchema = z.enum(['create', 'update', 'delete']);
export type MutationOp = z.infer<typeof MutationOpSchema>;

/**
 * One local change. `entity` is a string on the wire, not the enum: a newer device's entity is refused per
 * mutation (422) instead of failing the whole batch.
 */
export const MutationSchema = z.object({
  /** Another device's id when a batch carries forwarded mutations; absent: the batch's client_id. */
  client_id: z.string().min(1).optional(),
  /** The device's outbox seq: rises per device; a replayed id changes nothing. */
  mutation_id: MutationIdSchema,
  entity: z.string({ error: 'must be a string' }),
  op: MutationOpSchema,
  id: z.string({ error: 'must be a string id' }).min(1, 'must not be empty'),
  payload: z.unknown().optional(),
});
export type Mutation = z.infer<typeof MutationSchema>;

export const PushRequestSchema = z.object({
  client_id: z.string({ error: 'must be a string id' }).min(1, 'must not be empty'),
  /**
   * The highest mutation id of this client the server has acknowledged, as the client knows it (0: none).
   * When the server has applied less, an earlier batch has not arrived: the batch is refused (409) untouched.
   */
  base_mutation_id: z
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(0)
    .max(Number.MAX_SAFE_INTEGER)
    .optional(),
  mutations: z.array(MutationSchema),
});
export type PushRequest = z.infer<typeof PushRequestSchema>;

/** A 422 field error as the API reports it: where (['body', 'name']), what, and its kind. */
export const ValidationIssueSchema = z.object({
  loc: z.array(z.union([z.string(), z.number()])),
  msg: z.string(),
  type: z.string(),
});
export type ValidationIssue = z.infer<typeof ValidationIssueSchema>;

export const MutationResultSchema = z.object({
  mutation_id: z.number(),
  /** The server always names the mutation's client; a device reads results by mutation id and needs no more. */
  client_id: z.string().optional(),
  status: z.enum(['applied', 'rejected']),
  /** Rejected: the HTTP status the same write gets over REST (404, 409, 422). */
  code: z.number().optional(),
  /**
   * Rejected: a message, or 422 field errors (ValidationIssue[]). Read defensively (any value shows as text):
   * a device keeps what it cannot parse rather than lose the rejected change.
   */
  detail: z.unknown().optional(),
  /** Applied without a write: the server derives it (an event's entities) or it was already so (delete). */
  note: z.enum(['derived', 'already_deleted']).optional(),
  /** This mutation id was applied before; the stored result is returned and nothing changes. */
  replayed: z.boolean().optional(),
});
export type MutationResult = z.infer<typeof MutationResultSchema>;

export const PushResponseSchema = z.object({
  client_id: z.string(),
  /** The highest mutation id of the batch's client the server has applied. */
  last_mutation_id: z.number(),
  results: z.array(MutationResultSchema),
});
export type PushResponse = z.infer<typeof PushResponseSchema>;

/** One server change. `entity` is a string: a device skips entities it does not know (an older app). */
export const ChangeSchema = z.object({
  entity: z.string(),
  id: z.string(),
  seq: z.number(),
  op: z.enum(['upsert', 'delete']),
  /** upsert: the record as the API's GET returns it; delete: the tombstone {id, deleted_at}. */
  payload: z.unknown(),
});
export type Change = z.infer<typeof ChangeSchema>;

export const PullResponseSchema = z.object({
  changes: z.array(ChangeSchema),
  /** Pass back as `since` for the next page. */
  cursor: z.number(),
  more: z.boolean(),
});
export type PullResponse = z.infer<typeof PullResponseSchema>;

/** The 426 answer's body when a device's protocol version differs from the server's. */
export const SyncVersionErrorSchema = z.object({
  detail: z.string(),
  sync_version: z.number(),
  client_sync_version: z.number().nullable(),
});
export type SyncVersionError = z.infer<typeof SyncVersionErrorSchema>;
