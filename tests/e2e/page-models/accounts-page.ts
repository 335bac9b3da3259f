// Page model of the Accounts screen for the browser tests: open it (by address or from the navigation), add an
// account through its modal, change a balance, read the lists and the summary.
import type { Locator } from 'playwright-core';
import { AppShell, openPage, toast } from './app-page';
import { MoneyList } from './money-list';

export type NewAccount = { name: string; type?: string; institution?: string; balance: string; liability?: boolean };

export class AccountsPage extends MoneyList {
  async open(): Promise<void> {
    await openPage(this.page, '/accounts', 'Accounts');
  }

  /** Opens the screen through the navigation unless it is the one open, and waits for its heading. */
  async openFromNav(): Promise<void> {
    if (new URL(this.page.url()).pathname !== '/accounts') await new AppShell(this.page).navLink('Accounts').click();
    await this.heading().waitFor();
  }

  heading(): Locator {
    return this.page.getByRole('heading', { level: 1, name: 'Accounts' });
  }

  /** The empty state's button (shown while there are no accounts). */
  addFirstAccountButton(): Locator {
    return this.page.getByRole('button', { name: '+ Add Your First Account' });
  }

  /** The header's add button (shown once accounts exist). */
  addButton(): Locator {
    return this.page.getByRole('button', { name: '+ Add Account' });
  }

  addDialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Add Account' });
  }

  editDialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Edit Account' });
  }

  /** A field of the add or edit modal, by its label. */
  field(dialog: Locator, label: 'Account Name' | 'Account Type' | 'Institution' | 'Current Balance'): Locator {
    return dialog.getByLabel(label);
  }

  /** The edit modal's submit button. */
  updateButton(): Locator {
    return this.editDialog().getByRole('button', { name: 'Update Account' });
  }

  liabilities(): Locator {
    return this.page.getByRole('list', { name: 'Liabilities' });
  }

  /** The assets list (its text holds each account's name and balance). */
  assets(): Locator {
    return this.page.getByRole('list', { name: 'Assets' });
  }

  /** Every element whose text holds `name` (or is exactly it). */
  named(name: string, options: { exact?: boolean } = {}): Locator {
    return this.page.getByText(name, options);
  }

  /** Adds an account on the open Accounts screen and waits for the toast and the modal to close. */
  async addAccount(a: NewAccount): Promise<void> {
    const page = this.page;
    const dialog = this.addDialog();
    // The empty state's button, or the header's once accounts exist (waiting for whichever the page shows). Right
    // after the first account is added the list swaps one for the other, and a click can land on the button that
    // is going away (seen once in CI under load: no dialog opened): then it clicks again, unless the dialog is
    // there by then.
    for (let attempt = 1; ; attempt++) {
      try {
        // On a later attempt the click itself can wait on a dialog that opened meanwhile (it covers the button).
        await this.addFirstAccountButton()
          .or(this.addButton())
          .first()
          .click({ timeout: attempt === 1 ? undefined : 5_000 });
        await dialog.getByLabel('Account Name').waitFor({ timeout: 5_000 });
        break;
      } catch (err) {
        // Open but still filling in: the fill below waits for the field.
        if (await dialog.isVisible()) break;
        if (attempt === 3) throw err;
      }
    }
    await dialog.getByLabel('Account Name').fill(a.name);
    if (a.type) await dialog.getByLabel('Account Type').selectOption(a.type);
    if (a.institution) await dialog.getByLabel('Institution').fill(a.institution);
    await dialog.getByLabel('Current Balance').pressSequentially(a.balance);
    if (a.liability) await dialog.getByLabel('Is Asset').uncheck();
    await dialog.getByRole('button', { name: 'Add Account' }).click();
    await toast(page, 'Account created successfully!');
    await dialog.waitFor({ state: 'detached' });
  }

  /** Sets an account's balance through its Edit modal and waits for the modal to close. */
  async setBalance(name: string, balance: string): Promise<void> {
    await this.editButton(name).click();
    const dialog = this.editDialog();
    await dialog.getByLabel('Current Balance').fill(balance);
    await dialog.getByRole('button', { name: 'Update Account' }).click();
    await dialog.waitFor({ state: 'detached' });
  }
}
