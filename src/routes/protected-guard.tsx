// The signed-in route guard (spec section 2): pages need a user (else /login), show 'Loading...' while
// auth loads, share the top bar, and get the user's own database (or, while the user explores it, the example
// household's: the sync runner and the top bar's sync state stay on the user's own database).
import { useEffect, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { Navigate, Outlet } from '@tanstack/react-router';
import { useShallow } from 'zustand/react/shallow';
import { LoadingScreen } from '../components/layout/LoadingScreen';
import { TopBar } from '../components/layout/TopBar';
import { DbOverride, UserDbProvider, useDb } from '../data/db-context';
import { openExampleDb, restoreExample, useExampleActive } from '../data/example-household/example-household';
import { ExampleBanner } from '../components/layout/ExampleBanner';
import { SyncRunner } from '../components/sync-status/SyncRunner';
import { FirstSyncGate } from '../components/sync-status/FirstSyncGate';
import { initAuth, logout, useAuthStore } from '../lib/auth/auth-store';
import { prefetchLedger } from '../data/ledger-source';

export function ProtectedLayout() {
  const { user, loading, offline } = useAuthStore(
    useShallow((s) => ({ user: s.user, loading: s.loading, offline: s.offline })),
  );
  const [signingOut, setSigningOut] = useState(false);

  useEffect(() => {
    void initAuth();
  }, []);

  if (loading) return <LoadingScreen />;
  if (!user) return <Navigate to="/login" replace />;

  const signOut = async () => {
    setSigningOut(true);
    try {
      await logout();
    } finally {
      setSigningOut(false);
    }
  };

  return (
    <UserDbProvider userId={user.userId}>
      <SyncRunner />
      <div className="app-shell">
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <TopBar onSignOut={() => void signOut()} signingOut={signingOut} offline={offline} />
        <main id="main" className="app-main">
          <FirstSyncGate>
            <ExampleScope>
              <Outlet />
            </ExampleScope>
          </FirstSyncGate>
        </main>
      </div>
    </UserDbProvider>
  );
}

/** The pages' database: the user's own, or the example household's while it is loaded (with its banner). */
function ExampleScope({ children }: { children: ReactNode }) {
  const own = useDb();
  const userId = own.userId;
  // Before the first paint: a reload while exploring shows the example again, never a flash of the user's data.
  useLayoutEffect(() => {
    restoreExample(userId);
  }, [userId]);
  const active = useExampleActive(userId);
  const db = useMemo(() => (active ? openExampleDb(userId) : own), [active, own, userId]);
  // The ledger most screens show, read once the current screen has its data and kept up to date until the
  // database closes: the pages' database, the example household's while it is explored.
  useEffect(() => prefetchLedger(db), [db]);
  return (
    <DbOverride key={active ? 'example' : 'own'} db={db}>
      {active && <ExampleBanner userId={userId} />}
      {children}
    </DbOverride>
  );
}
