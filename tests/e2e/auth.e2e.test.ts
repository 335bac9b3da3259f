// Sign-up, sign-in, route guards and password reset against the real local identity service (spec section 2).
import { describe, expect, it } from 'vitest';
import {
  action,
  createConfirmedUser,
  expectPath,
  FIXED_CODE,
  newUser,
  signIn,
  signInToDashboard,
  useBrowser,
} from './harness';

const PROTECTED_ROUTES = [
  '/dashboard',
  '/accounts',
  '/recurring-items',
  '/scenarios',
  '/scenarios/compare',
  '/scenarios/compare?selected=s1&selected=s2',
  '/scenarios/templates',
  '/scenarios/template/buy_first_home',
  '/scenarios/some-scenario-id',
  '/scenarios/some-scenario-id?editEvent=e1',
  '/scenarios/builder',
  '/scenarios/builder/some-scenario-id',
  '/profile',
];

describe('authentication', () => {
  const t = useBrowser();

  it('signs up, confirms with the emailed code, signs in and lands on /dashboard', async () => {
    const user = newUser('signup');
    const { page } = t;
    await page.goto('/signup');
    await page.getByLabel(/^first name/i).fill(user.firstName);
    await page.getByLabel(/^last name/i).fill(user.lastName);
    await page.getByLabel(/^email/i).fill(user.email);
    await page.getByLabel(/^password/i).fill(user.password);
    await page.getByLabel(/^confirm password/i).fill(user.password);
    await page.getByRole('button', { name: 'Sign up' }).click();

    await page.getByText('Confirm your account').first().waitFor();
    await page.getByLabel(/code/i).fill(FIXED_CODE);
    await page.getByRole('button', { name: 'Confirm Account' }).click();
    await expectPath(page, '/login');

    await signInToDashboard(page, user);
    await action(page, 'Sign out').waitFor();
    expect(t.errors).toEqual([]);
  });

  it("shows the identity service's message for a wrong password and stays on /login", async () => {
    const user = await createConfirmedUser(t.stack, 'wrongpw');
    await signIn(t.page, user.email, 'Not-the-Passw0rd!');
    await t.page.getByText('Incorrect username or password.').first().waitFor();
    expect(new URL(t.page.url()).pathname).toBe('/login');
  });

  it.each(PROTECTED_ROUTES)('redirects a visitor from %s to /login', async (route) => {
    await t.page.goto(route);
    await expectPath(t.page, '/login');
  });

  it('redirects a signed-in user from /login, /signup and /forgot-password to /dashboard', async () => {
    const user = await createConfirmedUser(t.stack, 'redirect');
    await signInToDashboard(t.page, user);
    for (const route of ['/login', '/signup', '/forgot-password']) {
      await t.page.goto(route);
      await expectPath(t.page, '/dashboard');
    }
  });

  it('resets a forgotten password with the code, then signs in with the new password', async () => {
    const user = await createConfirmedUser(t.stack, 'forgot');
    const newPassword = `New-${user.password}`;
    const { page } = t;
    await page.goto('/forgot-password');
    await action(page, '← Back to login').waitFor();
    await page.getByLabel(/^email/i).fill(user.email);
    await page.getByRole('button', { name: 'Send Reset Code' }).click();

    const code = page.getByPlaceholder('Enter 6-digit code');
    await code.fill(FIXED_CODE);
    await page.getByLabel(/^new password/i).fill(newPassword);
    await page.getByLabel(/^confirm/i).fill(newPassword);
    await page.getByRole('button', { name: 'Reset Password' }).click();

    await page.getByText('Password Reset Successful!').first().waitFor();
    await action(page, 'Go to Login').click();
    await expectPath(page, '/login');
    await signInToDashboard(page, { ...user, password: newPassword });
  });
});
