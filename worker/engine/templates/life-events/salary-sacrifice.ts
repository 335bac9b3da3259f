// salary_sacrifice: part of the gross salary paid into super instead (tagged salary_sacrifice: less taxable
// income, 15% contributions tax in the fund). Opens a super account if the user has none.
import { PRIMARY_CASH, type Primitive } from '../../primitives';
import { per, perPeriod, period, withClauseFreq } from '../../prompt/reading';
import { defineTemplate } from '../define';
import {
  endUnlessPermanent,
  flow,
  frequency,
  key,
  num,
  openAccount,
  recurring,
  superAccount,
  taxpayer,
  triggerDate,
} from '../helpers';
import { account, decimal, FREQ_OPTIONS, money, PERMANENCE, select, TAXPAYER } from '../parameter-builders';

export const salarySacrifice = defineTemplate({
  template_id: 'salary_sacrifice',
  name: 'Salary Sacrifice to Super',
  description: 'Sacrifice part of your pre-tax salary into super: less income tax, 15% contributions tax in the fund.',
  icon: '🪙',
  supports_baseline: true,
  baseline_name: 'Salary Sacrifice',
  baseline_description: 'A salary sacrifice arrangement you already have.',
  group: { name: 'Investments & Assets', position: 4 },
  parameters: [
    decimal('sacrifice_amount', 'Amount sacrificed (before tax)', 500, {
      ...money,
      required: true,
      help_text:
        'With the Super Guarantee it counts towards the concessional cap ($30,000 in 2025-26, $32,500 from 2026-27; unused cap of the last five years carries forward while super is under $500,000). An excess is taxed at your rates less 15%; above $250,000 of income Division 293 adds 15%.',
    }),
    select('sacrifice_frequency', 'How often', FREQ_OPTIONS, 'monthly'),
    account('super_account_id', 'Super account', { help_text: 'Defaults to your first super account.' }),
    TAXPAYER,
    ...PERMANENCE,
  ],

  compile(p, ctx) {
    const start = triggerDate(ctx);
    const end = endUnlessPermanent(p);
    if (end !== null && end < start) return [];
    const out: Primitive[] = [];
    let target = superAccount(ctx, p);
    if (!target) {
      target = key(ctx, 'super');
      out.push(openAccount(ctx, target, 'Super fund', 'superannuation', undefined, ctx.is_baseline ? 0 : null));
    }
    out.push(
      ...flow(ctx, 'sacrifice', {
        name: 'Salary sacrifice to super',
        account: PRIMARY_CASH,
        amount: -Math.max(0, num(p, 'sacrifice_amount', 0)),
        schedule: recurring(frequency(p, 'sacrifice_frequency'), start, end),
        tax: { kind: 'salary_sacrifice', taxpayer: taxpayer(p), super_account: target },
        category: 'Superannuation',
      }),
    );
    return out;
  },

  smart_create: {
    cues: [{ weight: 10, re: /\bsalary[\s-]*sacrific/ }],
    // The sacrificed amount is the super contribution, not a separate plan or an investment.
    supersedes: [{ template: 'superannuation' }, { template: 'asset_purchase' }],
    read(ctx) {
      const out: Record<string, unknown> = {};
      const a = ctx.amounts.map((x) => withClauseFreq(ctx, x))[0];
      if (a) {
        const p = perPeriod(a);
        out.sacrifice_amount = p.amount;
        if (p.freq) out.sacrifice_frequency = p.freq;
      }
      period(ctx, out);
      return out;
    },
    title: (p) =>
      p.sacrifice_amount !== undefined
        ? `Salary sacrifice ${per(p.sacrifice_amount, p.sacrifice_frequency)}`
        : 'Salary sacrifice',
  },
});
