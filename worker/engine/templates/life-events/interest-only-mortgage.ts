// interest_only_mortgage: switch a mortgage (or a new or existing loan) to interest-only repayments for a
// number of years, then principal and interest; optionally part deductible (investment use).
import { PRIMARY_CASH } from '../../primitives';
import { after, before, durationYears, interestOnlyYears, largest, pickRate } from '../../prompt/reading';
import { isOffsetAmount } from '../../prompt/household';
import { defineTemplate } from '../define';
import { clamp, findAccount, interestOnlyWithinTerm, num, taxpayer } from '../helpers';
import { amountOrAccount, compileMortgage } from '../mortgage';
import { OFFSET_PARAMS, TAXPAYER, account, decimal, integer, item, money, pct } from '../parameter-builders';

export const interestOnlyMortgage = defineTemplate({
  template_id: 'interest_only_mortgage',
  name: 'Interest-Only Mortgage',
  description:
    'Switch a mortgage to interest-only repayments for a few years, then principal and interest for the rest of the term.',
  icon: '⏸️',
  supports_baseline: true,
  baseline_name: 'Interest-Only Mortgage',
  baseline_description: 'An interest-only loan you already have.',
  group: { name: 'Property', position: 5 },
  parameters: [
    account('debt_account_id', 'Mortgage to switch', {
      baseline_hidden: true,
      help_text: 'Leave empty to add a new interest-only loan of the amount below, drawn into your cash account.',
    }),
    decimal('loan_amount', 'Amount borrowed', 600_000, {
      ...money,
      help_text: 'Used when no mortgage is picked.',
      baseline_label: 'Amount owed',
    }),
    decimal('loan_interest_rate', 'Interest rate (% a year)', 6.6, { ...pct(0, 30), required: true }),
    integer('interest_only_years', 'Interest-only years', 5, { ...pct(1, 15), required: true }),
    integer('loan_term_years', 'Remaining term including interest-only years', 30, { ...pct(1, 40), required: true }),
    item('repayment_item', 'Current repayment to replace', 'expense', {
      help_text: 'This recurring repayment stops; the new repayments replace it.',
    }),
    integer('investment_share_percent', 'Share used for investment (deductible %)', 0, pct(0, 100)),
    TAXPAYER,
    ...OFFSET_PARAMS,
  ],

  compile(p, ctx) {
    const termMonths = Math.round(clamp(num(p, 'loan_term_years', 30), 1, 50) * 12);
    return compileMortgage(p, ctx, {
      // A baseline describes an interest-only loan already held: its own account, at the amount owed.
      existing: ctx.is_baseline ? undefined : findAccount(ctx, p.debt_account_id)?.id,
      amount: num(p, 'loan_amount', 0),
      name: ctx.is_baseline ? 'Interest-only mortgage' : ctx.event_name || 'Interest-only loan',
      drawn: !ctx.is_baseline,
      annual_rate: clamp(num(p, 'loan_interest_rate', 6.6), 0, 100),
      term_months: termMonths,
      interest_only_months: Math.round(clamp(num(p, 'interest_only_years', 5) * 12, 1, termMonths)),
      repayment_from: PRIMARY_CASH,
      deductible_share: clamp(num(p, 'investment_share_percent', 0), 0, 100) / 100,
      taxpayer: taxpayer(p),
    });
  },

  validate: (v) => [
    ...interestOnlyWithinTerm(v),
    ...amountOrAccount(v, 'Enter the amount borrowed or pick a mortgage'),
  ],

  smart_create: {
    cues: [{ weight: 9, re: /\binterest[\s-]*only\b|\bi\/o\s+loan\b/ }],
    read(ctx) {
      const out: Record<string, unknown> = {};
      const loan = largest(ctx.amounts.filter((a) => !a.freq && !isOffsetAmount(ctx, a)));
      if (loan) out.loan_amount = loan.value;
      const rate = pickRate(ctx);
      if (rate !== undefined) out.loan_interest_rate = rate;
      const io = interestOnlyYears(ctx);
      if (io !== undefined) out.interest_only_years = io;
      const term = ctx.durations.find((d) =>
        /\b(?:left|remaining|term|to\s+go)\b/.test(`${before(ctx, d, 2)} ${after(ctx, d, 2)}`),
      );
      if (term) out.loan_term_years = Math.round(durationYears(term));
      if (/\binvestment\b/.test(ctx.text)) {
        const share = ctx.percents.find((p) => /\binvest/.test(after(ctx, p, 3)));
        if (share) out.investment_share_percent = Math.round(share.value);
      }
      return out;
    },
    title: (p) =>
      p.interest_only_years !== undefined
        ? `Interest-only for ${p.interest_only_years} years`
        : 'Switch to interest-only',
  },
});
