// existing_mortgage: a mortgage the user already has, on its own (no property): repayments on an existing
// debt account, or a mortgage account of the amount owed, over the years left or at a known repayment.
import { PRIMARY_CASH, type Primitive, type TemplateCompiler } from '../../primitives';
import { accountRef, clamp, dayBefore, findAccount, findItem, key, num, optNum, taxpayer, triggerDate, type TemplateContext } from '../helpers';

export const compileExistingMortgage: TemplateCompiler = (p, ctx: TemplateContext) => {
  const out: Primitive[] = [];
  const picked = findAccount(ctx, p.debt_account_id);
  const rate = clamp(num(p, 'loan_interest_rate', 6.2), 0, 100);
  const termMonths = Math.round(clamp(num(p, 'remaining_term_years', 25), 1, 50) * 12);
  const repayment = optNum(p, 'repayment_amount');
  const share = clamp(num(p, 'investment_share_percent', 0), 0, 100) / 100;
  let account = picked && !picked.is_asset ? picked.id : undefined;
  if (!account) {
    const owed = Math.max(0, num(p, 'loan_amount', 0));
    if (owed <= 0) return [];
    // An existing loan: what is owed today, at as_of (no drawdown, no opening month).
    account = key(ctx, 'loan');
    out.push({
      kind: 'account',
      key: account,
      name: ctx.event_name && !ctx.is_baseline ? ctx.event_name : 'Mortgage',
      account_type: 'mortgage',
      is_asset: false,
      opening_balance: owed,
      annual_rate: rate,
    });
  }
  out.push({
    kind: 'loan',
    key: key(ctx, 'repayments'),
    account,
    annual_rate: rate,
    start: ctx.trigger_month,
    term_months: termMonths,
    repayment_from: accountRef(ctx, p.repayment_account_id, PRIMARY_CASH),
    ...(repayment !== null && repayment > 0 ? { fixed_repayment: repayment } : {}),
    ...(share > 0 ? { deductible_share: share, taxpayer: taxpayer(p) } : {}),
  });
  // The loan's repayments replace the recurring item the user entered for them (else they count twice).
  const replaced = findItem(ctx, p.repayment_item);
  if (replaced) {
    out.push({ kind: 'adjust_flow', key: key(ctx, 'stop_repayment'), target: replaced.id, from: triggerDate(ctx), end_date: dayBefore(triggerDate(ctx)) });
  }
  return out;
};
