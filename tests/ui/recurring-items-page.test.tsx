// Recurring Items screen on a real per-user Dexie database (fake-indexeddb): the normalised summary, lists,
// the modal's defaults, type radio and category filtering, validation and messages, categories, delete,
// failures, and the scenario-event link rules.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderUserPage } from './page-harness';
import { act, cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { closeUserDb, type WyrdDb } from '../../src/data/db';
import { ensureDefaultCategories } from '../../src/data/default-categories';
import { createAccount } from '../../src/data/repositories/accounts';
import { createRecurringItem } from '../../src/data/repositories/recurring-items';
import { createScenario } from '../../src/data/repositories/scenarios';
import { RecurringItemsPage } from '../../src/features/recurring-items/RecurringItemsPage';

// The whole suite shares two cores: give live queries more than the default second to settle.
configure({ asyncUtilTimeout: 5_000 });

const user = () => userEvent.setup();
const withCategories = (seed?: (db: WyrdDb) => Promise<void>) => async (db: WyrdDb) => {
  await ensureDefaultCategories(db);
  if (seed) await seed(db);
};
const openPage = (seed?: (db: WyrdDb) => Promise<void>) =>
  renderUserPage(RecurringItemsPage, '/recurring-items', { prepare: withCategories(seed) });

async function categoryId(db: WyrdDb, name: string): Promise<string> {
  return (await db.categories.filter((c) => c.name === name).first())!.id;
}

async function withAccount(db: WyrdDb): Promise<string> {
  return (await createAccount(db, { name: 'Everyday', current_balance: 1000 })).id;
}

afterEach(() => {
  cleanup();
  closeUserDb();
  vi.restoreAllMocks();
});

describe('recurring items screen', () => {
  it('shows No recurring items and opens the modal with the defaults', async () => {
    await openPage(async (db) => void (await withAccount(db)));
    expect(await screen.findByText('No recurring items')).toBeInTheDocument();
    await user().click(screen.getByRole('button', { name: '+ Add Recurring Item' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Recurring Item' });
    expect(within(dialog).getByLabelText('Frequency')).toHaveValue('monthly');
    expect(within(dialog).getByLabelText('Active')).toBeChecked();
    expect(within(dialog).getByLabelText('Name')).toHaveFocus();
    expect(
      within(dialog)
        .getAllByRole('option', { hidden: false })
        .map((o) => o.textContent),
    ).toEqual(expect.arrayContaining(['Weekly', 'Fortnightly', 'Monthly', 'Quarterly', 'Yearly']));
  });

  it('lists items by name as people read them (case-insensitive, 2 before 10)', async () => {
    await openPage(async (db) => {
      const account = await withAccount(db);
      const other = await categoryId(db, 'Other');
      for (const name of ['Item 10', 'item 2', 'Item 1', 'Apple']) {
        await createRecurringItem(db, {
          name,
          amount: -5,
          start_date: '2026-01-01',
          account_id: account,
          category_id: other,
        });
      }
    });
    const list = await screen.findByRole('list', { name: 'Expenses' });
    await waitFor(() => expect(within(list).getAllByRole('article')).toHaveLength(4));
    expect(
      within(list)
        .getAllByRole('article')
        .map((a) => a.getAttribute('aria-label')),
    ).toEqual(['Apple', 'Item 1', 'item 2', 'Item 10']);
  });

  it('tells the user to add an account first when there is none', async () => {
    await openPage();
    await user().click(await screen.findByRole('button', { name: '+ Add Recurring Item' }));
    expect(screen.getByLabelText('Account')).toHaveAccessibleDescription(
      'You have no accounts yet: add one on the Accounts page first.',
    );
  });

  it('requires name, amount, start date, account and category', async () => {
    const { db } = await openPage(async (db) => void (await withAccount(db)));
    await user().click(await screen.findByRole('button', { name: '+ Add Recurring Item' }));
    const dialog = screen.getByRole('dialog');
    const submit = within(dialog).getByRole('button', { name: 'Add Recurring Item' });
    await user().click(submit);
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please fill in all required fields');
    await user().type(within(dialog).getByLabelText('Name'), 'Rent');
    await user().type(within(dialog).getByLabelText(/^Amount/), '2000');
    await user().type(within(dialog).getByLabelText('Start Date'), '2026-01-01');
    await user().selectOptions(within(dialog).getByLabelText('Account'), 'Everyday');
    await user().click(submit);
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please fill in all required fields');
    expect(await db.recurring_items.count()).toBe(0);
  });

  it('filters categories by type and clears the category when the type changes', async () => {
    await openPage(async (db) => void (await withAccount(db)));
    await user().click(await screen.findByRole('button', { name: '+ Add Recurring Item' }));
    const dialog = screen.getByRole('dialog');
    const category = within(dialog).getByLabelText('Category');
    const names = () =>
      within(category)
        .getAllByRole('option')
        .map((o) => o.textContent);
    expect(names()).toContain('Groceries');
    expect(names()).not.toContain('Salary');
    await user().selectOptions(category, 'Groceries');
    expect(category).not.toHaveValue('');
    await user().click(within(dialog).getByLabelText('Income'));
    expect(category).toHaveValue('');
    expect(names()).toContain('Salary');
    expect(names()).not.toContain('Groceries');
  });

  it('stores an expense negative and an income positive, end date null when empty, with the create toast', async () => {
    const { db } = await openPage(async (db) => void (await withAccount(db)));
    const add = async (
      name: string,
      type: 'Income' | 'Expense',
      amount: string,
      category: string,
      frequency: string,
    ) => {
      // A toast of its own (an earlier add's toast may already have timed out under load, so not a count).
      const before = new Set(screen.queryAllByText('Recurring item created successfully!'));
      await user().click(await screen.findByRole('button', { name: '+ Add Recurring Item' }));
      const dialog = screen.getByRole('dialog');
      await user().type(within(dialog).getByLabelText('Name'), name);
      await user().click(within(dialog).getByLabelText(type));
      await user().type(within(dialog).getByLabelText(/^Amount/), amount);
      await user().selectOptions(within(dialog).getByLabelText('Category'), category);
      await user().selectOptions(within(dialog).getByLabelText('Account'), 'Everyday');
      await user().selectOptions(within(dialog).getByLabelText('Frequency'), frequency);
      await user().type(within(dialog).getByLabelText('Start Date'), '2026-01-05');
      await user().click(within(dialog).getByRole('button', { name: 'Add Recurring Item' }));
      await waitFor(() =>
        expect(screen.getAllByText('Recurring item created successfully!').some((t) => !before.has(t))).toBe(true),
      );
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    };
    await add('Pay', 'Income', '2,600', 'Salary', 'fortnightly');
    await screen.findByRole('list', { name: 'Income' });
    await add('Food', 'Expense', '150', 'Groceries', 'weekly');
    const rows = await db.recurring_items.toArray();
    expect(rows.find((r) => r.name === 'Pay')).toMatchObject({
      amount: 2600,
      frequency: 'fortnightly',
      end_date: null,
      is_active: true,
      start_date: '2026-01-05',
    });
    expect(rows.find((r) => r.name === 'Food')).toMatchObject({ amount: -150, frequency: 'weekly', end_date: null });
    // Normalised: 2600 x 26/12 = 5633.33; 150 x 52/12 = 650.
    const summary = screen.getByRole('region', { name: 'Recurring items summary' });
    expect(await within(summary).findByText('$650')).toBeInTheDocument();
    expect(within(summary).getByText('$5,633')).toBeInTheDocument();
    expect(within(summary).getByText('$4,983')).toBeInTheDocument();
    const income = await screen.findByRole('list', { name: 'Income' });
    expect(within(income).getByText('Pay')).toBeInTheDocument();
    expect(within(income).getByText('Salary')).toBeInTheDocument();
    expect(within(income).getByText('Everyday')).toBeInTheDocument();
    expect(within(income).getByText('Fortnightly')).toBeInTheDocument();
    expect(within(income).getByText('From 5 Jan 2026')).toBeInTheDocument();
    const expenses = screen.getByRole('list', { name: 'Expenses' });
    expect(within(expenses).getByText('Food')).toBeInTheDocument();
  });

  it('normalises quarterly and yearly items, ignores inactive ones, and shows the Inactive badge and end date', async () => {
    await openPage(async (db) => {
      const account = await withAccount(db);
      const insurance = await categoryId(db, 'Insurance');
      await createRecurringItem(db, {
        name: 'Car insurance',
        amount: -1200,
        frequency: 'yearly',
        start_date: '2026-01-01',
        account_id: account,
        category_id: insurance,
      });
      await createRecurringItem(db, {
        name: 'Water',
        amount: -300,
        frequency: 'quarterly',
        start_date: '2026-01-01',
        end_date: '2027-06-30',
        account_id: account,
        category_id: insurance,
      });
      await createRecurringItem(db, {
        name: 'Gym',
        amount: -80,
        frequency: 'monthly',
        start_date: '2026-01-01',
        is_active: false,
        account_id: account,
        category_id: insurance,
      });
    });
    const summary = await screen.findByRole('region', { name: 'Recurring items summary' });
    // 1200/12 + 300/3 = 200; the inactive gym doesn't count.
    expect(within(summary).getByText('$200')).toBeInTheDocument();
    expect(within(summary).getByText('-$200')).toBeInTheDocument();
    expect(within(summary).getByText('$0')).toBeInTheDocument();
    const gym = screen.getByRole('article', { name: 'Gym' });
    expect(within(gym).getByText('Inactive')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Water' })).getByText('Until 30 June 2027')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Car insurance' })).queryByText(/Until/)).not.toBeInTheDocument();
  });

  it('edits an item: loads its type and values, keeps the sign, sets an end date and inactive', async () => {
    const { db } = await openPage(async (db) => {
      const account = await withAccount(db);
      await createRecurringItem(db, {
        name: 'Phone',
        amount: -50,
        start_date: '2026-02-01',
        account_id: account,
        category_id: await categoryId(db, 'Utilities'),
      });
    });
    await user().click(await screen.findByRole('button', { name: 'Edit Phone' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Recurring Item' });
    expect(within(dialog).getByLabelText('Expense')).toBeChecked();
    expect(within(dialog).getByLabelText(/^Amount/)).toHaveValue('50');
    expect(within(dialog).getByLabelText('Category')).toHaveDisplayValue('Utilities');
    await user().type(within(dialog).getByLabelText('End Date (optional)'), '2026-12-31');
    await user().click(within(dialog).getByLabelText('Active'));
    await user().click(within(dialog).getByRole('button', { name: 'Update Recurring Item' }));
    expect(await screen.findByText('Recurring item updated successfully!')).toBeInTheDocument();
    expect((await db.recurring_items.toArray())[0]).toMatchObject({
      amount: -50,
      end_date: '2026-12-31',
      is_active: false,
    });
  });

  it('shows Saving... while saving and closes on Escape returning focus', async () => {
    await openPage(async (db) => {
      const account = await withAccount(db);
      await createRecurringItem(db, {
        name: 'Phone',
        amount: -50,
        start_date: '2026-02-01',
        account_id: account,
        category_id: await categoryId(db, 'Utilities'),
      });
    });
    const edit = await screen.findByRole('button', { name: 'Edit Phone' });
    await user().click(edit);
    await user().keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(edit).toHaveFocus();
    await user().click(edit);
    const clicked = user().click(screen.getByRole('button', { name: 'Update Recurring Item' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Saving...' })).toBeDisabled());
    await clicked;
    await screen.findByText('Recurring item updated successfully!');
  });

  it('shows Failed to save recurring item when the data is refused (end before start) and keeps the form', async () => {
    const { db } = await openPage(async (db) => void (await withAccount(db)));
    await user().click(await screen.findByRole('button', { name: '+ Add Recurring Item' }));
    const dialog = screen.getByRole('dialog');
    await user().type(within(dialog).getByLabelText('Name'), 'Backwards');
    await user().type(within(dialog).getByLabelText(/^Amount/), '10');
    await user().selectOptions(within(dialog).getByLabelText('Category'), 'Other');
    await user().selectOptions(within(dialog).getByLabelText('Account'), 'Everyday');
    await user().type(within(dialog).getByLabelText('Start Date'), '2026-05-01');
    await user().type(within(dialog).getByLabelText('End Date (optional)'), '2026-01-01');
    await user().click(within(dialog).getByRole('button', { name: 'Add Recurring Item' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to save recurring item');
    expect(within(dialog).getByText(/End date must not be before the start date/)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Backwards');
    expect(await db.recurring_items.count()).toBe(0);
  });

  it('adds a category from the modal and selects it', async () => {
    const { db } = await openPage(async (db) => void (await withAccount(db)));
    await user().click(await screen.findByRole('button', { name: '+ Add Recurring Item' }));
    const dialog = screen.getByRole('dialog');
    await user().click(within(dialog).getByRole('button', { name: '+ New category' }));
    await user().type(within(dialog).getByLabelText('New expense category'), 'Pets{Enter}');
    await waitFor(() => expect(within(dialog).getByLabelText('Category')).toHaveDisplayValue('Pets'));
    expect(await db.categories.filter((c) => c.name === 'Pets' && c.type === 'expense').count()).toBe(1);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user().click(within(dialog).getByRole('button', { name: '+ New category' }));
    await user().type(within(dialog).getByLabelText('New expense category'), 'groceries');
    await user().click(within(dialog).getByRole('button', { name: 'Add category' }));
    expect(
      await within(dialog).findByText('"Groceries" is already an expense category. Please choose another name.'),
    ).toBeInTheDocument();
  });

  it('renames a category in the manager', async () => {
    const { db } = await openPage();
    await user().click(await screen.findByRole('button', { name: 'Manage categories' }));
    const dialog = screen.getByRole('dialog', { name: 'Categories' });
    await user().click(within(dialog).getByRole('button', { name: 'Rename Dining out' }));
    const input = within(dialog).getByLabelText('New name for Dining out');
    await user().clear(input);
    await user().type(input, 'Restaurants{Enter}');
    expect(await within(dialog).findByText('Category renamed to "Restaurants"')).toBeInTheDocument();
    expect(await db.categories.filter((c) => c.name === 'Restaurants').count()).toBe(1);
    await user().type(within(dialog).getByLabelText('Category Name'), 'Side hustle');
    await user().selectOptions(within(dialog).getByLabelText('Category Type'), 'income');
    await user().click(within(dialog).getByRole('button', { name: 'Add Category' }));
    expect(await within(dialog).findByText('Category "Side hustle" added')).toBeInTheDocument();
    expect(await db.categories.filter((c) => c.name === 'Side hustle' && c.type === 'income').count()).toBe(1);
  });

  it('deletes after the confirmation, and not when declined', async () => {
    const { db } = await openPage(async (db) => {
      const account = await withAccount(db);
      await createRecurringItem(db, {
        name: 'Phone',
        amount: -50,
        start_date: '2026-02-01',
        account_id: account,
        category_id: await categoryId(db, 'Utilities'),
      });
    });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    await user().click(await screen.findByRole('button', { name: 'Delete Phone' }));
    expect(confirm).toHaveBeenCalledWith('Are you sure you want to delete this recurring item?');
    expect(await db.recurring_items.count()).toBe(1);
    await user().click(screen.getByRole('button', { name: 'Delete Phone' }));
    expect(await screen.findByText('Recurring item deleted successfully!')).toBeInTheDocument();
    expect(await db.recurring_items.count()).toBe(0);
    expect(await screen.findByText('No recurring items')).toBeInTheDocument();
  });

  it('shows Failed to delete recurring item when the delete fails', async () => {
    const { db } = await openPage(async (db) => {
      const account = await withAccount(db);
      await createRecurringItem(db, {
        name: 'Phone',
        amount: -50,
        start_date: '2026-02-01',
        account_id: account,
        category_id: await categoryId(db, 'Utilities'),
      });
    });
    await screen.findByRole('button', { name: 'Delete Phone' });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    db.close();
    await user().click(screen.getByRole('button', { name: 'Delete Phone' }));
    expect(await screen.findByText('Failed to delete recurring item')).toBeInTheDocument();
  });

  it('shows Failed to load recurring items with Try again', async () => {
    const { db } = await renderUserPage(RecurringItemsPage, '/recurring-items', {
      prepare: withCategories(),
      closeDb: true,
    });
    expect(await screen.findByText('Failed to load recurring items')).toBeInTheDocument();
    await act(async () => {
      await db.open();
    });
    await user().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No recurring items')).toBeInTheDocument();
  });

  it('redirects editing of an event-linked item to its event, refuses deletion, and leaves hypothetical items out', async () => {
    const { db, router } = await openPage(async (db) => {
      const account = await withAccount(db);
      const scenario = await createScenario(db, { name: 'New job', is_baseline: false });
      await db.events.add({
        id: 'ev-9',
        scenario_id: scenario.id,
        name: 'Job',
        trigger_month: '2027-01',
        trigger_date: '2027-01-01',
        template_id: 'job_change',
        template_parameters: {},
        updated_at: '2026-11-21T00:00:00.000Z',
      });
      await db.recurring_items.add({
        id: 'ri-linked',
        name: 'New salary',
        amount: 9000,
        frequency: 'monthly',
        start_date: '2027-01-01',
        end_date: null,
        account_id: account,
        category_id: await categoryId(db, 'Salary'),
        is_active: true,
        scenario_event_id: 'ev-9',
        updated_at: '2026-11-21T00:00:00.000Z',
      });
      await createRecurringItem(db, {
        name: 'Phone',
        amount: -50,
        start_date: '2026-02-01',
        account_id: account,
        category_id: await categoryId(db, 'Utilities'),
      });
    });
    expect(await screen.findByText('Scenario: New job')).toBeInTheDocument();
    const summary = screen.getByRole('region', { name: 'Recurring items summary' });
    expect(within(summary).getByText('$0')).toBeInTheDocument();
    const confirm = vi.spyOn(window, 'confirm');
    await user().click(screen.getByRole('button', { name: 'Delete New salary' }));
    expect(
      await screen.findByText(
        'Cannot delete this recurring item. It was created by a scenario event. Please delete the event instead.',
      ),
    ).toBeInTheDocument();
    expect(confirm).not.toHaveBeenCalled();
    expect(await db.recurring_items.get('ri-linked')).toBeDefined();
    await user().click(screen.getByRole('button', { name: 'Edit New salary' }));
    expect(
      await screen.findByText('This recurring item is part of a scenario event. Please edit it through the scenario.'),
    ).toBeInTheDocument();
    const scenarioId = (await db.scenarios.toArray())[0].id;
    await waitFor(() => expect(router.state.location.pathname).toBe(`/scenarios/${scenarioId}`));
    expect(router.state.location.search).toEqual({ editEvent: 'ev-9' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
