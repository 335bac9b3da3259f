// superannuation: an existing or new super account, and voluntary contributions: after-tax (a transfer) or
// before-tax (tagged salary_sacrifice: deducted from taxable income, taxed 15% in the fund).
import { PRIMARY_CASH, type Primitive, type TemplateCompiler } from '../../primitives';
import { addMonths } from '../../au/dates';
import { accountRef, findAccount, flow, frequency, key, num, once, recurring, str, taxpayer, transfer, triggerDate, type TemplateContext } from '../helpers';

export const compileSuperannuation: TemplateCompiler = (p, ctx: TemplateContext) => {
  const start = triggerDate(ctx);
  const out: Primitive[] = [];
  // In a baseline too: "My Super" may describe a super account the user already entered (its balance stands).
  const existing = findAccount(ctx, p.super_account_id);
  const from = accountRef(ctx, p.contribution_account_id);
  const amount = Math.max(0, num(p, 'super_balance', 0));
  let target = existing?.account_type === 'superannuation' ? existing.id : undefined;
  if (!target) {
    target = key(ctx, 'super');
    out.push({
      kind: 'account',
      key: target,
      name: str(p, 'fund_name', 'Super fund'),
      account_type: 'superannuation',
      is_asset: true,
      opening_balance: ctx.is_baseline ? amount : 0,
      ...(ctx.is_baseline ? {} : { opens: ctx.trigger_month }),
      annual_rate: num(p, 'expected_return', ctx.assumptions.account_type_rates.superannuation),
    });
  }
  // Outside a baseline the amount is a lump-sum after-tax contribution made now.
  if (!ctx.is_baseline) out.push(...transfer(ctx, 'lump_sum', { name: 'Lump-sum super contribution', from, to: target, amount, schedule: once(start) }));
  const contribution = Math.max(0, num(p, 'voluntary_contribution', 0));
  const freq = frequency(p, 'contribution_frequency');
  const contribStart = ctx.is_baseline ? start : `${addMonths(ctx.trigger_month, 1)}-01`;
  if (str(p, 'contribution_type', 'after_tax') === 'before_tax') {
    out.push(
      ...flow(ctx, 'concessional', {
        name: 'Before-tax super contribution',
        account: PRIMARY_CASH,
        amount: -contribution,
        schedule: recurring(freq, contribStart),
        tax: { kind: 'salary_sacrifice', taxpayer: taxpayer(p), super_account: target },
        category: 'Superannuation',
      }),
    );
  } else {
    out.push(...transfer(ctx, 'non_concessional', { name: 'After-tax super contribution', from, to: target, amount: contribution, schedule: recurring(freq, contribStart) }));
  }
  return out;
};
