// buy_first_home: a home to live in (or, in a baseline scenario, the home already owned): the purchase, its
// mortgage and running costs, first home buyer concessions, the Home Guarantee Scheme and the rent it ends.
import { AU_DEFAULTS } from '../../au/defaults';
import { homeGuaranteeProblems, isAuState } from '../../au/property';
import { PROPERTY_NOUN, propertyWord, shortMoney } from '../../prompt/reading';
import { defineTemplate } from '../define';
import { accountRef, bool, findItem, num, type ParameterError, stopItem, str, triggerDate } from '../helpers';
import {
  account,
  boolean,
  BUYER,
  decimal,
  HOME_LOAN_TERM,
  integer,
  item,
  loanInterestRate,
  money,
  OFFSET_PARAMS,
  pct,
  PROPERTY_COSTS,
  select,
  STATE,
} from '../parameter-builders';
import { compilePropertyPurchase, depositWithinPrice, readPropertyPurchase } from '../property-purchase';

export const buyFirstHome = defineTemplate({
  template_id: 'buy_first_home',
  name: 'Buy Your First Home',
  description:
    'Buy a home to live in: deposit, mortgage, transfer duty with first home buyer concessions, lenders mortgage insurance or the Home Guarantee Scheme, grants and running costs.',
  icon: '🏡',
  supports_baseline: true,
  baseline_name: 'My Home',
  baseline_description: 'The home you own now and what you owe on it.',
  group: { name: 'Property', position: 1 },
  parameters: [
    decimal('purchase_price', 'Purchase price', 750_000, {
      ...money,
      required: true,
      baseline_label: 'Current home value',
      baseline_default: 900_000,
    }),
    decimal('deposit_amount', 'Deposit', 75_000, {
      ...money,
      required: true,
      help_text: 'Savings you put in; the rest is borrowed.',
      baseline_label: 'Your equity (value minus what you owe)',
      baseline_help_text: 'The mortgage is the value minus your equity.',
      baseline_default: 350_000,
    }),
    STATE,
    select(
      'region',
      'Location',
      [
        ['capital', 'Capital city or regional centre'],
        ['rest', 'Rest of the state'],
      ],
      'capital',
      {
        baseline_hidden: true,
        help_text: 'Sets the Home Guarantee price cap.',
      },
    ),
    boolean('is_first_home', 'First home buyer?', true, { baseline_hidden: true }),
    boolean('is_new_home', 'Newly built home?', false, {
      baseline_hidden: true,
      help_text: 'First Home Owner Grants apply to new homes only.',
    }),
    decimal('off_the_plan_construction_pct', 'Off the plan: construction still to do (% of price, VIC)', null, {
      ...pct(0, 95),
      baseline_hidden: true,
      help_text:
        "Victoria's off-the-plan concession charges duty on the price less the construction still to be done when you sign. Leave empty for a finished home.",
    }),
    boolean('is_vacant_land', 'Vacant land to build on?', false, {
      baseline_hidden: true,
      help_text:
        'Duty on the land as a new home (Western Australia has its own first home rate for vacant land). Add the build as its own costs.',
    }),
    boolean('use_home_guarantee', 'Use the Home Guarantee Scheme (5% deposit, no LMI)', false, {
      baseline_hidden: true,
      help_text:
        'For first home buyers, or single parents and guardians under the Family Home Guarantee (2% deposit), within the price cap for the state and location.',
    }),
    BUYER,
    boolean('single_parent', 'Single parent or legal guardian buying alone?', false, {
      baseline_hidden: true,
      help_text: 'The Family Home Guarantee: a 2% deposit, first home or not.',
    }),
    decimal('household_income', "Buyers' taxable income last financial year (ACT only)", null, {
      ...money,
      baseline_hidden: true,
      help_text:
        "The ACT's Home Buyer Concession Scheme is income-tested (all buyers and partners). Leave empty to assume you are within it.",
    }),
    integer('dependants', 'Dependent children (ACT income test)', 0, { ...pct(0, 20), baseline_hidden: true }),
    loanInterestRate(AU_DEFAULTS.owner_occupier_rate, 30),
    HOME_LOAN_TERM,
    decimal('property_growth_rate', 'Property growth (% a year)', AU_DEFAULTS.dwelling_growth, pct(-20, 30)),
    ...PROPERTY_COSTS,
    ...OFFSET_PARAMS,
    decimal('stamp_duty_amount', 'Transfer duty (leave empty to calculate)', null, { ...money, baseline_hidden: true }),
    decimal('grant_amount', 'First Home Owner Grant (leave empty to calculate)', null, {
      ...money,
      baseline_hidden: true,
    }),
    decimal('other_purchase_costs', 'Other buying costs (conveyancing, inspections)', 2_500, {
      ...money,
      baseline_hidden: true,
    }),
    item('current_rent_item', 'Rent you stop paying', 'expense', {
      baseline_hidden: true,
      help_text: 'Stops the day before you move in.',
    }),
    account('deposit_account_id', 'Deposit paid from', {
      baseline_hidden: true,
      help_text: 'Defaults to your main cash account.',
    }),
  ],

  compile(p, ctx) {
    const result = compilePropertyPurchase(p, ctx, {
      label: ctx.is_baseline ? 'Home' : ctx.event_name || 'Home',
      firstHome: bool(p, 'is_first_home', true),
      newHome: bool(p, 'is_new_home', false),
      ownerOccupier: true,
      useHomeGuarantee: bool(p, 'use_home_guarantee', false),
      singleParent: bool(p, 'single_parent', false),
      region: str(p, 'region', 'capital') === 'rest' ? 'rest' : 'capital',
      fundingAccount: accountRef(ctx, p.deposit_account_id),
    });
    const out = result.primitives;
    const rent = findItem(ctx, p.current_rent_item);
    if (rent && !ctx.is_baseline) {
      out.push(stopItem(ctx, 'stop_rent', rent.id, triggerDate(ctx)));
    }
    return out;
  },

  validate(v, opts) {
    const errors: ParameterError[] = depositWithinPrice(v, opts);
    if (!opts.is_baseline && v.use_home_guarantee === true) {
      // The scheme refuses buyers who are not eligible: the form says why instead of quietly charging LMI.
      for (const problem of homeGuaranteeProblems({
        state: isAuState(v.state) ? v.state : 'NSW',
        region: v.region === 'rest' ? 'rest' : 'capital',
        price: num(v, 'purchase_price'),
        deposit: num(v, 'deposit_amount'),
        date: opts.trigger_month ? `${opts.trigger_month}-01` : '2026-01-01',
        firstHome: v.is_first_home !== false,
        singleParent: v.single_parent === true,
        jointBuyers: v.buyer === 'both',
      }))
        errors.push(problem);
    }
    return errors;
  },

  smart_create: {
    cues: [
      {
        weight: 9,
        re: /\bfirst[\s-]+(?:home|house|apartment|unit|property|place|flat|townhouse)|\bhome\s+guarantee\b|\bfhb\b|\bfirst[\s-]home[\s-]buyer/,
      },
      {
        weight: 8,
        re: new RegExp(
          `\\b(?:buy|buys|buying|bought|purchase|purchases|purchasing|acquire|get|getting|move\\s+into|upgrade\\s+to)\\b[^.;!?]{0,40}?\\b${PROPERTY_NOUN}\\b`,
        ),
      },
    ],
    read: (ctx) => readPropertyPurchase(ctx, false),
    title: (p, text) =>
      p.purchase_price !== undefined
        ? `Buy ${shortMoney(Number(p.purchase_price))} ${propertyWord(text, 'home')}`
        : `Buy ${p.is_first_home ? 'first ' : ''}${propertyWord(text, 'home')}`,
  },
});
