// React access to the signed-in user's database: <UserDbProvider> opens it for the user, useDb() reads it.
import { createContext, useContext, useEffect, useMemo, type ReactNode } from 'react';
import { openUserDb, type WyrdDb } from './db';
import { firstSyncSettled } from './sync/sync-service';

const DbContext = createContext<WyrdDb | null>(null);

export function UserDbProvider({ userId, children }: { userId: string; children: ReactNode }) {
  const db = useMemo(() => openUserDb(userId), [userId]);
  useEffect(() => {
    // First sign-in on this device: seed the Australian default categories (idempotent via a meta flag), once
    // the first sync has brought the user's own categories if they have some (docs/sync.md).
    // Imported when needed: the defaults' ids come from the engine, which the first paint does not wait for.
    firstSyncSettled(db)
      .then(() => import('./default-categories'))
      .then(({ ensureDefaultCategories }) => ensureDefaultCategories(db))
      .catch((err: unknown) => {
        // Signing out closes the database mid-write; the flag is unset, so the next sign-in finishes the job.
        if ((err as { name?: string } | null)?.name !== 'DatabaseClosedError')
          console.error('Could not create the default categories', err);
      });
  }, [db]);
  return <DbContext.Provider value={db}>{children}</DbContext.Provider>;
}

/** The signed-in user's database; only usable below <UserDbProvider> (the signed-in layout). */
export function useDb(): WyrdDb {
  const db = useContext(DbContext);
  if (!db) throw new Error('useDb() needs <UserDbProvider>: it is only available on signed-in pages');
  return db;
}

/** Gives the pages below it another database of the same schema (the example household while it is explored). */
export function DbOverride({ db, children }: { db: WyrdDb; children: ReactNode }) {
  return <DbContext.Provider value={db}>{children}</DbContext.Provider>;
}
