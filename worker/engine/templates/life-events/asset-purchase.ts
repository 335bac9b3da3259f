// asset_purchase: an investment account (shares, ETFs, funds) bought with cash and topped up regularly;
// growth compounds monthly at the expected total return (dividends assumed reinvested, their tax not modelled).
import type { Primitive } from '../../primitives';
import { addMonths } from '../../au/dates';
import { per, perPeriod, pickReturn, shortMoney } from '../../prompt/reading';
import { defineTemplate } from '../define';
import { accountRef, frequency, key, num, once, openAccount, recurring, str, transfer, triggerDate } from '../helpers';
import { FREQ_OPTIONS, account, decimal, money, pct, select, text } from '../parameter-builders';

const ASSET_NAMES: Readonly<Record<string, string>> = {
  etf: 'ETFs',
  etfs: 'ETFs',
  'index fund': 'Index fund',
  'index funds': 'Index funds',
  'managed fund': 'Managed fund',
  'managed funds': 'Managed funds',
  shares: 'Shares',
  stocks: 'Shares',
  crypto: 'Crypto',
  bitcoin: 'Bitcoin',
  vdhg: 'VDHG',
  vanguard: 'Vanguard fund',
};

export const assetPurchase = defineTemplate({
  template_id: 'asset_purchase',
  name: 'Invest in Shares or Funds',
  description: 'Buy shares, ETFs or a managed fund and keep adding to it; growth compounds monthly.',
  icon: '📈',
  supports_baseline: true,
  baseline_name: 'My Investments',
  baseline_description: 'Shares, ETFs or funds you already hold.',
  group: { name: 'Investments & Assets', position: 1 },
  parameters: [
    text('asset_name', 'Investment', 'Share portfolio', { required: true }),
    decimal('purchase_amount', 'Amount invested', 20_000, {
      ...money,
      required: true,
      baseline_label: 'Current value',
    }),
    decimal('expected_return', 'Expected return (% a year)', 7, pct(-50, 50)),
    decimal('regular_contribution', 'Regular top-up', 0, money),
    select('contribution_frequency', 'Top-up frequency', FREQ_OPTIONS, 'monthly'),
    account('funding_account_id', 'Paid from', { help_text: 'Defaults to your main cash account.' }),
  ],

  compile(p, ctx) {
    const start = triggerDate(ctx);
    const amount = Math.max(0, num(p, 'purchase_amount', 0));
    const assetKey = key(ctx, 'investment');
    const funding = accountRef(ctx, p.funding_account_id);
    const out: Primitive[] = [
      openAccount(
        ctx,
        assetKey,
        str(p, 'asset_name', 'Investments'),
        'investment',
        num(p, 'expected_return', ctx.assumptions.account_type_rates.investment),
        ctx.is_baseline ? amount : null,
      ),
    ];
    if (!ctx.is_baseline)
      out.push(
        ...transfer(ctx, 'purchase', {
          name: 'Investment purchase',
          from: funding,
          to: assetKey,
          amount,
          schedule: once(start),
        }),
      );
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
  },

  smart_create: {
    cues: [
      {
        weight: 8,
        re: /\b(?:shares|stocks|etfs?|index\s+funds?|managed\s+funds?|equities|crypto|bitcoin|share\s+portfolio|vanguard|vdhg)\b|\binvest(?:ing|ed)?\b(?![^.;!?]{0,20}\b(?:property|properties|house|unit|apartment)\b)/,
      },
    ],
    read(ctx) {
      const out: Record<string, unknown> = {};
      const lump = ctx.amounts.find((a) => !a.freq);
      const regular = ctx.amounts.find((a) => a.freq);
      if (lump) out.purchase_amount = lump.value;
      else if (regular) out.purchase_amount = 0; // only a regular amount was given: nothing invested up front
      if (regular) {
        const p = perPeriod(regular);
        out.regular_contribution = p.amount;
        if (p.freq) out.contribution_frequency = p.freq;
      }
      const ret = pickReturn(ctx);
      if (ret !== undefined) out.expected_return = ret;
      const name = /\b(etfs?|index\s+funds?|managed\s+funds?|shares|stocks|crypto|bitcoin|vdhg|vanguard)\b/.exec(
        ctx.text,
      );
      if (name) out.asset_name = ASSET_NAMES[name[1].replace(/\s+/g, ' ')] ?? 'Share portfolio';
      return out;
    },
    title(p) {
      const what = String(p.asset_name ?? 'shares');
      if (p.purchase_amount !== undefined && Number(p.purchase_amount) > 0)
        return `Invest ${shortMoney(Number(p.purchase_amount))} in ${what}`;
      return p.regular_contribution !== undefined
        ? `Invest ${per(p.regular_contribution, p.contribution_frequency)} in ${what}`
        : `Invest in ${what}`;
    },
  },
});
