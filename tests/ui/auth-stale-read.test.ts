// The auth context's user read against a profile save: a read that was already out when the save patched the
// offline identity cache must not write its older answer over the saved name (in the cache or the store).
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { auth } from '../../src/lib/auth/auth-client';
import { refreshUser, useAuthStore } from '../../src/lib/auth/auth-store';
import type { AuthUser, CurrentUserResult } from '../../src/lib/auth/auth-types';
import { readCachedIdentity, writeCachedIdentity } from '../../src/lib/auth/identity-cache';
import { resetAppState, TEST_CONFIG } from './render-app';
import * as adapter from './adapter-mock';

vi.mock('../../src/lib/auth/amplify-adapter', () => import('./adapter-mock'));
vi.mock('../../src/lib/config/app-config', async (original) => ({
  ...(await original<typeof import('../../src/lib/config/app-config')>()),
  loadAppConfig: async () => TEST_CONFIG,
}));

const GRACE: AuthUser = {
  ...adapter.TEST_USER,
  attributes: { ...adapter.TEST_USER.attributes, given_name: 'Grace' },
};

describe('a user read that overlaps a profile save', () => {
  beforeEach(() => resetAppState());

  it('is asked again instead of writing its older answer over the save', async () => {
    writeCachedIdentity(adapter.TEST_USER);
    let answerFirstRead: (result: CurrentUserResult) => void = () => undefined;
    adapter.getCurrentUser.mockImplementationOnce(
      () => new Promise<CurrentUserResult>((resolve) => (answerFirstRead = resolve)),
    );
    adapter.getCurrentUser.mockImplementation(async () => ({ user: GRACE, offline: false }));

    const read = refreshUser();
    await vi.waitFor(() => expect(adapter.getCurrentUser).toHaveBeenCalledTimes(1));
    expect(await auth.updateProfile('Grace', 'Lovelace')).toEqual({ success: true });
    expect(readCachedIdentity()?.attributes?.given_name).toBe('Grace');
    // The identity service answered this read before the save reached it.
    answerFirstRead({ user: adapter.TEST_USER, offline: false });

    expect(await read).toEqual(GRACE);
    expect(adapter.getCurrentUser).toHaveBeenCalledTimes(2);
    expect(readCachedIdentity()?.attributes?.given_name).toBe('Grace');
    expect(useAuthStore.getState().user?.attributes?.given_name).toBe('Grace');
  });

  it('a read nothing overlapped is asked once', async () => {
    adapter.signedInAs();
    expect(await refreshUser()).toEqual(adapter.TEST_USER);
    expect(adapter.getCurrentUser).toHaveBeenCalledTimes(1);
    expect(readCachedIdentity()).toEqual(adapter.TEST_USER);
  });
});
