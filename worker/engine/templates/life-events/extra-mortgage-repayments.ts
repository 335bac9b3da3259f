// extra_mortgage_repayments: a recurring transfer from cash to the mortgage (the simulator caps each at what
// is owed, so payments stop when the loan is repaid).
import { per, perPeriod, period, withClauseFreq } from '../../prompt/reading';
import { defineTemplate } from '../define';
import {
  accountRef,
  date,
  endUnlessPermanent,
  findAccount,
  frequency,
  num,
  recurring,
  transfer,
  triggerDate,
} from '../helpers';
import { account, dateParam, decimal, FREQ_OPTIONS, money, PERMANENCE, select } from '../parameter-builders';

export const extraMortgageRepayments = defineTemplate({
  template_id: 'extra_mortgage_repayments',
  name: 'Extra Mortgage Repayments',
  description: 'Pay extra off your mortgage each period to cut interest and finish years sooner.',
  icon: '💪',
  supports_baseline: true,
  baseline_name: 'Extra Mortgage Repayments',
  baseline_description: 'Extra repayments you already make.',
  group: { name: 'Property', position: 6 },
  parameters: [
    account('debt_account_id', 'Mortgage', { required: true }),
    decimal('extra_payment_amount', 'Extra repayment', 500, { ...money, required: true }),
    select('extra_payment_frequency', 'How often', FREQ_OPTIONS, 'monthly'),
    dateParam('extra_payment_start', 'Start date', {
      help_text: 'Leave empty to start in the event month.',
      baseline_hidden: true,
    }),
    account('extra_payment_account_id', 'Paid from', { help_text: 'Defaults to your main cash account.' }),
    ...PERMANENCE,
  ],

  compile(p, ctx) {
    const debt = findAccount(ctx, p.debt_account_id);
    if (!debt || debt.is_asset) return [];
    const start = ctx.is_baseline ? triggerDate(ctx) : date(p, 'extra_payment_start', triggerDate(ctx));
    const end = endUnlessPermanent(p);
    if (end !== null && end < start) return [];
    return transfer(ctx, 'extra_repayment', {
      name: `Extra repayment: ${debt.name}`,
      from: accountRef(ctx, p.extra_payment_account_id),
      to: debt.id,
      amount: Math.max(0, num(p, 'extra_payment_amount', 0)),
      schedule: recurring(frequency(p, 'extra_payment_frequency'), start, end),
    });
  },

  smart_create: {
    cues: [
      {
        weight: 9,
        re: /\b(?:extra|additional|more|top[\s-]?up)\b[^.;!?]{0,40}?\b(?:mortgage|home\s+loan|house\s+loan)|\b(?:mortgage|home\s+loan)\b[^.;!?]{0,30}?\b(?:extra|additional|faster|sooner|early|quicker)\b|\bextra\s+(?:mortgage\s+)?repayments?\b|\bpay\s+(?:off|down)\s+(?:the\s+|my\s+|our\s+)?(?:mortgage|home\s+loan)\s+(?:faster|sooner|early|quicker)/,
      },
    ],
    // Paying the mortgage off faster is this template, not a debt payoff, unless a lump sum is named.
    supersedes: [{ template: 'debt_payoff', when: (m) => !/\blump[\s-]*sum\b/.test(m.text) }],
    read(ctx) {
      const out: Record<string, unknown> = {};
      const amounts = ctx.amounts.map((a) => withClauseFreq(ctx, a));
      const a = amounts.find((x) => x.freq) ?? amounts[0];
      if (a) {
        const p = perPeriod(a);
        out.extra_payment_amount = p.amount;
        if (p.freq) out.extra_payment_frequency = p.freq;
      }
      if (ctx.event_date) out.extra_payment_start = ctx.event_date;
      period(ctx, out);
      return out;
    },
    title: (p) =>
      p.extra_payment_amount !== undefined
        ? `Extra ${per(p.extra_payment_amount, p.extra_payment_frequency)} on mortgage`
        : 'Extra mortgage repayments',
  },
});
