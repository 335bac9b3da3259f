// Event form (issue 5 item 3): template choices, default names, the month picker, every parameter type,
// baseline overrides, conditional visibility, validation, Escape, busy labels and save/load failures.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TEMPLATES } from '../../worker/engine/index';
import { createScenario } from '../../src/data/repositories/scenarios';
import { saveEvent } from '../../src/data/repositories/events';
import { createAccount } from '../../src/data/repositories/accounts';
import type { WyrdDb } from '../../src/data/db';
import { resetAppState, TEST_CONFIG } from './render-app';
import { heading, openAs, seedHousehold } from './scenario-helpers';

vi.mock('../../src/lib/auth/amplify-adapter', () => import('./adapter-mock'));
vi.mock('../../src/lib/config/app-config', async (original) => ({
  ...(await original<typeof import('../../src/lib/config/app-config')>()),
  loadAppConfig: async () => TEST_CONFIG,
}));

const user = () => userEvent.setup();

type Seeded = Awaited<ReturnType<typeof seedHousehold>>;

async function openForm(opts: { baseline?: boolean; extra?: (db: WyrdDb, seeded: Seeded) => Promise<void> } = {}) {
  let id = '';
  let seeded: Seeded | undefined;
  const view = await openAs('/scenarios', async (db) => {
    seeded = await seedHousehold(db);
    id = (await createScenario(db, { name: 'Plan', is_baseline: opts.baseline ?? false })).id;
    await opts.extra?.(db, seeded);
  });
  await view.router.navigate({ href: `/scenarios/${id}` });
  await heading('Plan');
  await user().click(screen.getByRole('button', { name: '+ Add Event' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add Event' });
  await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Create Event' })).toBeEnabled());
  return { ...view, dialog, id, seeded: seeded! };
}

async function choose(dialog: HTMLElement, templateId: string) {
  await user().selectOptions(within(dialog).getByLabelText('Template *'), templateId);
}

function optionValues(select: HTMLElement): string[] {
  return Array.from((select as HTMLSelectElement).options).map((o) => o.value);
}

describe('event form', () => {
  beforeEach(() => resetAppState());
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('offers every template but baseline and current_reality in a normal scenario', async () => {
    const { dialog } = await openForm();
    const values = optionValues(within(dialog).getByLabelText('Template *')).filter(Boolean);
    expect(values).not.toContain('baseline');
    expect(values).not.toContain('current_reality');
    expect(values).toContain('parental_leave');
    expect(values).toHaveLength(TEMPLATES.length - 2);
  });

  it('offers only supports_baseline templates (never baseline) in a baseline scenario, and hides the month picker', async () => {
    const { dialog } = await openForm({ baseline: true });
    const values = optionValues(within(dialog).getByLabelText('Template *')).filter(Boolean);
    expect(values).not.toContain('baseline');
    expect(values).not.toContain('parental_leave');
    expect(values).toEqual(
      TEMPLATES.filter((t) => t.supports_baseline && t.template_id !== 'baseline').map((t) => t.template_id),
    );
    expect(within(dialog).queryByText('When does this event occur?')).not.toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Month')).not.toBeInTheDocument();
  });

  it('uses the baseline label, default, help text and hides baseline_hidden parameters; names the event baseline_name', async () => {
    const { dialog, db } = await openForm({ baseline: true });
    await choose(dialog, 'buy_first_home');
    expect(within(dialog).getByLabelText('Current home value *')).toHaveValue(900000);
    expect(within(dialog).getByLabelText('Your equity (value minus what you owe) *')).toHaveValue(350000);
    expect(within(dialog).getByText('The mortgage is the value minus your equity.')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('First home buyer?')).not.toBeInTheDocument();
    expect(within(dialog).queryByLabelText(/Transfer duty/)).not.toBeInTheDocument();
    await user().click(within(dialog).getByRole('button', { name: 'Create Event' }));
    await screen.findByText('Event created successfully');
    const now = new Date();
    const event = (await db.events.toArray())[0];
    expect(event.name).toBe('My Home');
    expect(event.trigger_month).toBe(`${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`);
  });

  it('names an unnamed event after the template, keeps a typed name, and offers 21 years around this year', async () => {
    const { dialog, db } = await openForm();
    const years = optionValues(within(dialog).getByLabelText('Year')).map(Number);
    const year = new Date().getFullYear();
    expect(years).toHaveLength(21);
    expect(years[0]).toBe(year - 10);
    expect(years[20]).toBe(year + 10);
    expect(within(dialog).getByText('When does this event occur?')).toBeInTheDocument();
    await choose(dialog, 'major_purchase');
    await user().click(within(dialog).getByRole('button', { name: 'Create Event' }));
    await screen.findByText('Event created successfully');
    expect((await db.events.toArray())[0].name).toBe('Major Purchase');

    await user().click(screen.getByRole('button', { name: '+ Add Event' }));
    const second = await screen.findByRole('dialog', { name: 'Add Event' });
    await choose(second, 'major_purchase');
    await user().type(within(second).getByLabelText('Event Name'), '  Kitchen  ');
    await user().click(within(second).getByRole('button', { name: 'Create Event' }));
    await waitFor(async () =>
      expect((await db.events.toArray()).map((e) => e.name).sort()).toEqual(['Kitchen', 'Major Purchase']),
    );
  });

  it('requires a template', async () => {
    const { dialog } = await openForm();
    await user().click(within(dialog).getByRole('button', { name: 'Create Event' }));
    expect(within(dialog).getByText('Please select a template')).toBeInTheDocument();
  });

  it('locks the template when editing, with the note', async () => {
    let eventId = '';
    const { router, id } = await openAs('/scenarios', async (db) => {
      const s = await createScenario(db, { name: 'Plan' });
      eventId = (
        await saveEvent(db, s, {
          name: 'Boat',
          trigger_month: '2028-03',
          template_id: 'major_purchase',
          template_parameters: {},
        })
      ).event.id;
    }).then(async (v) => ({ ...v, id: (await v.db.scenarios.toArray())[0].id }));
    await router.navigate({ href: `/scenarios/${id}?editEvent=${eventId}` });
    const dialog = await screen.findByRole('dialog', { name: 'Edit Event' });
    expect(within(dialog).getByLabelText('Template *')).toBeDisabled();
    expect(within(dialog).getByLabelText('Template *')).toHaveValue('major_purchase');
    expect(within(dialog).getByText('Template cannot be changed when editing')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Month')).toHaveValue('03');
    expect(within(dialog).getByLabelText('Year')).toHaveValue('2028');
    expect(within(dialog).getByRole('button', { name: 'Update Event' })).toBeInTheDocument();
  });

  it('renders each parameter type: recurring items filtered, accounts, debt accounts, select, date, boolean, decimal, integer, text', async () => {
    const { dialog } = await openForm();
    await choose(dialog, 'buy_first_home');
    const rent = within(dialog).getByLabelText('Rent you stop paying') as HTMLSelectElement;
    expect(Array.from(rent.options).map((o) => o.text)).toEqual(['None', 'Rent']);
    const deposit = within(dialog).getByLabelText('Deposit paid from') as HTMLSelectElement;
    expect(Array.from(deposit.options).map((o) => o.text)).toEqual(['Default', 'Everyday', 'Home Loan']);
    expect(within(dialog).getByLabelText('State or territory *').tagName).toBe('SELECT');
    expect(within(dialog).getByLabelText('First home buyer?')).toBeChecked();
    expect(within(dialog).getByLabelText('Purchase price *')).toHaveAttribute('type', 'number');
    expect(within(dialog).getByLabelText('Loan term (years) *')).toHaveValue(30);

    await choose(dialog, 'job_income_change');
    const income = within(dialog).getByLabelText('Income this replaces') as HTMLSelectElement;
    expect(Array.from(income.options).map((o) => o.text)).toEqual(['None', 'Salary']);

    await choose(dialog, 'debt_payoff');
    const debt = within(dialog).getByLabelText('Debt to pay off *') as HTMLSelectElement;
    expect(Array.from(debt.options).map((o) => o.text)).toEqual(['Select an account', 'Home Loan']);
    expect(within(dialog).getByLabelText('Start date')).toHaveAttribute('type', 'date');

    await choose(dialog, 'major_purchase');
    expect(within(dialog).getByLabelText('What are you buying? *')).toHaveValue('Renovation');
  });

  it('renders integers from 0 to 100 as a percentage slider showing the value', async () => {
    const { dialog } = await openForm();
    await choose(dialog, 'parental_leave');
    const slider = within(dialog).getByLabelText('Pay on return (% of before)');
    expect(slider).toHaveAttribute('type', 'range');
    expect(within(dialog).getByText('100%')).toBeInTheDocument();
    // Other integers stay number inputs.
    expect(within(dialog).getByLabelText('Weeks away from work *')).toHaveAttribute('type', 'number');
  });

  it('shows end_date only when is_permanent is explicitly false', async () => {
    const { dialog } = await openForm();
    await choose(dialog, 'job_income_change');
    expect(within(dialog).getByLabelText('Is this permanent?')).toBeChecked();
    expect(within(dialog).queryByLabelText('End date')).not.toBeInTheDocument();
    await user().click(within(dialog).getByLabelText('Is this permanent?'));
    expect(within(dialog).getByLabelText('End date')).toBeInTheDocument();
    await user().click(within(dialog).getByRole('button', { name: 'Create Event' }));
    expect(within(dialog).getByText('End date is required when this is not permanent')).toBeInTheDocument();
  });

  it('shows the loan fields of major_purchase only when the payment method is loan', async () => {
    const { dialog } = await openForm();
    await choose(dialog, 'major_purchase');
    expect(within(dialog).queryByLabelText('Loan term (years) *')).not.toBeInTheDocument();
    expect(within(dialog).queryByLabelText(/Loan interest rate/)).not.toBeInTheDocument();
    await user().selectOptions(within(dialog).getByLabelText('Payment method'), 'loan');
    expect(within(dialog).getByLabelText('Loan term (years) *')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Loan interest rate/)).toBeInTheDocument();
  });

  it('shows extra-payment fields by default and lump-sum fields only for lump_sum (debt_payoff)', async () => {
    const { dialog } = await openForm();
    await choose(dialog, 'debt_payoff');
    expect(within(dialog).getByLabelText('Extra payment (per month) *')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Lump sum *')).not.toBeInTheDocument();
    await user().selectOptions(within(dialog).getByLabelText('Strategy'), 'lump_sum');
    expect(within(dialog).getByLabelText('Lump sum *')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Lump sum date')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Lump sum paid from')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Extra payment (per month) *')).not.toBeInTheDocument();
  });

  it('validates required, min and max with field messages and does not save', async () => {
    const { dialog, db } = await openForm();
    await choose(dialog, 'major_purchase');
    await user().clear(within(dialog).getByLabelText('Cost *'));
    await user().clear(within(dialog).getByLabelText('What are you buying? *'));
    await user().click(within(dialog).getByRole('button', { name: 'Create Event' }));
    expect(within(dialog).getByText('Cost is required')).toBeInTheDocument();
    expect(within(dialog).getByText('What are you buying? is required')).toBeInTheDocument();
    await user().type(within(dialog).getByLabelText('Cost *'), '-5');
    await user().type(within(dialog).getByLabelText('What are you buying? *'), 'Boat');
    await user().selectOptions(within(dialog).getByLabelText('Payment method'), 'loan');
    await user().clear(within(dialog).getByLabelText('Loan term (years) *'));
    await user().type(within(dialog).getByLabelText('Loan term (years) *'), '31');
    await user().click(within(dialog).getByRole('button', { name: 'Create Event' }));
    expect(within(dialog).getByText('Cost must be at least 0')).toBeInTheDocument();
    expect(within(dialog).getByText('Loan term (years) must be at most 30')).toBeInTheDocument();
    expect(await db.events.count()).toBe(0);
  });

  it('closes with Escape and Cancel without saving', async () => {
    const { dialog, db } = await openForm();
    await choose(dialog, 'major_purchase');
    await user().keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user().click(screen.getByRole('button', { name: '+ Add Event' }));
    await user().click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await db.events.count()).toBe(0);
  });

  it("shows 'Creating...' while saving", async () => {
    const { dialog, db } = await openForm();
    await choose(dialog, 'major_purchase');
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    // Hold the save's transaction until the busy label has been seen.
    const original = db.transaction.bind(db) as (...args: unknown[]) => Promise<unknown>;
    vi.spyOn(db, 'transaction').mockImplementation((async (...args: unknown[]) => {
      await gate;
      return original(...args);
    }) as never);
    await user().click(within(dialog).getByRole('button', { name: 'Create Event' }));
    expect(await within(dialog).findByRole('button', { name: 'Creating...' })).toBeDisabled();
    release();
    expect(await screen.findByText('Event created successfully')).toBeInTheDocument();
  });

  it("shows 'Updating...' while saving an edit", async () => {
    let eventId = '';
    let scenarioId = '';
    const { router, db } = await openAs('/scenarios', async (db) => {
      const s = await createScenario(db, { name: 'Plan' });
      scenarioId = s.id;
      eventId = (
        await saveEvent(db, s, {
          name: 'Boat',
          trigger_month: '2028-03',
          template_id: 'major_purchase',
          template_parameters: {},
        })
      ).event.id;
    });
    await router.navigate({ href: `/scenarios/${scenarioId}?editEvent=${eventId}` });
    const dialog = await screen.findByRole('dialog', { name: 'Edit Event' });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Update Event' })).toBeEnabled());
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const original = db.transaction.bind(db) as (...args: unknown[]) => Promise<unknown>;
    vi.spyOn(db, 'transaction').mockImplementation((async (...args: unknown[]) => {
      await gate;
      return original(...args);
    }) as never);
    await user().click(within(dialog).getByRole('button', { name: 'Update Event' }));
    expect(await within(dialog).findByRole('button', { name: 'Updating...' })).toBeDisabled();
    release();
    expect(await screen.findByText('Event updated successfully')).toBeInTheDocument();
  });

  it('shows the save error detail when the data layer rejects the event', async () => {
    const { dialog, db } = await openForm({
      extra: async (db) => {
        await createAccount(db, { name: 'Old Loan', account_type: 'loan', current_balance: -5000, is_asset: false });
      },
    });
    await choose(dialog, 'debt_payoff');
    await user().selectOptions(within(dialog).getByLabelText('Debt to pay off *'), 'Old Loan');
    // The account disappears after the form loaded: the repository's own check rejects the event.
    const old = (await db.accounts.toArray()).find((a) => a.name === 'Old Loan');
    await db.accounts.delete(old!.id);
    await user().click(within(dialog).getByRole('button', { name: 'Create Event' }));
    expect(
      await within(dialog).findByText('body → template_parameters.debt_account_id: Debt to pay off: no such account'),
    ).toBeInTheDocument();
    expect(await db.events.count()).toBe(0);
  });

  it("shows 'Failed to load form data. Please try again.' when the pickers cannot load", async () => {
    let id = '';
    const { router, db } = await openAs('/scenarios', async (db) => {
      id = (await createScenario(db, { name: 'Plan' })).id;
    });
    await router.navigate({ href: `/scenarios/${id}` });
    await heading('Plan');
    vi.spyOn(db.categories, 'toArray').mockRejectedValue(new Error('io'));
    await user().click(screen.getByRole('button', { name: '+ Add Event' }));
    expect(await screen.findByText('Failed to load form data. Please try again.')).toBeInTheDocument();
  });

  it("shows 'Failed to load template details.' for an event whose template is unknown", async () => {
    let id = '';
    const { router, db } = await openAs('/scenarios', async (db) => {
      id = (await createScenario(db, { name: 'Plan' })).id;
    });
    await db.events.put({
      id: 'ev-x',
      scenario_id: id,
      name: 'Mystery',
      trigger_month: '2028-01',
      trigger_date: '2028-01-01',
      template_id: 'mystery',
      template_parameters: {},
      updated_at: new Date().toISOString(),
    });
    await router.navigate({ href: `/scenarios/${id}?editEvent=ev-x` });
    const dialog = await screen.findByRole('dialog', { name: 'Edit Event' });
    expect(within(dialog).getByText('Failed to load template details.')).toBeInTheDocument();
  });
});
