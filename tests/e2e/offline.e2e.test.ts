// Offline session (issue 2 item 7): once the service worker controls the page, a reload with no network
// still opens /dashboard signed in.
import { describe, expect, it } from 'vitest';
import { action, createConfirmedUser, expectPath, signInToDashboard, useBrowser } from './harness.ts';

describe('offline', () => {
  const t = useBrowser();

  it('reloads /dashboard offline and stays signed in', async () => {
    const user = await createConfirmedUser(t.stack, 'offline');
    const { page, context } = t;
    await signInToDashboard(page, user);
    await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 30_000 });

    await context.setOffline(true);
    await page.reload();
    await expectPath(page, '/dashboard');
    await action(page, 'Sign out').waitFor();
    await page.waitForTimeout(1_000); // a late redirect to /login would show up here
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    await context.setOffline(false);
  });
});
