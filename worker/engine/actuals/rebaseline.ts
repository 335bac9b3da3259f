// Re-baselining (docs/plan-vs-actual.md, "Re-starting the forecast"): the account balances that re-start the
// forecast from today's actual balances. Pure: the app stores them, keeps the earlier plan and can go back.
import { dateToDayNumber } from '../calendar';
import { actualBalance, ledgers } from './balances';
import { dollarsToCents } from './match';
import type { ActualTransaction, Plan, Rebaseline } from './types';

/**
 * Each account's actual balance on `as_of` (running balance, else the plan's balance plus the transactions since
 * the plan's as_of), as the new balance to forecast from; an account no transaction tells about keeps its
 * balance ('unchanged'). The previous balances and as_of come back too, so the change can be undone.
 */
export function rebaseline(
  input: { plan: Plan; transactions: readonly ActualTransaction[] },
  opts: { as_of: string },
): Rebaseline {
  const { plan } = input;
  const planAsOfDay = dateToDayNumber(plan.as_of);
  const day = dateToDayNumber(opts.as_of);
  const books = ledgers(plan.accounts, input.transactions);
  return {
    as_of: opts.as_of,
    previous_as_of: plan.as_of,
    accounts: plan.accounts.map((account) => {
      const ledger = books.get(account.id);
      const actual = ledger ? actualBalance(ledger, planAsOfDay, day) : null;
      const before = dollarsToCents(account.current_balance);
      const after = actual?.cents ?? before;
      return {
        account_id: account.id,
        previous_balance: account.current_balance,
        // Whole cents back to dollars: exact to the cent for any balance below 2^53 cents.
        current_balance: actual ? after / 100 : account.current_balance,
        change_cents: after - before,
        source: actual?.source ?? 'unchanged',
      };
    }),
  };
}
