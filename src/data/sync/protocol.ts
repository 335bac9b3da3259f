// The wire format of the API's sync endpoints (POST /sync/push, GET /sync/pull; docs/api.md "Sync") and the
// one-line text a rejection shows.
import type { OutboxEntity, OutboxOp } from '../outbox';

export type Mutation = {
  mutation_id: number;
  entity: OutboxEntity;
  op: OutboxOp;
  id: string;
  payload: unknown;
};

export type PushRequest = { client_id: string; mutations: Mutation[] };

export type MutationResult = {
  mutation_id: number;
  client_id?: string;
  status: 'applied' | 'rejected';
  /** Rejected: the HTTP status the same write gets over REST (404, 409, 422). */
  code?: number;
  detail?: unknown;
  /** Applied without a write: 'derived' (the server regenerates an event's entities), 'already_deleted'. */
  note?: string;
  replayed?: boolean;
};

export type PushResponse = { client_id: string; results: MutationResult[] };

export type Change = {
  entity: OutboxEntity;
  id: string;
  seq: number;
  op: 'upsert' | 'delete';
  /** upsert: the record as the API's GET returns it; delete: the tombstone {id, deleted_at}. */
  payload: unknown;
};

export type PullResponse = { changes: Change[]; cursor: number; more: boolean };

export const SYNC_ENTITIES: ReadonlyArray<OutboxEntity> = [
  'accounts',
  'recurring_items',
  'categories',
  'scenarios',
  'events',
  'modifications',
  'assumptions',
];

/** The server's `detail` as one line: 422 field errors as 'location → path: message' joined with '; '. */
export function detailText(detail: unknown, fallback = 'The server refused this change.'): string {
  if (detail === undefined || detail === null || detail === '') return fallback;
  if (typeof detail === 'string') return detail;
  if (Array.isArray(detail)) {
    if (detail.length === 0) return fallback;
    return detail
      .map((item: unknown) => {
        if (!item || typeof item !== 'object') return String(item);
        const { loc, msg } = item as { loc?: unknown; msg?: unknown };
        const [where, ...path] = Array.isArray(loc) ? loc.map(String) : [];
        const message = String(msg ?? '');
        if (!where) return message;
        return path.length ? `${where} → ${path.join('.')}: ${message}` : `${where}: ${message}`;
      })
      .join('; ');
  }
  return JSON.stringify(detail);
}
