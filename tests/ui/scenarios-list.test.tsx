// Scenarios list (issue 5 items 1 and 8): cards, Create Scenario modal, bulk select and delete with every
// rule and message, Compare and View Forecast links, load failure, and the baseline assistant.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createScenario } from '../../src/data/repositories/scenarios';
import { saveEvent } from '../../src/data/repositories/events';
import { createAccount } from '../../src/data/repositories/accounts';
import { createRecurringItem } from '../../src/data/repositories/recurring-items';
import { resetAppState, TEST_CONFIG } from './render-app';
import { heading, openAs, seedHousehold } from './scenario-helpers';

vi.mock('../../src/lib/auth/amplify-adapter', () => import('./adapter-mock'));
vi.mock('../../src/lib/config/app-config', async (original) => ({
  ...(await original<typeof import('../../src/lib/config/app-config')>()),
  loadAppConfig: async () => TEST_CONFIG,
}));

const user = () => userEvent.setup();

async function card(name: string) {
  const title = await screen.findByRole('heading', { level: 2, name });
  return title.closest('li') as HTMLElement;
}

describe('scenarios list', () => {
  beforeEach(() => resetAppState());
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('shows cards with name, description, Baseline badge, event count, View Forecast and Edit', async () => {
    const ids: Record<string, string> = {};
    await openAs('/scenarios', async (db) => {
      const base = await createScenario(db, { name: 'Today', description: 'Where we are', is_baseline: true });
      const plan = await createScenario(db, { name: 'Big Move', description: 'Buy a house' });
      ids.base = base.id;
      ids.plan = plan.id;
      await saveEvent(db, plan, {
        name: 'New car',
        trigger_month: '2027-03',
        template_id: 'major_purchase',
        template_parameters: {},
      });
    });
    await heading('Scenarios');
    const planCard = await card('Big Move');
    expect(within(planCard).getByText('Buy a house')).toBeInTheDocument();
    expect(within(planCard).getByText('1 event(s)')).toBeInTheDocument();
    expect(within(planCard).queryByText('Baseline')).not.toBeInTheDocument();
    expect(within(planCard).getByRole('link', { name: 'View Forecast' })).toHaveAttribute(
      'href',
      `/scenarios/compare?selected=${ids.plan}`,
    );
    expect(within(planCard).getByRole('link', { name: 'Edit' })).toHaveAttribute(
      'href',
      `/scenarios/builder/${ids.plan}`,
    );
    expect(within(planCard).getByRole('checkbox', { name: 'Select Big Move' })).not.toBeChecked();
    const baseCard = await card('Today');
    expect(within(baseCard).getByText('Baseline')).toBeInTheDocument();
    expect(within(baseCard).getByText('0 event(s)')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Choose a Template' })).toHaveAttribute('href', '/scenarios/templates');
  });

  it('creates a scenario from the modal: name required and trimmed, description optional, not baseline', async () => {
    const { db } = await openAs('/scenarios');
    await heading('Scenarios');
    await user().click(screen.getByRole('button', { name: 'Create Scenario' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Scenario' });
    await user().type(within(dialog).getByLabelText('Name *'), '   ');
    await user().click(within(dialog).getByRole('button', { name: 'Create Scenario' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please enter a scenario name');
    await user().clear(within(dialog).getByLabelText('Name *'));
    await user().type(within(dialog).getByLabelText('Name *'), '  Sea change  ');
    await user().click(within(dialog).getByRole('button', { name: 'Create Scenario' }));
    await card('Sea change');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const stored = await db.scenarios.toArray();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ name: 'Sea change', description: '', is_baseline: false });
  });

  it('closes the create modal with Escape and Cancel', async () => {
    await openAs('/scenarios');
    await heading('Scenarios');
    await user().click(screen.getByRole('button', { name: 'Create Scenario' }));
    await screen.findByRole('dialog');
    await user().keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user().click(screen.getByRole('button', { name: 'Create Scenario' }));
    await user().click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('Select All, Clear and Delete (n) follow the bulk-delete rules and messages', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    const { db } = await openAs('/scenarios', async (db) => {
      await createScenario(db, { name: 'Base', is_baseline: true });
      await createScenario(db, { name: 'Plan A' });
      await createScenario(db, { name: 'Plan B' });
    });
    await heading('Scenarios');
    await card('Plan B');
    expect(screen.getByRole('button', { name: 'Delete (0)' })).toBeInTheDocument();
    await user().click(screen.getByRole('button', { name: 'Delete (0)' }));
    expect(await screen.findByText('No scenarios to delete.')).toBeInTheDocument();

    await user().click(screen.getByRole('button', { name: 'Select All' }));
    expect(screen.getByRole('button', { name: 'Delete (3)' })).toBeInTheDocument();
    await user().click(screen.getByRole('button', { name: 'Delete (3)' }));
    expect(
      await screen.findByText('Cannot delete baseline scenarios. Please unselect them first.'),
    ).toBeInTheDocument();
    expect(confirm).not.toHaveBeenCalled();
    expect(await db.scenarios.count()).toBe(3);

    await user().click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByRole('button', { name: 'Delete (0)' })).toBeInTheDocument();

    await user().click(screen.getByRole('checkbox', { name: 'Select Plan A' }));
    await user().click(screen.getByRole('checkbox', { name: 'Select Plan B' }));
    confirm.mockReturnValueOnce(false);
    await user().click(screen.getByRole('button', { name: 'Delete (2)' }));
    expect(confirm).toHaveBeenLastCalledWith('Delete 2 scenario(s)? This cannot be undone.');
    expect(await db.scenarios.count()).toBe(3);

    await user().click(screen.getByRole('button', { name: 'Delete (2)' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Plan A' })).not.toBeInTheDocument());
    expect(screen.queryByRole('heading', { name: 'Plan B' })).not.toBeInTheDocument();
    expect(await db.scenarios.count()).toBe(1);
  });

  it("shows 'Failed to delete some scenarios' when a delete fails", async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const { db } = await openAs('/scenarios', async (db) => {
      await createScenario(db, { name: 'Keep Me' });
      await createScenario(db, { name: 'Gone Already' });
    });
    await card('Gone Already');
    await user().click(screen.getByRole('button', { name: 'Select All' }));
    // Removed behind the page's back (straight through IndexedDB, so the page's live read does not see it):
    // its delete fails, the other one still goes.
    const gone = (await db.scenarios.toArray()).find((s) => s.name === 'Gone Already');
    await new Promise<void>((resolve, reject) => {
      const tx = db.backendDB().transaction('scenarios', 'readwrite');
      tx.objectStore('scenarios').delete(gone!.id);
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
    });
    await user().click(screen.getByRole('button', { name: 'Delete (2)' }));
    expect(await screen.findByText('Failed to delete some scenarios')).toBeInTheDocument();
    expect(await db.scenarios.count()).toBe(0);
  });

  it('Compare opens the comparison with the checked scenarios as repeated selected parameters', async () => {
    const ids: string[] = [];
    const { router } = await openAs('/scenarios', async (db) => {
      ids.push((await createScenario(db, { name: 'One' })).id);
      ids.push((await createScenario(db, { name: 'Two' })).id);
    });
    await card('Two');
    await user().click(screen.getByRole('checkbox', { name: 'Select One' }));
    await user().click(screen.getByRole('checkbox', { name: 'Select Two' }));
    await user().click(screen.getByRole('button', { name: 'Compare' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/scenarios/compare'));
    expect(router.state.location.href).toBe(`/scenarios/compare?selected=${ids[0]}&selected=${ids[1]}`);
  });

  it("shows 'Failed to load scenarios' when the list cannot be read", async () => {
    await openAs('/scenarios', async (db) => {
      vi.spyOn(db.scenarios, 'toArray').mockRejectedValue(new Error('disk gone'));
    });
    expect(await screen.findByText('Failed to load scenarios')).toBeInTheDocument();
  });
});

describe('baseline assistant', () => {
  beforeEach(() => resetAppState());
  afterEach(() => cleanup());

  it('is offered only with accounts and recurring items and no baseline', async () => {
    await openAs('/scenarios', async (db) => {
      await createScenario(db, { name: 'Base', is_baseline: true });
      await seedHousehold(db);
    });
    await card('Base');
    expect(screen.queryByRole('heading', { name: 'Build your baseline' })).not.toBeInTheDocument();
    cleanup();
    resetAppState();
    await openAs('/scenarios');
    await heading('Scenarios');
    await screen.findByText('No scenarios yet');
    expect(screen.queryByRole('heading', { name: 'Build your baseline' })).not.toBeInTheDocument();
  });

  it('proposes current-situation events for review and creates the baseline with the accepted ones', async () => {
    const { db, router } = await openAs('/scenarios', async (db) => {
      await seedHousehold(db);
    });
    await screen.findByRole('heading', { name: 'Build your baseline' });
    await user().click(screen.getByRole('button', { name: 'Review proposed baseline' }));
    const proposals = await screen.findAllByRole('checkbox', { checked: true });
    expect(proposals.length).toBeGreaterThan(0);
    // The salary is recognised as the current job.
    expect(screen.getByText('New Job or Pay Change')).toBeInTheDocument();
    await user().click(screen.getByRole('button', { name: 'Create Baseline Scenario' }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/scenarios\/[^/]+$/));
    const scenarios = await db.scenarios.toArray();
    expect(scenarios).toHaveLength(1);
    expect(scenarios[0].is_baseline).toBe(true);
    const events = await db.events.toArray();
    expect(events.length).toBe(proposals.length);
    expect(events.some((e) => e.template_id === 'job_income_change')).toBe(true);
    expect(await screen.findByText('Baseline scenario created successfully!')).toBeInTheDocument();
  });

  it('retires the accounts and items an accepted event replaces, in the same write', async () => {
    const ids: Record<string, string> = {};
    const { db } = await openAs('/scenarios', async (db) => {
      const categories = await db.categories.toArray();
      const cash = await createAccount(db, { name: 'Everyday', account_type: 'checking', current_balance: 10_000 });
      ids.home = (
        await createAccount(db, { name: 'Our House', account_type: 'property', current_balance: 900_000 })
      ).id;
      ids.loan = (
        await createAccount(db, {
          name: 'Home Loan',
          account_type: 'mortgage',
          current_balance: -500_000,
          is_asset: false,
        })
      ).id;
      ids.repay = (
        await createRecurringItem(db, {
          name: 'Mortgage repayment',
          amount: -3_200,
          start_date: '2026-01-01',
          account_id: cash.id,
          category_id: categories.find((c) => c.name === 'Mortgage repayments')!.id,
        })
      ).id;
    });
    await user().click(await screen.findByRole('button', { name: 'Review proposed baseline' }));
    expect(await screen.findByText('Buy Your First Home')).toBeInTheDocument();
    expect(screen.getByText(/^Replaces: /)).toHaveTextContent('Our House');
    await user().click(screen.getByRole('button', { name: 'Create Baseline Scenario' }));
    await waitFor(async () => expect(await db.events.count()).toBe(1));
    expect(await db.accounts.get(ids.home)).toBeUndefined();
    expect(await db.accounts.get(ids.loan)).toBeUndefined();
    expect(await db.recurring_items.get(ids.repay)).toBeUndefined();
    const event = (await db.events.toArray())[0];
    expect(event.template_id).toBe('buy_first_home');
    const own = await db.accounts.where('scenario_event_id').equals(event.id).toArray();
    expect(own.map((a) => a.account_type).sort()).toEqual(['mortgage', 'property']);
  });

  it('creates only the checked proposals', async () => {
    const { db } = await openAs('/scenarios', async (db) => {
      await seedHousehold(db);
    });
    await user().click(await screen.findByRole('button', { name: 'Review proposed baseline' }));
    const boxes = await screen.findAllByRole('checkbox', { checked: true });
    for (const box of boxes) await user().click(box);
    await user().click(screen.getByRole('button', { name: 'Create Baseline Scenario' }));
    expect(await screen.findByText('Please select at least one event')).toBeInTheDocument();
    expect(await db.scenarios.count()).toBe(0);
    await user().click(boxes[0]);
    await user().click(screen.getByRole('button', { name: 'Create Baseline Scenario' }));
    await waitFor(async () => expect(await db.events.count()).toBe(1));
  });
});
