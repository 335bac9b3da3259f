// The money screens in a real browser against the real stack: add, edit and delete accounts and recurring
// items; summaries and the dashboard follow; data survives a reload and an offline reload; an export imported
// by a fresh user reproduces the same dashboard.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createConfirmedUser, reloadOffline, signedInUser, useBrowser } from './harness';
import { AccountsPage, type NewAccount } from './page-models/accounts-page';
import { action, AppShell, toast } from './page-models/app-page';
import { signInToDashboard } from './page-models/auth-pages';
import { RecurringItemsPage, type NewRecurringItem } from './page-models/recurring-items-page';

const addAccount = (page: Page, a: NewAccount) => new AccountsPage(page).addAccount(a);
const addRecurring = (page: Page, r: NewRecurringItem) => new RecurringItemsPage(page).addItem(r);

/** The text of the summary figure whose heading is `label` (the value follows its heading). */
async function stat(page: Page, label: string): Promise<string> {
  return (
    await page.getByRole('heading', { name: label, exact: true }).locator('xpath=following-sibling::*[1]').innerText()
  ).trim();
}

async function expectStat(page: Page, label: string, value: string): Promise<void> {
  await expect.poll(() => stat(page, label), { timeout: 10_000 }).toBe(value);
}

/** A dashboard figure: the <dd> after the <dt> with this label. */
async function dashFigure(page: Page, label: string): Promise<string> {
  return (await page.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]').innerText()).trim();
}

async function go(page: Page, link: 'Accounts' | 'Recurring Items' | 'Profile') {
  // Accounts and Recurring Items are in the main navigation; Profile sits beside it in the top bar.
  const scope = link === 'Profile' ? page : page.getByRole('navigation');
  await scope.getByRole('link', { name: link, exact: true }).click();
  await page.getByRole('heading', { level: 1, name: link === 'Profile' ? 'Profile' : link }).waitFor();
}

async function goDashboard(page: Page) {
  await page.goto('/dashboard');
  await page.getByRole('heading', { name: 'Net Worth' }).waitFor();
}

describe('money screens', () => {
  const t = useBrowser();

  it('adds, edits and deletes accounts; the summary and the dashboard follow', async () => {
    const { page } = t;
    await signedInUser(t, 'accounts');
    await go(page, 'Accounts');
    await page.getByText('No accounts', { exact: true }).waitFor();
    // Keyboard only: open, fill and submit the modal without the mouse.
    const opener = page.getByRole('button', { name: '+ Add Your First Account' });
    await opener.focus();
    await page.keyboard.press('Enter');
    const addDialog = page.getByRole('dialog', { name: 'Add Account' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('name');
    await page.keyboard.type('Everyday');
    await page.keyboard.press('Tab'); // account type (default checking)
    await page.keyboard.press('Tab');
    await page.keyboard.type('ANZ');
    await page.keyboard.press('Tab');
    await page.keyboard.type('12500');
    expect(await addDialog.getByLabel('Current Balance').inputValue()).toBe('12,500');
    // Focus stays inside the modal however far one tabs.
    for (let i = 0; i < 9; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'))).toBe(true);
    }
    await addDialog.getByLabel('Current Balance').focus();
    await page.keyboard.press('Enter');
    await toast(page, 'Account created successfully!');
    await addDialog.waitFor({ state: 'detached' });
    // Escape closes, and focus goes back to the button that opened it.
    const addButton = page.getByRole('button', { name: '+ Add Account' });
    await addButton.focus();
    await page.keyboard.press('Enter');
    await addDialog.waitFor();
    await page.keyboard.press('Escape');
    await addDialog.waitFor({ state: 'detached' });
    expect(await addButton.evaluate((el) => el === document.activeElement)).toBe(true);

    await addAccount(page, { name: 'Car loan', type: 'loan', balance: '8,000', liability: true });
    await expectStat(page, 'Total Assets', '$12,500');
    await expectStat(page, 'Total Liabilities', '$8,000');
    await expectStat(page, 'Net Worth', '$4,500');
    await expect.poll(() => page.getByRole('list', { name: 'Liabilities' }).innerText()).toContain('$8,000.00');
    await expect.poll(() => page.getByRole('list', { name: 'Liabilities' }).innerText()).toContain('No institution');

    await page.getByRole('button', { name: 'Edit Everyday' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Account' });
    expect(await dialog.getByLabel('Current Balance').inputValue()).toBe('12,500');
    await dialog.getByLabel('Current Balance').fill('15000');
    await dialog.getByRole('button', { name: 'Update Account' }).click();
    await toast(page, 'Account updated successfully!');
    await expectStat(page, 'Total Assets', '$15,000');

    page.once('dialog', (d) => {
      expect(d.message()).toBe('Are you sure you want to delete this account?');
      void d.accept();
    });
    await page.getByRole('button', { name: 'Delete Car loan' }).click();
    await toast(page, 'Account deleted successfully!');
    await expectStat(page, 'Total Liabilities', '$0');

    // Phone width: the list becomes cards and nothing scrolls sideways.
    await page.setViewportSize({ width: 375, height: 760 });
    await page.getByRole('article', { name: 'Everyday' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.setViewportSize({ width: 1280, height: 800 });

    await goDashboard(page);
    await expect.poll(() => page.getByRole('region', { name: 'Net Worth' }).innerText()).toContain('+$15,000');
    expect(await dashFigure(page, 'Total Assets')).toBe('$15,000');
    expect(await dashFigure(page, 'Total Liabilities')).toBe('$0');
    expect(t.errors).toEqual([]);
  });

  it('adds, edits and deletes recurring items; data survives a reload and an offline reload', async () => {
    const { page } = t;
    await signedInUser(t, 'recurring');
    await go(page, 'Accounts');
    await addAccount(page, { name: 'Everyday', balance: '1000' });
    await go(page, 'Recurring Items');
    await page.getByText('No recurring items', { exact: true }).waitFor();
    await addRecurring(page, {
      name: 'Pay',
      type: 'Income',
      amount: '5,000',
      category: 'Salary',
      account: 'Everyday',
      frequency: 'monthly',
      start: '2024-01-01',
    });
    await addRecurring(page, {
      name: 'Food',
      type: 'Expense',
      amount: '100',
      category: 'Groceries',
      account: 'Everyday',
      frequency: 'weekly',
      start: '2024-01-01',
    });
    await expectStat(page, 'Monthly Income', '$5,000');
    await expectStat(page, 'Monthly Expenses', '$433');
    await expectStat(page, 'Net Cash Flow', '$4,567');

    await page.getByRole('button', { name: 'Edit Food' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Recurring Item' });
    expect(await dialog.getByLabel('Expense', { exact: true }).isChecked()).toBe(true);
    await dialog.getByLabel('Amount').fill('200');
    await dialog.getByRole('button', { name: 'Update Recurring Item' }).click();
    await toast(page, 'Recurring item updated successfully!');
    await expectStat(page, 'Monthly Expenses', '$867');

    await goDashboard(page);
    await expect.poll(() => dashFigure(page, 'Total Income')).toBe('$5,000');
    const expenses = await dashFigure(page, 'Total Expenses');
    expect(['$800', '$1,000']).toContain(expenses); // four or five weeks in last month
    await expect
      .poll(() => page.getByRole('region', { name: 'Spending by Category (Last Month)' }).innerText())
      .toContain('Groceries');

    await page.goto('/recurring-items');
    await page.getByRole('article', { name: 'Food' }).waitFor();
    await reloadOffline(t);
    await page.getByRole('article', { name: 'Food' }).waitFor({ timeout: 20_000 });
    await page.getByRole('article', { name: 'Pay' }).waitFor();
    await expectStat(page, 'Monthly Income', '$5,000');
    // Offline edits work too (the data is local).
    page.once('dialog', (d) => {
      expect(d.message()).toBe('Are you sure you want to delete this recurring item?');
      void d.accept();
    });
    await page.getByRole('button', { name: 'Delete Pay' }).click();
    await toast(page, 'Recurring item deleted successfully!');
    await expectStat(page, 'Monthly Income', '$0');
    await t.context.setOffline(false);
    expect(t.errors).toEqual([]);
  });

  it('exports the data and an import into a fresh user reproduces the same dashboard', async () => {
    const { page } = t;
    await signedInUser(t, 'exporter');
    await go(page, 'Accounts');
    await addAccount(page, { name: 'Offset', type: 'savings', balance: '40000' });
    await addAccount(page, { name: 'Home loan', type: 'mortgage', balance: '350000', liability: true });
    await go(page, 'Recurring Items');
    await addRecurring(page, {
      name: 'Salary',
      type: 'Income',
      amount: '7,200',
      category: 'Salary',
      account: 'Offset',
      frequency: 'monthly',
      start: '2024-03-01',
    });
    await addRecurring(page, {
      name: 'Repayments',
      type: 'Expense',
      amount: '2,100',
      category: 'Mortgage repayments',
      account: 'Offset',
      frequency: 'fortnightly',
      start: '2024-03-04',
    });
    await addRecurring(page, {
      name: 'Power',
      type: 'Expense',
      amount: '450',
      category: 'Utilities',
      account: 'Offset',
      frequency: 'quarterly',
      start: '2024-01-15',
    });
    await goDashboard(page);
    await expect.poll(() => dashFigure(page, 'Total Income')).toBe('$7,200');
    const dashboardText = async () => (await page.getByTestId('dashboard-content').innerText()).trim();
    const before = await dashboardText();

    await go(page, 'Profile');
    await page.getByRole('tab', { name: 'Data' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export data' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^wyrd-backup-\d{4}-\d{2}-\d{2}\.json$/);
    const file = path.join(await mkdtemp(path.join(tmpdir(), 'wyrd-export-')), download.suggestedFilename());
    await download.saveAs(file);

    await new AppShell(page).signOut();
    const fresh = await createConfirmedUser(t.stack, 'importer');
    await signInToDashboard(page, fresh);
    await go(page, 'Profile');
    await page.getByRole('tab', { name: 'Data' }).click();
    page.once('dialog', (d) => {
      expect(d.message()).toContain('Importing replaces all of your current data');
      void d.accept();
    });
    await page.getByLabel('Import data').setInputFiles(file);
    await page.getByText(/^Import complete: 2 accounts, 3 recurring items/).waitFor();

    await goDashboard(page);
    await expect.poll(dashboardText).toBe(before);
    await action(page, 'Accounts').click();
    await page.getByRole('article', { name: 'Home loan' }).waitFor();
    expect(t.errors).toEqual([]);
  });

  it('sends editing of event-linked entities to their event and refuses to delete them', async () => {
    const { page } = t;
    await signedInUser(t, 'linked');
    // Linked data arrives through the app's own import (the scenario screens create it the same way).
    const backup = {
      version: 1,
      assumptions: {},
      categories: [{ id: 'cat-car', name: 'Transport', type: 'expense' }],
      accounts: [
        {
          id: 'acc-cash',
          name: 'Cash',
          account_type: 'checking',
          current_balance: 1000,
          institution: null,
          is_asset: true,
          scenario_event_id: null,
        },
        {
          id: 'acc-car',
          name: 'Car finance',
          account_type: 'loan',
          current_balance: -30000,
          institution: null,
          is_asset: false,
          scenario_event_id: 'ev-car',
        },
      ],
      recurring_items: [
        {
          id: 'ri-car',
          name: 'Car repayments',
          amount: -650,
          frequency: 'monthly',
          start_date: '2027-01-01',
          end_date: null,
          account_id: 'acc-cash',
          category_id: 'cat-car',
          is_active: true,
          scenario_event_id: 'ev-car',
        },
      ],
      scenarios: [
        {
          id: 'sc-car',
          name: 'New car',
          description: '',
          is_baseline: false,
          created_at: '2026-11-01T00:00:00.000Z',
          modifications: [],
          events: [
            {
              id: 'ev-car',
              scenario_id: 'sc-car',
              name: 'Buy a car',
              trigger_month: '2027-01',
              trigger_date: '2027-01-01',
              template_id: 'car_loan',
              template_parameters: {},
            },
          ],
        },
      ],
    };
    await go(page, 'Profile');
    await page.getByRole('tab', { name: 'Data' }).click();
    page.once('dialog', (d) => void d.accept());
    await page.getByLabel('Import data').setInputFiles({
      name: 'linked.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(backup)),
    });
    await page.getByText(/^Import complete:/).waitFor();

    await go(page, 'Accounts');
    await page.getByRole('article', { name: 'Car finance' }).getByText('Scenario: New car').waitFor();
    await expectStat(page, 'Total Liabilities', '$0'); // hypothetical: listed, not counted
    let confirmed = false;
    page.once('dialog', (d) => {
      confirmed = true;
      void d.dismiss();
    });
    await page.getByRole('button', { name: 'Delete Car finance' }).click();
    await toast(
      page,
      'Cannot delete this account. It was created by a scenario event. Please delete the event instead.',
    );
    expect(confirmed).toBe(false);
    await page.getByRole('button', { name: 'Edit Car finance' }).click();
    await toast(page, 'This account is part of a scenario event. Please edit it through the scenario.');
    await page.waitForURL((u) => u.pathname === '/scenarios/sc-car' && u.searchParams.get('editEvent') === 'ev-car');

    await page.goto('/recurring-items');
    // The item the event made, found by its scenario marker rather than its name: opening the event above may
    // already have regenerated the event's items from its template (new names), and its sync may still be landing.
    const linked = page.getByRole('article').filter({ hasText: 'Scenario: New car' }).first();
    await linked.getByRole('button', { name: /^Delete / }).click();
    await toast(
      page,
      'Cannot delete this recurring item. It was created by a scenario event. Please delete the event instead.',
    );
    await linked.getByRole('button', { name: /^Edit / }).click();
    await toast(page, 'This recurring item is part of a scenario event. Please edit it through the scenario.');
    await page.waitForURL((u) => u.pathname === '/scenarios/sc-car' && u.searchParams.get('editEvent') === 'ev-car');
  });
});
