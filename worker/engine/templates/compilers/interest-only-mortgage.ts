// interest_only_mortgage: switch a mortgage (or a new or existing loan) to interest-only repayments for a
// number of years, then principal and interest; optionally part deductible (investment use).
import { PRIMARY_CASH, type Primitive, type TemplateCompiler } from '../../primitives';
import { clamp, dayBefore, findAccount, findItem, key, num, once, taxpayer, transfer, triggerDate, type TemplateContext } from '../helpers';

export const compileInterestOnlyMortgage: TemplateCompiler = (p, ctx: TemplateContext) => {
  const out: Primitive[] = [];
  const picked = ctx.is_baseline ? undefined : findAccount(ctx, p.debt_account_id);
  const rate = clamp(num(p, 'loan_interest_rate', 6.6), 0, 100);
  const termMonths = Math.round(clamp(num(p, 'loan_term_years', 30), 1, 50) * 12);
  const ioMonths = Math.round(clamp(num(p, 'interest_only_years', 5) * 12, 1, termMonths));
  const share = clamp(num(p, 'investment_share_percent', 0), 0, 100) / 100;
  let account = picked?.id;
  if (!account) {
    const amount = Math.max(0, num(p, 'loan_amount', 0));
    if (amount <= 0) return [];
    account = key(ctx, 'loan');
    out.push({
      kind: 'account',
      key: account,
      name: ctx.is_baseline ? 'Interest-only mortgage' : ctx.event_name || 'Interest-only loan',
      account_type: 'mortgage',
      is_asset: false,
      opening_balance: ctx.is_baseline ? amount : 0,
      ...(ctx.is_baseline ? {} : { opens: ctx.trigger_month }),
      annual_rate: rate,
    });
    if (!ctx.is_baseline) {
      out.push(...transfer(ctx, 'drawdown', { name: 'Loan drawdown', from: account, to: PRIMARY_CASH, amount, schedule: once(triggerDate(ctx)) }));
    }
  }
  out.push({
    kind: 'loan',
    key: key(ctx, 'repayments'),
    account,
    annual_rate: rate,
    start: ctx.trigger_month,
    term_months: termMonths,
    interest_only_months: ioMonths,
    repayment_from: PRIMARY_CASH,
    ...(share > 0 ? { deductible_share: share, taxpayer: taxpayer(p) } : {}),
  });
  const replaced = findItem(ctx, p.repayment_item);
  if (replaced) {
    out.push({ kind: 'adjust_flow', key: key(ctx, 'stop_repayment'), target: replaced.id, from: triggerDate(ctx), end_date: dayBefore(triggerDate(ctx)) });
  }
  return out;
};
