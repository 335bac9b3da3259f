// extra_mortgage_repayments: a recurring transfer from cash to the mortgage (the simulator caps each at what
// is owed, so payments stop when the loan is repaid).
import type { TemplateCompiler } from '../../primitives';
import { accountRef, bool, date, findAccount, frequency, num, optDate, recurring, transfer, triggerDate, type TemplateContext } from '../helpers';

export const compileExtraMortgageRepayments: TemplateCompiler = (p, ctx: TemplateContext) => {
  const debt = findAccount(ctx, p.debt_account_id);
  if (!debt || debt.is_asset) return [];
  const start = ctx.is_baseline ? triggerDate(ctx) : date(p, 'extra_payment_start', triggerDate(ctx));
  const end = bool(p, 'is_permanent', true) ? null : optDate(p, 'end_date');
  if (end !== null && end < start) return [];
  return transfer(ctx, 'extra_repayment', {
    name: `Extra repayment: ${debt.name}`,
    from: accountRef(ctx, p.extra_payment_account_id),
    to: debt.id,
    amount: Math.max(0, num(p, 'extra_payment_amount', 0)),
    schedule: recurring(frequency(p, 'extra_payment_frequency'), start, end),
  });
};
