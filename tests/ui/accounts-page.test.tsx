// Accounts screen on a real per-user Dexie database (fake-indexeddb): summary, lists, the Add/Edit modal's
// defaults, validation and messages, delete confirmation, failures, and the scenario-event link rules.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderUserPage } from './page-harness';
import { act, cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { closeUserDb, type WyrdDb } from '../../src/data/db';
import { createAccount } from '../../src/data/repositories/accounts';
import { createScenario } from '../../src/data/repositories/scenarios';
import { AccountsPage } from '../../src/features/accounts/AccountsPage';

// The whole suite shares two cores: give live queries more than the default second to settle.
configure({ asyncUtilTimeout: 5_000 });

const user = () => userEvent.setup();

async function openAccounts(seed?: (db: WyrdDb) => Promise<void>) {
  const view = await renderUserPage(AccountsPage, '/accounts');
  if (seed) await act(async () => seed(view.db));
  return view;
}

afterEach(() => {
  cleanup();
  closeUserDb();
  vi.restoreAllMocks();
});

describe('accounts screen', () => {
  it('shows the empty state and opens the modal from it with the defaults', async () => {
    await openAccounts();
    expect(await screen.findByText('No accounts')).toBeInTheDocument();
    await user().click(screen.getByRole('button', { name: '+ Add Your First Account' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Account' });
    expect(within(dialog).getByLabelText('Account Type')).toHaveValue('checking');
    expect(within(dialog).getByLabelText('Is Asset')).toBeChecked();
    expect(within(dialog).getByLabelText('Account Name')).toHaveFocus();
    const types = within(dialog)
      .getAllByRole('option')
      .map((o) => (o as HTMLOptionElement).value);
    expect(types).toEqual([
      'checking',
      'savings',
      'investment',
      'mortgage',
      'credit_card',
      'property',
      'loan',
      'superannuation',
    ]);
  });

  it('requires name and balance', async () => {
    const { db } = await openAccounts();
    await user().click(await screen.findByRole('button', { name: '+ Add Your First Account' }));
    await user().click(screen.getByRole('button', { name: 'Add Account' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill in all required fields');
    await user().type(screen.getByLabelText('Account Name'), 'Everyday');
    await user().click(screen.getByRole('button', { name: 'Add Account' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill in all required fields');
    expect(await db.accounts.count()).toBe(0);
  });

  it('strips non-digits, groups thousands and stores a number; toasts and lists the account', async () => {
    const { db } = await openAccounts();
    await user().click(await screen.findByRole('button', { name: '+ Add Your First Account' }));
    await user().type(screen.getByLabelText('Account Name'), 'Everyday');
    await user().type(screen.getByLabelText('Institution'), 'ANZ');
    const balance = screen.getByLabelText(/^Current Balance/);
    await user().type(balance, '$12a345.6x7');
    expect(balance).toHaveValue('12,345.67');
    await user().click(screen.getByRole('button', { name: 'Add Account' }));
    expect(await screen.findByText('Account created successfully!')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const rows = await db.accounts.toArray();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: 'Everyday',
      account_type: 'checking',
      institution: 'ANZ',
      current_balance: 12345.67,
      is_asset: true,
    });
    const assets = await screen.findByRole('list', { name: 'Assets' });
    expect(within(assets).getByText('Everyday')).toBeInTheDocument();
    expect(within(assets).getByText('Checking')).toBeInTheDocument();
    expect(within(assets).getByText('ANZ')).toBeInTheDocument();
    expect(within(assets).getByText('$12,345.67')).toBeInTheDocument();
  });

  it('stores a liability as a negative balance, lists its absolute value, and sums the summary', async () => {
    const { db } = await openAccounts(async (db) => {
      await createAccount(db, { name: 'Savings', account_type: 'savings', current_balance: 50_000 });
    });
    await user().click(await screen.findByRole('button', { name: '+ Add Account' }));
    await user().type(screen.getByLabelText('Account Name'), 'Home loan');
    await user().selectOptions(screen.getByLabelText('Account Type'), 'mortgage');
    await user().type(screen.getByLabelText(/^Current Balance/), '400000');
    await user().click(screen.getByLabelText('Is Asset'));
    await user().click(screen.getByRole('button', { name: 'Add Account' }));
    await screen.findByText('Account created successfully!');
    const loan = (await db.accounts.toArray()).find((a) => a.name === 'Home loan');
    expect(loan).toMatchObject({
      current_balance: -400000,
      is_asset: false,
      account_type: 'mortgage',
      institution: null,
    });
    const liabilities = await screen.findByRole('list', { name: 'Liabilities' });
    expect(within(liabilities).getByText('$400,000.00')).toBeInTheDocument();
    expect(within(liabilities).getByText('No institution')).toBeInTheDocument();
    const summary = screen.getByRole('region', { name: 'Accounts summary' });
    expect(await within(summary).findByText('-$350,000')).toBeInTheDocument();
    expect(within(summary).getByText('$50,000')).toBeInTheDocument();
    expect(within(summary).getByText('$400,000')).toBeInTheDocument();
    expect(within(summary).getByText('-$350,000')).toBeInTheDocument();
  });

  it('edits an account, keeping its liability sign, with the update toast', async () => {
    const { db } = await openAccounts(async (db) => {
      await createAccount(db, { name: 'Card', account_type: 'credit_card', current_balance: -1200, is_asset: false });
    });
    await user().click(await screen.findByRole('button', { name: 'Edit Card' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Account' });
    expect(within(dialog).getByLabelText(/^Current Balance/)).toHaveValue('1,200');
    expect(within(dialog).getByLabelText('Is Asset')).not.toBeChecked();
    const balance = within(dialog).getByLabelText(/^Current Balance/);
    await user().clear(balance);
    await user().type(balance, '1500');
    await user().click(within(dialog).getByRole('button', { name: 'Update Account' }));
    expect(await screen.findByText('Account updated successfully!')).toBeInTheDocument();
    expect((await db.accounts.toArray())[0].current_balance).toBe(-1500);
  });

  it('keeps an overdrawn asset negative when it is edited, unless the user says otherwise', async () => {
    const { db } = await openAccounts(async (db) => {
      await createAccount(db, { name: 'Overdrawn', current_balance: -250 });
    });
    expect(within(await screen.findByRole('list', { name: 'Assets' })).getByText('-$250.00')).toBeInTheDocument();
    await user().click(screen.getByRole('button', { name: 'Edit Overdrawn' }));
    expect(screen.getByLabelText(/^Current Balance/)).toHaveValue('250');
    expect(screen.getByLabelText('Overdrawn (the balance is below zero)')).toBeChecked();
    await user().click(screen.getByRole('button', { name: 'Update Account' }));
    await screen.findByText('Account updated successfully!');
    expect((await db.accounts.toArray())[0].current_balance).toBe(-250);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user().click(screen.getByRole('button', { name: 'Edit Overdrawn' }));
    await user().click(screen.getByLabelText('Overdrawn (the balance is below zero)'));
    await user().click(screen.getByRole('button', { name: 'Update Account' }));
    await waitFor(async () => expect((await db.accounts.toArray())[0].current_balance).toBe(250));
  });

  it('shows Saving... and a disabled submit while saving', async () => {
    await openAccounts();
    await user().click(await screen.findByRole('button', { name: '+ Add Your First Account' }));
    await user().type(screen.getByLabelText('Account Name'), 'Slow');
    await user().type(screen.getByLabelText(/^Current Balance/), '5');
    const submit = screen.getByRole('button', { name: 'Add Account' });
    const clicked = user().click(submit);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Saving...' })).toBeDisabled());
    await clicked;
    await screen.findByText('Account created successfully!');
  });

  it('closes the modal on Escape and returns focus to the opener', async () => {
    await openAccounts();
    const opener = await screen.findByRole('button', { name: '+ Add Your First Account' });
    await user().click(opener);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user().keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('shows Failed to save account (with the reason) when the data is refused, and keeps the input', async () => {
    const { db } = await openAccounts();
    await user().click(await screen.findByRole('button', { name: '+ Add Your First Account' }));
    await user().type(screen.getByLabelText('Account Name'), 'Too much');
    await user().type(screen.getByLabelText(/^Current Balance/), '99999999999999');
    await user().click(screen.getByRole('button', { name: 'Add Account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to save account');
    expect(screen.getByLabelText('Account Name')).toHaveValue('Too much');
    expect(await db.accounts.count()).toBe(0);
  });

  it('deletes after the confirmation, and not when it is declined', async () => {
    const { db } = await openAccounts(async (db) => {
      await createAccount(db, { name: 'Old', current_balance: 10 });
    });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    await user().click(await screen.findByRole('button', { name: 'Delete Old' }));
    expect(confirm).toHaveBeenCalledWith('Are you sure you want to delete this account?');
    expect(await db.accounts.count()).toBe(1);
    await user().click(screen.getByRole('button', { name: 'Delete Old' }));
    expect(await screen.findByText('Account deleted successfully!')).toBeInTheDocument();
    expect(await db.accounts.count()).toBe(0);
    expect(await screen.findByText('No accounts')).toBeInTheDocument();
  });

  it('shows Failed to delete account when the delete fails', async () => {
    const { db } = await openAccounts(async (db) => {
      await createAccount(db, { name: 'Stuck', current_balance: 10 });
    });
    await screen.findByRole('button', { name: 'Delete Stuck' });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    db.close();
    await user().click(screen.getByRole('button', { name: 'Delete Stuck' }));
    expect(await screen.findByText('Failed to delete account')).toBeInTheDocument();
  });

  it('shows Failed to load accounts with Try again when the database cannot be read', async () => {
    const { db } = await renderUserPage(AccountsPage, '/accounts', {
      prepare: (db) => createAccount(db, { name: 'Back again', current_balance: 1 }),
      closeDb: true,
    });
    expect(await screen.findByText('Failed to load accounts')).toBeInTheDocument();
    await act(async () => {
      await db.open();
    });
    await user().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Back again')).toBeInTheDocument();
  });

  it('redirects editing of an event-linked account to its event and refuses to delete it', async () => {
    const { db, router } = await openAccounts(async (db) => {
      const scenario = await createScenario(db, { name: 'Buy a house', is_baseline: false });
      await db.events.add({
        id: 'ev-1',
        scenario_id: scenario.id,
        name: 'House',
        trigger_month: '2027-01',
        trigger_date: '2027-01-01',
        template_id: 'home_purchase',
        template_parameters: {},
        updated_at: '2026-11-21T00:00:00.000Z',
      });
      await db.accounts.add({
        id: 'acc-linked',
        name: 'New mortgage',
        account_type: 'mortgage',
        current_balance: -500000,
        is_asset: false,
        institution: null,
        scenario_event_id: 'ev-1',
        updated_at: '2026-11-21T00:00:00.000Z',
      });
      await createAccount(db, { name: 'Cash', current_balance: 1000 });
    });
    // Hypothetical (non-baseline) account: listed with its scenario, left out of the summary.
    expect(await screen.findByText('Scenario: Buy a house')).toBeInTheDocument();
    await screen.findByText('Cash');
    const summary = screen.getByRole('region', { name: 'Accounts summary' });
    expect(within(summary).getByText('$0')).toBeInTheDocument();
    expect(within(summary).getAllByText('$1,000')).toHaveLength(2);

    const confirm = vi.spyOn(window, 'confirm');
    await user().click(screen.getByRole('button', { name: 'Delete New mortgage' }));
    expect(
      await screen.findByText(
        'Cannot delete this account. It was created by a scenario event. Please delete the event instead.',
      ),
    ).toBeInTheDocument();
    expect(confirm).not.toHaveBeenCalled();
    expect(await db.accounts.get('acc-linked')).toBeDefined();

    await user().click(screen.getByRole('button', { name: 'Edit New mortgage' }));
    expect(
      await screen.findByText('This account is part of a scenario event. Please edit it through the scenario.'),
    ).toBeInTheDocument();
    const scenarioId = (await db.scenarios.toArray())[0].id;
    await waitFor(() => expect(router.state.location.pathname).toBe(`/scenarios/${scenarioId}`));
    expect(router.state.location.search).toEqual({ editEvent: 'ev-1' });
    expect(screen.getByText(`Scenario page ${scenarioId} editing ev-1`)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
