// Re-starting the forecast from today's actual balances (the engine's rebaseline): each account the transactions
// tell about gets its actual balance, and the balances it had before are kept on this device (meta) so the
// dashboard can compare the earlier plan with the new one and go back to it. Balances change only through the
// accounts repository, so they sync like any edit.
import { countedEntities, rebaseline } from '../../../worker/engine/index';
import type { WyrdDb } from '../db';
import { updateAccount } from '../repositories/accounts';
import type { StoredTransaction } from './plan-actual';

const SNAPSHOT_KEY = 'plan-restart';

export type RestartSnapshot = {
  /** When the forecast was re-started (ISO timestamp) and the day its balances are for. */
  at: string;
  as_of: string;
  /** The day the earlier balances were for. */
  previous_as_of: string;
  balances: { account_id: string; name: string; before: number; after: number }[];
};

export async function restartSnapshot(db: WyrdDb): Promise<RestartSnapshot | null> {
  return ((await db.meta.get(SNAPSHOT_KEY))?.value as RestartSnapshot | undefined) ?? null;
}

/**
 * Sets every account whose transactions tell its balance on `today` to it; returns the snapshot (null when no
 * balance changes). The balances being replaced are taken as of the last re-start, else as of today (an account
 * without a printed running balance then keeps its own).
 */
export async function restartFromActual(db: WyrdDb, today: string): Promise<RestartSnapshot | null> {
  const hasTable = db.tables.some((t) => t.name === 'tx_blocks');
  if (!hasTable) return null;
  const [accounts, scenarios, events, previous] = await Promise.all([
    db.accounts.toArray(),
    db.scenarios.toArray(),
    db.events.toArray(),
    restartSnapshot(db),
  ]);
  const real = countedEntities(accounts, scenarios, events);
  const planAsOf = previous && previous.as_of <= today ? previous.as_of : today;
  const transactions: StoredTransaction[] = (await Promise.all(real.map((a) => db.transactions.account(a.id)))).flat();
  const result = rebaseline(
    { plan: { as_of: planAsOf, accounts: real, recurring_items: [] }, transactions },
    { as_of: today },
  );
  const names = new Map(real.map((a) => [a.id, a.name]));
  const balances: RestartSnapshot['balances'] = result.accounts
    .filter((a) => a.source !== 'unchanged' && a.change_cents !== 0)
    .map((a) => ({
      account_id: a.account_id,
      name: names.get(a.account_id) ?? '',
      before: a.previous_balance,
      after: a.current_balance,
    }));
  if (balances.length === 0) return null;
  const snapshot: RestartSnapshot = {
    at: new Date().toISOString(),
    as_of: today,
    previous_as_of: result.previous_as_of,
    balances,
  };
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
