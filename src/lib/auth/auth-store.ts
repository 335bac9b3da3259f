// Session state (zustand): who is signed in and whether that is still being worked out
// (docs/product.md section 4 "Auth context"), with the offline identity cache behind it.
import { create } from 'zustand';
import { auth } from './auth-client';
import type { AuthUser } from './auth-types';
import { clearCachedIdentity, identityCacheChanges, readCachedIdentity, writeCachedIdentity } from './identity-cache';
import { amplifyTokensPresent } from './session-hint';

export type AuthState = {
  user: AuthUser | null;
  /** Starts true; false once the current user has been read (or found absent). */
  loading: boolean;
  /** True while the session comes from the offline cache and awaits the network to be re-checked. */
  offline: boolean;
};

export const useAuthStore = create<AuthState>(() => ({ user: null, loading: true, offline: false }));

type SignOutListener = (user: AuthUser) => void | Promise<void>;
const signOutListeners = new Set<SignOutListener>();

/** Lets other layers (the per-user database) release what belongs to a user when they sign out. */
export function onSignOut(listener: SignOutListener): () => void {
  signOutListeners.add(listener);
  return () => signOutListeners.delete(listener);
}

let refreshing: Promise<AuthUser | null> | null = null;
let started = false;
const MAX_STALE_READS = 3;
let staleReads = 0;

async function readUser(): Promise<AuthUser | null> {
  const cached = readCachedIdentity();
  if (!cached && !amplifyTokensPresent()) {
    // No tokens anywhere: signed out, known without loading aws-amplify (keeps public pages light).
    useAuthStore.setState({ user: null, loading: false, offline: false });
    return null;
  }
  const changesBefore = identityCacheChanges();
  let found;
  try {
    found = await auth.getCurrentUser(cached);
  } catch (error) {
    console.error('Reading the current user failed', error);
    found = { user: null, offline: false };
  }
  // A profile save patched the cache while this read was out: the answer may predate the save, so it must not
  // be written over it. Read again (a few times at most, so a busy cache cannot keep the read going).
  if (identityCacheChanges() !== changesBefore && staleReads < MAX_STALE_READS) {
    staleReads += 1;
    return readUser();
  }
  staleReads = 0;
  const { user, offline } = found;
  if (user) writeCachedIdentity(user);
  else if (!offline) clearCachedIdentity();
  useAuthStore.setState({ user, loading: false, offline: user !== null && offline });
  return user;
}

/**
 * Re-reads the current user (start-up, after login, after a profile update, back online). Reads are
 * queued, so a read asked for after a sign-in never returns an answer computed before it.
 */
export function refreshUser(): Promise<AuthUser | null> {
  const run = (refreshing ?? Promise.resolve(null)).catch(() => null).then(readUser);
  refreshing = run;
  void run
    .finally(() => {
      if (refreshing === run) refreshing = null;
    })
    .catch(() => undefined);
  return run;
}

let listeningForOnline = false;

/** Starts the auth context once: reads the current user and re-checks it whenever the network returns. */
export function initAuth(): Promise<AuthUser | null> {
  if (started) return refreshing ?? Promise.resolve(useAuthStore.getState().user);
  started = true;
  if (!listeningForOnline && typeof window !== 'undefined') {
    listeningForOnline = true;
    // Back online: let Amplify refresh the tokens it could not refresh offline (or drop a dead session).
    window.addEventListener('online', () => {
      if (started && useAuthStore.getState().user) void refreshUser();
    });
  }
  return refreshUser();
}

/**
 * Something else reached the network (a sync round got through): re-checks a session that is kept from the
 * offline cache. The 'online' event alone is not enough: a device whose network failed while the browser still
 * called it online (a dead Wi-Fi, a captive portal) never fires one when the network works again, and the session
 * would show as offline until the next reload.
 */
export function recheckOfflineSession(): void {
  const { user, offline } = useAuthStore.getState();
  if (started && user && offline && !refreshing) void refreshUser();
}

/** True when a signed-in identity is cached locally (a session may exist before Amplify is loaded). */
export function hasCachedSession(): boolean {
  return readCachedIdentity() !== null;
}

/** Signs out: revokes/clears Amplify's tokens, forgets the cached identity and closes the user's data. */
export async function logout(): Promise<void> {
  const user = useAuthStore.getState().user;
  clearCachedIdentity();
  await auth.logout();
  if (user) {
    await Promise.all(
      [...signOutListeners].map(async (listener) => {
        try {
          await listener(user);
        } catch (error) {
          console.error('Sign-out cleanup failed', error);
        }
      }),
    );
  }
  useAuthStore.setState({ user: null, loading: false, offline: false });
}

/** Tests only: back to the initial state. */
export function resetAuthStoreForTests(): void {
  started = false;
  refreshing = null;
  staleReads = 0;
  useAuthStore.setState({ user: null, loading: true, offline: false });
}
