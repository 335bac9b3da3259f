// Scenarios in a real browser against the real stack (issue 5 item 9): a scenario from a template and from
// Smart Create; adding, editing and deleting events with their accounts and recurring items on the money
// screens (whose Edit leads back to the event); conditional parameters; builder modifications of all four
// types; bulk delete with a baseline selected.
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signedInUser, useBrowser } from './harness';
import { AccountsPage } from './page-models/accounts-page';
import { openPage as open, toast } from './page-models/app-page';
import { RecurringItemsPage } from './page-models/recurring-items-page';
import { ScenarioDetailPage, ScenariosPage } from './page-models/scenarios-page';

describe('scenarios', () => {
  const t = useBrowser();

  it('creates a scenario from a template', async () => {
    const { page } = t;
    await signedInUser(t, 'tmpl');
    await open(page, '/scenarios/templates', 'Choose a Template');
    for (const group of [
      'Property',
      'Income & Career',
      'Debt & Payments',
      'Investments & Assets',
      'Purchases & Expenses',
    ]) {
      await page.getByRole('heading', { level: 2, name: group, exact: true }).waitFor();
    }
    await page.getByRole('link', { name: /Major Purchase/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Major Purchase' }).waitFor();
    await page.getByLabel('Scenario Name *').fill('New kitchen');
    await page.getByLabel('What are you buying? *').fill('Kitchen');
    await page.getByRole('button', { name: 'Create Scenario' }).click();
    await page.getByRole('heading', { level: 1, name: 'New kitchen' }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/scenarios\/[^/]+$/);
    const card = page.getByTestId('event-card');
    await expect.poll(() => card.count()).toBe(1);
    expect(await card.getByText('Major Purchase', { exact: true }).count()).toBe(1);
    expect(t.errors).toEqual([]);
  });

  it('creates a scenario from Smart Create', async () => {
    const { page } = t;
    await signedInUser(t, 'smart');
    await open(page, '/scenarios/templates', 'Choose a Template');
    await page.getByRole('button', { name: /Smart Create with AI/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Smart Create with AI' });
    const prompt = 'buy a $750k apartment in March 2028 with a 10% deposit';
    await dialog.getByLabel('Describe your scenario').fill(prompt);
    await dialog.getByText(`${prompt.length}/500`, { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Create Scenario' }).click();
    await page.waitForURL((url) => url.pathname === '/scenarios/template/buy_first_home');
    await page.getByText('AI-generated.').waitFor();
    await expect.poll(() => page.getByLabel('Purchase price *').inputValue()).toBe('750000');
    expect(await page.getByLabel('Deposit *').inputValue()).toBe('75000');
    const name = await page.getByLabel('Scenario Name *').inputValue();
    expect(name).not.toBe('');
    await page.getByRole('button', { name: 'Create Scenario' }).click();
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await page.getByTestId('event-card').getByText('Mar 2028', { exact: true }).waitFor();
    expect(t.errors).toEqual([]);
  });

  it('adds, edits and deletes an event; its accounts and items follow, and their Edit leads back to the event', async () => {
    const { page } = t;
    await signedInUser(t, 'events');
    const id = await new ScenariosPage(page).createScenario('Home plan');
    let dialog = await new ScenarioDetailPage(page).openAddEvent();
    await dialog.getByLabel('Template *').selectOption('buy_first_home');
    await dialog.getByLabel('Event Name').fill('Dream Home');
    await dialog.getByLabel('Year', { exact: true }).selectOption(String(new Date().getFullYear() + 2));
    await dialog.getByRole('button', { name: 'Create Event' }).click();
    await toast(page, 'Event created successfully');
    await page.getByRole('heading', { level: 3, name: /Dream Home/ }).waitFor();

    await open(page, '/accounts', 'Accounts');
    await page.getByRole('article', { name: 'Dream Home loan' }).waitFor();
    await page.getByRole('article', { name: 'Dream Home', exact: true }).waitFor();
    await open(page, '/recurring-items', 'Recurring Items');
    await page.getByRole('article', { name: 'Dream Home: insurance' }).waitFor();

    // Editing a materialised account redirects to its event.
    await open(page, '/accounts', 'Accounts');
    await page.getByRole('button', { name: 'Edit Dream Home loan' }).click();
    await page.waitForURL((url) => url.pathname === `/scenarios/${id}` && url.searchParams.has('editEvent'));
    dialog = page.getByRole('dialog', { name: 'Edit Event' });
    await expect.poll(() => dialog.getByLabel('Event Name').inputValue()).toBe('Dream Home');
    expect(await dialog.getByLabel('Template *').isDisabled()).toBe(true);
    await dialog.getByLabel('Event Name').fill('Beach House');
    await dialog.getByRole('button', { name: 'Update Event' }).click();
    await toast(page, 'Event updated successfully');

    await open(page, '/accounts', 'Accounts');
    await page.getByRole('article', { name: 'Beach House loan' }).waitFor();
    expect(await page.getByRole('article', { name: 'Dream Home loan' }).count()).toBe(0);

    // And from Recurring Items too.
    await open(page, '/recurring-items', 'Recurring Items');
    await page.getByRole('button', { name: 'Edit Beach House: insurance' }).click();
    await page.getByRole('dialog', { name: 'Edit Event' }).waitFor();
    await page.getByRole('dialog', { name: 'Edit Event' }).getByRole('button', { name: 'Cancel' }).click();

    page.once('dialog', (d) => {
      expect(d.message()).toBe('Delete event "Beach House"? This cannot be undone.');
      void d.accept();
    });
    await page.getByTestId('event-card').getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'Event deleted successfully');
    await page.getByText('No events yet').waitFor();

    await open(page, '/accounts', 'Accounts');
    await expect.poll(() => page.getByRole('article', { name: 'Beach House loan' }).count()).toBe(0);
    await open(page, '/recurring-items', 'Recurring Items');
    await expect.poll(() => page.getByRole('article', { name: 'Beach House: insurance' }).count()).toBe(0);
    expect(t.errors).toEqual([]);
  });

  it('shows each conditional parameter only when its rule holds', async () => {
    const { page } = t;
    await signedInUser(t, 'visibility');
    await new ScenariosPage(page).createScenario('Rules');
    const dialog = await new ScenarioDetailPage(page).openAddEvent();
    const template = dialog.getByLabel('Template *');

    await template.selectOption('job_income_change');
    expect(await dialog.getByLabel('End date').count()).toBe(0);
    await dialog.getByLabel('Is this permanent?').uncheck();
    await dialog.getByLabel('End date').waitFor();

    await template.selectOption('major_purchase');
    expect(await dialog.getByLabel('Loan term (years) *').count()).toBe(0);
    await dialog.getByLabel('Payment method').selectOption('loan');
    await dialog.getByLabel('Loan term (years) *').waitFor();
    await dialog.getByLabel('Loan interest rate (% a year) *').waitFor();

    await template.selectOption('debt_payoff');
    await dialog.getByLabel('Extra payment (per month) *').waitFor();
    expect(await dialog.getByLabel('Lump sum *').count()).toBe(0);
    await dialog.getByLabel('Strategy').selectOption('lump_sum');
    await dialog.getByLabel('Lump sum *').waitFor();
    expect(await dialog.getByLabel('Extra payment (per month) *').count()).toBe(0);

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(t.errors).toEqual([]);
  });

  it('adds builder modifications of all four types', async () => {
    const { page } = t;
    await signedInUser(t, 'mods');
    const accounts = new AccountsPage(page);
    await accounts.open();
    await accounts.addAccount({ name: 'Everyday', balance: '5000' });
    const items = new RecurringItemsPage(page);
    await items.open();
    await items.addItem({
      name: 'Flat rent',
      type: 'Expense',
      amount: '2000',
      category: 'Rent',
      account: 'Everyday',
      start: '2026-01-01',
    });

    await open(page, '/scenarios/builder', 'Create New Scenario');
    await page.getByRole('button', { name: /Aggressive Debt Payoff/ }).click();
    expect(await page.getByLabel('Name *').inputValue()).toBe('Aggressive Debt Payoff');
    await page.getByRole('button', { name: 'Create Scenario' }).click();
    await toast(page, 'Scenario created successfully!');
    await page.waitForURL((url) => url.pathname.startsWith('/scenarios/builder/'));
    await page.getByRole('heading', { level: 1, name: 'Edit Scenario' }).waitFor();
    await page.getByRole('heading', { name: 'Aggressive Debt Payoff' }).waitFor();

    const add = async (type: string, fill: (d: Locator) => Promise<void>, listed: string) => {
      await page.getByRole('button', { name: '+ Add Modification' }).click();
      const d = page.getByRole('dialog');
      await d.getByRole('button', { name: new RegExp(type) }).click();
      await fill(d);
      await d.getByRole('button', { name: 'Add Modification' }).click();
      await d.waitFor({ state: 'detached' });
      await page.getByText(listed, { exact: true }).waitFor();
    };
    await add(
      'Add Recurring Item',
      async (d) => {
        await d.getByLabel('Name *').fill('Gym');
        await d.getByLabel('Amount *').fill('60');
        await d.getByLabel('Start Date *').fill('2027-01-01');
        await d.getByLabel('Account *').selectOption({ label: 'Everyday' });
        await d.getByLabel('Category *').selectOption({ label: 'Health' });
      },
      'Add recurring: Gym',
    );
    await add(
      'Modify Recurring Item',
      async (d) => {
        await d.getByLabel('Recurring Item *').selectOption({ index: 1 });
        await d.getByLabel('New Amount *').fill('2100');
      },
      'Modify recurring: Flat rent',
    );
    await add(
      'Add One-Time Transaction',
      async (d) => {
        await d.getByLabel('Description').fill('Tax refund');
        await d.getByLabel('Income').check();
        await d.getByLabel('Amount *').fill('1500');
        await d.getByLabel('Date *').fill('2027-08-01');
        await d.getByLabel('Account *').selectOption({ label: 'Everyday' });
        await d.getByLabel('Category *').selectOption({ label: 'Other income' });
      },
      'One-time: Tax refund',
    );
    await add(
      'Modify Account Balance',
      async (d) => {
        await d.getByLabel('Account *').selectOption({ label: 'Everyday' });
        await d.getByLabel('New Balance *').fill('9000');
      },
      'Modify account: Everyday',
    );

    // They persist.
    await page.reload();
    await page.getByText('Modify account: Everyday', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Delete modification Add recurring: Gym' }).click();
    await expect.poll(() => page.getByText('Add recurring: Gym', { exact: true }).count()).toBe(0);
    expect(t.errors).toEqual([]);
  });

  it('refuses a bulk delete with a baseline selected, then deletes the others', async () => {
    const { page } = t;
    await signedInUser(t, 'bulk');
    await open(page, '/scenarios/builder', 'Create New Scenario');
    await page.getByLabel('Name *').fill('Where I am');
    await page.getByLabel('This is my baseline (current situation)').check();
    await page.getByRole('button', { name: 'Create Scenario' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/scenarios/builder/'));
    const scenarios = new ScenariosPage(page);
    await scenarios.createScenario('Plan A');
    await scenarios.createScenario('Plan B');

    await open(page, '/scenarios', 'Scenarios');
    await page.getByRole('heading', { name: 'Plan B' }).waitFor();
    await page.getByRole('button', { name: 'Select All' }).click();
    await page.getByRole('button', { name: 'Delete (3)' }).click();
    await toast(page, 'Cannot delete baseline scenarios. Please unselect them first.');
    expect(await page.getByTestId('scenario-card').count()).toBe(3);

    await page.getByRole('checkbox', { name: 'Select Where I am' }).uncheck();
    page.once('dialog', (d) => {
      expect(d.message()).toBe('Delete 2 scenario(s)? This cannot be undone.');
      void d.accept();
    });
    await page.getByRole('button', { name: 'Delete (2)' }).click();
    await expect.poll(() => page.getByTestId('scenario-card').count()).toBe(1);
    await page.getByRole('heading', { name: 'Where I am' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Where I am' }).waitFor();
    expect(await page.getByTestId('scenario-card').count()).toBe(1);
    expect(t.errors).toEqual([]);
  });
});
