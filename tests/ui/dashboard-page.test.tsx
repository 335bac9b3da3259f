// Dashboard on a real per-user Dexie database (fake-indexeddb): loading text, the Net Worth, Cash Flow (Last
// Month) and Spending by Category cards with whole-dollar amounts, the empty text, hypothetical scenario
// entities left out, live updates, and the load failure with Try again.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderUserPage } from './page-harness';
import { act, cleanup, configure, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UserDbProvider } from '../../src/data/db-context';
import { closeUserDb, type WyrdDb } from '../../src/data/db';
import { ensureDefaultCategories } from '../../src/data/default-categories';
import { createAccount } from '../../src/data/repositories/accounts';
import { createRecurringItem } from '../../src/data/repositories/recurring-items';
import { createScenario } from '../../src/data/repositories/scenarios';
import { DashboardPage } from '../../src/features/dashboard/DashboardPage';
import { localToday } from '../../src/lib/dates/local-today';
import { createMemoryHistory, RouterContextProvider } from '@tanstack/react-router';
import { createAppRouter } from '../../src/routes/router';

// The whole suite shares two cores: give live queries more than the default second to settle.
configure({ asyncUtilTimeout: 5_000 });

async function renderDashboard(seed?: (db: WyrdDb) => Promise<void>, opts: { close?: boolean } = {}) {
  return renderUserPage(DashboardPage, '/dashboard', {
    prepare: async (db) => {
      await ensureDefaultCategories(db);
      if (seed) await seed(db);
    },
    closeDb: opts.close,
  });
}

const cat = async (db: WyrdDb, name: string) => (await db.categories.filter((c) => c.name === name).first())!.id;

/** Figures of one card, by their labels. */
function card(name: string) {
  return screen.getByRole('region', { name });
}
function figure(region: HTMLElement, label: string): string {
  return within(region).getByText(label).nextElementSibling?.textContent ?? '';
}

beforeEach(() => {
  // Only Date is faked (IndexedDB needs real timers): today is 21 Nov 2026, so last month is October 2026.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 10, 21, 10, 0, 0));
});

afterEach(() => {
  cleanup();
  closeUserDb();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('dashboard', () => {
  it('uses the local calendar date for today', () => {
    expect(localToday(new Date(2026, 0, 5, 23, 30))).toBe('2026-01-05');
  });

  it('shows Loading dashboard... until the data arrives, then the empty cards', async () => {
    // Rendered without the router so the very first render is observable.
    const userId = `test-${crypto.randomUUID()}`;
    // The router's context only (its links), still without matching routes: the first render is the page's own.
    const router = createAppRouter(createMemoryHistory({ initialEntries: ['/dashboard'] }));
    render(
      <RouterContextProvider router={router}>
        <UserDbProvider userId={userId}>
          <DashboardPage />
        </UserDbProvider>
      </RouterContextProvider>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading dashboard...');
    await screen.findByRole('heading', { name: 'Net Worth' });
    expect(screen.queryByText('Loading dashboard...')).not.toBeInTheDocument();
    expect(screen.getByText('No spending data available')).toBeInTheDocument();
    // Zero is $0, without a sign or a colour (issue 21); the empty cards say what they are for.
    expect(within(card('Net Worth')).getAllByText('$0')[0]).toHaveClass('dashboard-total', 'dashboard-zero');
    expect(within(card('Net Worth')).queryByText('+$0')).not.toBeInTheDocument();
    expect(within(card('Net Worth')).getByRole('link', { name: 'Add your accounts' })).toHaveAttribute(
      'href',
      '/accounts',
    );
    expect(screen.getByRole('heading', { name: 'Start your plan' })).toBeInTheDocument();
    expect(figure(card('Cash Flow (Last Month)'), 'Total Income')).toBe('$0');
  });

  it('shows net worth with its sign, assets, and liabilities as an absolute value, without decimals', async () => {
    await renderDashboard(async (db) => {
      await createAccount(db, { name: 'Savings', account_type: 'savings', current_balance: 12_345.67 });
      await createAccount(db, { name: 'Car loan', account_type: 'loan', current_balance: -20_000.4, is_asset: false });
    });
    await screen.findByRole('heading', { name: 'Net Worth' });
    const nw = card('Net Worth');
    expect(within(nw).getByText('-$7,655')).toBeInTheDocument();
    expect(figure(nw, 'Total Assets')).toBe('$12,346');
    expect(figure(nw, 'Total Liabilities')).toBe('$20,000');
  });

  it("counts last month's actual occurrences for cash flow and spending by category", async () => {
    await renderDashboard(async (db) => {
      const acc = (await createAccount(db, { name: 'Everyday', current_balance: 5000 })).id;
      await createRecurringItem(db, {
        name: 'Pay',
        amount: 5000,
        frequency: 'monthly',
        start_date: '2026-01-15',
        account_id: acc,
        category_id: await cat(db, 'Salary'),
      });
      // October 2026 has five Thursdays from the 1st: 5 x 100.
      await createRecurringItem(db, {
        name: 'Food',
        amount: -100,
        frequency: 'weekly',
        start_date: '2026-10-01',
        account_id: acc,
        category_id: await cat(db, 'Groceries'),
      });
      await createRecurringItem(db, {
        name: 'Rent',
        amount: -2000,
        frequency: 'monthly',
        start_date: '2026-01-01',
        account_id: acc,
        category_id: await cat(db, 'Rent'),
      });
      await createRecurringItem(db, {
        name: 'Rego',
        amount: -900,
        frequency: 'yearly',
        start_date: '2026-03-15',
        account_id: acc,
        category_id: await cat(db, 'Transport'),
      });
      await createRecurringItem(db, {
        name: 'Gym',
        amount: -60,
        frequency: 'monthly',
        start_date: '2026-01-01',
        is_active: false,
        account_id: acc,
        category_id: await cat(db, 'Health'),
      });
      await createRecurringItem(db, {
        name: 'Later',
        amount: -999,
        frequency: 'monthly',
        start_date: '2026-11-01',
        account_id: acc,
        category_id: await cat(db, 'Other'),
      });
    });
    await screen.findByRole('heading', { name: 'Net Worth' });
    const cf = card('Cash Flow (Last Month)');
    expect(figure(cf, 'Total Income')).toBe('$5,000');
    expect(figure(cf, 'Total Expenses')).toBe('$2,500');
    expect(figure(cf, 'Net Cash Flow')).toBe('+$2,500');
    const spending = within(card('Spending by Category (Last Month)')).getAllByRole('listitem');
    expect(spending.map((li) => li.textContent)).toEqual(['Rent$2,00080%', 'Groceries$50020%']);
  });

  it('leaves out entities of non-baseline scenarios but counts baseline ones', async () => {
    await renderDashboard(async (db) => {
      const acc = (await createAccount(db, { name: 'Everyday', current_balance: 1000 })).id;
      const what = await createScenario(db, { name: 'What if', is_baseline: false });
      const base = await createScenario(db, { name: 'Baseline', is_baseline: true });
      const at = '2026-11-21T00:00:00.000Z';
      await db.events.bulkAdd([
        {
          id: 'ev-what',
          scenario_id: what.id,
          name: 'x',
          trigger_month: '2026-01',
          trigger_date: '2026-01-01',
          template_id: 'job_change',
          template_parameters: {},
          updated_at: at,
        },
        {
          id: 'ev-base',
          scenario_id: base.id,
          name: 'y',
          trigger_month: '2026-01',
          trigger_date: '2026-01-01',
          template_id: 'job_change',
          template_parameters: {},
          updated_at: at,
        },
      ]);
      await db.accounts.add({
        id: 'a-what',
        name: 'Dream house',
        account_type: 'property',
        current_balance: 900000,
        is_asset: true,
        scenario_event_id: 'ev-what',
        updated_at: at,
      });
      await db.accounts.add({
        id: 'a-base',
        name: 'Shares',
        account_type: 'investment',
        current_balance: 500,
        is_asset: true,
        scenario_event_id: 'ev-base',
        updated_at: at,
      });
      await db.recurring_items.add({
        id: 'r-what',
        name: 'Big pay',
        amount: 20000,
        frequency: 'monthly',
        start_date: '2026-01-01',
        end_date: null,
        account_id: acc,
        category_id: await cat(db, 'Salary'),
        is_active: true,
        scenario_event_id: 'ev-what',
        updated_at: at,
      });
      await db.recurring_items.add({
        id: 'r-base',
        name: 'Dividends',
        amount: 300,
        frequency: 'monthly',
        start_date: '2026-01-01',
        end_date: null,
        account_id: acc,
        category_id: await cat(db, 'Investment income'),
        is_active: true,
        scenario_event_id: 'ev-base',
        updated_at: at,
      });
    });
    await screen.findByRole('heading', { name: 'Net Worth' });
    expect(figure(card('Net Worth'), 'Total Assets')).toBe('$1,500');
    expect(figure(card('Cash Flow (Last Month)'), 'Total Income')).toBe('$300');
  });

  it('updates live when the data changes', async () => {
    const { db } = await renderDashboard();
    await screen.findByRole('heading', { name: 'Net Worth' });
    await act(async () => {
      await createAccount(db, { name: 'New', current_balance: 4321 });
    });
    expect(await within(card('Net Worth')).findByText('+$4,321')).toBeInTheDocument();
  });

  it('shows Failed to load dashboard data with Try again, which reloads', async () => {
    const { db } = await renderDashboard(
      async (db) => void (await createAccount(db, { name: 'A', current_balance: 10 })),
      { close: true },
    );
    expect(await screen.findByText('Failed to load dashboard data')).toBeInTheDocument();
    await act(async () => {
      await db.open();
    });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await within(await screen.findByRole('region', { name: 'Net Worth' })).findByText('+$10'),
    ).toBeInTheDocument();
  });
});
