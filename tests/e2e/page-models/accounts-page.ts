// Page model of the Accounts screen for the browser tests: open it, add an account through its modal.
import type { Page } from 'playwright-core';
import { openPage, toast } from './app-page';

export type NewAccount = { name: string; type?: string; institution?: string; balance: string; liability?: boolean };

export class AccountsPage {
  constructor(private readonly page: Page) {}

  async open(): Promise<void> {
    await openPage(this.page, '/accounts', 'Accounts');
  }

  /** Adds an account on the open Accounts screen and waits for the toast and the modal to close. */
  async addAccount(a: NewAccount): Promise<void> {
    const page = this.page;
    // The empty state's button, or the header's once accounts exist (waiting for whichever the page shows).
    await page
      .getByRole('button', { name: '+ Add Your First Account' })
      .or(page.getByRole('button', { name: '+ Add Account' }))
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: 'Add Account' });
    await dialog.getByLabel('Account Name').fill(a.name);
    if (a.type) await dialog.getByLabel('Account Type').selectOption(a.type);
    if (a.institution) await dialog.getByLabel('Institution').fill(a.institution);
    await dialog.getByLabel('Current Balance').pressSequentially(a.balance);
    if (a.liability) await dialog.getByLabel('Is Asset').uncheck();
    await dialog.getByRole('button', { name: 'Add Account' }).click();
    await toast(page, 'Account created successfully!');
    await dialog.waitFor({ state: 'detached' });
  }
}
