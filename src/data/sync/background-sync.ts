// The service worker's Background Sync handler: pushes the signed-in user's outbox with the stored ID token
// while no page is open, through the sync engine's own push (push.ts), never a second implementation. It
// never refreshes a token: an expired or missing one means nothing is sent (the app syncs when next opened).
import type { DexieOptions } from 'dexie';
import { createApiClient, isTransientError } from '../../lib/http/api-client';
import { WyrdDb } from '../db-schema';
import { pushOutbox } from './push';
import { readSyncSession } from './sync-session';

/** The Background Sync tag the app registers when changes wait while offline. */
export const OUTBOX_SYNC_TAG = 'wyrd-outbox';

/** A token this close to its expiry is treated as expired (the request must still be valid on arrival). */
export const TOKEN_MARGIN_MS = 60_000;

export type BackgroundPushOutcome =
  | { result: 'no-session' | 'expired' | 'nothing-to-send' | 'refused' }
  | { result: 'pushed'; applied: number; rejected: number }
  /** A network error or a 5xx/429 after the client's own retries: the browser should try again later. */
  | { result: 'retry'; error: unknown };

export type BackgroundPushOptions = {
  /** Where the databases live (tests give fake-indexeddb). */
  dexie?: DexieOptions;
  fetch?: typeof fetch;
  now?: () => number;
};

export async function backgroundPush(options: BackgroundPushOptions = {}): Promise<BackgroundPushOutcome> {
  const now = options.now ?? Date.now;
  const session = await readSyncSession(options.dexie);
  if (!session) return { result: 'no-session' };
  if (session.expiresAt - now() < TOKEN_MARGIN_MS) return { result: 'expired' };
  const db = new WyrdDb(session.userId, options.dexie);
  try {
    if ((await db.outbox.count()) === 0) return { result: 'nothing-to-send' };
    const api = createApiClient({
      baseUrl: session.apiBaseUrl,
      // The stored token or nothing: a 401 (or a refresh request) ends the push without a second try.
      getToken: async ({ forceRefresh }) => (forceRefresh ? null : session.idToken),
      requireToken: true,
      timeoutMs: 60_000,
      fetch: options.fetch,
    });
    const summary = await pushOutbox(db, api);
    return { result: 'pushed', applied: summary.applied, rejected: summary.rejected };
  } catch (error) {
    if (isTransientError(error)) return { result: 'retry', error };
    return { result: 'refused' };
  } finally {
    db.close();
  }
}
