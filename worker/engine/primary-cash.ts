// Which account PRIMARY_CASH ('@cash') means: one rule shared by the simulator and materialiseEvent, so a
// materialised recurring item and the forecast always put the same money in the same account.
import type { AccountType } from './model/common';

export type PrimaryCashCandidate = {
  account_type: AccountType;
  is_asset: boolean;
  /** Set on an account an event materialised: such accounts are never the main cash account. */
  scenario_event_id?: string | null;
};

/**
 * The index of the main cash account among `accounts`: the first unlinked (no scenario_event_id) ASSET
 * checking account, else the first unlinked asset savings account; -1 when there is none (the simulator then
 * looks among the events' own accounts, else uses a synthetic zero-balance checking account).
 */
export function primaryCashIndex(accounts: ReadonlyArray<PrimaryCashCandidate>): number {
  let savings = -1;
  for (let i = 0; i < accounts.length; i++) {
    const a = accounts[i];
    if (!a.is_asset || a.scenario_event_id) continue;
    if (a.account_type === 'checking') return i;
    if (savings < 0 && a.account_type === 'savings') savings = i;
  }
  return savings;
}

/** The main cash account itself (see primaryCashIndex), or undefined. */
export function primaryCashAccount<T extends PrimaryCashCandidate>(accounts: ReadonlyArray<T>): T | undefined {
  const i = primaryCashIndex(accounts);
  return i < 0 ? undefined : accounts[i];
}
