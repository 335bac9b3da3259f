// Route guards (spec section 2): signed-in pages need a user (else /login) and share the top bar;
// login/signup/forgot-password send a signed-in user to /dashboard. 'Loading...' shows while auth loads.
import { useEffect, useState } from 'react';
import { Navigate, Outlet } from '@tanstack/react-router';
import { useShallow } from 'zustand/react/shallow';
import { LoadingScreen } from '../components/layout/LoadingScreen';
import { TopBar } from '../components/layout/TopBar';
import { UserDbProvider } from '../data/db-context';
import { hasCachedSession, initAuth, logout, useAuthStore } from '../lib/auth/auth-store';

export function ProtectedLayout() {
  const { user, loading, offline } = useAuthStore(useShallow((s) => ({ user: s.user, loading: s.loading, offline: s.offline })));
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
      <div className="app-shell">
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <TopBar onSignOut={() => void signOut()} signingOut={signingOut} offline={offline} />
        <main id="main" className="app-main">
          <Outlet />
        </main>
      </div>
    </UserDbProvider>
  );
}

export function PublicOnlyLayout() {
  const { user, loading } = useAuthStore(useShallow((s) => ({ user: s.user, loading: s.loading })));
  // With no cached identity there is almost surely no session: show the form at once while the auth
  // check finishes in the background (it still redirects if a session turns up).
  const [mayHaveSession] = useState(hasCachedSession);

  useEffect(() => {
    void initAuth();
  }, []);

  if (user) return <Navigate to="/dashboard" replace />;
  if (loading && mayHaveSession) return <LoadingScreen />;
  return <Outlet />;
}
