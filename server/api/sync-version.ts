// The sync protocol version gate (docs/api.md "Sync"): a device that names a protocol version other than the
// server's gets a 426 with a readable message instead of having its messages misread.
import type { MiddlewareHandler } from 'hono';
import {
  SYNC_PROTOCOL_VERSION,
  SYNC_VERSION_HEADER,
  SYNC_VERSION_STATUS,
  type SyncVersionError,
} from '../../worker/engine/index';

/** A request without the header is taken as the current version (scripts and older tests call the API bare). */
export const requireSyncVersion: MiddlewareHandler = async (c, next) => {
  const sent = c.req.header(SYNC_VERSION_HEADER);
  if (sent === undefined || sent === String(SYNC_PROTOCOL_VERSION)) return next();
  const client = /^\d{1,6}$/.test(sent) ? Number(sent) : null;
  const body: SyncVersionError = {
    detail:
      client !== null && client > SYNC_PROTOCOL_VERSION
        ? `This server speaks sync protocol version ${SYNC_PROTOCOL_VERSION}; the app speaks ${client}. Sync resumes once the server is updated.`
        : `This app speaks sync protocol version ${sent}; the server speaks ${SYNC_PROTOCOL_VERSION}. Reload the app to update it.`,
    sync_version: SYNC_PROTOCOL_VERSION,
    client_sync_version: client,
  };
  return c.json(body, SYNC_VERSION_STATUS);
};
