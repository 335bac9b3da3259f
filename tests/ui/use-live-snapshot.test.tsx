// A screen's live read (useLiveSnapshot): the read is told through its signal when the screen has gone, so a
// read that also computes stops before its work; and the plan-versus-actual read honours that signal.
import 'fake-indexeddb/auto';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { closeUserDb, openUserDb, type WyrdDb } from '../../src/data/db';
import { createAccount } from '../../src/data/repositories/accounts';
import { saveImport } from '../../src/data/repositories/transactions';
import { loadPlanActual } from '../../src/data/statements/plan-actual';
import { useLiveSnapshot } from '../../src/data/use-live-snapshot';

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

  it('gives a mounted screen its data', async () => {
    const db = openUserDb(`live-${crypto.randomUUID()}`);
    const read = async (_db: WyrdDb, signal: AbortSignal) => (signal.aborted ? 'aborted' : 'fresh');
    const { result } = renderHook(() => useLiveSnapshot(db, 0, read, same, 'read failed'));
    await waitFor(() => expect(result.current).toEqual({ status: 'ready', data: 'fresh' }));
  });
});

describe('loadPlanActual', () => {
  it('stops after its reads when its signal is aborted, and compares otherwise', async () => {
    const db = openUserDb(`plan-${crypto.randomUUID()}`);
    const account = await createAccount(db, { name: 'Everyday', current_balance: 1000 });
    await saveImport(db, {
      batch: {
        account_id: account.id,
        imported_at: '2026-11-21T10:00:00.000Z',
        file_names: ['statement.csv'],
        format: 'csv',
        bank: 'commbank',
        row_count: 1,
        skipped_count: 0,
      },
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
