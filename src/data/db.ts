// The per-user IndexedDB database (Dexie): one database per user id, opened when a user signs in and
// closed on sign-out, so two people on one device never see each other's data (issue 2 item 8).
// The schema (and its versions) is in db-schema.ts.
import { onSignOut } from '../lib/auth/auth-store';
import { WyrdDb } from './db-schema';
import { trackActivity } from './db-activity';

export { DB_NAME_PREFIX, rowTable, storesOf, userDbName, WyrdDb, type LocalRowOf } from './db-schema';

let current: WyrdDb | null = null;

/** The signed-in user's database (the same instance while that user stays signed in). */
export function openUserDb(userId: string): WyrdDb {
  if (current?.userId === userId) return current;
  current?.close();
  current = new WyrdDb(userId);
  // Reading ahead waits for the screens' own reads (ledger-source.ts).
  trackActivity(current);
  return current;
}

/** Closes the open user database (sign-out); its data stays on the device for that user's next sign-in. */
export function closeUserDb(): void {
  current?.close();
  current = null;
}

export function currentUserDb(): WyrdDb | null {
  return current;
}

onSignOut(() => closeUserDb());
