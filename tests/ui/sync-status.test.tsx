// The top bar's sync indicator: every state's words (Offline, N changes waiting, Syncing..., Synced at HH:MM,
// Local only, sign in again), the aria-live announcement, 'Sync now', and the refused-changes list where a
// change can be sent again or discarded.
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FIRST_SYNC_GRACE_MS, FirstSyncGate } from '../../src/components/sync-status/FirstSyncGate';
import { SyncStatus } from '../../src/components/sync-status/SyncStatus';
import { clockTime, syncView } from '../../src/components/sync-status/sync-text';
import { closeUserDb, type WyrdDb } from '../../src/data/db';
import { DEFAULT_CATEGORIES_FLAG } from '../../src/data/default-categories';
import type { SyncEngine, SyncState } from '../../src/data/sync/sync-engine';
import { useSyncStore } from '../../src/data/sync/sync-service';
import { resyncNeeded } from '../../src/data/sync/sync-meta';
import { renderUserPage } from './page-harness';

const base: SyncState = { phase: 'idle', lastSyncedAt: null, error: null, initial: null, retryAt: null };

function setState(patch: Partial<SyncState>, engine: Partial<SyncEngine> | null = null) {
  useSyncStore.setState({ state: { ...base, ...patch }, engine: engine as SyncEngine | null });
}

/** The provider would seed the default categories (21 outbox rows): these tests count their own rows. */
const noDefaults = (db: WyrdDb) => db.meta.put({ key: DEFAULT_CATEGORIES_FLAG, value: 'x' });

const Indicator = () => <SyncStatus authOffline={false} />;

async function addOutboxRows(db: WyrdDb, n: number) {
  await noDefaults(db);
  for (let i = 0; i < n; i++)
    await db.outbox.add({ entity: 'accounts', entity_id: `a${i}`, op: 'create', payload: {}, created_at: 'x' });
}

afterEach(() => {
  cleanup();
  closeUserDb();
  setState({});
});

describe('sync words', () => {
  it('says what state sync is in and what to do', () => {
    const at = '2026-11-23T03:07:00.000Z';
    expect(syncView({ ...base, lastSyncedAt: at }, 0, false).label).toBe(`Synced at ${clockTime(at)}`);
    expect(clockTime(at)).toMatch(/^\d\d:07$/);
    expect(syncView(base, 3, false).label).toBe('3 changes waiting');
    expect(syncView(base, 1, false).label).toBe('1 change waiting');
    expect(syncView({ ...base, phase: 'offline' }, 2, false)).toMatchObject({
      label: 'Offline',
      hint: expect.stringContaining('2 changes waiting'),
    });
    expect(syncView(base, 0, true).label).toBe('Offline');
    expect(syncView({ ...base, phase: 'syncing' }, 0, false).label).toBe('Syncing...');
    expect(syncView({ ...base, phase: 'syncing', initial: { pulled: 40 } }, 0, false).label).toBe(
      'Syncing... 40 records',
    );
    expect(syncView({ ...base, phase: 'local-only' }, 5, false).label).toBe('Local only');
    expect(
      syncView({ ...base, phase: 'error', error: { kind: 'auth', message: 'Your session has expired.' } }, 0, false)
        .label,
    ).toBe('Sign in again to sync');
    expect(
      syncView(
        { ...base, phase: 'error', error: { kind: 'server', message: 'The server is not answering.' } },
        0,
        false,
      ),
    ).toMatchObject({ label: 'Sync problem', hint: 'The server is not answering.' });
  });
});

describe('<SyncStatus>', () => {
  it('shows the waiting changes and announces the state through an aria-live region', async () => {
    setState({ lastSyncedAt: '2026-11-23T03:07:00.000Z' });
    await renderUserPage(Indicator, '/', { prepare: (db) => addOutboxRows(db, 2) });
    expect(await screen.findByText('2 changes waiting')).toBeInTheDocument();
    const live = document.querySelector('[aria-live="polite"]');
    expect(live).toHaveTextContent('2 changes waiting. 2 changes waiting to be sent.');
  });

  it('shows Synced at HH:MM when nothing waits, and Sync now starts a round', async () => {
    const sync = vi.fn(async () => 'synced' as const);
    setState({ lastSyncedAt: '2026-11-23T03:07:00.000Z' }, { sync });
    await renderUserPage(Indicator, '/');
    expect(await screen.findByText(`Synced at ${clockTime('2026-11-23T03:07:00.000Z')}`)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sync now' }));
    expect(sync).toHaveBeenCalledTimes(1);
  });

  it('says Local only without a sync server, with no Sync now button', async () => {
    setState({ phase: 'local-only' });
    await renderUserPage(Indicator, '/');
    expect(await screen.findByText('Local only')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sync now' })).not.toBeInTheDocument();
  });

  it('lists refused changes with the server message; Send again requeues, Discard asks for the server copy', async () => {
    setState({ lastSyncedAt: '2026-11-23T03:07:00.000Z' });
    const rejection = (mutation_id: number, name: string) => ({
      mutation_id,
      entity: 'accounts' as const,
      entity_id: `acc-${mutation_id}`,
      op: 'update' as const,
      payload: { name },
      code: 422,
      detail: [{ loc: ['body', 'current_balance'], msg: 'must be a number' }],
      message: 'body → current_balance: must be a number',
      rejected_at: 'x',
    });
    const { db } = await renderUserPage(Indicator, '/', {
      prepare: async (db) => (
        await noDefaults(db),
        db.sync_rejections.bulkPut([rejection(5, 'Everyday'), rejection(6, 'Savings')])
      ),
    });
    await userEvent.click(await screen.findByRole('button', { name: '2 changes not saved' }));
    const panel = screen.getByRole('region', { name: 'Changes not saved to the server' });
    const items = await within(panel).findAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Edit of account "Everyday": body → current_balance: must be a number');
    expect(within(items[0]).getByRole('link', { name: 'Open accounts' })).toHaveAttribute('href', '/accounts');
    await userEvent.click(within(items[0]).getByRole('button', { name: 'Send again' }));
    await waitFor(async () => expect(await db.outbox.filter((r) => r.entity_id === 'acc-5').count()).toBe(1));
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
    expect(screen.getByRole('listitem')).toHaveTextContent('"Savings"');
    await userEvent.click(within(screen.getByRole('listitem')).getByRole('button', { name: 'Discard' }));
    await waitFor(async () => expect(await db.sync_rejections.count()).toBe(0));
    expect(await resyncNeeded(db)).toBe(true);
    expect(screen.queryByRole('button', { name: /not saved/ })).not.toBeInTheDocument();
  });
});

describe('<FirstSyncGate>', () => {
  it('shows a device that already holds data at once, even while its first round runs', async () => {
    setState({ phase: 'syncing', initial: { pulled: 0 } });
    const Page = () => (
      <FirstSyncGate>
        <h1>Dashboard</h1>
      </FirstSyncGate>
    );
    await renderUserPage(Page, '/', { prepare: (db) => addOutboxRows(db, 1) });
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });

  // The sync code loads on first use, so on a busy machine the first round can start while the user is
  // already typing in a form: covering the page then would hide the field and drop the keys that follow.
  const Form = () => (
    <FirstSyncGate>
      <h1>Accounts</h1>
      <label>
        Account Name
        <input name="name" />
      </label>
    </FirstSyncGate>
  );
  const coverTime = () => new Promise((resolve) => setTimeout(resolve, FIRST_SYNC_GRACE_MS + 300));

  it('covers a fresh device whose first round is slow', async () => {
    await renderUserPage(Form, '/', { prepare: noDefaults });
    await screen.findByRole('heading', { name: 'Accounts' });
    setState({ phase: 'syncing', initial: { pulled: 0 } });
    expect(await screen.findByRole('heading', { name: 'Getting your data' })).toBeInTheDocument();
  });

  it('never covers a page the user started typing in before the first round', async () => {
    await renderUserPage(Form, '/', { prepare: noDefaults });
    await userEvent.type(await screen.findByRole('textbox', { name: 'Account Name' }), 'Every');
    setState({ phase: 'syncing', initial: { pulled: 0 } });
    await coverTime();
    expect(screen.queryByRole('heading', { name: 'Getting your data' })).not.toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Account Name' }), 'day');
    expect(screen.getByRole('textbox', { name: 'Account Name' })).toHaveValue('Everyday');
  });

  it('shows what was saved on this device before a late first round, instead of covering it', async () => {
    const { db } = await renderUserPage(Form, '/', { prepare: noDefaults });
    await screen.findByRole('heading', { name: 'Accounts' });
    await addOutboxRows(db, 1);
    setState({ phase: 'syncing', initial: { pulled: 0 } });
    await coverTime();
    expect(screen.queryByRole('heading', { name: 'Getting your data' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Accounts' })).toBeInTheDocument();
  });
});
