// Re-starting the forecast from today's actual balances: each account with statement data gets the balance its
// transactions show, and the balances it had before are kept on this device (meta) so the dashboard can compare
// the earlier plan with the new one and go back to it. Balances change only through the accounts repository.
import type { WyrdDb } from '../db';
import { updateAccount } from '../repositories/accounts';
import type { StoredTransaction } from './plan-actual';

const SNAPSHOT_KEY = 'plan-restart';

export type RestartSnapshot = {
  /** When the forecast was re-started (ISO timestamp) and the day it was re-started from. */
  at: string;
  as_of: string;
  balances: { account_id: string; name: string; before: number; after: number }[];
};

/**
 * Each account's balance as its transactions show it (dollars): the latest balance a statement printed plus the
 * amounts dated after it. Accounts whose statements print no balance are left out: nothing says what they hold.
 */
export async function actualBalances(db: WyrdDb): Promise<Map<string, number>> {
  const result = new Map<string, number>();
  if (!db.tables.some((t) => t.name === 'transactions')) return result;
  const table = db.table<StoredTransaction, string>('transactions');
  for (const account of await db.accounts.toArray()) {
    if (account.scenario_event_id) continue;
    const rows = await table
      .where('[account_id+date]')
      .between([account.id, '0000-01-01'], [account.id, '9999-12-31'], true, true)
      .toArray();
    let anchor = -1;
    for (let i = rows.length - 1; i >= 0; i--) {
      if (rows[i].balance_cents != null) {
        anchor = i;
        break;
      }
    }
    if (anchor === -1) continue;
    let cents = rows[anchor].balance_cents as number;
    for (let i = anchor + 1; i < rows.length; i++) cents += rows[i].amount_cents;
    result.set(account.id, cents / 100);
  }
  return result;
}

export async function restartSnapshot(db: WyrdDb): Promise<RestartSnapshot | null> {
  return ((await db.meta.get(SNAPSHOT_KEY))?.value as RestartSnapshot | undefined) ?? null;
}

/** Sets every account with a known actual balance to it; returns the snapshot (null when nothing changed). */
export async function restartFromActual(db: WyrdDb, today: string): Promise<RestartSnapshot | null> {
  const actual = await actualBalances(db);
  const balances: RestartSnapshot['balances'] = [];
  for (const account of await db.accounts.toArray()) {
    const after = actual.get(account.id);
    if (after === undefined || after === account.current_balance) continue;
    balances.push({ account_id: account.id, name: account.name, before: account.current_balance, after });
  }
  if (balances.length === 0) return null;
  const snapshot: RestartSnapshot = { at: new Date().toISOString(), as_of: today, balances };
  // The snapshot first: if a balance write fails part way, "go back" still knows every earlier balance.
  await db.meta.put({ key: SNAPSHOT_KEY, value: snapshot });
  for (const b of balances) await updateAccount(db, b.account_id, { current_balance: b.after });
  return snapshot;
}

/** Puts back the balances from before the last re-start and forgets it. */
export async function undoRestart(db: WyrdDb): Promise<number> {
  const snapshot = await restartSnapshot(db);
  if (!snapshot) return 0;
  let restored = 0;
  for (const b of snapshot.balances) {
    if (!(await db.accounts.get(b.account_id))) continue;
    await updateAccount(db, b.account_id, { current_balance: b.before });
    restored++;
  }
  await db.meta.delete(SNAPSHOT_KEY);
  return restored;
}
