// React access to the signed-in user's database: <UserDbProvider> opens it for the user, useDb() reads it.
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { openUserDb, type WyrdDb } from './db';

const DbContext = createContext<WyrdDb | null>(null);

export function UserDbProvider({ userId, children }: { userId: string; children: ReactNode }) {
  const db = useMemo(() => openUserDb(userId), [userId]);
  return <DbContext.Provider value={db}>{children}</DbContext.Provider>;
}

/** The signed-in user's database; only usable below <UserDbProvider> (the signed-in layout). */
export function useDb(): WyrdDb {
  const db = useContext(DbContext);
  if (!db) throw new Error('useDb() needs <UserDbProvider>: it is only available on signed-in pages');
  return db;
}
