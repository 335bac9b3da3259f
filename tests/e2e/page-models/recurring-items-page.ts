// Page model of the Recurring Items screen for the browser tests: open it, add an item through its modal, edit
// one, read the cards and the summary.
import type { Locator } from 'playwright-core';
import { openPage, toast } from './app-page';
import { MoneyList } from './money-list';

export type NewRecurringItem = {
  name: string;
  type: 'Income' | 'Expense';
  amount: string;
  category: string;
  account: string;
  /** Absent: the form's default (monthly). */
  frequency?: string;
  start: string;
};

export class RecurringItemsPage extends MoneyList {
  async open(): Promise<void> {
    await openPage(this.page, '/recurring-items', 'Recurring Items');
  }

  heading(): Locator {
    return this.page.getByRole('heading', { level: 1, name: 'Recurring Items' });
  }

  emptyState(): Locator {
    return this.text('No recurring items');
  }

  editDialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Edit Recurring Item' });
  }

  /** The Income or Expense choice of the edit modal. */
  typeChoice(type: 'Income' | 'Expense'): Locator {
    return this.editDialog().getByLabel(type, { exact: true });
  }

  /** Changes the amount in the open edit modal and saves it; waits for the confirmation. */
  async saveAmount(amount: string): Promise<void> {
    const dialog = this.editDialog();
    await dialog.getByLabel('Amount').fill(amount);
    await dialog.getByRole('button', { name: 'Update Recurring Item' }).click();
    await toast(this.page, 'Recurring item updated successfully!');
  }

  /** Adds an item on the open Recurring Items screen and waits for the toast and the modal to close. */
  async addItem(r: NewRecurringItem): Promise<void> {
    const page = this.page;
    // The empty state's button, or the header's once items exist.
    await page
      .getByRole('button', { name: /\+ Add (Your First )?Recurring Item/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: 'Add Recurring Item' });
    await dialog.getByLabel('Name', { exact: true }).fill(r.name);
    await dialog.getByLabel(r.type, { exact: true }).check();
    await dialog.getByLabel('Amount').fill(r.amount);
    await dialog.getByLabel('Category').selectOption({ label: r.category });
    await dialog.getByLabel('Account').selectOption({ label: r.account });
    if (r.frequency) await dialog.getByLabel('Frequency').selectOption(r.frequency);
    await dialog.getByLabel('Start Date').fill(r.start);
    await dialog.getByRole('button', { name: 'Add Recurring Item' }).click();
    await toast(page, 'Recurring item created successfully!');
    await dialog.waitFor({ state: 'detached' });
  }
}
