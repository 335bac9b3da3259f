// sell_property: sell a property at its forecast value, pay selling costs, pay off its mortgage and, for a
// property that is not the main residence, the discounted capital gain taxed by the simulator in the sale's year.
import type { Primitive, TemplateCompiler } from '../../primitives';
import { assessableCapitalGain } from '../../au/cgt';
import { accountRef, bool, clamp, dayBefore, findAccount, findItem, flow, key, num, once, taxAdjustment, taxpayer, transfer, triggerDate, type TemplateContext } from '../helpers';

export const compileSellProperty: TemplateCompiler = (p, ctx: TemplateContext) => {
  const property = findAccount(ctx, p.property_account_id);
  if (!property || !property.is_asset) return [];
  const saleDate = triggerDate(ctx);
  const proceeds = accountRef(ctx, p.proceeds_account_id);
  const price = Math.max(0, num(p, 'expected_sale_price', 0));
  const costs = (price * clamp(num(p, 'selling_costs_percent', 0), 0, 100)) / 100;
  const out: Primitive[] = [
    ...transfer(ctx, 'sale', { name: `Sale of ${property.name}`, from: property.id, to: proceeds, amount: 'all', schedule: once(saleDate) }),
    ...flow(ctx, 'selling_costs', { name: `Selling costs: ${property.name}`, account: proceeds, amount: -costs, schedule: once(saleDate), category: 'Housing' }),
  ];
  const debt = findAccount(ctx, p.debt_account_id);
  if (debt && !debt.is_asset) {
    out.push(...transfer(ctx, 'repay_mortgage', { name: `Pay out ${debt.name}`, from: proceeds, to: debt.id, amount: 'all', schedule: once(saleDate) }));
  }
  const repayment = findItem(ctx, p.repayment_item);
  if (repayment) out.push({ kind: 'adjust_flow', key: key(ctx, 'stop_repayment'), target: repayment.id, from: saleDate, end_date: dayBefore(saleDate) });
  if (!bool(p, 'is_main_residence', true)) {
    // The discounted gain is assessable in the financial year of the sale: the simulator's tax module taxes
    // it at the seller's forecast marginal rates (other income, deductions) and charges it with that year's tax.
    const gain = assessableCapitalGain({
      proceeds: price - costs,
      costBase: Math.max(0, num(p, 'cost_base', 0)),
      heldMonths: Math.max(0, num(p, 'months_owned', 0)),
      saleDate,
    });
    out.push(...taxAdjustment(ctx, 'capital_gain', { name: `Capital gain: ${property.name}`, taxpayer: taxpayer(p), amount: gain.assessable, schedule: once(saleDate) }));
  }
  return out;
};
