// buy_first_home: a home to live in (or, in a baseline scenario, the home already owned) as primitives.
import type { TemplateCompiler } from '../../primitives';
import { compilePropertyPurchase } from '../property-purchase';
import { accountRef, bool, dayBefore, findItem, key, str, triggerDate, type TemplateContext } from '../helpers';

export const compileBuyFirstHome: TemplateCompiler = (p, ctx: TemplateContext) => {
  const result = compilePropertyPurchase(p, ctx, {
    label: ctx.is_baseline ? 'Home' : ctx.event_name || 'Home',
    firstHome: bool(p, 'is_first_home', true),
    newHome: bool(p, 'is_new_home', false),
    useHomeGuarantee: bool(p, 'use_home_guarantee', false),
    region: str(p, 'region', 'capital') === 'rest' ? 'rest' : 'capital',
    fundingAccount: accountRef(ctx, p.deposit_account_id),
  });
  const out = result.primitives;
  const rent = findItem(ctx, p.current_rent_item);
  if (rent && !ctx.is_baseline) {
    out.push({ kind: 'adjust_flow', key: key(ctx, 'stop_rent'), target: rent.id, from: triggerDate(ctx), end_date: dayBefore(triggerDate(ctx)) });
  }
  return out;
};
