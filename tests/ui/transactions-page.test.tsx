// The Transactions screen and its neighbours on a real per-user Dexie database (fake-indexeddb): the paged,
// virtualised list with search, filters, sorting and the running balance; inline and bulk category changes and
// "remember for this payee"; undoing an import; payee rules; the recurring review; plan vs actual; and the
// dashboard card's re-start from actual balances and the way back.
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { closeUserDb, type WyrdDb } from '../../src/data/db';
import { ensureDefaultCategories } from '../../src/data/default-categories';
import { createAccount } from '../../src/data/repositories/accounts';
import { PlanVsActualCard } from '../../src/features/dashboard/PlanVsActualCard';
import { RulesPage } from '../../src/features/transactions/RulesPage';
import { TransactionsPage } from '../../src/features/transactions/TransactionsPage';
import { PlanVsActualPage } from '../../src/features/transactions/plan/PlanVsActualPage';
import { RecurringReviewPage } from '../../src/features/transactions/recurring/RecurringReviewPage';
import { setDetector } from '../../src/features/transactions/recurring/detect';
import { batchesTable, rulesTable, type TransactionRow } from '../../src/features/transactions/tx-store';
import { renderUserPage } from './page-harness';
import { storedTransaction } from '../data/helpers';

configure({ asyncUtilTimeout: 8_000 });

// jsdom has no layout: give every element a size so the virtualiser renders a screenful of rows.
const sizes = { clientHeight: 600, clientWidth: 900 };
const saved: Record<string, PropertyDescriptor | undefined> = {};
beforeAll(() => {
  for (const [k, v] of Object.entries(sizes)) {
    saved[k] = Object.getOwnPropertyDescriptor(Element.prototype, k);
    Object.defineProperty(Element.prototype, k, { configurable: true, get: () => v });
  }
});
afterAll(() => {
  for (const k of Object.keys(sizes)) if (saved[k]) Object.defineProperty(Element.prototype, k, saved[k]!);
});
afterEach(() => {
  cleanup();
  closeUserDb();
  setDetector(null);
  vi.restoreAllMocks();
});

const NOW = '2026-05-01T00:00:00.000Z';

const tx = storedTransaction;

type Seeded = { everyday: string; savings: string; groceries: string; rent: string };

async function seed(db: WyrdDb, extra: (s: Seeded) => TransactionRow[] = () => []): Promise<Seeded> {
  await ensureDefaultCategories(db);
  const everyday = (await createAccount(db, { name: 'Everyday', current_balance: 1000 })).id;
  const savings = (await createAccount(db, { name: 'Savings', current_balance: 5000 })).id;
  const cats = await db.categories.toArray();
  const groceries = cats.find((c) => c.name === 'Groceries')?.id ?? cats[0].id;
  const rent = cats.find((c) => /rent/i.test(c.name))?.id ?? cats[1].id;
  const s = { everyday, savings, groceries, rent };
  await db.transactions.bulkPut([
    tx('t1', everyday, '2026-03-01', -210000, 'RENT RAY WHITE'),
    tx('t2', everyday, '2026-03-03', -4550, 'WOOLWORTHS 1234 BONDI'),
    tx('t3', everyday, '2026-03-04', 285000, 'ACME SALARY'),
    tx('t4', savings, '2026-03-05', 10000, 'INTEREST'),
    tx('t5', everyday, '2026-03-06', -1200, 'WOOLWORTHS 99 SYDNEY', { batch_id: 'b1' }),
    ...extra(s),
  ]);
  return s;
}

async function open(Page: () => React.ReactNode, path: string, extra?: (s: Seeded) => TransactionRow[]) {
  let seeded!: Seeded;
  const view = await renderUserPage(Page, path, {
    prepare: async (db) => {
      seeded = await seed(db, extra);
    },
  });
  return { ...view, seeded };
}

const rowNames = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).queryAllByRole('cell')[2]?.textContent ?? '');

describe('transactions list', () => {
  it('lists every transaction newest first, searches, filters and sorts', async () => {
    await open(TransactionsPage, '/transactions');
    expect(await screen.findByText('5 transactions')).toBeInTheDocument();
    await waitFor(() => expect(rowNames()[0]).toMatch(/^WOOLWORTHS/));
    expect(rowNames()).toHaveLength(5);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Search'), 'woolworths');
    expect(await screen.findByText('2 transactions')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Search'));
    await user.selectOptions(screen.getByLabelText('Sort by'), 'amount-asc');
    await waitFor(() => expect(rowNames()[0]).toMatch(/^RENT/));
    await user.selectOptions(screen.getByLabelText('Category'), 'none');
    expect(await screen.findByText('5 transactions')).toBeInTheDocument();
    await user.type(screen.getByLabelText('From'), '2026-03-04');
    expect(await screen.findByText('3 transactions')).toBeInTheDocument();
  });

  it('shows the running balance of one account, anchored on its current balance', async () => {
    const { seeded } = await open(TransactionsPage, '/transactions');
    await screen.findByText('5 transactions');
    await userEvent.selectOptions(screen.getByLabelText('Account'), seeded.everyday);
    expect(await screen.findByText('4 transactions')).toBeInTheDocument();
    expect(await screen.findByRole('columnheader', { name: 'Balance' })).toBeInTheDocument();
    // Newest first: the latest row is the account's balance ($1,000), earlier rows take the later amounts off.
    await waitFor(() => {
      const balances = screen
        .getAllByRole('row')
        .slice(1)
        .map((r) => within(r).getAllByRole('cell').at(-1)?.textContent);
      expect(balances).toEqual(['$1,000.00', '$1,012.00', '-$1,838.00', '-$1,792.50']);
    });
  });

  it('changes a category inline, offers to remember it for the payee, and bulk-recategorises a selection', async () => {
    const { db, seeded } = await open(TransactionsPage, '/transactions');
    await screen.findByText('5 transactions');
    const user = userEvent.setup();
    const select = await screen.findByLabelText(/^Category for WOOLWORTHS, 3 Mar 2026/);
    await user.selectOptions(select, seeded.groceries);
    await waitFor(async () => expect((await db.transactions.get('t2'))?.category_id).toBe(seeded.groceries));
    await user.click(await screen.findByRole('button', { name: 'Remember for WOOLWORTHS' }));
    await waitFor(async () => expect(await rulesTable(db).count()).toBe(1));
    expect((await rulesTable(db).toArray())[0]).toMatchObject({ payee: 'WOOLWORTHS', category_id: seeded.groceries });

    await user.click(screen.getByRole('checkbox', { name: /^Select RENT/ }));
    await user.click(screen.getByRole('checkbox', { name: /^Select ACME/ }));
    expect(screen.getByText(/2 selected/)).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Category for selected'), seeded.rent);
    await user.click(screen.getByRole('button', { name: 'Apply to 2 transactions' }));
    await waitFor(async () =>
      expect((await db.transactions.bulkGet(['t1', 't3'])).map((t) => t?.category_id)).toEqual([
        seeded.rent,
        seeded.rent,
      ]),
    );
  });

  it('undoes an import batch after a confirmation', async () => {
    const { db } = await renderUserPage(TransactionsPage, '/transactions', {
      prepare: async (d) => {
        const s = await seed(d);
        await batchesTable(d).put({
          id: 'b1',
          account_id: s.everyday,
          imported_at: NOW,
          file_names: ['march.csv'],
          format: 'csv',
          bank: 'commbank',
          row_count: 1,
          skipped_count: 0,
          first_date: '2026-03-06',
          last_date: '2026-03-06',
          updated_at: NOW,
        });
      },
    });
    await screen.findByText('5 transactions');
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    await userEvent.click(await screen.findByRole('button', { name: /^Undo import of march.csv/ }));
    expect(await screen.findByText('4 transactions')).toBeInTheDocument();
    expect(await db.transactions.get('t5')).toBeUndefined();
  });
});

describe('payee rules', () => {
  it('lists rules, changes a rule and deletes one', async () => {
    const { db } = await renderUserPage(RulesPage, '/transactions/rules', {
      prepare: async (d) => {
        const cats = await ensureDefaultCategories(d);
        await rulesTable(d).put({ id: 'r1', payee: 'WOOLWORTHS', category_id: cats[0].id, updated_at: NOW });
      },
    });
    const select = await screen.findByLabelText('Category for WOOLWORTHS');
    const other = (await db.categories.toArray())[1];
    await userEvent.selectOptions(select, other.id);
    await waitFor(async () => expect((await rulesTable(db).get('r1'))?.category_id).toBe(other.id));
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    await userEvent.click(screen.getByRole('button', { name: 'Delete the rule for WOOLWORTHS' }));
    expect(await screen.findByText(/No rules yet/)).toBeInTheDocument();
  });
});

describe('recurring review', () => {
  it('adds a detected series to Recurring Items and links its transactions; dismisses another', async () => {
    let everyday = '';
    setDetector(() => [
      {
        key: 'k-rent',
        account_id: everyday,
        payee: 'RENT',
        amount_cents: -210000,
        frequency: 'monthly',
        next_date: '2026-04-01',
        transaction_ids: ['t1'],
        occurrences: 6,
        confidence: 0.92,
        variable_amount: false,
      },
      {
        key: 'k-woolies',
        account_id: everyday,
        payee: 'WOOLWORTHS',
        amount_cents: -4550,
        frequency: 'weekly',
        next_date: '2026-03-10',
        transaction_ids: ['t2', 't5'],
        occurrences: 4,
        confidence: 0.55,
        variable_amount: true,
      },
    ]);
    const { db, seeded } = await open(RecurringReviewPage, '/transactions/recurring');
    everyday = seeded.everyday;
    await userEvent.click(await screen.findByRole('button', { name: 'Find recurring items' }));
    expect(await screen.findByRole('heading', { name: 'Found 2 recurring items' })).toBeInTheDocument();
    const rent = screen.getByRole('listitem', { name: 'RENT: -$2,100.00 monthly' });
    expect(rent).toHaveTextContent('Very likely (92%)');
    expect(rent).toHaveTextContent('Seen6 times');
    await userEvent.click(within(rent).getByRole('button', { name: 'Add RENT to Recurring Items' }));
    await waitFor(async () => expect(await db.recurring_items.count()).toBe(1));
    const item = (await db.recurring_items.toArray())[0];
    expect(item).toMatchObject({
      name: 'RENT',
      amount: -2100,
      frequency: 'monthly',
      start_date: '2026-03-01',
      account_id: everyday,
    });
    await waitFor(async () => expect((await db.transactions.get('t1'))?.recurring_item_id).toBe(item.id));
    expect(
      await screen.findByRole('table', { name: /RENT \(Everyday\): planned -\$2,100\.00 monthly/ }),
    ).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Dismiss WOOLWORTHS' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: /WOOLWORTHS/ })).not.toBeInTheDocument());
  });
});

describe('plan vs actual', () => {
  it('shows each month per category with keyboard month tabs and tables', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-04-15T00:00:00Z') });
    try {
      await open(PlanVsActualPage, '/transactions/plan');
      const tabs = await screen.findAllByRole('tab');
      expect(tabs.map((t) => t.textContent)).toEqual(['March 2026']);
      expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
      expect(screen.getByRole('table', { name: 'March 2026 by category' })).toHaveTextContent('Uncategorised');
      expect(screen.getByRole('table', { name: 'Account balances at the end of March 2026' })).toHaveTextContent(
        'Everyday',
      );
      expect(screen.getByRole('table', { name: 'Every month' })).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('dashboard card', () => {
  it('re-starts the forecast from the statements balances and goes back to the earlier plan', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-04-15T00:00:00Z') });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const { db, seeded } = await open(PlanVsActualCard, '/dashboard', (s) => [
      tx('t9', s.everyday, '2026-03-07', -500, 'CAFE', { balance_cents: 123400 }),
    ]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: "Re-start the forecast from today's balances" }));
    await waitFor(async () => expect((await db.accounts.get(seeded.everyday))?.current_balance).toBe(1234));
    expect(await screen.findByText(/Re-started from the statements/)).toBeInTheDocument();
    // Savings prints no balance: it keeps its own.
    expect((await db.accounts.get(seeded.savings))?.current_balance).toBe(5000);
    await user.click(screen.getByRole('button', { name: 'Go back to the earlier plan' }));
    await waitFor(async () => expect((await db.accounts.get(seeded.everyday))?.current_balance).toBe(1000));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Go back to the earlier plan' })).not.toBeInTheDocument(),
    );
  });
});
