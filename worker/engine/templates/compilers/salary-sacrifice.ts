// salary_sacrifice: part of the gross salary paid into super instead (tagged salary_sacrifice: less taxable
// income, 15% contributions tax in the fund). Opens a super account if the user has none.
import { PRIMARY_CASH, type Primitive, type TemplateCompiler } from '../../primitives';
import { bool, flow, frequency, key, num, optDate, recurring, superAccount, taxpayer, triggerDate, type TemplateContext } from '../helpers';

export const compileSalarySacrifice: TemplateCompiler = (p, ctx: TemplateContext) => {
  const start = triggerDate(ctx);
  const end = bool(p, 'is_permanent', true) ? null : optDate(p, 'end_date');
  if (end !== null && end < start) return [];
  const out: Primitive[] = [];
  let target = superAccount(ctx, p);
  if (!target) {
    target = key(ctx, 'super');
    out.push({
      kind: 'account',
      key: target,
      name: 'Super fund',
      account_type: 'superannuation',
      is_asset: true,
      opening_balance: 0,
      ...(ctx.is_baseline ? {} : { opens: ctx.trigger_month }),
    });
  }
  out.push(
    ...flow(ctx, 'sacrifice', {
      name: 'Salary sacrifice to super',
      account: PRIMARY_CASH,
      amount: -Math.max(0, num(p, 'sacrifice_amount', 0)),
      schedule: recurring(frequency(p, 'sacrifice_frequency'), start, end),
      tax: { kind: 'salary_sacrifice', taxpayer: taxpayer(p), super_account: target },
      category: 'Superannuation',
    }),
  );
  return out;
};
