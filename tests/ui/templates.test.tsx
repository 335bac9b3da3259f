// Template chooser, Smart Create and the template form (issue 5 items 6 and 7, UI side).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { resetAppState, TEST_CONFIG } from './render-app';
import { heading, openAs, seedHousehold } from './scenario-helpers';

const control = vi.hoisted(() => ({ failCatalogue: 0, identifyThrows: false }));

vi.mock('../../src/lib/auth/amplify-adapter', () => import('./adapter-mock'));
vi.mock('../../src/lib/config/app-config', async (original) => ({
  ...(await original<typeof import('../../src/lib/config/app-config')>()),
  loadAppConfig: async () => TEST_CONFIG,
}));
vi.mock('../../src/features/scenarios/templates/template-catalogue', async (original) => {
  const real = await original<typeof import('../../src/features/scenarios/templates/template-catalogue')>();
  return {
    ...real,
    loadTemplateGroups: () => {
      if (control.failCatalogue > 0) {
        control.failCatalogue -= 1;
        throw new Error('catalogue unavailable');
      }
      return real.loadTemplateGroups();
    },
  };
});
vi.mock('../../worker/engine/smart-create/identify', async (original) => {
  const real = await original<typeof import('../../worker/engine/smart-create/identify')>();
  return {
    ...real,
    identifyTemplatesFromPrompt: (...args: Parameters<typeof real.identifyTemplatesFromPrompt>) => {
      if (control.identifyThrows) throw new Error('parser crashed');
      return real.identifyTemplatesFromPrompt(...args);
    },
  };
});

const user = () => userEvent.setup();

describe('template chooser', () => {
  beforeEach(() => {
    resetAppState();
    control.failCatalogue = 0;
    control.identifyThrows = false;
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('lists the five groups in order with the spec templates, never current_reality or baseline', async () => {
    await openAs('/scenarios/templates');
    await heading('Choose a Template');
    const groups = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(groups).toEqual([
      'Property',
      'Income & Career',
      'Debt & Payments',
      'Investments & Assets',
      'Purchases & Expenses',
    ]);
    const idsIn = (group: string) =>
      Array.from(
        screen
          .getByRole('heading', { level: 2, name: group })
          .closest('section')!
          .querySelectorAll('[data-template-id]'),
      ).map((a) => a.getAttribute('data-template-id'));
    expect(idsIn('Property')).toEqual(
      expect.arrayContaining([
        'buy_first_home',
        'investment_property',
        'negative_gearing',
        'interest_only_mortgage',
        'extra_mortgage_repayments',
      ]),
    );
    expect(idsIn('Income & Career')).toEqual(expect.arrayContaining(['job_income_change', 'parental_leave']));
    expect(idsIn('Debt & Payments')).toEqual(expect.arrayContaining(['debt_payoff']));
    expect(idsIn('Investments & Assets')).toEqual(
      expect.arrayContaining(['asset_purchase', 'debt_recycling', 'superannuation']),
    );
    expect(idsIn('Purchases & Expenses')).toEqual(expect.arrayContaining(['major_purchase']));
    const all = Array.from(document.querySelectorAll('[data-template-id]')).map((a) =>
      a.getAttribute('data-template-id'),
    );
    expect(all).not.toContain('current_reality');
    expect(all).not.toContain('baseline');
    expect(all.length).toBeGreaterThanOrEqual(13);
    expect(screen.getByRole('link', { name: /Buy Your First Home/ })).toHaveAttribute(
      'href',
      '/scenarios/template/buy_first_home',
    );
  });

  it("shows 'Failed to load templates. Please try again.' with Try again", async () => {
    control.failCatalogue = 5;
    await openAs('/scenarios/templates');
    expect(await screen.findByText('Failed to load templates. Please try again.')).toBeInTheDocument();
    control.failCatalogue = 0;
    await user().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Property' })).toBeInTheDocument();
    expect(screen.queryByText('Failed to load templates. Please try again.')).not.toBeInTheDocument();
  });
});

describe('Smart Create', () => {
  beforeEach(() => {
    resetAppState();
    control.failCatalogue = 0;
    control.identifyThrows = false;
  });
  afterEach(() => cleanup());

  async function openSmart() {
    const view = await openAs('/scenarios/templates');
    await heading('Choose a Template');
    await user().click(screen.getByRole('button', { name: /Smart Create with AI/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Smart Create with AI' });
    return { ...view, dialog };
  }

  it('has a 500-character textarea with a counter, examples, Cancel and the required message', async () => {
    const { dialog } = await openSmart();
    const box = within(dialog).getByLabelText('Describe your scenario');
    expect(box).toHaveAttribute('maxLength', '500');
    expect(within(dialog).getByText('0/500')).toBeInTheDocument();
    await user().click(within(dialog).getByRole('button', { name: 'Create Scenario' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please enter a description of your scenario');
    await user().type(box, 'abc');
    expect(within(dialog).getByText('3/500')).toBeInTheDocument();
    await user().click(within(dialog).getByRole('button', { name: 'Take 6 months parental leave from next July' }));
    expect(box).toHaveValue('Take 6 months parental leave from next July');
    expect(within(dialog).getByText('43/500')).toBeInTheDocument();
    await user().click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("says 'No matching templates found. Please provide more details.' when nothing matches", async () => {
    const { dialog } = await openSmart();
    await user().type(within(dialog).getByLabelText('Describe your scenario'), 'hello there');
    await user().click(within(dialog).getByRole('button', { name: 'Create Scenario' }));
    expect(
      await within(dialog).findByText('No matching templates found. Please provide more details.'),
    ).toBeInTheDocument();
  });

  it("says 'Failed to identify templates. Please try again.' when the parser fails", async () => {
    control.identifyThrows = true;
    const { dialog } = await openSmart();
    await user().type(within(dialog).getByLabelText('Describe your scenario'), 'buy a house');
    await user().click(within(dialog).getByRole('button', { name: 'Create Scenario' }));
    expect(await within(dialog).findByText('Failed to identify templates. Please try again.')).toBeInTheDocument();
  });

  it('opens the first matched template form filled in, with the AI banner, and creates the scenario', async () => {
    const { dialog, router, db } = await openSmart();
    await user().click(
      within(dialog).getByRole('button', { name: 'Buy a $750k apartment in March 2028 with a 10% deposit' }),
    );
    await user().click(within(dialog).getByRole('button', { name: 'Create Scenario' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/scenarios/template/buy_first_home'));
    expect(await screen.findByLabelText('Purchase price *')).toHaveValue(750000);
    expect(screen.getByText(/AI-generated\./)).toBeInTheDocument();
    expect(screen.getByLabelText('Deposit *')).toHaveValue(75000);
    expect(screen.getByLabelText('Month')).toHaveValue('03');
    expect(screen.getByLabelText('Year')).toHaveValue('2028');
    expect((screen.getByLabelText('Scenario Name *') as HTMLInputElement).value).not.toBe('');
    await user().click(screen.getByRole('button', { name: 'Create Scenario' }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/scenarios\/[^/]+$/));
    const [event] = await db.events.toArray();
    expect(event).toMatchObject({ template_id: 'buy_first_home', trigger_month: '2028-03' });
    expect(event.template_parameters.purchase_price).toBe(750000);
  });
});

describe('template form', () => {
  beforeEach(() => {
    resetAppState();
    control.failCatalogue = 0;
    control.identifyThrows = false;
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('shows icon, name, description and parameters; Cancel goes back to the chooser; no AI banner', async () => {
    await openAs('/scenarios/template/major_purchase', seedHousehold);
    await heading('Major Purchase');
    expect(screen.getByText('🛒')).toBeInTheDocument();
    expect(screen.getByText(/A big purchase paid in cash/, { selector: 'p' })).toBeInTheDocument();
    expect(await screen.findByLabelText('Cost *')).toHaveValue(30000);
    expect(screen.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', '/scenarios/templates');
    expect(screen.queryByText(/AI-generated\./)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create Scenario' })).toBeInTheDocument();
  });

  it('creates a non-baseline scenario with the event and month, materialised, and opens it', async () => {
    const { db, router } = await openAs('/scenarios/template/major_purchase', seedHousehold);
    await heading('Major Purchase');
    await screen.findByLabelText('Cost *');
    await user().clear(screen.getByLabelText('Scenario Name *'));
    await user().click(screen.getByRole('button', { name: 'Create Scenario' }));
    expect(screen.getByText('Please enter a scenario name')).toBeInTheDocument();
    await user().type(screen.getByLabelText('Scenario Name *'), 'Boat plan');
    await user().selectOptions(screen.getByLabelText('Payment method'), 'loan');
    await user().selectOptions(screen.getByLabelText('Month'), '09');
    await user().selectOptions(screen.getByLabelText('Year'), String(new Date().getFullYear() + 1));
    await user().click(screen.getByRole('button', { name: 'Create Scenario' }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/scenarios\/[^/]+$/));
    const [scenario] = await db.scenarios.toArray();
    expect(scenario).toMatchObject({ name: 'Boat plan', is_baseline: false });
    const [event] = await db.events.toArray();
    expect(event).toMatchObject({
      scenario_id: scenario.id,
      template_id: 'major_purchase',
      name: 'Major Purchase',
      trigger_month: `${new Date().getFullYear() + 1}-09`,
    });
    expect(await db.accounts.where('scenario_event_id').equals(event.id).count()).toBeGreaterThan(0);
    expect(await heading('Boat plan')).toBeInTheDocument();
  });

  it('validates the parameters before creating anything', async () => {
    const { db } = await openAs('/scenarios/template/major_purchase');
    await screen.findByLabelText('Cost *');
    await user().clear(screen.getByLabelText('Cost *'));
    await user().click(screen.getByRole('button', { name: 'Create Scenario' }));
    expect(screen.getByText('Cost is required')).toBeInTheDocument();
    expect(await db.scenarios.count()).toBe(0);
  });

  it('shows the fallback and keeps nothing when the create fails', async () => {
    const { db } = await openAs('/scenarios/template/major_purchase');
    await screen.findByLabelText('Cost *');
    vi.spyOn(db, 'transaction').mockRejectedValue(new Error('io') as never);
    await user().click(screen.getByRole('button', { name: 'Create Scenario' }));
    expect(
      await screen.findByText('Failed to create scenario. Please check your inputs and try again.'),
    ).toBeInTheDocument();
    vi.restoreAllMocks();
    expect(await db.scenarios.count()).toBe(0);
  });

  it("shows 'Failed to load template. Please try again.' for an unknown or hidden template", async () => {
    const { router } = await openAs('/scenarios/template/no_such_template');
    expect(await screen.findByText('Failed to load template. Please try again.')).toBeInTheDocument();
    await router.navigate({ href: '/scenarios/template/baseline' });
    expect(await screen.findByText('Failed to load template. Please try again.')).toBeInTheDocument();
  });
});
