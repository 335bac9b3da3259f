// sell_property: sell a property at its forecast value, pay selling costs, pay off its mortgage and, for a
// property that is not the main residence, the discounted capital gain taxed by the simulator in the sale's year.
import type { IsoDate, Primitive } from '../../primitives';
import { assessableCapitalGain } from '../../au/cgt';
import { PROPERTY_NOUN, before, largest, percentRole, shortMoney } from '../../prompt/reading';
import { defineTemplate } from '../define';
import {
  accountRef,
  bool,
  clamp,
  findAccount,
  findItem,
  flow,
  num,
  once,
  optDate,
  optNum,
  stopItem,
  taxAdjustment,
  taxpayer,
  transfer,
  triggerDate,
} from '../helpers';
import { TAXPAYER, account, boolean, dateParam, decimal, integer, item, money, pct } from '../parameter-builders';
import type { TemplateContext, Params } from '../helpers';

const BUY_VERB_RE = /\b(?:buy|buying|purchase|purchasing|acquire|get|getting)\b/;

/** Months held assumed when neither a purchase date nor months owned is known (older events' default). */
const UNDATED_MONTHS = 60;

/**
 * Whole months an asset bought on `bought` is held at a sale on `sold`, excluding the day of purchase and the
 * day of sale (the CGT discount's 12-month test): a sale on the same day of the month counts one month less.
 */
export function monthsHeld(bought: IsoDate, sold: IsoDate): number {
  const [yb, mb, db] = bought.split('-').map(Number);
  const [ys, ms, ds] = sold.split('-').map(Number);
  return Math.max(0, ys * 12 + ms - (yb * 12 + mb) - (ds <= db ? 1 : 0));
}

/**
 * When the property was bought: the buying event's month when the picked property is an account an event made
 * (and the context says when that event is), else the purchase date entered; null when neither is known.
 */
export function purchaseDate(p: Params, ctx: TemplateContext): IsoDate | null {
  const property = findAccount(ctx, p.property_account_id);
  const month = property?.scenario_event_id ? ctx.event_months?.[property.scenario_event_id] : undefined;
  return month ? `${month}-01` : optDate(p, 'purchase_date');
}

export const sellProperty = defineTemplate({
  template_id: 'sell_property',
  name: 'Sell or Downsize a Property',
  description:
    'Sell a property at its forecast value, pay selling costs, repay its mortgage and any capital gains tax.',
  icon: '🏷️',
  supports_baseline: false,
  baseline_name: null,
  baseline_description: null,
  group: { name: 'Property', position: 7 },
  parameters: [
    account('property_account_id', 'Property to sell', { required: true }),
    account('debt_account_id', 'Mortgage to repay from the proceeds'),
    item('repayment_item', 'Mortgage repayment that stops', 'expense', {
      help_text: 'Your recurring repayment on that mortgage, if you entered one.',
    }),
    decimal('expected_sale_price', 'Expected sale price', 900_000, {
      ...money,
      required: true,
      help_text: 'Used for selling costs and capital gains tax; the sale itself moves the forecast value.',
    }),
    decimal('selling_costs_percent', 'Agent and selling costs (% of price)', 2.5, pct(0, 10)),
    boolean('is_main_residence', 'Your home (no capital gains tax)?', true),
    decimal('cost_base', 'Cost base (price paid plus buying costs)', 600_000, money),
    dateParam('purchase_date', 'Date you bought it', {
      help_text:
        'For the capital gains discount (held at least 12 months). A property bought by an event in the plan is dated by that event; with no date, more than 12 months is assumed.',
    }),
    // Older saved events carry months owned instead of a purchase date; it is read only when no date is given.
    integer('months_owned', 'Months owned by the sale', null, pct(0, 1200)),
    TAXPAYER,
    account('proceeds_account_id', 'Proceeds paid into', { help_text: 'Defaults to your main cash account.' }),
  ],

  compile(p, ctx) {
    const property = findAccount(ctx, p.property_account_id);
    if (!property || !property.is_asset) return [];
    const saleDate = triggerDate(ctx);
    const proceeds = accountRef(ctx, p.proceeds_account_id);
    const price = Math.max(0, num(p, 'expected_sale_price', 0));
    const costs = (price * clamp(num(p, 'selling_costs_percent', 0), 0, 100)) / 100;
    const out: Primitive[] = [
      ...transfer(ctx, 'sale', {
        name: `Sale of ${property.name}`,
        from: property.id,
        to: proceeds,
        amount: 'all',
        schedule: once(saleDate),
      }),
      ...flow(ctx, 'selling_costs', {
        name: `Selling costs: ${property.name}`,
        account: proceeds,
        amount: -costs,
        schedule: once(saleDate),
        category: 'Housing',
      }),
    ];
    const debt = findAccount(ctx, p.debt_account_id);
    if (debt && !debt.is_asset) {
      out.push(
        ...transfer(ctx, 'repay_mortgage', {
          name: `Pay out ${debt.name}`,
          from: proceeds,
          to: debt.id,
          amount: 'all',
          schedule: once(saleDate),
        }),
      );
    }
    const repayment = findItem(ctx, p.repayment_item);
    if (repayment) out.push(stopItem(ctx, 'stop_repayment', repayment.id, saleDate));
    if (!bool(p, 'is_main_residence', true)) {
      // The discounted gain is assessable in the financial year of the sale: the simulator's tax module taxes
      // it at the seller's forecast marginal rates (other income, deductions) and charges it with that year's tax.
      const bought = purchaseDate(p, ctx);
      const gain = assessableCapitalGain({
        proceeds: price - costs,
        costBase: Math.max(0, num(p, 'cost_base', 0)),
        // Neither known (the form asks for the date): held long enough for the discount, as the old default.
        heldMonths: bought ? monthsHeld(bought, saleDate) : Math.max(0, optNum(p, 'months_owned') ?? UNDATED_MONTHS),
        saleDate,
      });
      out.push(
        ...taxAdjustment(ctx, 'capital_gain', {
          name: `Capital gain: ${property.name}`,
          taxpayer: taxpayer(p),
          amount: gain.assessable,
          schedule: once(saleDate),
        }),
      );
    }
    return out;
  },

  smart_create: {
    cues: [
      {
        weight: 9,
        re: new RegExp(
          `\\b(?:sell|selling|sold|offload)\\b[^.;!?]{0,40}?\\b(?:${PROPERTY_NOUN.slice(3, -1)}|investment)\\b|\\bdownsiz`,
        ),
      },
    ],
    supersedes: [
      // Selling without buying: the property words belong to the sale.
      { template: 'buy_first_home', when: (m) => !BUY_VERB_RE.test(m.text) },
      { template: 'investment_property', when: (m) => !BUY_VERB_RE.test(m.text) },
      { template: 'negative_gearing', when: (m) => !BUY_VERB_RE.test(m.text) },
      // 'sell my investment property' names the property sold, not one bought.
      {
        template: 'investment_property',
        when: (m) =>
          m.match('investment_property')!.index > m.match('sell_property')!.index &&
          /\bsell\w*\s+(?:the\s+|my\s+|our\s+|an?\s+)?investment/.test(m.text),
      },
    ],
    read(ctx) {
      const out: Record<string, unknown> = {};
      const price = largest(ctx.amounts.filter((a) => !a.freq && !/\b(?:paid|bought|cost)\b/.test(before(ctx, a, 3))));
      if (price) out.expected_sale_price = price.value;
      const costBase = ctx.amounts.find((a) => /\b(?:paid|bought|cost)\b/.test(before(ctx, a, 3)));
      if (costBase) out.cost_base = costBase.value;
      const selling = ctx.percents.find((p) => percentRole(ctx, p) === 'selling');
      if (selling) out.selling_costs_percent = selling.value;
      if (/\binvestment\b|\brental\b|\bholiday\s+home\b/.test(ctx.text)) out.is_main_residence = false;
      else if (/\b(?:our|my)\s+(?:home|house|family\s+home)\b|\bdownsiz/.test(ctx.text)) out.is_main_residence = true;
      return out;
    },
    title: (p) =>
      p.expected_sale_price !== undefined
        ? `Sell property for ${shortMoney(Number(p.expected_sale_price))}`
        : 'Sell property',
  },
});
