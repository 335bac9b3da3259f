// When the app syncs: right after sign-in (the signed-in layout starts it), on the browser's `online` event,
// shortly after a local change, on 'Sync now'; never after sign-out. Against an in-memory stand-in of the API.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { closeUserDb, openUserDb } from '../../src/data/db';
import { createAccount } from '../../src/data/repositories/accounts';
import { startSync, syncNow, useSyncStore } from '../../src/data/sync/sync-service';
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
    expect(useSyncStore.getState().state.phase).toBe('idle');
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
