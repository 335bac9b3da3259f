// A screen's live read (useLiveSnapshot): the read is told through its signal when the screen has gone, so a
// read that also computes stops before its work; and the plan-versus-actual read honours that signal. A kept
// read (the ledger) is shared by screens and outlives them: the next screen opens from memory, never with a
// snapshot older than the user's own edit.
import 'fake-indexeddb/auto';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { closeUserDb, openUserDb, type WyrdDb } from '../../src/data/db';
import { createAccount } from '../../src/data/repositories/accounts';
import { saveImport } from '../../src/data/repositories/transactions';
import { loadPlanActual } from '../../src/data/statements/plan-actual';
import { currentSnapshot, useLiveSnapshot } from '../../src/data/use-live-snapshot';
import { currentLedger, prefetchLedger, useLedger } from '../../src/data/ledger-source';
import type { LedgerRows } from '../../src/data/repositories/summaries';
import type { RecurringItemRow } from '../../src/data/entities';
import { useAccountsData } from '../../src/features/accounts/use-accounts-data';
import { statementBatch } from '../data/helpers';

afterEach(() => {
  cleanup();
  closeUserDb();
});

const same = <T,>(value: T) => value;

describe('useLiveSnapshot', () => {
  it("aborts the read's signal when the screen goes away", async () => {
    const db = openUserDb(`live-${crypto.randomUUID()}`);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const signals: AbortSignal[] = [];
    let computed = 0;
    const read = async (_db: WyrdDb, signal: AbortSignal) => {
      signals.push(signal);
      await held;
      signal.throwIfAborted();
      computed += 1;
      return 'done';
    };
    const { unmount } = renderHook(() => useLiveSnapshot(db, 0, read, same, 'read failed'));
    await waitFor(() => expect(signals).toHaveLength(1));
    expect(signals[0].aborted).toBe(false);
    unmount();
    expect(signals[0].aborted).toBe(true);
    release();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(computed).toBe(0);
  });

  it("with settleMs, reads a pull's changes once they stop coming, and the user's own edits as usual", async () => {
    const db = openUserDb(`settle-${crypto.randomUUID()}`);
    const account = await createAccount(db, { name: 'Everyday', current_balance: 10 });
    let reads = 0;
    const read = async (from: WyrdDb) => {
      reads += 1;
      return (await from.accounts.toArray()).map((a) => a.name).sort();
    };
    const { result } = renderHook(() =>
      useLiveSnapshot(db, 0, read, same, 'read failed', ['accounts'], { settleMs: 2_000 }),
    );
    await waitFor(() => expect(result.current).toEqual({ status: 'ready', data: ['Everyday'] }));
    const afterFirst = reads;
    // A pull's merges (no outbox row), one every 100 ms for 600 ms: no read until they have stopped for 2 s. The
    // settle time is far longer than the gap so a loaded machine (CI), which can stretch a gap, doesn't read early.
    for (let i = 0; i < 6; i++) {
      await db.accounts.put({ ...account, id: `pulled-${i}`, name: `Pulled ${i}` });
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(reads).toBe(afterFirst);
    await waitFor(() => expect(result.current.status === 'ready' && result.current.data).toHaveLength(7), {
      timeout: 10_000,
    });
    expect(reads).toBe(afterFirst + 1);
  });

  it("with settleMs, still reads the user's own edit as usual, in the middle of a pull", async () => {
    const db = openUserDb(`settle-${crypto.randomUUID()}`);
    const account = await createAccount(db, { name: 'Everyday', current_balance: 10 });
    const read = async (from: WyrdDb) => (await from.accounts.toArray()).map((a) => a.name).sort();
    const { result } = renderHook(() =>
      useLiveSnapshot(db, 0, read, same, 'read failed', ['accounts'], { settleMs: 60_000 }),
    );
    await waitFor(() => expect(result.current).toEqual({ status: 'ready', data: ['Everyday'] }));
    await db.accounts.put({ ...account, id: 'pulled', name: 'Pulled' });
    await createAccount(db, { name: 'Mine', current_balance: 0 });
    await waitFor(() => expect(result.current).toEqual({ status: 'ready', data: ['Everyday', 'Mine', 'Pulled'] }), {
      timeout: 10_000,
    });
  });

  it('gives a mounted screen its data', async () => {
    const db = openUserDb(`live-${crypto.randomUUID()}`);
    const read = async (_db: WyrdDb, signal: AbortSignal) => (signal.aborted ? 'aborted' : 'fresh');
    const { result } = renderHook(() => useLiveSnapshot(db, 0, read, same, 'read failed'));
    await waitFor(() => expect(result.current).toEqual({ status: 'ready', data: 'fresh' }));
  });
});

const names = (ledger: LedgerRows) => ledger.accounts.map((a) => a.name).sort();

describe('kept reads (the ledger)', () => {
  it('opens the next screen from memory, without reading again', async () => {
    const db = openUserDb(`kept-${crypto.randomUUID()}`);
    await createAccount(db, { name: 'Everyday', current_balance: 10 });
    const first = renderHook(() => useLedger(db, 0, names));
    await waitFor(() => expect(first.result.current).toEqual({ status: 'ready', data: ['Everyday'] }));
    first.unmount();
    const reads: string[] = [];
    const spy = (name: string) => reads.push(name);
    db.accounts.hook('reading', (row) => (spy('account'), row));
    const renders: unknown[] = [];
    renderHook(() => {
      const state = useLedger(db, 0, names);
      renders.push(state);
      return state;
    });
    // The very first render has the rows: no 'Loading...' between the screens.
    expect(renders[0]).toEqual({ status: 'ready', data: ['Everyday'] });
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(reads).toEqual([]);
  });

  it("waits for a fresh read after the user's own edit made while no screen showed it", async () => {
    const db = openUserDb(`kept-${crypto.randomUUID()}`);
    await createAccount(db, { name: 'Everyday', current_balance: 10 });
    const first = renderHook(() => useLedger(db, 0, names));
    await waitFor(() => expect(first.result.current.status).toBe('ready'));
    first.unmount();
    await createAccount(db, { name: 'Savings', current_balance: 20 });
    const renders: unknown[] = [];
    const second = renderHook(() => {
      const state = useLedger(db, 0, names);
      renders.push(state);
      return state;
    });
    await waitFor(() => expect(second.result.current).toEqual({ status: 'ready', data: ['Everyday', 'Savings'] }));
    // Never the list from before the edit.
    expect(renders).not.toContainEqual({ status: 'ready', data: ['Everyday'] });
  });

  it('never opens the next screen with the snapshot from before an edit made on the screen before it', async () => {
    const db = openUserDb(`kept-${crypto.randomUUID()}`);
    await createAccount(db, { name: 'Everyday', current_balance: 10 });
    const first = renderHook(() => useLedger(db, 0, names));
    await waitFor(() => expect(first.result.current.status).toBe('ready'));
    // Two edits in a row on the open screen: the second's re-read waits for the coalescing gap.
    await act(async () => {
      await createAccount(db, { name: 'Bills', current_balance: 20 });
    });
    await waitFor(() => expect(first.result.current).toEqual({ status: 'ready', data: ['Bills', 'Everyday'] }));
    await act(async () => {
      await createAccount(db, { name: 'Savings', current_balance: 30 });
    });
    // Straight to the next screen, before that re-read.
    first.unmount();
    const renders: unknown[] = [];
    const second = renderHook(() => {
      const state = useLedger(db, 0, names);
      renders.push(state);
      return state;
    });
    await waitFor(() =>
      expect(second.result.current).toEqual({ status: 'ready', data: ['Bills', 'Everyday', 'Savings'] }),
    );
    expect(renders).not.toContainEqual({ status: 'ready', data: ['Bills', 'Everyday'] });
  });

  it('shows the last snapshot at once after a change no edit of the user made (a sync pull), then the new rows', async () => {
    const db = openUserDb(`kept-${crypto.randomUUID()}`);
    const account = await createAccount(db, { name: 'Everyday', current_balance: 10 });
    const first = renderHook(() => useLedger(db, 0, names));
    await waitFor(() => expect(first.result.current.status).toBe('ready'));
    first.unmount();
    // What a pull's merge writes: the record, no outbox row.
    await db.accounts.put({ ...account, id: 'pulled', name: 'Pulled' });
    const renders: unknown[] = [];
    const second = renderHook(() => {
      const state = useLedger(db, 0, names);
      renders.push(state);
      return state;
    });
    expect(renders[0]).toEqual({ status: 'ready', data: ['Everyday'] });
    await waitFor(() => expect(second.result.current).toEqual({ status: 'ready', data: ['Everyday', 'Pulled'] }));
  });

  it('keeps an open screen live, and gives other reads the current ledger', async () => {
    const db = openUserDb(`kept-${crypto.randomUUID()}`);
    await createAccount(db, { name: 'Everyday', current_balance: 10 });
    const { result } = renderHook(() => useLedger(db, 0, names));
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(names(await currentLedger(db))).toEqual(['Everyday']);
    await createAccount(db, { name: 'Savings', current_balance: 20 });
    // Right after the commit, before the screen's coalesced re-read: still the database as it is now.
    expect(names(await currentLedger(db))).toEqual(['Everyday', 'Savings']);
    await waitFor(() => expect(result.current).toEqual({ status: 'ready', data: ['Everyday', 'Savings'] }));
  });

  it('lets a screen that shows part of it open from it when it is in memory, and read only its part when not', async () => {
    const db = openUserDb(`kept-${crypto.randomUUID()}`);
    const account = await createAccount(db, { name: 'Everyday', current_balance: 10 });
    await db.recurring_items.put({ id: 'ri-1', name: 'Rent', account_id: account.id } as RecurringItemRow);
    let itemReads = 0;
    db.recurring_items.hook('reading', (row) => ((itemReads += 1), row));
    const cold = renderHook(() => useAccountsData(db, 0));
    await waitFor(() => expect(cold.result.current.status).toBe('ready'));
    cold.unmount();
    expect(itemReads).toBe(0);
    const ledger = renderHook(() => useLedger(db, 0, names));
    await waitFor(() => expect(ledger.result.current.status).toBe('ready'));
    ledger.unmount();
    const renders: string[] = [];
    const warm = renderHook(() => {
      const state = useAccountsData(db, 0);
      renders.push(state.status === 'ready' ? state.data.assets.map((a) => a.name).join() : state.status);
      return state;
    });
    expect(renders[0]).toBe('Everyday');
    await act(async () => {
      await createAccount(db, { name: 'Savings', current_balance: 20 });
    });
    await waitFor(() =>
      expect(warm.result.current.status === 'ready' && warm.result.current.data.assets.map((a) => a.name)).toEqual([
        'Everyday',
        'Savings',
      ]),
    );
  });

  it('is read ahead by the signed-in shell, and let go when the database closes', async () => {
    const userId = `kept-${crypto.randomUUID()}`;
    const db = openUserDb(userId);
    await createAccount(db, { name: 'Everyday', current_balance: 10 });
    const cancel = prefetchLedger(db);
    await waitFor(async () => {
      const renders: unknown[] = [];
      const { unmount } = renderHook(() => {
        const state = useLedger(db, 0, names);
        renders.push(state);
        return state;
      });
      unmount();
      expect(renders[0]).toEqual({ status: 'ready', data: ['Everyday'] });
    });
    cancel();
    closeUserDb();
    const reopened = openUserDb(userId);
    expect(reopened).not.toBe(db);
    const read = async () => 'read';
    await expect(currentSnapshot(reopened, read, 'failed', ['accounts'])).resolves.toBe('read');
    const { result } = renderHook(() => useLedger(reopened, 0, names));
    expect(result.current).toEqual({ status: 'loading' });
    await waitFor(() => expect(result.current).toEqual({ status: 'ready', data: ['Everyday'] }));
  });
});

describe('loadPlanActual', () => {
  it('stops after its reads when its signal is aborted, and compares otherwise', async () => {
    const db = openUserDb(`plan-${crypto.randomUUID()}`);
    const account = await createAccount(db, { name: 'Everyday', current_balance: 1000 });
    await saveImport(db, {
      batch: statementBatch(account.id, 1),
      transactions: [
        {
          account_id: account.id,
          date: '2026-10-03',
          amount_cents: -4_550,
          description: 'WOOLWORTHS',
          payee: 'Woolworths',
          category_id: null,
          note: null,
          bank_id: null,
          balance_cents: null,
          batch_id: null,
          fingerprint: 'fp-1',
          transfer_id: null,
          recurring_item_id: null,
          reconciled: false,
        },
      ],
    });
    const gone = new AbortController();
    gone.abort();
    await expect(loadPlanActual(db, '2026-11-27', 3, gone.signal)).rejects.toMatchObject({ name: 'AbortError' });
    const compared = await loadPlanActual(db, '2026-11-27', 3);
    expect(compared.accountIds).toEqual([account.id]);
  });
});
