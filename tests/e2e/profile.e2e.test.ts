// Profile screen (spec section 2, Profile): the first name change persists, and a changed password is the one that works.
import { describe, expect, it } from 'vitest';
import { createConfirmedUser, signIn, signInToDashboard, signOut, useBrowser, expectPath } from './harness';

describe('profile', () => {
  const t = useBrowser();

  it('saves a new first name that survives a reload', async () => {
    const user = await createConfirmedUser(t.stack, 'profile');
    const { page } = t;
    await signInToDashboard(page, user);
    await page.goto('/profile');
    const firstName = page.getByLabel(/^first name/i);
    await expect.poll(() => firstName.inputValue(), { timeout: 15_000 }).toBe(user.firstName);
    await firstName.fill('Grace');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Profile updated successfully!').first().waitFor();

    await page.reload();
    await expect.poll(() => page.getByLabel(/^first name/i).inputValue(), { timeout: 15_000 }).toBe('Grace');
  });

  it('changes the password, then only the new password signs in', async () => {
    const user = await createConfirmedUser(t.stack, 'changepw');
    const newPassword = `Changed-${user.password}`;
    const { page } = t;
    await signInToDashboard(page, user);
    await page.goto('/profile');
    await page
      .getByRole('tab', { name: 'Security' })
      .or(page.getByRole('button', { name: 'Security' }))
      .first()
      .click();
    await page.getByLabel(/^current password/i).fill(user.password);
    await page.getByLabel(/^new password/i).fill(newPassword);
    await page.getByLabel(/^confirm/i).fill(newPassword);
    await page.getByRole('button', { name: 'Change Password' }).click();
    await page.getByText('Password changed successfully!').first().waitFor();

    await signOut(page);
    await signIn(page, user.email, user.password);
    await page.getByText('Incorrect username or password.').first().waitFor();
    await signInToDashboard(page, { ...user, password: newPassword });
    await expectPath(page, '/dashboard');
  });
});
