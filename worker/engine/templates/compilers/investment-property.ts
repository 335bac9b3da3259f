// investment_property and negative_gearing: a rented property whose rent is assessable and whose costs and
// loan interest are deductible for one taxpayer, optionally under the proposed 2027 limits.
import { PRIMARY_CASH, type TemplateCompiler } from '../../primitives';
import { compilePropertyPurchase } from '../property-purchase';
import { accountRef, bool, clamp, flow, num, recurring, taxAdjustment, taxpayer, triggerDate, type TemplateContext } from '../helpers';
import { splitTag } from '../property-purchase';

/** Proposed rules (UNCONFIRMED, opt-in): established dwellings bought after this date lose negative gearing. */
const NG_CUTOFF_PURCHASE = '2026-05-12';
const NG_LIMIT_FROM = '2027-07-01';
const NG_LAST_DEDUCTIBLE_DAY = '2027-06-30';

export const compileInvestmentProperty: TemplateCompiler = (p, ctx: TemplateContext) => {
  const who = taxpayer(p);
  const purchaseDate = triggerDate(ctx);
  // Baseline holdings are treated as bought before the cut-off (grandfathered).
  const limited = bool(p, 'apply_2027_rules', false) && !bool(p, 'is_new_build', false) && !ctx.is_baseline && purchaseDate > NG_CUTOFF_PURCHASE;
  const result = compilePropertyPurchase(p, ctx, {
    label: ctx.is_baseline ? 'Investment property' : ctx.event_name || 'Investment property',
    firstHome: false,
    newHome: bool(p, 'is_new_build', false),
    useHomeGuarantee: false,
    region: 'capital',
    costTag: { kind: 'deductible', taxpayer: who },
    // A limited property's interest stops being deductible on 30 June 2027 (quarantined losses carried
    // forward are not modelled).
    deductibleShare: 1,
    interestDeductibleUntil: limited ? NG_LAST_DEDUCTIBLE_DAY : undefined,
    taxpayer: who,
    interestOnlyYears: clamp(num(p, 'interest_only_years', 0), 0, 50),
    fundingAccount: accountRef(ctx, p.deposit_account_id),
    untagCostsFrom: limited ? NG_LIMIT_FROM : undefined,
  });
  const out = result.primitives;
  const weeklyRent = Math.max(0, num(p, 'weekly_rent', 0));
  const occupied = (52 - clamp(num(p, 'vacancy_weeks', 0), 0, 52)) / 52;
  const fee = clamp(num(p, 'management_fee_percent', 0), 0, 100) / 100;
  const schedule = recurring('weekly', result.ongoingStart);
  const inflation = ctx.assumptions.inflation_rate;
  const rentFlows = [
    ...flow(ctx, 'rent', {
      name: 'Rent received',
      account: PRIMARY_CASH,
      amount: weeklyRent * occupied,
      schedule,
      indexation_rate: inflation,
      tax: { kind: 'assessable', taxpayer: who },
      category: 'Rental income',
    }),
    ...flow(ctx, 'management_fee', {
      name: 'Property management fee',
      account: PRIMARY_CASH,
      amount: -weeklyRent * occupied * fee,
      schedule,
      indexation_rate: inflation,
      tax: { kind: 'deductible', taxpayer: who },
      category: 'Housing',
    }),
  ];
  for (const f of rentFlows) out.push(...splitTag(f, limited ? NG_LIMIT_FROM : undefined));
  // Depreciation (Division 40 plant, Division 43 capital works) is a non-cash deduction: a tax adjustment
  // each month, stopping with the other rental deductions under the proposed 2027 limits.
  const depreciation = Math.max(0, num(p, 'depreciation_annual', 0));
  out.push(
    ...taxAdjustment(ctx, 'depreciation', {
      name: 'Depreciation claim',
      taxpayer: who,
      amount: -depreciation / 12,
      schedule: recurring('monthly', result.ongoingStart, limited ? NG_LAST_DEDUCTIBLE_DAY : null),
    }),
  );
  return out;
};
