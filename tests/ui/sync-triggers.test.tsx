// When the app syncs: right after sign-in (the signed-in layout starts it), on the browser's `online` event,
// shortly after a local change, on 'Sync now'; never after sign-out; and a new device waits for its first
// pull before showing figures. Against an in-memory stand-in of the API.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FirstSyncGate } from '../../src/components/sync-status/FirstSyncGate';
import { renderUserPage } from './page-harness';
import { closeUserDb, openUserDb } from '../../src/data/db';
import { createAccount } from '../../src/data/repositories/accounts';
import { CHANGE_DEBOUNCE_MS, holdSync, startSync, syncNow, useSyncStore } from '../../src/data/sync/sync-service';
import { initAuth, useAuthStore } from '../../src/lib/auth/auth-store';
import { IDENTITY_CACHE_KEY } from '../../src/lib/auth/identity-cache';
import { fakeServer, type FakeServer } from '../sync/support/fake-server';
import { resetAppState, TEST_CONFIG } from './render-app';
import * as adapter from './adapter-mock';

vi.mock('../../src/lib/auth/amplify-adapter', () => import('./adapter-mock'));
vi.mock('../../src/lib/config/app-config', async (original) => ({
  ...(await original<typeof import('../../src/lib/config/app-config')>()),
  loadAppConfig: async () => ({ ...TEST_CONFIG, apiBaseUrl: 'http://api.test' }),
}));

let server: FakeServer;
let stop: () => void = () => undefined;

beforeEach(() => {
  resetAppState();
  server = fakeServer();
  vi.stubGlobal('fetch', server.fetch);
  adapter.getAuthToken.mockImplementation(async () => 'token-1');
});
afterEach(() => {
  cleanup();
  stop();
  closeUserDb();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const pulls = () => server.requests.filter((r) => r.path === '/sync/pull').length;

describe('sync triggers', () => {
  it('syncs at start, on the online event, after a local change and on Sync now', async () => {
    const db = openUserDb(`trigger-${crypto.randomUUID()}`);
    const mine = await createAccount(db, { name: 'Made before sign-in', current_balance: 1 });
    stop = startSync(db);
    await waitFor(() => expect(useSyncStore.getState().state.lastSyncedAt).not.toBeNull());
    expect(server.live().has(`accounts/${mine.id}`)).toBe(true);
    expect(server.requests.every((r) => r.auth === 'Bearer token-1')).toBe(true);

    const before = pulls();
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(pulls()).toBeGreaterThan(before));

    const made = await createAccount(db, { name: 'Typed just now', current_balance: 2 });
    await waitFor(() => expect(server.live().has(`accounts/${made.id}`)).toBe(true), { timeout: 6000 });

    const beforeNow = pulls();
    syncNow();
    await waitFor(() => expect(pulls()).toBeGreaterThan(beforeNow));
    // The pull's request is counted when it is sent; the round then merges it and only then goes back to idle.
    await waitFor(() => expect(useSyncStore.getState().state.phase).toBe('idle'));
  });

  it('holds the rounds of local changes while an import writes, and runs one when it is released', async () => {
    const db = openUserDb(`trigger-${crypto.randomUUID()}`);
    stop = startSync(db);
    await waitFor(() => expect(useSyncStore.getState().state.lastSyncedAt).not.toBeNull());
    await waitFor(() => expect(useSyncStore.getState().state.phase).toBe('idle'));
    const release = holdSync();
    const made = await createAccount(db, { name: 'Written while held', current_balance: 3 });
    const before = pulls();
    await new Promise((resolve) => setTimeout(resolve, CHANGE_DEBOUNCE_MS + 500));
    expect(pulls()).toBe(before);
    expect(server.live().has(`accounts/${made.id}`)).toBe(false);
    release();
    release(); // a second call changes nothing
    await waitFor(() => expect(server.live().has(`accounts/${made.id}`)).toBe(true));
  });

  it('a round that reaches the server re-checks a session kept offline, with no online event', async () => {
    // The network failed while the browser still called itself online, so no 'online' event will ever come.
    localStorage.setItem(IDENTITY_CACHE_KEY, JSON.stringify(adapter.TEST_USER));
    adapter.getCurrentUser.mockImplementation(async (cached) => ({ user: cached, offline: true }));
    await initAuth();
    expect(useAuthStore.getState()).toMatchObject({ user: adapter.TEST_USER, offline: true });
    adapter.signedInAs();
    const db = openUserDb(`trigger-${crypto.randomUUID()}`);
    stop = startSync(db);
    await waitFor(() => expect(useSyncStore.getState().state.lastSyncedAt).not.toBeNull());
    await waitFor(() => expect(useAuthStore.getState()).toMatchObject({ user: adapter.TEST_USER, offline: false }));
    expect(adapter.getCurrentUser).toHaveBeenCalledTimes(2);
  });

  it('stops on sign-out: no more rounds, the indicator resets', async () => {
    const db = openUserDb(`trigger-${crypto.randomUUID()}`);
    stop = startSync(db);
    await waitFor(() => expect(useSyncStore.getState().state.lastSyncedAt).not.toBeNull());
    stop();
    const count = server.requests.length;
    window.dispatchEvent(new Event('online'));
    await createAccount(db, { name: 'After sign-out', current_balance: 1 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.requests.length).toBe(count);
    expect(useSyncStore.getState().engine).toBeNull();
  });
});

describe('first sign-in on a new device', () => {
  const Page = () => (
    <FirstSyncGate>
      <h1>Dashboard</h1>
    </FirstSyncGate>
  );

  /** The API answers only once released: the first round stays in flight until then. */
  function holdServer() {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      await held;
      return server.fetch(input, init);
    });
    return release;
  }

  it('shows the first pull instead of figures until it is over; the defaults come after it', async () => {
    server.write('categories', 'c-1', { name: 'Wages', type: 'income' });
    const release = holdServer();
    const userId = `fresh-${crypto.randomUUID()}`;
    const db = openUserDb(userId);
    stop = startSync(db);
    await renderUserPage(Page, '/', { userId });
    expect(await screen.findByRole('heading', { name: 'Getting your data' })).toBeInTheDocument();
    expect(screen.getByText('Connecting to the server...')).toBeInTheDocument();
    // The page is there underneath, hidden (not unmounted: nothing typed is lost).
    expect(screen.getByRole('heading', { name: 'Dashboard', hidden: true })).not.toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Dashboard' })).not.toBeInTheDocument();
    release();
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    // The user already had categories on the server: this device adopts them and adds no defaults.
    await waitFor(async () => expect(await db.categories.count()).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await db.categories.toArray()).map((c) => c.name)).toEqual(['Wages']);
  });

  it("lets the user go on with this device's data without waiting", async () => {
    const release = holdServer();
    const userId = `fresh-${crypto.randomUUID()}`;
    stop = startSync(openUserDb(userId));
    await renderUserPage(Page, '/', { userId });
    await userEvent.click(await screen.findByRole('button', { name: "Continue with this device's data" }));
    expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    release();
  });
});
