// investment_property: a rented property whose rent is assessable and whose costs and loan interest are
// deductible for one taxpayer, optionally under the proposed 2027 limits. negative_gearing is the same
// template with a highly geared default (negative-gearing.ts builds on the pieces exported here).
import { PRIMARY_CASH, type Primitive } from '../../primitives';
import type { TemplateParameter } from '../../model/template';
import { AU_DEFAULTS } from '../../au/defaults';
import { PROPERTY_NOUN, shortMoney } from '../../prompt/reading';
import { defineTemplate, type Supersession, type ValidateOptions } from '../define';
import {
  accountRef,
  bool,
  clamp,
  flow,
  interestOnlyWithinTerm,
  num,
  recurring,
  taxAdjustment,
  taxpayerShares,
  triggerDate,
  type Params,
  type TemplateContext,
  type ParameterError,
} from '../helpers';
import {
  account,
  boolean,
  decimal,
  HOME_LOAN_TERM,
  integer,
  loanInterestRate,
  money,
  OFFSET_PARAMS,
  pct,
  PROPERTY_COSTS,
  STATE,
  TAXPAYER_OR_BOTH,
} from '../parameter-builders';
import { compilePropertyPurchase, depositWithinPrice, readPropertyPurchase, splitTag } from '../property-purchase';

/** Proposed rules (UNCONFIRMED, opt-in): established dwellings bought after this date lose negative gearing. */
const NG_CUTOFF_PURCHASE = '2026-05-12';
const NG_LIMIT_FROM = '2027-07-01';
const NG_LAST_DEDUCTIBLE_DAY = '2027-06-30';

export function investmentParameters(d: {
  price: number;
  deposit: number;
  rent: number;
  ioYears: number;
}): TemplateParameter[] {
  return [
    decimal('purchase_price', 'Purchase price', d.price, {
      ...money,
      required: true,
      baseline_label: 'Current value',
      baseline_default: d.price,
    }),
    decimal('deposit_amount', 'Deposit', d.deposit, {
      ...money,
      required: true,
      help_text:
        'Paid from your savings; the rest is borrowed. Above 80% of the price, lenders mortgage insurance is added to the loan.',
      baseline_label: 'Your equity (value minus what you owe)',
      baseline_help_text: 'The loan is the value minus your equity.',
      baseline_default: Math.round(d.price * 0.4),
    }),
    STATE,
    decimal('weekly_rent', 'Rent (per week)', d.rent, { ...money, required: true }),
    integer('vacancy_weeks', 'Vacant weeks a year', 2, pct(0, 52)),
    decimal('management_fee_percent', 'Property management fee (% of rent)', 7, pct(0, 30)),
    ...PROPERTY_COSTS,
    loanInterestRate(AU_DEFAULTS.investor_rate, 30),
    HOME_LOAN_TERM,
    integer('interest_only_years', 'Interest-only years', d.ioYears, {
      ...pct(0, 15),
      help_text: 'Repayments cover interest only for these years, then principal and interest.',
    }),
    decimal('property_growth_rate', 'Property growth (% a year)', AU_DEFAULTS.dwelling_growth, pct(-20, 30)),
    decimal('depreciation_annual', 'Depreciation claim (per year)', 0, {
      ...money,
      help_text:
        "From a quantity surveyor's depreciation schedule. Division 43 capital works are 2.5% a year of the construction cost (for example $8,000 on a $320,000 build). A deduction that costs nothing in cash.",
    }),
    decimal('stamp_duty_amount', 'Transfer duty (leave empty to calculate)', null, { ...money, baseline_hidden: true }),
    decimal('other_purchase_costs', 'Other buying costs (conveyancing, inspections)', 2_500, {
      ...money,
      baseline_hidden: true,
    }),
    boolean('is_new_build', 'Newly built dwelling?', false, {
      help_text: 'New builds are exempt from the proposed 2027 negative gearing limits.',
    }),
    boolean('apply_2027_rules', 'Apply the proposed 1 July 2027 negative gearing limits', false, {
      help_text:
        'UNCONFIRMED: for established dwellings bought after 12 May 2026, rental losses would no longer reduce other income.',
    }),
    TAXPAYER_OR_BOTH,
    ...OFFSET_PARAMS,
    account('deposit_account_id', 'Deposit paid from', {
      baseline_hidden: true,
      help_text: 'Defaults to your main cash account.',
    }),
  ];
}

export function compileInvestmentProperty(p: Params, ctx: TemplateContext): Primitive[] {
  // Joint owners ('both') split rent, costs, depreciation and the loan's interest deduction 50/50
  // (docs/templates.md).
  const shares = taxpayerShares(p);
  const who = shares[0].taxpayer;
  const purchaseDate = triggerDate(ctx);
  // Baseline holdings are treated as bought before the cut-off (grandfathered).
  const limited =
    bool(p, 'apply_2027_rules', false) &&
    !bool(p, 'is_new_build', false) &&
    !ctx.is_baseline &&
    purchaseDate > NG_CUTOFF_PURCHASE;
  const result = compilePropertyPurchase(p, ctx, {
    label: ctx.is_baseline ? 'Investment property' : ctx.event_name || 'Investment property',
    firstHome: false,
    newHome: bool(p, 'is_new_build', false),
    ownerOccupier: false,
    useHomeGuarantee: false,
    region: 'capital',
    costTags: shares.map((s) => ({ tag: { kind: 'deductible' as const, taxpayer: s.taxpayer }, share: s.share })),
    // A limited property's interest stops being deductible on 30 June 2027 (quarantined losses carried
    // forward are not modelled).
    deductibleShare: 1,
    interestDeductibleUntil: limited ? NG_LAST_DEDUCTIBLE_DAY : undefined,
    taxpayer: who,
    ...(shares.length > 1 ? { deductibleTaxpayers: shares } : {}),
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
  const depreciation = Math.max(0, num(p, 'depreciation_annual', 0));
  shares.forEach(({ taxpayer: owner, share }, i) => {
    // The first owner's flows keep the plain keys; a joint second owner's end in ':partner'.
    const k = (local: string) => (i === 0 ? local : `${local}:${owner}`);
    const rentFlows = [
      ...flow(ctx, k('rent'), {
        name: 'Rent received',
        account: PRIMARY_CASH,
        amount: weeklyRent * occupied * share,
        schedule,
        indexation_rate: inflation,
        tax: { kind: 'assessable', taxpayer: owner },
        category: 'Rental income',
      }),
      ...flow(ctx, k('management_fee'), {
        name: 'Property management fee',
        account: PRIMARY_CASH,
        amount: -weeklyRent * occupied * fee * share,
        schedule,
        indexation_rate: inflation,
        tax: { kind: 'deductible', taxpayer: owner },
        category: 'Housing',
      }),
    ];
    for (const f of rentFlows) out.push(...splitTag(f, limited ? NG_LIMIT_FROM : undefined));
    // Depreciation (Division 40 plant, Division 43 capital works) is a non-cash deduction: a tax adjustment
    // each month, stopping with the other rental deductions under the proposed 2027 limits.
    out.push(
      ...taxAdjustment(ctx, k('depreciation'), {
        name: 'Depreciation claim',
        taxpayer: owner,
        amount: (-depreciation / 12) * share,
        schedule: recurring('monthly', result.ongoingStart, limited ? NG_LAST_DEDUCTIBLE_DAY : null),
      }),
    );
  });
  return out;
}

export function validateInvestmentProperty(v: Params, opts: ValidateOptions): ParameterError[] {
  return [...depositWithinPrice(v, opts), ...interestOnlyWithinTerm(v)];
}

/**
 * An investment purchase is not also a first home (unless the prompt says first home), and its interest-only
 * years are its own parameter, not an interest_only_mortgage.
 */
export const INVESTMENT_SUPERSEDES: readonly Supersession[] = [
  { template: 'buy_first_home', when: (m) => !/\bfirst[\s-]+home/.test(m.text) },
  { template: 'interest_only_mortgage' },
];

export const investmentProperty = defineTemplate({
  template_id: 'investment_property',
  name: 'Buy an Investment Property',
  description:
    'Buy a property to rent out: rent, deductible costs and interest, growth, and the tax effect at your marginal rate.',
  icon: '🏘️',
  supports_baseline: true,
  baseline_name: 'My Investment Property',
  baseline_description: 'An investment property you already own.',
  group: { name: 'Property', position: 2 },
  parameters: investmentParameters({ price: 650_000, deposit: 130_000, rent: 600, ioYears: 0 }),
  compile: compileInvestmentProperty,
  validate: validateInvestmentProperty,
  smart_create: {
    cues: [
      {
        weight: 9,
        re: new RegExp(
          `\\binvestment\\s+${PROPERTY_NOUN}|\\brental\\s+${PROPERTY_NOUN}|\\brent\\s+(?:it|them|the\\s+\\w+)\\s+out\\b|\\btenants?\\b|\\bproperty\\s+investor|\\binvestor\\s+loan|\\b(?:buy|purchase)\\s+(?:an?\\s+)?(?:property\\s+)?to\\s+rent\\b`,
        ),
      },
    ],
    supersedes: INVESTMENT_SUPERSEDES,
    read: (ctx) => readPropertyPurchase(ctx, true),
    title: (p) =>
      p.purchase_price !== undefined
        ? `Buy ${shortMoney(Number(p.purchase_price))} investment property`
        : 'Buy investment property',
  },
});
