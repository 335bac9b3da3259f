// The auth context and offline sessions: loading starts true, the current user is read once, the
// identity is cached for offline reloads, back online re-checks, and sign-out clears everything.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { initAuth, logout, refreshUser, useAuthStore } from '../../src/lib/auth/auth-store';
import { IDENTITY_CACHE_KEY, readCachedIdentity } from '../../src/lib/auth/identity-cache';
import { renderApp, resetAppState, TEST_CONFIG } from './render-app';
import * as adapter from './adapter-mock';

vi.mock('../../src/lib/auth/amplify-adapter', () => import('./adapter-mock'));
vi.mock('../../src/lib/config/app-config', async (original) => ({
  ...(await original<typeof import('../../src/lib/config/app-config')>()),
  loadAppConfig: async () => TEST_CONFIG,
}));

describe('auth session', () => {
  beforeEach(() => resetAppState());
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('loading starts true, then the user is set (or null) and loading ends', async () => {
    expect(useAuthStore.getState()).toMatchObject({ user: null, loading: true });
    adapter.signedInAs();
    await initAuth();
    expect(useAuthStore.getState()).toMatchObject({ user: adapter.TEST_USER, loading: false, offline: false });
    expect(adapter.configureAuth).toHaveBeenCalledWith(TEST_CONFIG);
    expect(readCachedIdentity()).toEqual(adapter.TEST_USER);
  });

  it('a failed read leaves the user null and clears a stale cache', async () => {
    localStorage.setItem(IDENTITY_CACHE_KEY, JSON.stringify(adapter.TEST_USER));
    await initAuth();
    expect(useAuthStore.getState()).toMatchObject({ user: null, loading: false });
    expect(readCachedIdentity()).toBeNull();
  });

  it('passes the cached identity to the adapter and keeps an offline session', async () => {
    localStorage.setItem(IDENTITY_CACHE_KEY, JSON.stringify(adapter.TEST_USER));
    adapter.getCurrentUser.mockImplementation(async (cached) => ({ user: cached, offline: true }));
    await initAuth();
    expect(adapter.getCurrentUser).toHaveBeenCalledWith(adapter.TEST_USER);
    expect(useAuthStore.getState()).toMatchObject({ user: adapter.TEST_USER, offline: true });
    expect(readCachedIdentity()).toEqual(adapter.TEST_USER);
  });

  it('an offline reload of /dashboard stays signed in and shows the Offline marker', async () => {
    localStorage.setItem(IDENTITY_CACHE_KEY, JSON.stringify(adapter.TEST_USER));
    adapter.getCurrentUser.mockImplementation(async (cached) => ({ user: cached, offline: true }));
    const { router } = await renderApp('/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(screen.getByText('Offline')).toBeInTheDocument();
  });

  it('coming back online re-reads the user (Amplify refreshes the tokens then)', async () => {
    localStorage.setItem(IDENTITY_CACHE_KEY, JSON.stringify(adapter.TEST_USER));
    adapter.getCurrentUser.mockImplementation(async (cached) => ({ user: cached, offline: true }));
    await initAuth();
    adapter.signedInAs();
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(useAuthStore.getState().offline).toBe(false));
    expect(adapter.getCurrentUser).toHaveBeenCalledTimes(2);
  });

  it('reads are queued: a refresh after sign-in never returns an older answer', async () => {
    let first: (v: { user: null; offline: boolean }) => void = () => undefined;
    adapter.getCurrentUser.mockImplementationOnce(() => new Promise((r) => (first = r)));
    const initial = initAuth();
    adapter.signedInAs();
    const afterLogin = refreshUser();
    await waitFor(() => expect(adapter.getCurrentUser).toHaveBeenCalledTimes(1));
    first({ user: null, offline: false });
    await initial;
    expect(await afterLogin).toEqual(adapter.TEST_USER);
    expect(useAuthStore.getState().user).toEqual(adapter.TEST_USER);
  });

  it('logout sets the user to null and clears the cached identity', async () => {
    adapter.signedInAs();
    await initAuth();
    await logout();
    expect(adapter.logout).toHaveBeenCalled();
    expect(useAuthStore.getState()).toMatchObject({ user: null, loading: false });
    expect(localStorage.getItem(IDENTITY_CACHE_KEY)).toBeNull();
  });
});
