// asset_purchase: an investment account (shares, ETFs, funds) bought with cash and topped up regularly;
// growth compounds monthly at the expected total return (dividends assumed reinvested, their tax not modelled).
import type { Primitive, TemplateCompiler } from '../../primitives';
import { addMonths } from '../../au/dates';
import { accountRef, frequency, key, num, once, recurring, str, transfer, triggerDate, type TemplateContext } from '../helpers';

export const compileAssetPurchase: TemplateCompiler = (p, ctx: TemplateContext) => {
  const start = triggerDate(ctx);
  const amount = Math.max(0, num(p, 'purchase_amount', 0));
  const assetKey = key(ctx, 'investment');
  const funding = accountRef(ctx, p.funding_account_id);
  const out: Primitive[] = [
    {
      kind: 'account',
      key: assetKey,
      name: str(p, 'asset_name', 'Investments'),
      account_type: 'investment',
      is_asset: true,
      opening_balance: ctx.is_baseline ? amount : 0,
      ...(ctx.is_baseline ? {} : { opens: ctx.trigger_month }),
      annual_rate: num(p, 'expected_return', ctx.assumptions.account_type_rates.investment),
    },
  ];
  if (!ctx.is_baseline) out.push(...transfer(ctx, 'purchase', { name: 'Investment purchase', from: funding, to: assetKey, amount, schedule: once(start) }));
  const topUpStart = ctx.is_baseline ? start : `${addMonths(ctx.trigger_month, 1)}-01`;
  out.push(
    ...transfer(ctx, 'top_up', {
      name: 'Investment top-up',
      from: funding,
      to: assetKey,
      amount: Math.max(0, num(p, 'regular_contribution', 0)),
      schedule: recurring(frequency(p, 'contribution_frequency'), topUpStart),
    }),
  );
  return out;
};
