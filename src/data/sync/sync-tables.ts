// Row types of the sync engine's own tables (Dexie version 2 of the user database): changes the server
// rejected, parked for the user to fix or discard, and server changes held back while a local change waits.
import type { IsoTimestamp, OutboxEntity } from '../entities';

/** A pushed change the server refused (422, 404 or 409): out of the outbox, kept until the user acts. */
export type SyncRejectionRow = {
  /** The outbox seq it was pushed with (its mutation id). */
  mutation_id: number;
  entity: OutboxEntity;
  entity_id: string;
  op: 'create' | 'update' | 'delete';
  payload: unknown;
  /** The HTTP status the same write gets over REST. */
  code: number;
  /** The server's detail: a message, or 422 field errors. */
  detail: unknown;
  /** One line for people ('location → path: message' for field errors). */
  message: string;
  rejected_at: IsoTimestamp;
};

/** A server change that arrived while the record had a pending local change: applied once nothing waits. */
export type SyncDeferredRow = {
  /** As the server named it (a contract entity). */
  entity: string;
  entity_id: string;
  seq: number;
  op: 'upsert' | 'delete';
  payload: unknown;
};

/**
 * The server's last known copy of an account or recurring item a scenario event made. The server derives
 * those itself and ignores the device's own copies (push answers 'derived'), so after such a push the
 * device goes back to this copy unless the server sends a newer one.
 */
export type SyncBaseRow = {
  entity: 'accounts' | 'recurring_items';
  entity_id: string;
  seq: number;
  payload: unknown;
};
