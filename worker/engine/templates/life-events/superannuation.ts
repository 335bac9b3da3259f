// superannuation: an existing or new super account, and voluntary contributions: after-tax (a transfer) or
// before-tax (tagged salary_sacrifice: deducted from taxable income, taxed 15% in the fund).
import { PRIMARY_CASH, type Primitive } from '../../primitives';
import { addMonths } from '../../au/dates';
import { per, perPeriod, percentRole, shortMoney } from '../../prompt/reading';
import { defineTemplate } from '../define';
import {
  accountRef,
  findAccount,
  flow,
  frequency,
  key,
  num,
  once,
  openAccount,
  recurring,
  str,
  taxpayer,
  transfer,
  triggerDate,
} from '../helpers';
import { FREQ_OPTIONS, TAXPAYER, account, decimal, money, pct, select, text } from '../parameter-builders';

export const superannuation = defineTemplate({
  template_id: 'superannuation',
  name: 'Superannuation',
  description:
    'A super account and voluntary contributions, before-tax (taxed 15% in the fund, within the concessional cap) or after-tax.',
  icon: '🦘',
  supports_baseline: true,
  baseline_name: 'My Super',
  baseline_description: 'Your super balance today.',
  group: { name: 'Investments & Assets', position: 3 },
  parameters: [
    account('super_account_id', 'Existing super account', {
      help_text: 'Leave empty to add a new account.',
      baseline_help_text:
        'Pick the super account you already entered (its balance is used), or leave empty to add one with the balance below.',
    }),
    text('fund_name', 'Fund name', 'Super fund'),
    decimal('super_balance', 'Opening balance of a new account', 0, {
      ...money,
      baseline_label: 'Current super balance',
      baseline_default: 80_000,
    }),
    decimal('expected_return', 'Return after fees and tax (% a year)', 6.5, pct(-50, 50)),
    decimal('voluntary_contribution', 'Voluntary contribution', 0, {
      ...money,
      help_text:
        'Before tax, it counts towards the concessional cap with the Super Guarantee (an excess is taxed at your rates less 15%). After tax, the cap is $120,000 a year ($130,000 from 2026-27); the forecast warns above it.',
    }),
    select('contribution_frequency', 'Contribution frequency', FREQ_OPTIONS, 'monthly'),
    select(
      'contribution_type',
      'Contribution type',
      [
        ['after_tax', 'After tax (non-concessional)'],
        ['before_tax', 'Before tax (concessional, taxed 15%)'],
      ],
      'after_tax',
    ),
    account('contribution_account_id', 'Paid from', { help_text: 'Defaults to your main cash account.' }),
    TAXPAYER,
  ],

  compile(p, ctx) {
    const start = triggerDate(ctx);
    const out: Primitive[] = [];
    // In a baseline too: "My Super" may describe a super account the user already entered (its balance stands).
    const existing = findAccount(ctx, p.super_account_id);
    const from = accountRef(ctx, p.contribution_account_id);
    const amount = Math.max(0, num(p, 'super_balance', 0));
    let target = existing?.account_type === 'superannuation' ? existing.id : undefined;
    if (!target) {
      target = key(ctx, 'super');
      out.push(
        openAccount(
          ctx,
          target,
          str(p, 'fund_name', 'Super fund'),
          'superannuation',
          num(p, 'expected_return', ctx.assumptions.account_type_rates.superannuation),
          ctx.is_baseline ? amount : null,
        ),
      );
    }
    // Outside a baseline the amount is a lump-sum after-tax contribution made now.
    if (!ctx.is_baseline)
      out.push(
        ...transfer(ctx, 'lump_sum', {
          name: 'Lump-sum super contribution',
          from,
          to: target,
          amount,
          schedule: once(start),
        }),
      );
    const contribution = Math.max(0, num(p, 'voluntary_contribution', 0));
    const freq = frequency(p, 'contribution_frequency');
    const contribStart = ctx.is_baseline ? start : `${addMonths(ctx.trigger_month, 1)}-01`;
    if (str(p, 'contribution_type', 'after_tax') === 'before_tax') {
      out.push(
        ...flow(ctx, 'concessional', {
          name: 'Before-tax super contribution',
          account: PRIMARY_CASH,
          amount: -contribution,
          schedule: recurring(freq, contribStart),
          tax: { kind: 'salary_sacrifice', taxpayer: taxpayer(p), super_account: target },
          category: 'Superannuation',
        }),
      );
    } else {
      out.push(
        ...transfer(ctx, 'non_concessional', {
          name: 'After-tax super contribution',
          from,
          to: target,
          amount: contribution,
          schedule: recurring(freq, contribStart),
        }),
      );
    }
    return out;
  },

  smart_create: {
    cues: [
      {
        weight: 8,
        re: /\b(?:voluntary|concessional|non[\s-]*concessional|extra|additional|top[\s-]?up|contribut\w*|put|add|deposit|chuck)\b[^.;!?]{0,40}?\bsuper(?:annuation)?\b|\bsuper(?:annuation)?\s+(?:contributions?|top[\s-]?ups?)\b/,
      },
    ],
    // Money put into super is a contribution, not an investment in shares.
    supersedes: [{ template: 'asset_purchase' }],
    read(ctx) {
      const out: Record<string, unknown> = {};
      const regular = ctx.amounts.find((a) => a.freq);
      const lump = ctx.amounts.find((a) => !a.freq);
      if (regular) {
        const p = perPeriod(regular);
        out.voluntary_contribution = p.amount;
        if (p.freq) out.contribution_frequency = p.freq;
      }
      if (lump) out.super_balance = lump.value;
      if (/\bnon[\s-]*concessional\b|\bafter[\s-]*tax\b|\bpost[\s-]*tax\b/.test(ctx.text))
        out.contribution_type = 'after_tax';
      else if (/\bconcessional\b|\bbefore[\s-]*tax\b|\bpre[\s-]*tax\b/.test(ctx.text))
        out.contribution_type = 'before_tax';
      const ret = ctx.percents.find((p) => percentRole(ctx, p) === 'return');
      if (ret) out.expected_return = ret.value;
      const fund =
        /\b(australiansuper|australian\s+super|hostplus|rest|unisuper|aware\s+super|cbus|hesta|art|australian\s+retirement\s+trust)\b/.exec(
          ctx.text,
        );
      if (fund) out.fund_name = fund[1].replace(/\b\w/g, (c) => c.toUpperCase());
      return out;
    },
    title(p) {
      if (p.voluntary_contribution !== undefined)
        return `Super contributions ${per(p.voluntary_contribution, p.contribution_frequency)}`;
      return p.super_balance !== undefined
        ? `Add ${shortMoney(Number(p.super_balance))} to super`
        : 'Super contributions';
    },
  },
});
