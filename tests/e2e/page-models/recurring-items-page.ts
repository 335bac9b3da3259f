// Page model of the Recurring Items screen for the browser tests: open it, add an item through its modal.
import type { Page } from 'playwright-core';
import { openPage, toast } from './app-page';

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

export class RecurringItemsPage {
  constructor(private readonly page: Page) {}

  async open(): Promise<void> {
    await openPage(this.page, '/recurring-items', 'Recurring Items');
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
