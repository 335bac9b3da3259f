// major_purchase: a one-off purchase paid in cash or with an amortising personal loan; either an expense or,
// if it keeps a resale value, an asset that grows or depreciates.
import { PRIMARY_CASH, type Primitive, type TemplateCompiler } from '../../primitives';
import { addMonths } from '../../au/dates';
import { accountRef, bool, clamp, flow, key, num, once, str, transfer, triggerDate, type TemplateContext } from '../helpers';

export const compileMajorPurchase: TemplateCompiler = (p, ctx: TemplateContext) => {
  const start = triggerDate(ctx);
  const name = str(p, 'purchase_name', 'Purchase');
  const amount = Math.max(0, num(p, 'purchase_amount', 0));
  if (amount <= 0) return [];
  const funding = accountRef(ctx, p.funding_account_id);
  const withLoan = str(p, 'payment_method', 'cash') === 'loan';
  const keepsValue = bool(p, 'keeps_value', false);
  const loanKey = key(ctx, 'loan');
  const assetKey = key(ctx, 'asset');
  const out: Primitive[] = [];
  const source = withLoan ? loanKey : funding;
  if (withLoan) {
    const rate = clamp(num(p, 'loan_interest_rate', 11), 0, 100);
    out.push(
      { kind: 'account', key: loanKey, name: `${name} loan`, account_type: 'loan', is_asset: false, opening_balance: 0, opens: ctx.trigger_month, annual_rate: rate },
      {
        kind: 'loan',
        key: key(ctx, 'repayments'),
        account: loanKey,
        annual_rate: rate,
        start: addMonths(ctx.trigger_month, 1),
        term_months: Math.round(clamp(num(p, 'loan_term_years', 5), 1, 50) * 12),
        repayment_from: PRIMARY_CASH,
      },
    );
  }
  if (keepsValue) {
    out.push(
      { kind: 'account', key: assetKey, name, account_type: 'investment', is_asset: true, opening_balance: 0, opens: ctx.trigger_month, annual_rate: clamp(num(p, 'value_change_rate', -15), -99, 1000) },
      ...transfer(ctx, 'purchase', { name: `Buy ${name}`, from: source, to: assetKey, amount, schedule: once(start) }),
    );
  } else {
    if (withLoan) out.push(...transfer(ctx, 'drawdown', { name: `${name}: loan drawdown`, from: loanKey, to: funding, amount, schedule: once(start) }));
    out.push(...flow(ctx, 'purchase', { name, account: funding, amount: -amount, schedule: once(start), category: 'Major purchases' }));
  }
  return out;
};
