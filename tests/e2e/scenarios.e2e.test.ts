// Scenarios in a real browser against the real stack (issue 5 item 9): a scenario from a template and from
// Smart Create; adding, editing and deleting events with their accounts and recurring items on the money
// screens (whose Edit leads back to the event); conditional parameters; builder modifications of all four
// types; bulk delete with a baseline selected.
import { describe, expect, it } from 'vitest';
import { signedInUser, useBrowser } from './harness';
import { AccountsPage } from './page-models/accounts-page';
import { expectPath, toast } from './page-models/app-page';
import { RecurringItemsPage } from './page-models/recurring-items-page';
import {
  BuilderPage,
  ScenarioDetailPage,
  ScenariosPage,
  TemplateFormPage,
  TemplatesPage,
} from './page-models/scenarios-page';

describe('scenarios', () => {
  const t = useBrowser('installed');

  it('creates a scenario from a template', async () => {
    const { page } = t;
    await signedInUser(t, 'tmpl');
    const templates = new TemplatesPage(page);
    const form = new TemplateFormPage(page);
    const detail = new ScenarioDetailPage(page);
    await templates.open();
    for (const group of [
      'Property',
      'Income & Career',
      'Debt & Payments',
      'Investments & Assets',
      'Purchases & Expenses',
    ]) {
      await templates.group(group).waitFor();
    }
    await templates.chooseTemplate('Major Purchase');
    await form.field('Scenario Name *').fill('New kitchen');
    await form.field('What are you buying? *').fill('Kitchen');
    await form.createButton().click();
    await detail.heading('New kitchen').waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/scenarios\/[^/]+$/);
    await expect.poll(() => detail.eventCards().count()).toBe(1);
    expect(await detail.onEventCards('Major Purchase').count()).toBe(1);
    expect(t.errors).toEqual([]);
  });

  it('creates a scenario from Smart Create', async () => {
    const { page } = t;
    await signedInUser(t, 'smart');
    const templates = new TemplatesPage(page);
    const form = new TemplateFormPage(page);
    const detail = new ScenarioDetailPage(page);
    await templates.open();
    const smart = await templates.openSmartCreate();
    const prompt = 'buy a $750k apartment in March 2028 with a 10% deposit';
    await smart.prompt().fill(prompt);
    await smart.counter(`${prompt.length}/500`).waitFor();
    await smart.createButton().click();
    await expectPath(page, '/scenarios/template/buy_first_home');
    await form.aiNote().waitFor();
    await expect.poll(() => form.field('Purchase price *').inputValue()).toBe('750000');
    expect(await form.field('Deposit *').inputValue()).toBe('75000');
    const name = await form.field('Scenario Name *').inputValue();
    expect(name).not.toBe('');
    await form.createButton().click();
    await detail.heading(name).waitFor();
    await detail.onEventCards('Mar 2028').waitFor();
    expect(t.errors).toEqual([]);
  });

  it('adds, edits and deletes an event; its accounts and items follow, and their Edit leads back to the event', async () => {
    const { page } = t;
    await signedInUser(t, 'events');
    const detail = new ScenarioDetailPage(page);
    const accounts = new AccountsPage(page);
    const items = new RecurringItemsPage(page);
    const id = await new ScenariosPage(page).createScenario('Home plan');
    const add = await detail.openAddEvent();
    await add.field('Template *').selectOption('buy_first_home');
    await add.field('Event Name').fill('Dream Home');
    await add.field('Year', { exact: true }).selectOption(String(new Date().getFullYear() + 2));
    await add.button('Create Event').click();
    await toast(page, 'Event created successfully');
    await detail.eventTitle(/Dream Home/).waitFor();

    await accounts.open();
    await accounts.card('Dream Home loan').waitFor();
    await accounts.card('Dream Home', { exact: true }).waitFor();
    await items.open();
    await items.card('Dream Home: insurance').waitFor();

    // Editing a materialised account redirects to its event.
    await accounts.open();
    await accounts.editButton('Dream Home loan').click();
    await page.waitForURL((url) => url.pathname === `/scenarios/${id}` && url.searchParams.has('editEvent'));
    const edit = detail.editEvent();
    await expect.poll(() => edit.field('Event Name').inputValue()).toBe('Dream Home');
    expect(await edit.field('Template *').isDisabled()).toBe(true);
    await edit.field('Event Name').fill('Beach House');
    await edit.button('Update Event').click();
    await toast(page, 'Event updated successfully');

    await accounts.open();
    await accounts.card('Beach House loan').waitFor();
    expect(await accounts.card('Dream Home loan').count()).toBe(0);

    // And from Recurring Items too.
    await items.open();
    await items.editButton('Beach House: insurance').click();
    await detail.editEvent().root.waitFor();
    await detail.editEvent().button('Cancel').click();

    page.once('dialog', (d) => {
      expect(d.message()).toBe('Delete event "Beach House"? This cannot be undone.');
      void d.accept();
    });
    await detail.deleteEventButton().click();
    await toast(page, 'Event deleted successfully');
    await detail.noEvents().waitFor();

    await accounts.open();
    await expect.poll(() => accounts.card('Beach House loan').count()).toBe(0);
    await items.open();
    await expect.poll(() => items.card('Beach House: insurance').count()).toBe(0);
    expect(t.errors).toEqual([]);
  });

  it('shows each conditional parameter only when its rule holds', async () => {
    const { page } = t;
    await signedInUser(t, 'visibility');
    await new ScenariosPage(page).createScenario('Rules');
    const form = await new ScenarioDetailPage(page).openAddEvent();
    const template = form.field('Template *');

    await template.selectOption('job_income_change');
    expect(await form.field('End date').count()).toBe(0);
    await form.field('Is this permanent?').uncheck();
    await form.field('End date').waitFor();

    await template.selectOption('major_purchase');
    expect(await form.field('Loan term (years) *').count()).toBe(0);
    await form.field('Payment method').selectOption('loan');
    await form.field('Loan term (years) *').waitFor();
    await form.field('Loan interest rate (% a year) *').waitFor();

    await template.selectOption('debt_payoff');
    await form.field('Extra payment (per month) *').waitFor();
    expect(await form.field('Lump sum *').count()).toBe(0);
    await form.field('Strategy').selectOption('lump_sum');
    await form.field('Lump sum *').waitFor();
    expect(await form.field('Extra payment (per month) *').count()).toBe(0);

    await page.keyboard.press('Escape');
    await form.root.waitFor({ state: 'detached' });
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

    const builder = new BuilderPage(page);
    await builder.open();
    await builder.preset('Aggressive Debt Payoff').click();
    expect(await builder.field('Name *').inputValue()).toBe('Aggressive Debt Payoff');
    await builder.createButton().click();
    await toast(page, 'Scenario created successfully!');
    await builder.waitForEditScreen('Aggressive Debt Payoff');

    const add = builder.addModification.bind(builder);
    await add(
      'Add Recurring Item',
      async (d) => {
        await d.field('Name *').fill('Gym');
        await d.field('Amount *').fill('60');
        await d.field('Start Date *').fill('2027-01-01');
        await d.field('Account *').selectOption({ label: 'Everyday' });
        await d.field('Category *').selectOption({ label: 'Health' });
      },
      'Add recurring: Gym',
    );
    await add(
      'Modify Recurring Item',
      async (d) => {
        await d.field('Recurring Item *').selectOption({ index: 1 });
        await d.field('New Amount *').fill('2100');
      },
      'Modify recurring: Flat rent',
    );
    await add(
      'Add One-Time Transaction',
      async (d) => {
        await d.field('Description').fill('Tax refund');
        await d.field('Income').check();
        await d.field('Amount *').fill('1500');
        await d.field('Date *').fill('2027-08-01');
        await d.field('Account *').selectOption({ label: 'Everyday' });
        await d.field('Category *').selectOption({ label: 'Other income' });
      },
      'One-time: Tax refund',
    );
    await add(
      'Modify Account Balance',
      async (d) => {
        await d.field('Account *').selectOption({ label: 'Everyday' });
        await d.field('New Balance *').fill('9000');
      },
      'Modify account: Everyday',
    );

    // They persist.
    await page.reload();
    await builder.modification('Modify account: Everyday').waitFor();
    await builder.deleteModificationButton('Add recurring: Gym').click();
    await expect.poll(() => builder.modification('Add recurring: Gym').count()).toBe(0);
    expect(t.errors).toEqual([]);
  });

  it('refuses a bulk delete with a baseline selected, then deletes the others', async () => {
    const { page } = t;
    await signedInUser(t, 'bulk');
    const builder = new BuilderPage(page);
    await builder.open();
    await builder.field('Name *').fill('Where I am');
    await builder.field('This is my baseline (current situation)').check();
    await builder.createButton().click();
    await builder.waitForEditScreen();
    const scenarios = new ScenariosPage(page);
    await scenarios.createScenario('Plan A');
    await scenarios.createScenario('Plan B');

    await scenarios.open();
    await scenarios.scenarioHeading('Plan B').waitFor();
    await scenarios.selectAllButton().click();
    await scenarios.deleteSelectedButton(3).click();
    await toast(page, 'Cannot delete baseline scenarios. Please unselect them first.');
    expect(await scenarios.cards().count()).toBe(3);

    await scenarios.selectBox('Where I am').uncheck();
    page.once('dialog', (d) => {
      expect(d.message()).toBe('Delete 2 scenario(s)? This cannot be undone.');
      void d.accept();
    });
    await scenarios.deleteSelectedButton(2).click();
    await expect.poll(() => scenarios.cards().count()).toBe(1);
    await scenarios.scenarioHeading('Where I am').waitFor();
    await page.reload();
    await scenarios.scenarioHeading('Where I am').waitFor();
    expect(await scenarios.cards().count()).toBe(1);
    expect(t.errors).toEqual([]);
  });
});
