// Scenario builder (issue 5 item 5): create form with starter templates and the baseline checkbox, the
// builder edit screen (/scenarios/builder/{id} is the detail screen) and modifications of all four types.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createScenario } from '../../src/data/repositories/scenarios';
import { resetAppState, TEST_CONFIG } from './render-app';
import { heading, openAs, seedHousehold } from './scenario-helpers';

vi.mock('../../src/lib/auth/amplify-adapter', () => import('./adapter-mock'));
vi.mock('../../src/lib/config/app-config', async (original) => ({
  ...(await original<typeof import('../../src/lib/config/app-config')>()),
  loadAppConfig: async () => TEST_CONFIG,
}));

const user = () => userEvent.setup();

/** Picks an account once the form's account list has loaded (it is read after the dialog opens). */
async function chooseAccount(dialog: HTMLElement, id: string) {
  const select = within(dialog).getByLabelText<HTMLSelectElement>('Account *');
  await waitFor(() => expect([...select.options].some((o) => o.value === id)).toBe(true));
  await user().selectOptions(select, id);
}

describe('scenario builder: create', () => {
  beforeEach(() => resetAppState());
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('prefills only name and description from the three starter templates', async () => {
    await openAs('/scenarios/builder');
    await heading('Create New Scenario');
    expect(screen.getByRole('heading', { name: 'Scenario Details' })).toBeInTheDocument();
    for (const name of ['Buy Investment Property', 'Career Break / Maternity Leave', 'Aggressive Debt Payoff']) {
      await user().click(screen.getByRole('button', { name: new RegExp(name.replace(/[/]/g, '\\/')) }));
      expect(screen.getByLabelText('Name *')).toHaveValue(name);
      expect((screen.getByLabelText('Description') as HTMLTextAreaElement).value).not.toBe('');
      expect(screen.getByLabelText('This is my baseline (current situation)')).not.toBeChecked();
    }
  });

  it('requires a name, then creates (baseline when ticked) and opens the builder page of the new scenario', async () => {
    const { db, router } = await openAs('/scenarios/builder');
    await heading('Create New Scenario');
    await user().click(screen.getByRole('button', { name: 'Create Scenario' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a scenario name');
    await user().type(screen.getByLabelText('Name *'), '  Now  ');
    await user().click(screen.getByLabelText('This is my baseline (current situation)'));
    await user().click(screen.getByRole('button', { name: 'Create Scenario' }));
    expect(await screen.findByText('Scenario created successfully!')).toBeInTheDocument();
    const [scenario] = await db.scenarios.toArray();
    expect(scenario).toMatchObject({ name: 'Now', is_baseline: true });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/scenarios/builder/${scenario.id}`));
    expect(await heading('Edit Scenario')).toBeInTheDocument();
    // The heading shows while the scenario loads too; its name follows once the live read is in.
    expect(await screen.findByRole('heading', { name: 'Now' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Modifications' })).toBeInTheDocument();
  });

  it('asks to save the scenario before adding modifications', async () => {
    await openAs('/scenarios/builder');
    await heading('Create New Scenario');
    await user().click(screen.getByRole('button', { name: '+ Add Modification' }));
    expect(
      (await screen.findAllByText('Please save the scenario first before adding modifications')).length,
    ).toBeGreaterThan(0);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("toasts 'Failed to save scenario' when the create fails", async () => {
    const { db } = await openAs('/scenarios/builder');
    await heading('Create New Scenario');
    vi.spyOn(db.scenarios, 'put').mockRejectedValue(new Error('quota'));
    await user().type(screen.getByLabelText('Name *'), 'X');
    await user().click(screen.getByRole('button', { name: 'Create Scenario' }));
    expect((await screen.findAllByText('Failed to save scenario')).length).toBeGreaterThan(0);
  });
});

describe('scenario builder: edit and modifications', () => {
  beforeEach(() => resetAppState());
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  async function openBuilder() {
    let id = '';
    let seeded: Awaited<ReturnType<typeof seedHousehold>> | undefined;
    const view = await openAs('/scenarios', async (db) => {
      seeded = await seedHousehold(db);
      id = (await createScenario(db, { name: 'Tweaks', description: 'Small changes' })).id;
    });
    await view.router.navigate({ href: `/scenarios/builder/${id}` });
    await heading('Edit Scenario');
    await screen.findByRole('heading', { level: 2, name: 'Tweaks' });
    return { ...view, id, seeded: seeded! };
  }

  async function openModal(type: string) {
    await user().click(screen.getByRole('button', { name: '+ Add Modification' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Modification' });
    await user().click(within(dialog).getByRole('button', { name: new RegExp(type) }));
    return screen.getByRole('dialog');
  }

  it('shows the detail screen with Edit Scenario, and saves details with the baseline checkbox', async () => {
    const { db, id } = await openBuilder();
    expect(screen.getByRole('heading', { name: 'Events' })).toBeInTheDocument();
    expect(screen.getByText('No modifications yet')).toBeInTheDocument();
    await user().click(screen.getByRole('button', { name: 'Edit scenario name and description' }));
    await user().click(screen.getByLabelText('This is my baseline (current situation)'));
    await user().click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Scenario updated successfully!')).toBeInTheDocument();
    expect((await db.scenarios.get(id))?.is_baseline).toBe(true);
  });

  it('adds a recurring item: required fields, signed amount, category by type', async () => {
    const { db, id, seeded } = await openBuilder();
    const dialog = await openModal('Add Recurring Item');
    await user().click(within(dialog).getByRole('button', { name: 'Add Modification' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please fill in all required fields');
    await user().type(within(dialog).getByLabelText('Name *'), 'Gym');
    await user().type(within(dialog).getByLabelText('Amount *'), '60');
    await user().type(within(dialog).getByLabelText('Start Date *'), '2027-01-01');
    await chooseAccount(dialog, seeded.cash.id);
    const categories = within(dialog).getByLabelText('Category *') as HTMLSelectElement;
    expect(Array.from(categories.options).map((o) => o.text)).not.toContain('Salary');
    await user().selectOptions(categories, 'Health');
    await user().click(within(dialog).getByRole('button', { name: 'Add Modification' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [mod] = await db.modifications.where('scenario_id').equals(id).toArray();
    expect(mod).toMatchObject({
      modification_type: 'add_recurring',
      modification_data: { name: 'Gym', amount: -60, frequency: 'monthly', start_date: '2027-01-01', end_date: null },
    });
    expect(await screen.findByText('Add recurring: Gym')).toBeInTheDocument();

    // Income is positive.
    const again = await openModal('Add Recurring Item');
    await user().click(within(again).getByLabelText('Income'));
    await user().type(within(again).getByLabelText('Name *'), 'Side gig');
    await user().type(within(again).getByLabelText('Amount *'), '500');
    await user().type(within(again).getByLabelText('Start Date *'), '2027-01-01');
    await user().selectOptions(within(again).getByLabelText('Account *'), seeded.cash.id);
    await user().selectOptions(within(again).getByLabelText('Category *'), 'Other income');
    await user().click(within(again).getByRole('button', { name: 'Add Modification' }));
    await screen.findByText('Add recurring: Side gig');
    const mods = await db.modifications.where('scenario_id').equals(id).toArray();
    expect(
      mods.find((m) => m.modification_type === 'add_recurring' && m.modification_data.name === 'Side gig'),
    ).toMatchObject({ modification_data: { amount: 500 } });
  });

  it('modifies a recurring item (sign follows the item) and an account balance, with their messages', async () => {
    const { db, id, seeded } = await openBuilder();
    let dialog = await openModal('Modify Recurring Item');
    await user().click(within(dialog).getByRole('button', { name: 'Add Modification' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please select a recurring item and enter an amount');
    await user().selectOptions(within(dialog).getByLabelText('Recurring Item *'), seeded.rent.id);
    await user().type(within(dialog).getByLabelText('New Amount *'), '2600');
    await user().click(within(dialog).getByRole('button', { name: 'Add Modification' }));
    expect(await screen.findByText('Modify recurring: Rent')).toBeInTheDocument();

    dialog = await openModal('Modify Account Balance');
    await user().click(within(dialog).getByRole('button', { name: 'Add Modification' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please select an account and enter a balance');
    await chooseAccount(dialog, seeded.cash.id);
    await user().type(within(dialog).getByLabelText('New Balance *'), '35000');
    await user().click(within(dialog).getByRole('button', { name: 'Add Modification' }));
    expect(await screen.findByText('Modify account: Everyday')).toBeInTheDocument();

    const mods = await db.modifications.where('scenario_id').equals(id).toArray();
    expect(mods.find((m) => m.modification_type === 'modify_recurring')).toMatchObject({
      target_id: seeded.rent.id,
      modification_data: { amount: -2600 },
    });
    expect(mods.find((m) => m.modification_type === 'modify_account')).toMatchObject({
      target_id: seeded.cash.id,
      modification_data: { balance: 35000 },
    });
  });

  it('adds a one-time transaction, goes back to the type choice, cancels and resets, and deletes', async () => {
    const { db, id, seeded } = await openBuilder();
    let dialog = await openModal('Add One-Time Transaction');
    await user().type(within(dialog).getByLabelText('Description'), 'Bonus');
    await user().click(within(dialog).getByRole('button', { name: '← Back to modification types' }));
    expect(within(dialog).getByRole('button', { name: /Modify Account Balance/ })).toBeInTheDocument();
    await user().click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    dialog = await openModal('Add One-Time Transaction');
    expect(within(dialog).getByLabelText('Description')).toHaveValue('');
    await user().click(within(dialog).getByRole('button', { name: 'Add Modification' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please fill in all required fields');
    await user().type(within(dialog).getByLabelText('Description'), 'Bonus');
    await user().click(within(dialog).getByLabelText('Income'));
    await user().type(within(dialog).getByLabelText('Amount *'), '3000');
    await user().type(within(dialog).getByLabelText('Date *'), '2027-06-30');
    await chooseAccount(dialog, seeded.cash.id);
    await user().selectOptions(within(dialog).getByLabelText('Category *'), 'Bonus');
    await user().click(within(dialog).getByRole('button', { name: 'Add Modification' }));
    expect(await screen.findByText('One-time: Bonus')).toBeInTheDocument();
    const [mod] = await db.modifications.where('scenario_id').equals(id).toArray();
    expect(mod).toMatchObject({
      modification_type: 'add_one_time',
      modification_data: { amount: 3000, date: '2027-06-30', description: 'Bonus' },
    });

    await user().click(screen.getByRole('button', { name: 'Delete modification One-time: Bonus' }));
    await waitFor(async () => expect(await db.modifications.count()).toBe(0));
    expect(await screen.findByText('No modifications yet')).toBeInTheDocument();
  });

  it("shows 'Failed to add modification' when the save fails", async () => {
    const { db, seeded } = await openBuilder();
    const dialog = await openModal('Modify Account Balance');
    vi.spyOn(db.modifications, 'put').mockRejectedValue(new Error('quota'));
    await chooseAccount(dialog, seeded.cash.id);
    await user().type(within(dialog).getByLabelText('New Balance *'), '1');
    await user().click(within(dialog).getByRole('button', { name: 'Add Modification' }));
    expect((await screen.findAllByText('Failed to add modification')).length).toBeGreaterThan(0);
  });
});
