// The device's side of the sync contract: the wire messages come from the engine's one contract module
// (worker/engine/model/sync.ts, docs/sync.md); this adds the version header every sync request carries, the
// readable text of a version refusal and the one-line text a rejection shows.
import { SYNC_PROTOCOL_VERSION, SYNC_VERSION_HEADER, SYNC_VERSION_STATUS } from '../../../worker/engine/index';
import { ApiHttpError } from '../../lib/http/api-client';

// The message types stay importable from here for the sync test harness; product code imports the engine.
export type { Change, Mutation, MutationResult, PullResponse, PushResponse } from '../../../worker/engine/index';

/** Sent with every sync request: the server refuses a version it does not speak (426) rather than misread it. */
export function syncHeaders(): Record<string, string> {
  return { [SYNC_VERSION_HEADER]: String(SYNC_PROTOCOL_VERSION) };
}

/**
 * The sync status text for a version refusal, or null when the error is something else. An older app than
 * the server is told to reload (the new build is waiting); a newer app than the server waits for the server.
 */
export function syncVersionMessage(error: unknown): string | null {
  if (!(error instanceof ApiHttpError) || error.status !== SYNC_VERSION_STATUS) return null;
  const body = error.body as { sync_version?: unknown } | null | undefined;
  const server = typeof body?.sync_version === 'number' ? body.sync_version : null;
  if (server !== null && server < SYNC_PROTOCOL_VERSION)
    return 'The sync server is being updated. Your changes are kept on this device and will sync once it is.';
  return 'This app needs an update to sync. Reload to update.';
}

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
