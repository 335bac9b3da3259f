// Profile 'Data' tab on real per-user Dexie databases (fake-indexeddb): export downloads the backup JSON as
// wyrd-backup-YYYY-MM-DD.json; import lists every problem with its JSON path and changes nothing, asks before
// replacing, and an export imported by a fresh user reproduces the same dashboard figures.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastProvider } from '../../src/components/toast/ToastProvider';
import { UserDbProvider } from '../../src/data/db-context';
import { closeUserDb, WyrdDb } from '../../src/data/db';
import { ensureDefaultCategories } from '../../src/data/default-categories';
import { createAccount } from '../../src/data/repositories/accounts';
import { createRecurringItem } from '../../src/data/repositories/recurring-items';
import { loadLedger } from '../../src/data/repositories/summaries';
import { dashboardData } from '../../worker/engine/index';
import { DataTab, IMPORT_CONFIRM } from '../../src/features/profile/DataTab';

// The whole suite shares two cores: give live queries more than the default second to settle.
configure({ asyncUtilTimeout: 5_000 });

function renderTab(userId = `test-${crypto.randomUUID()}`) {
  render(
    <ToastProvider>
      <UserDbProvider userId={userId}>
        <DataTab />
      </UserDbProvider>
    </ToastProvider>,
  );
  // A second handle on the same database (the provider's instance is private to the app).
  return new WyrdDb(userId);
}

async function seed(db: WyrdDb) {
  await ensureDefaultCategories(db);
  const groceries = (await db.categories.filter((c) => c.name === 'Groceries').first())!.id;
  const salary = (await db.categories.filter((c) => c.name === 'Salary').first())!.id;
  const acc = await createAccount(db, { name: 'Everyday', current_balance: 2500 });
  await createAccount(db, { name: 'Card', account_type: 'credit_card', current_balance: -800, is_asset: false });
  await createRecurringItem(db, {
    name: 'Pay',
    amount: 4000,
    frequency: 'monthly',
    start_date: '2026-01-01',
    account_id: acc.id,
    category_id: salary,
  });
  await createRecurringItem(db, {
    name: 'Food',
    amount: -120,
    frequency: 'weekly',
    start_date: '2026-01-01',
    account_id: acc.id,
    category_id: groceries,
  });
}

/** Captures what Export data downloads. */
function captureDownloads() {
  const blobs: Blob[] = [];
  const names: string[] = [];
  Object.defineProperty(URL, 'createObjectURL', {
    configurable: true,
    value: (b: Blob) => (blobs.push(b), 'blob:test'),
  });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => undefined });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  return { blobs, names };
}

const jsonFile = (text: string, name = 'backup.json') => new File([text], name, { type: 'application/json' });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 10, 21, 9, 30));
});

afterEach(() => {
  cleanup();
  closeUserDb();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('data tab', () => {
  it('exports all data as wyrd-backup-YYYY-MM-DD.json', async () => {
    const userId = `test-${crypto.randomUUID()}`;
    const direct = new WyrdDb(userId);
    await seed(direct);
    const downloads = captureDownloads();
    renderTab(userId);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Export data' }));
    expect(await screen.findByText('Downloaded wyrd-backup-2026-11-21.json')).toBeInTheDocument();
    expect(downloads.names).toEqual(['wyrd-backup-2026-11-21.json']);
    const file = JSON.parse(await downloads.blobs[0].text());
    expect(file.accounts.map((a: { name: string }) => a.name).sort()).toEqual(['Card', 'Everyday']);
    expect(file.recurring_items).toHaveLength(2);
    expect(file.categories.length).toBeGreaterThan(10);
  });

  it('lists every problem of an invalid file with its JSON path and changes nothing', async () => {
    const userId = `test-${crypto.randomUUID()}`;
    const direct = new WyrdDb(userId);
    await seed(direct);
    renderTab(userId);
    const confirm = vi.spyOn(window, 'confirm');
    const bad = {
      version: 1,
      categories: [],
      accounts: [{ id: 'a1', name: 'X', account_type: 'boat', current_balance: 'lots', is_asset: true }],
      recurring_items: [],
      scenarios: [],
    };
    await userEvent.setup().upload(screen.getByLabelText('Import data'), jsonFile(JSON.stringify(bad), 'bad.json'));
    const problems = await screen.findByRole('list', { name: 'Import problems' });
    const text = within(problems)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(text.some((t) => t?.startsWith('$.accounts[0].account_type: '))).toBe(true);
    expect(text.some((t) => t?.startsWith('$.accounts[0].current_balance: '))).toBe(true);
    expect(screen.getByRole('alert')).toHaveTextContent('bad.json cannot be imported. Nothing was changed.');
    expect(confirm).not.toHaveBeenCalled();
    expect(await direct.accounts.count()).toBe(2);
  });

  it('reports a file that is not JSON', async () => {
    renderTab();
    await userEvent.setup().upload(screen.getByLabelText('Import data'), jsonFile('{ not json', 'broken.json'));
    const problems = await screen.findByRole('list', { name: 'Import problems' });
    expect(within(problems).getByText(/is not valid JSON/)).toBeInTheDocument();
    expect(within(problems).getByText('$')).toBeInTheDocument();
  });

  it('asks before replacing; declining changes nothing, accepting replaces everything', async () => {
    const source = new WyrdDb(`src-${crypto.randomUUID()}`);
    await seed(source);
    const { exportBackupJson } = await import('../../src/data/backup');
    const json = await exportBackupJson(source);

    const userId = `test-${crypto.randomUUID()}`;
    const target = new WyrdDb(userId);
    await ensureDefaultCategories(target);
    await createAccount(target, { name: 'Old account', current_balance: 1 });
    renderTab(userId);
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    const input = screen.getByLabelText('Import data');
    await userEvent.setup().upload(input, jsonFile(json));
    expect(await screen.findByText('Import cancelled. Nothing was changed.')).toBeInTheDocument();
    expect(confirm).toHaveBeenCalledWith(IMPORT_CONFIRM);
    expect((await target.accounts.toArray()).map((a) => a.name)).toEqual(['Old account']);

    await userEvent.setup().upload(input, jsonFile(json));
    expect(
      await screen.findByText(/^Import complete: 2 accounts, 2 recurring items, \d+ categories and 0 scenarios\.$/),
    ).toBeInTheDocument();
    await waitFor(async () =>
      expect((await target.accounts.toArray()).map((a) => a.name).sort()).toEqual(['Card', 'Everyday']),
    );
    // The imported user's dashboard is the exporter's.
    const today = '2026-11-21';
    expect(dashboardData(await loadLedger(target), today)).toEqual(dashboardData(await loadLedger(source), today));
  });
});
