// debt_payoff: extra regular payments or one lump sum transferred to a debt (capped by the simulator at what
// is owed, so nothing is paid past zero).
import type { TemplateCompiler } from '../../primitives';
import { accountRef, date, findAccount, num, once, recurring, str, transfer, triggerDate, type TemplateContext } from '../helpers';

export const compileDebtPayoff: TemplateCompiler = (p, ctx: TemplateContext) => {
  const debt = findAccount(ctx, p.debt_account_id);
  if (!debt || debt.is_asset) return [];
  if (str(p, 'payoff_strategy', 'extra_payments') === 'lump_sum') {
    return transfer(ctx, 'lump_sum', {
      name: `Lump sum off ${debt.name}`,
      from: accountRef(ctx, p.lump_sum_account_id),
      to: debt.id,
      amount: Math.max(0, num(p, 'lump_sum_amount', 0)),
      schedule: once(date(p, 'lump_sum_date', triggerDate(ctx))),
    });
  }
  return transfer(ctx, 'extra_payment', {
    name: `Extra payment off ${debt.name}`,
    from: accountRef(ctx, p.extra_payment_account_id),
    to: debt.id,
    amount: Math.max(0, num(p, 'extra_payment_amount', 0)),
    schedule: recurring('monthly', date(p, 'extra_payment_start', triggerDate(ctx))),
  });
};
