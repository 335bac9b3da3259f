// inheritance: a one-off receipt (not taxable in Australia) and optionally part of it repaying a debt.
import type { Primitive } from '../../primitives';
import { after, before, largest, shortMoney } from '../../prompt/reading';
import { defineTemplate } from '../define';
import { accountRef, clamp, findAccount, flow, num, once, optNum, transfer, triggerDate } from '../helpers';
import { account, decimal, money } from '../parameter-builders';

export const inheritance = defineTemplate({
  template_id: 'inheritance',
  name: 'Inheritance or Windfall',
  description:
    'Receive a lump sum (inheritances are not taxed in Australia) and optionally repay a debt with part of it.',
  icon: '🎁',
  supports_baseline: false,
  baseline_name: null,
  baseline_description: null,
  group: { name: 'Investments & Assets', position: 5 },
  parameters: [
    decimal('amount', 'Amount received', 100_000, { ...money, required: true }),
    account('destination_account_id', 'Paid into', { help_text: 'Defaults to your main cash account.' }),
    account('debt_account_id', 'Debt to repay with part of it'),
    decimal('debt_payment_amount', 'Amount used to repay the debt', 0, money),
  ],

  compile(p, ctx) {
    const start = triggerDate(ctx);
    const amount = Math.max(0, num(p, 'amount', 0));
    const into = accountRef(ctx, p.destination_account_id);
    const out: Primitive[] = flow(ctx, 'receipt', {
      name: ctx.event_name || 'Inheritance',
      account: into,
      amount,
      schedule: once(start),
      category: 'Gifts and inheritance',
    });
    const debt = findAccount(ctx, p.debt_account_id);
    if (debt && !debt.is_asset) {
      out.push(
        ...transfer(ctx, 'repay_debt', {
          name: `Repay ${debt.name}`,
          from: into,
          to: debt.id,
          amount: clamp(num(p, 'debt_payment_amount', 0), 0, amount),
          schedule: once(start),
        }),
      );
    }
    return out;
  },

  validate: (v) =>
    (optNum(v, 'debt_payment_amount') ?? 0) > num(v, 'amount')
      ? [{ field: 'debt_payment_amount', message: 'Cannot repay more than the amount received' }]
      : [],

  smart_create: {
    cues: [
      {
        weight: 10,
        re: /\binherit\w*|\bwindfall\b|\blott(?:o|ery)\b|\bbequest\b|\bgift\s+from\s+(?:my\s+|our\s+)?(?:parents|family|grandparents|mum|dad)|\b(?:parents|family)\s+(?:are\s+)?(?:giving|gifting)\b/,
      },
    ],
    // Repaying a debt with part of it is this template's debt_payment_amount.
    supersedes: [{ template: 'debt_payoff' }],
    read(ctx) {
      const out: Record<string, unknown> = {};
      const repay = ctx.amounts.find(
        (a) =>
          /\b(?:pay|repay|pay\s+down|pay\s+off|clear|mortgage|debt|loan)\b/.test(after(ctx, a, 4)) &&
          /\b(?:use|using|put|with)\b/.test(before(ctx, a, 3)),
      );
      const received = largest(ctx.amounts.filter((a) => a !== repay));
      if (received) out.amount = received.value;
      if (repay) out.debt_payment_amount = repay.value;
      return out;
    },
    title: (p) => (p.amount !== undefined ? `Inheritance of ${shortMoney(Number(p.amount))}` : 'Inheritance'),
  },
});
