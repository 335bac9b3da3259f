// inheritance: a one-off receipt (not taxable in Australia) and optionally part of it repaying a debt.
import type { Primitive, TemplateCompiler } from '../../primitives';
import { accountRef, clamp, findAccount, flow, num, once, transfer, triggerDate, type TemplateContext } from '../helpers';

export const compileInheritance: TemplateCompiler = (p, ctx: TemplateContext) => {
  const start = triggerDate(ctx);
  const amount = Math.max(0, num(p, 'amount', 0));
  const into = accountRef(ctx, p.destination_account_id);
  const out: Primitive[] = flow(ctx, 'receipt', { name: ctx.event_name || 'Inheritance', account: into, amount, schedule: once(start), category: 'Gifts and inheritance' });
  const debt = findAccount(ctx, p.debt_account_id);
  if (debt && !debt.is_asset) {
    out.push(...transfer(ctx, 'repay_debt', { name: `Repay ${debt.name}`, from: into, to: debt.id, amount: clamp(num(p, 'debt_payment_amount', 0), 0, amount), schedule: once(start) }));
  }
  return out;
};
