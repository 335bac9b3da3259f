// Scenario detail (issue 5 items 2, 4 and 5): header and inline edit, events timeline and cards, delete,
// the empty state, ?editEvent, toasts and failures, materialised entities, and the builder edit screen.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createScenario } from '../../src/data/repositories/scenarios';
import { saveEvent } from '../../src/data/repositories/events';
import type { WyrdDb } from '../../src/data/db';
import { resetAppState, TEST_CONFIG } from './render-app';
import { heading, openAs, seedHousehold } from './scenario-helpers';

vi.mock('../../src/lib/auth/amplify-adapter', () => import('./adapter-mock'));
vi.mock('../../src/lib/config/app-config', async (original) => ({
  ...(await original<typeof import('../../src/lib/config/app-config')>()),
  loadAppConfig: async () => TEST_CONFIG,
}));

const user = () => userEvent.setup();

async function openScenario(seed: (db: WyrdDb) => Promise<string>, prefix = '/scenarios/', query = '') {
  let id = '';
  const view = await openAs('/scenarios', async (db) => {
    id = await seed(db);
  });
  await view.router.navigate({ href: `${prefix}${id}${query}` });
  return { ...view, id };
}

function eventCards() {
  return screen.getAllByTestId('event-card');
}

describe('scenario detail', () => {
  beforeEach(() => resetAppState());
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('shows the header, back link, event count and created date', async () => {
    await openScenario(async (db) => {
      const s = await createScenario(
        db,
        { name: 'Today', description: 'Where we are now', is_baseline: true },
        { now: '2026-03-05T01:00:00.000Z' },
      );
      return s.id;
    });
    await heading('Today');
    expect(screen.getByText('Where we are now')).toBeInTheDocument();
    expect(screen.getByText('Baseline')).toBeInTheDocument();
    expect(screen.getByText('0 event(s)')).toBeInTheDocument();
    expect(screen.getByText('Created 5 March 2026')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← Back to scenarios' })).toHaveAttribute('href', '/scenarios');
    expect(screen.getByRole('heading', { name: 'No events yet' })).toBeInTheDocument();
    expect(screen.getByText('Get started by adding your first event to this scenario')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '+ Add Event' })).toBeInTheDocument();
  });

  it('edits name and description inline with Save Changes and Cancel', async () => {
    const { db, id } = await openScenario(
      async (db) => (await createScenario(db, { name: 'Plan', description: 'Old' })).id,
    );
    await heading('Plan');
    await user().click(screen.getByRole('button', { name: 'Edit scenario name and description' }));
    await user().clear(screen.getByLabelText('Scenario Name'));
    await user().type(screen.getByLabelText('Scenario Name'), 'Changed');
    await user().click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await heading('Plan')).toBeInTheDocument();

    await user().click(screen.getByRole('button', { name: 'Edit scenario name and description' }));
    await user().clear(screen.getByLabelText('Scenario Name'));
    await user().click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a scenario name');
    await user().type(screen.getByLabelText('Scenario Name'), 'Better Plan');
    await user().clear(screen.getByLabelText('Description'));
    await user().type(screen.getByLabelText('Description'), 'New words');
    await user().click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Scenario updated successfully')).toBeInTheDocument();
    expect(await heading('Better Plan')).toBeInTheDocument();
    expect(screen.getByText('New words')).toBeInTheDocument();
    expect(await db.scenarios.get(id)).toMatchObject({ name: 'Better Plan', description: 'New words' });
  });

  it("toasts 'Failed to update scenario' when the save fails", async () => {
    const { db } = await openScenario(async (db) => (await createScenario(db, { name: 'Plan' })).id);
    await heading('Plan');
    vi.spyOn(db.scenarios, 'put').mockRejectedValue(new Error('quota'));
    await user().click(screen.getByRole('button', { name: 'Edit scenario name and description' }));
    await user().type(screen.getByLabelText('Scenario Name'), ' 2');
    await user().click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Failed to update scenario')).toBeInTheDocument();
  });

  it('sorts events by trigger date, shows month, template badge and details with 2 decimals and names', async () => {
    await openScenario(async (db) => {
      const { cash } = await seedHousehold(db);
      const s = await createScenario(db, { name: 'Plan' });
      await saveEvent(db, s, {
        name: 'Later purchase',
        trigger_month: '2029-07',
        template_id: 'major_purchase',
        template_parameters: { purchase_amount: 12345.5, funding_account_id: cash.id },
      });
      await saveEvent(db, s, {
        name: 'First home',
        trigger_month: '2028-03',
        template_id: 'buy_first_home',
        template_parameters: {},
      });
      return s.id;
    });
    await heading('Plan');
    await waitFor(() => expect(eventCards()).toHaveLength(2));
    const [first, second] = eventCards();
    expect(within(first).getByRole('heading', { name: /First home/ })).toBeInTheDocument();
    expect(within(first).getByText('Mar 2028')).toBeInTheDocument();
    expect(within(first).getByText('Buy First Home')).toBeInTheDocument();
    expect(within(second).getByText('Jul 2029')).toBeInTheDocument();
    expect(within(second).getByText('Major Purchase')).toBeInTheDocument();
    expect(screen.getByText('2 event(s)')).toBeInTheDocument();

    await user().click(within(second).getByRole('button', { name: 'Show details' }));
    const details = within(second).getAllByRole('definition')[0].closest('dl') as HTMLElement;
    expect(within(details).getByText('Cost')).toBeInTheDocument();
    expect(within(details).getByText('12,345.50')).toBeInTheDocument();
    expect(within(details).getByText('Everyday')).toBeInTheDocument();
    expect(within(details).getByText('Cash or savings')).toBeInTheDocument();
    // Loan fields are hidden for a cash purchase.
    expect(within(details).queryByText('Loan term (years)')).not.toBeInTheDocument();
    await user().click(within(second).getByRole('button', { name: 'Hide details' }));
    expect(within(second).queryByText('12,345.50')).not.toBeInTheDocument();
  });

  it("shows 'Current Reality' instead of the month in baseline scenarios", async () => {
    await openScenario(async (db) => {
      const s = await createScenario(db, { name: 'Base', is_baseline: true });
      await saveEvent(db, s, {
        name: 'My Super',
        trigger_month: '2026-11',
        template_id: 'superannuation',
        template_parameters: {},
      });
      return s.id;
    });
    await heading('Base');
    await waitFor(() => expect(eventCards()).toHaveLength(1));
    expect(within(eventCards()[0]).getByText('Current Reality')).toBeInTheDocument();
    expect(within(eventCards()[0]).queryByText('Nov 2026')).not.toBeInTheDocument();
  });

  it('deletes an event after the exact confirm, removing what it materialised', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const { db } = await openScenario(async (db) => {
      await seedHousehold(db);
      const s = await createScenario(db, { name: 'Plan' });
      await saveEvent(db, s, {
        name: 'First home',
        trigger_month: '2028-03',
        template_id: 'buy_first_home',
        template_parameters: {},
      });
      return s.id;
    });
    await heading('Plan');
    await waitFor(() => expect(eventCards()).toHaveLength(1));
    const event = (await db.events.toArray())[0];
    expect(await db.accounts.where('scenario_event_id').equals(event.id).count()).toBeGreaterThan(0);
    await user().click(within(eventCards()[0]).getByRole('button', { name: 'Delete' }));
    expect(confirm).toHaveBeenCalledWith('Delete event "First home"? This cannot be undone.');
    expect(await db.events.count()).toBe(1);
    confirm.mockReturnValue(true);
    await user().click(within(eventCards()[0]).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Event deleted successfully')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'No events yet' })).toBeInTheDocument();
    expect(await db.accounts.where('scenario_event_id').equals(event.id).count()).toBe(0);
    expect(await db.recurring_items.where('scenario_event_id').equals(event.id).count()).toBe(0);
  });

  it("toasts 'Failed to delete event' when the delete fails", async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const { db } = await openScenario(async (db) => {
      const s = await createScenario(db, { name: 'Plan' });
      await saveEvent(db, s, {
        name: 'Car',
        trigger_month: '2028-03',
        template_id: 'major_purchase',
        template_parameters: {},
      });
      return s.id;
    });
    await waitFor(() => expect(eventCards()).toHaveLength(1));
    vi.spyOn(db.events, 'get').mockRejectedValue(new Error('io'));
    await user().click(within(eventCards()[0]).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete event')).toBeInTheDocument();
  });

  it('adds an event through the form, materialising its accounts and items, then edits it', async () => {
    const { db } = await openScenario(async (db) => {
      await seedHousehold(db);
      return (await createScenario(db, { name: 'Plan' })).id;
    });
    await heading('Plan');
    await user().click(screen.getByRole('button', { name: '+ Add Event' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Event' });
    await user().selectOptions(within(dialog).getByLabelText('Template *'), 'buy_first_home');
    await user().selectOptions(within(dialog).getByLabelText('Month'), '03');
    await user().selectOptions(within(dialog).getByLabelText('Year'), String(new Date().getFullYear() + 2));
    await user().click(within(dialog).getByRole('button', { name: 'Create Event' }));
    expect(await screen.findByText('Event created successfully')).toBeInTheDocument();
    await waitFor(() => expect(eventCards()).toHaveLength(1));
    const event = (await db.events.toArray())[0];
    expect(event).toMatchObject({
      name: 'Buy Your First Home',
      trigger_month: `${new Date().getFullYear() + 2}-03`,
      template_id: 'buy_first_home',
    });
    const accounts = await db.accounts.where('scenario_event_id').equals(event.id).toArray();
    expect(accounts.map((a) => a.account_type).sort()).toEqual(['mortgage', 'property']);
    expect(await db.recurring_items.where('scenario_event_id').equals(event.id).count()).toBeGreaterThan(0);

    await user().click(within(eventCards()[0]).getByRole('button', { name: 'Edit' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit Event' });
    expect(within(edit).getByLabelText('Event Name')).toHaveValue('Buy Your First Home');
    await user().clear(within(edit).getByLabelText('Purchase price *'));
    await user().type(within(edit).getByLabelText('Purchase price *'), '800000');
    await user().click(within(edit).getByRole('button', { name: 'Update Event' }));
    expect(await screen.findByText('Event updated successfully')).toBeInTheDocument();
    const property = (await db.accounts.where('scenario_event_id').equals(event.id).toArray()).find(
      (a) => a.account_type === 'property',
    );
    expect((await db.events.get(event.id))?.template_parameters.purchase_price).toBe(800000);
    expect(property).toBeDefined();
  });

  it('opens the event named by ?editEvent, and closing it clears the query', async () => {
    let eventId = '';
    const { router, id } = await openScenario(
      async (db) => {
        const s = await createScenario(db, { name: 'Plan' });
        eventId = (
          await saveEvent(db, s, {
            name: 'Boat',
            trigger_month: '2028-03',
            template_id: 'major_purchase',
            template_parameters: { purchase_name: 'Boat' },
          })
        ).event.id;
        return s.id;
      },
      '/scenarios/',
      '',
    );
    await heading('Plan');
    await router.navigate({ href: `/scenarios/${id}?editEvent=${eventId}` });
    const dialog = await screen.findByRole('dialog', { name: 'Edit Event' });
    expect(within(dialog).getByLabelText('Event Name')).toHaveValue('Boat');
    await user().keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(router.state.location.href).toBe(`/scenarios/${id}`));
  });

  it("shows 'Scenario not found' with a back link", async () => {
    const { router } = await openAs('/scenarios');
    await router.navigate({ href: '/scenarios/no-such-id' });
    expect(await screen.findByText('Scenario not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← Back to scenarios' })).toHaveAttribute('href', '/scenarios');
  });

  it("shows 'Failed to load scenario' when it cannot be read", async () => {
    const { router, db } = await openAs('/scenarios');
    vi.spyOn(db.scenarios, 'get').mockRejectedValue(new Error('io'));
    await router.navigate({ href: '/scenarios/some-id' });
    expect(await screen.findByText('Failed to load scenario')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← Back to scenarios' })).toBeInTheDocument();
  });
});
