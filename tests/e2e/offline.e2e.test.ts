// Offline session (issue 2 item 7): once the service worker controls the page, a reload with no network
// still opens /dashboard signed in.
import { describe, expect, it } from 'vitest';
import { reloadOffline, signedInUser, useBrowser } from './harness';
import { AppShell, expectPath } from './page-models/app-page';

describe('offline', () => {
  const t = useBrowser();

  it('reloads /dashboard offline and stays signed in', async () => {
    await signedInUser(t, 'offline');
    await reloadOffline(t);
    await expectPath(t.page, '/dashboard');
    await new AppShell(t.page).signOutAction().waitFor();
    await t.page.waitForTimeout(1_000); // a late redirect to /login would show up here
    expect(new URL(t.page.url()).pathname).toBe('/dashboard');
    await t.context.setOffline(false);
  });
});
