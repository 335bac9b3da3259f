// The signed-in route guard (spec section 2): pages need a user (else /login), show 'Loading...' while
// auth loads, share the top bar, and get the user's own database.
import { useEffect, useState } from 'react';
import { Navigate, Outlet } from '@tanstack/react-router';
import { useShallow } from 'zustand/react/shallow';
import { LoadingScreen } from '../components/layout/LoadingScreen';
import { TopBar } from '../components/layout/TopBar';
import { UserDbProvider } from '../data/db-context';
import { SyncRunner } from '../components/sync-status/SyncRunner';
import { FirstSyncGate } from '../components/sync-status/FirstSyncGate';
import { initAuth, logout, useAuthStore } from '../lib/auth/auth-store';

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
            <Outlet />
          </FirstSyncGate>
        </main>
      </div>
    </UserDbProvider>
  );
}
