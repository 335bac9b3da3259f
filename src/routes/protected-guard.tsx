// The signed-in route guard (spec section 2): pages need a user (else /login), show 'Loading...' while
// auth loads, share the top bar, and get the user's own database (or, while the user explores it, the example
// household's: the sync runner and the top bar's sync state stay on the user's own database).
import { startTransition, useEffect, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { Navigate, Outlet } from '@tanstack/react-router';
import { LoadingScreen } from '../components/layout/LoadingScreen';
import { TopBar } from '../components/layout/TopBar';
import { DbOverride, UserDbProvider, useDb } from '../data/db-context';
import { openExampleDb, restoreExample, useExampleActive } from '../data/example-household/example-household';
import { ExampleBanner } from '../components/layout/ExampleBanner';
import { SyncRunner } from '../components/sync-status/SyncRunner';
import { FirstSyncGate } from '../components/sync-status/FirstSyncGate';
import { initAuth, logout, useAuthStore, type AuthState } from '../lib/auth/auth-store';
import { prefetchLedger } from '../data/ledger-source';

const sessionOf = ({ user, loading, offline }: AuthState): AuthState => ({ user, loading, offline });
const sameSession = (a: AuthState, b: AuthState) =>
  a.user === b.user && a.loading === b.loading && a.offline === b.offline;

/**
 * The auth store's session for the guard. The end of loading mounts the whole signed-in shell and its page at
 * once; read through zustand's hook (useSyncExternalStore) that was one synchronous render in a microtask, the
 * signed-in load's longest main-thread task (38-48 ms in Lighthouse's loads of /dashboard, four times that on
 * its simulated phone). That change is rendered as a transition, which React renders in slices; every other
 * change (sign-out, offline) as before, at once.
 */
function useSession(): AuthState {
  const [session, setSession] = useState(() => sessionOf(useAuthStore.getState()));
  useEffect(() => {
    const show = (next: AuthState, before: AuthState) => {
      const apply = () => setSession((shown) => (sameSession(shown, next) ? shown : next));
      if (before.loading && !next.loading && next.user) startTransition(apply);
      else apply();
    };
    // A change between the first render and this subscription.
    show(sessionOf(useAuthStore.getState()), session);
    return useAuthStore.subscribe((state, previous) => show(sessionOf(state), previous));
    // Subscribed once: `session` is only the first render's, for the line above.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return session;
}

export function ProtectedLayout() {
  const { user, loading, offline } = useSession();
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
