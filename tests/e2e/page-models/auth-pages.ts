// Page models of the signed-out screens for the browser tests: sign in, sign up and confirm the account with the
// emailed code, reset a forgotten password; and the new-password fields the reset and the profile share.
import type { Locator, Page } from 'playwright-core';
import { action, expectPath } from './app-page';

export type Credentials = { email: string; password: string };

export type NewAccountHolder = Credentials & { firstName: string; lastName: string };

/** Fills a new password and its confirmation (the reset screen and the profile's Security tab). */
export async function fillNewPassword(page: Page, password: string): Promise<void> {
  await page.getByLabel(/^new password/i).fill(password);
  await page.getByLabel(/^confirm/i).fill(password);
}

export class LoginPage {
  constructor(private readonly page: Page) {}

  /** Signs in from /login; what follows (the dashboard or a message) is the caller's to check. */
  async signIn(email: string, password: string): Promise<void> {
    await this.page.goto('/login');
    await this.page.getByLabel(/^email/i).fill(email);
    await this.page.getByLabel(/^password/i).fill(password);
    await this.page.getByRole('button', { name: 'Sign in' }).click();
  }

  /** Opens /login and waits for its form. */
  async open(): Promise<void> {
    await this.page.goto('/login');
    await this.page.getByRole('button', { name: 'Sign in' }).waitFor();
  }

  /** The identity service's message for a wrong password. */
  wrongPassword(): Locator {
    return this.page.getByText('Incorrect username or password.').first();
  }
}

export async function signInToDashboard(page: Page, user: Credentials): Promise<void> {
  await new LoginPage(page).signIn(user.email, user.password);
  await expectPath(page, '/dashboard');
}

export class SignUpPage {
  constructor(private readonly page: Page) {}

  async signUp(user: NewAccountHolder): Promise<void> {
    const page = this.page;
    await page.goto('/signup');
    await page.getByLabel(/^first name/i).fill(user.firstName);
    await page.getByLabel(/^last name/i).fill(user.lastName);
    await page.getByLabel(/^email/i).fill(user.email);
    await page.getByLabel(/^password/i).fill(user.password);
    await page.getByLabel(/^confirm password/i).fill(user.password);
    await page.getByRole('button', { name: 'Sign up' }).click();
  }

  /** Waits for the confirmation step and confirms with the emailed code. */
  async confirm(code: string): Promise<void> {
    await this.page.getByText('Confirm your account').first().waitFor();
    await this.page.getByLabel(/code/i).fill(code);
    await this.page.getByRole('button', { name: 'Confirm Account' }).click();
  }
}

export class ForgotPasswordPage {
  constructor(private readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto('/forgot-password');
  }

  backToLogin(): Locator {
    return action(this.page, '← Back to login');
  }

  async sendResetCode(email: string): Promise<void> {
    await this.page.getByLabel(/^email/i).fill(email);
    await this.page.getByRole('button', { name: 'Send Reset Code' }).click();
  }

  async resetPassword(code: string, password: string): Promise<void> {
    await this.page.getByPlaceholder('Enter 6-digit code').fill(code);
    await fillNewPassword(this.page, password);
    await this.page.getByRole('button', { name: 'Reset Password' }).click();
  }

  done(): Locator {
    return this.page.getByText('Password Reset Successful!').first();
  }

  goToLogin(): Locator {
    return action(this.page, 'Go to Login');
  }
}
