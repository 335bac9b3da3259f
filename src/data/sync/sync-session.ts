// What the service worker needs to push the outbox while no page is open (docs/sync.md "Background Sync"):
// whose database, which API, and the current short-lived ID token with its expiry. Written by the page when it
// gets a token (sign-in, refresh), cleared on sign-out; never a refresh token, password or user data.
import Dexie, { type DexieOptions, type Table } from 'dexie';

export type SyncSession = {
  /** The signed-in user's id: names their database (`wyrd-user-<id>`). */
  userId: string;
  apiBaseUrl: string;
  idToken: string;
  /** When the ID token expires (epoch ms, from its `exp` claim). */
  expiresAt: number;
  savedAt: number;
};

type SessionRow = SyncSession & { key: 'current' };

export const SYNC_SESSION_DB = 'wyrd-sync-session';

class SessionDb extends Dexie {
  session!: Table<SessionRow, string>;
  constructor(options?: DexieOptions) {
    super(SYNC_SESSION_DB, options);
    this.version(1).stores({ session: 'key' });
  }
}

async function withSessionDb<T>(options: DexieOptions | undefined, fn: (db: SessionDb) => Promise<T>): Promise<T> {
  const db = new SessionDb(options);
  try {
    return await fn(db);
  } finally {
    db.close();
  }
}

/** The `exp` claim of a JWT in epoch ms, or null when the token cannot be read. */
export function tokenExpiry(token: string): number | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const json = atob(
      part
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(part.length / 4) * 4, '='),
    );
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : null;
  } catch {
    return null;
  }
}

/** Stores the current token for the service worker (a token without a readable expiry is not stored). */
export async function saveSyncSession(
  session: Omit<SyncSession, 'expiresAt' | 'savedAt'>,
  options?: DexieOptions,
): Promise<void> {
  const expiresAt = tokenExpiry(session.idToken);
  if (expiresAt === null) return;
  await withSessionDb(options, async (db) => {
    const saved = await db.session.get('current');
    if (saved?.idToken === session.idToken && saved.userId === session.userId) return;
    await db.session.put({ key: 'current', ...session, expiresAt, savedAt: Date.now() });
  });
}

export function readSyncSession(options?: DexieOptions): Promise<SyncSession | null> {
  return withSessionDb(options, async (db) => {
    const row = await db.session.get('current');
    if (!row) return null;
    const { key: _key, ...session } = row;
    return session;
  });
}

export function clearSyncSession(options?: DexieOptions): Promise<void> {
  return withSessionDb(options, (db) => db.session.clear());
}
