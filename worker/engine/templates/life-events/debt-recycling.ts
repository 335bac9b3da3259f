// debt_recycling: each month surplus cash repays the home loan (non-deductible) and the same amount is drawn
// from a new investment split (interest deductible) into investments, until the home loan is estimated repaid.
import { PRIMARY_CASH, type Primitive } from '../../primitives';
import { AU_DEFAULTS } from '../../au/defaults';
import { addMonths } from '../../au/dates';
import { per, perMonth, percentRole } from '../../prompt/reading';
import { defineTemplate } from '../define';
import {
  accountRef,
  clamp,
  dayBefore,
  findAccount,
  key,
  num,
  once,
  openAccount,
  recurring,
  taxpayer,
  transfer,
  triggerDate,
} from '../helpers';
import { TAXPAYER, account, decimal, money, pct } from '../parameter-builders';

/** The investment split is interest-only for 10 years (a usual lender maximum), then principal and interest. */
const SPLIT_TERM_MONTHS = 360;
const SPLIT_IO_MONTHS = 120;

export const debtRecycling = defineTemplate({
  template_id: 'debt_recycling',
  name: 'Debt Recycling',
  description:
    'Repay your home loan with surplus cash and redraw the same amount from an investment split to invest: the debt stays level while its deductible share grows.',
  icon: '♻️',
  supports_baseline: false,
  baseline_name: null,
  baseline_description: null,
  group: { name: 'Investments & Assets', position: 2 },
  parameters: [
    account('debt_account_id', 'Home loan (non-deductible split)', { required: true }),
    decimal('recycle_amount', 'Surplus recycled each month', 1_000, { ...money, required: true }),
    decimal('initial_amount', 'Savings recycled at the start', 0, money),
    decimal('investment_return', 'Investment return (% a year)', 7, pct(-50, 50)),
    decimal('investment_loan_rate', 'Investment split rate (% a year)', AU_DEFAULTS.investor_rate, {
      ...pct(0, 30),
      required: true,
    }),
    account('recycle_account_id', 'Surplus comes from', { help_text: 'Defaults to your main cash account.' }),
    TAXPAYER,
  ],

  compile(p, ctx) {
    const home = findAccount(ctx, p.debt_account_id);
    if (!home || home.is_asset) return [];
    const start = triggerDate(ctx);
    const monthly = Math.max(0, num(p, 'recycle_amount', 0));
    const owed = Math.abs(home.current_balance);
    const initial = clamp(num(p, 'initial_amount', 0), 0, owed);
    const rate = clamp(num(p, 'investment_loan_rate', 6.5), 0, 100);
    const cash = accountRef(ctx, p.recycle_account_id);
    const splitKey = key(ctx, 'investment_split');
    const investKey = key(ctx, 'investments');
    const out: Primitive[] = [
      openAccount(ctx, splitKey, `${home.name}: investment split`, 'mortgage', rate),
      openAccount(
        ctx,
        investKey,
        'Recycled investments',
        'investment',
        num(p, 'investment_return', ctx.assumptions.account_type_rates.investment),
      ),
      {
        kind: 'loan',
        key: key(ctx, 'split_repayments'),
        account: splitKey,
        annual_rate: rate,
        start: addMonths(ctx.trigger_month, 1),
        term_months: SPLIT_TERM_MONTHS,
        interest_only_months: SPLIT_IO_MONTHS,
        repayment_from: PRIMARY_CASH,
        deductible_share: 1,
        taxpayer: taxpayer(p),
      },
      ...transfer(ctx, 'initial_repay', {
        name: 'Recycle savings into the home loan',
        from: cash,
        to: home.id,
        amount: initial,
        schedule: once(start),
      }),
      ...transfer(ctx, 'initial_redraw', {
        name: 'Redraw to invest',
        from: splitKey,
        to: investKey,
        amount: initial,
        schedule: once(start),
      }),
    ];
    const remaining = owed - initial;
    if (monthly > 0 && remaining > 0) {
      // Months until the home loan is repaid by recycling alone; its own repayments may finish it sooner.
      const months = Math.min(SPLIT_TERM_MONTHS, Math.ceil(remaining / monthly));
      const end = dayBefore(`${addMonths(ctx.trigger_month, months)}-01`);
      out.push(
        ...transfer(ctx, 'recycle_repay', {
          name: 'Surplus repays the home loan',
          from: cash,
          to: home.id,
          amount: monthly,
          schedule: recurring('monthly', start, end),
        }),
        ...transfer(ctx, 'recycle_redraw', {
          name: 'Redraw from the investment split to invest',
          from: splitKey,
          to: investKey,
          amount: monthly,
          schedule: recurring('monthly', start, end),
        }),
      );
    }
    return out;
  },

  smart_create: {
    cues: [{ weight: 10, re: /\bdebt[\s-]*recycl|\brecycl\w*\b[^.;!?]{0,30}?\b(?:debt|loan|mortgage)\b/ }],
    // What is bought with the redraw is part of the recycling.
    supersedes: [{ template: 'asset_purchase' }],
    read(ctx) {
      const out: Record<string, unknown> = {};
      const regular = ctx.amounts.find((a) => a.freq);
      if (regular) out.recycle_amount = perMonth(regular);
      const initial = ctx.amounts.find((a) => !a.freq);
      if (initial) out.initial_amount = initial.value;
      const ret = ctx.percents.find((p) => percentRole(ctx, p) === 'return');
      if (ret) out.investment_return = ret.value;
      const rate = ctx.percents.find((p) => percentRole(ctx, p) === 'rate');
      if (rate) out.investment_loan_rate = rate.value;
      return out;
    },
    title: (p) =>
      p.recycle_amount !== undefined ? `Debt recycling ${per(p.recycle_amount, 'monthly')}` : 'Debt recycling',
  },
});
