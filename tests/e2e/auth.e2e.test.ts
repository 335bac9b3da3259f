// Sign-up, sign-in, route guards and password reset against the real local identity service (spec section 2).
import { describe, expect, it } from 'vitest';
import { createConfirmedUser, FIXED_CODE, newUser, useBrowser } from './harness';
import { AppShell, expectPath } from './page-models/app-page';
import { ForgotPasswordPage, LoginPage, SignUpPage, signInToDashboard } from './page-models/auth-pages';

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
    const signUp = new SignUpPage(page);
    await signUp.signUp(user);

    await signUp.confirm(FIXED_CODE);
    await expectPath(page, '/login');

    await signInToDashboard(page, user);
    await new AppShell(page).signOutAction().waitFor();
    expect(t.errors).toEqual([]);
  });

  it("shows the identity service's message for a wrong password and stays on /login", async () => {
    const user = await createConfirmedUser(t.stack, 'wrongpw');
    const login = new LoginPage(t.page);
    await login.signIn(user.email, 'Not-the-Passw0rd!');
    await login.wrongPassword().waitFor();
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
    const forgot = new ForgotPasswordPage(page);
    await forgot.open();
    await forgot.backToLogin().waitFor();
    await forgot.sendResetCode(user.email);

    await forgot.resetPassword(FIXED_CODE, newPassword);

    await forgot.done().waitFor();
    await forgot.goToLogin().click();
    await expectPath(page, '/login');
    await signInToDashboard(page, { ...user, password: newPassword });
  });
});
