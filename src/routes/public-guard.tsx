// The public-only route guard (spec section 2): login, signup and forgot-password send a signed-in user
// to /dashboard. Kept apart from the signed-in guard so these pages load no database code.
import { useEffect, useState } from 'react';
import { Navigate, Outlet } from '@tanstack/react-router';
import { useShallow } from 'zustand/react/shallow';
import { LoadingScreen } from '../components/layout/LoadingScreen';
import { hasCachedSession, initAuth, useAuthStore } from '../lib/auth/auth-store';

export function PublicOnlyLayout() {
  const { user, loading } = useAuthStore(useShallow((s) => ({ user: s.user, loading: s.loading })));
  // With no cached identity there is almost surely no session: show the form at once while the auth
  // check finishes in the background (it still redirects if a session turns up).
  const [mayHaveSession] = useState(hasCachedSession);

  useEffect(() => {
    // Cheap when nobody is signed in: aws-amplify is only fetched when tokens exist on this device.
    void initAuth();
  }, []);

  if (user) return <Navigate to="/dashboard" replace />;
  if (loading && mayHaveSession) return <LoadingScreen />;
  return <Outlet />;
}
