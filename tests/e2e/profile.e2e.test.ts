// Profile screen (spec section 2, Profile): the first name change persists, and a changed password is the one that works.
import { describe, expect, it } from 'vitest';
import { createConfirmedUser, useBrowser } from './harness';
import { AppShell, expectPath } from './page-models/app-page';
import { LoginPage, signInToDashboard } from './page-models/auth-pages';
import { ProfilePage } from './page-models/profile-page';

describe('profile', () => {
  const t = useBrowser('installed');

  it('saves a new first name that survives a reload', async () => {
    const user = await createConfirmedUser(t.stack, 'profile');
    const { page } = t;
    await signInToDashboard(page, user);
    const profile = new ProfilePage(page);
    await profile.open();
    const firstName = profile.firstName();
    await expect.poll(() => firstName.inputValue(), { timeout: 15_000 }).toBe(user.firstName);
    await firstName.fill('Grace');
    await profile.saveChanges();

    await page.reload();
    await expect.poll(() => profile.firstName().inputValue(), { timeout: 15_000 }).toBe('Grace');
  });

  it('changes the password, then only the new password signs in', async () => {
    const user = await createConfirmedUser(t.stack, 'changepw');
    const newPassword = `Changed-${user.password}`;
    const { page } = t;
    await signInToDashboard(page, user);
    const profile = new ProfilePage(page);
    await profile.open();
    await profile.changePassword(user.password, newPassword);

    await new AppShell(page).signOut();
    const login = new LoginPage(page);
    await login.signIn(user.email, user.password);
    await login.wrongPassword().waitFor();
    await signInToDashboard(page, { ...user, password: newPassword });
    await expectPath(page, '/dashboard');
  });
});
