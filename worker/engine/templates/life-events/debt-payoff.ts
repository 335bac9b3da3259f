// debt_payoff: extra regular payments or one lump sum transferred to a debt (capped by the simulator at what
// is owed, so nothing is paid past zero).
import { per, perMonth, shortMoney, withClauseFreq } from '../../prompt/reading';
import { defineTemplate } from '../define';
import { accountRef, date, findAccount, num, once, recurring, str, transfer, triggerDate } from '../helpers';
import { account, dateParam, decimal, money, select } from '../parameter-builders';

const LUMP_SUM_RE = /\blump[\s-]*sum\b/;

export const debtPayoff = defineTemplate({
  template_id: 'debt_payoff',
  name: 'Aggressive Debt Payoff',
  description: 'Pay down a debt faster with extra regular payments or one lump sum.',
  icon: '🎯',
  supports_baseline: false,
  baseline_name: null,
  baseline_description: null,
  group: { name: 'Debt & Payments', position: 1 },
  parameters: [
    account('debt_account_id', 'Debt to pay off', { required: true }),
    select(
      'payoff_strategy',
      'Strategy',
      [
        ['extra_payments', 'Extra regular payments'],
        ['lump_sum', 'One lump sum'],
      ],
      'extra_payments',
    ),
    decimal('extra_payment_amount', 'Extra payment (per month)', 500, { ...money, required: true }),
    dateParam('extra_payment_start', 'Start date', { help_text: 'Leave empty to start in the event month.' }),
    account('extra_payment_account_id', 'Paid from', { help_text: 'Defaults to your main cash account.' }),
    decimal('lump_sum_amount', 'Lump sum', 10_000, { ...money, required: true }),
    dateParam('lump_sum_date', 'Lump sum date', { help_text: 'Leave empty to pay in the event month.' }),
    account('lump_sum_account_id', 'Lump sum paid from', { help_text: 'Defaults to your main cash account.' }),
  ],

  compile(p, ctx) {
    const debt = findAccount(ctx, p.debt_account_id);
    if (!debt || debt.is_asset) return [];
    if (str(p, 'payoff_strategy', 'extra_payments') === 'lump_sum') {
      return transfer(ctx, 'lump_sum', {
        name: `Lump sum off ${debt.name}`,
        from: accountRef(ctx, p.lump_sum_account_id),
        to: debt.id,
        amount: Math.max(0, num(p, 'lump_sum_amount', 0)),
        schedule: once(date(p, 'lump_sum_date', triggerDate(ctx))),
      });
    }
    return transfer(ctx, 'extra_payment', {
      name: `Extra payment off ${debt.name}`,
      from: accountRef(ctx, p.extra_payment_account_id),
      to: debt.id,
      amount: Math.max(0, num(p, 'extra_payment_amount', 0)),
      schedule: recurring('monthly', date(p, 'extra_payment_start', triggerDate(ctx))),
    });
  },

  smart_create: {
    cues: [
      {
        weight: 8,
        re: /\b(?:pay|paying|clear|clearing|wipe|kill|knock|smash|eliminate|get\s+rid\s+of)\b(?:\s+(?:off|down|out))?\b[^.;!?]{0,30}?\b(?:credit\s+cards?|cards?|personal\s+loans?|car\s+loans?|loans?|debts?|overdraft|bnpl|afterpay)\b|\bdebt[\s-]*free\b|\baggressive(?:ly)?\s+(?:pay|debt)|\bdebt\s+(?:payoff|snowball|avalanche)|\blump[\s-]*sum\b/,
      },
    ],
    // A lump sum off the mortgage is a debt payoff, not extra repayments. Beside a HELP debt the debt words
    // are the HELP debt's (help_debt absorbs debt_payoff), so they claim nothing here.
    supersedes: [
      { template: 'extra_mortgage_repayments', when: (m) => LUMP_SUM_RE.test(m.text) && !m.has('help_debt') },
    ],
    read(ctx) {
      const out: Record<string, unknown> = {};
      const lump = /\blump[\s-]*sum\b|\bin\s+one\s+(?:go|hit|payment)\b|\ball\s+at\s+once\b/.test(ctx.text);
      const amounts = ctx.amounts.map((a) => withClauseFreq(ctx, a));
      if (lump) {
        out.payoff_strategy = 'lump_sum';
        const a = amounts.find((x) => !x.freq);
        if (a) out.lump_sum_amount = a.value;
        if (ctx.event_date) out.lump_sum_date = ctx.event_date;
      } else {
        const a = amounts.find((x) => x.freq);
        if (a) out.extra_payment_amount = perMonth(a);
        if (ctx.event_date) out.extra_payment_start = ctx.event_date;
      }
      return out;
    },
    title(p) {
      if (p.payoff_strategy === 'lump_sum')
        return p.lump_sum_amount !== undefined
          ? `Pay off debt with ${shortMoney(Number(p.lump_sum_amount))}`
          : 'Pay off debt with a lump sum';
      return p.extra_payment_amount !== undefined
        ? `Pay off debt, ${per(p.extra_payment_amount, 'monthly')} extra`
        : 'Pay off debt faster';
    },
  },
});
