// retirement: the salary stops, a yearly income is drawn from super (a transfer: tax-free from 60 and not
// income in the forecast's sense) stepping up each year, and spending changes.
import type { Primitive } from '../../primitives';
import { AU_DEFAULTS } from '../../au/defaults';
import { addMonths } from '../../au/dates';
import { annual, shortMoney } from '../../smart-create/reading';
import { defineTemplate } from '../define';
import {
  accountRef,
  dayBefore,
  findItem,
  flow,
  key,
  num,
  recurring,
  superAccount,
  transfer,
  triggerDate,
} from '../helpers';
import { account, decimal, item, money, pct } from '../parameter-builders';

/** Drawdown years emitted (one transfer each, since transfers are not indexed). */
const DRAWDOWN_YEARS = 40;

export const retirement = defineTemplate({
  template_id: 'retirement',
  name: 'Retire',
  description: 'Stop work and draw an income from super (tax-free from 60), with a change in spending.',
  icon: '🏖️',
  supports_baseline: false,
  baseline_name: null,
  baseline_description: null,
  group: { name: 'Income & Career', position: 3 },
  parameters: [
    item('salary_item', 'Pay that stops', 'income'),
    account('super_account_id', 'Super account to draw from', { help_text: 'Defaults to your first super account.' }),
    decimal('annual_drawdown', 'Yearly income drawn from super', 55_000, { ...money, required: true }),
    decimal('drawdown_growth_rate', 'Yearly increase in drawdown (%)', AU_DEFAULTS.inflation, pct(-10, 20)),
    decimal('spending_change_monthly', 'Change in monthly spending', 0, {
      min_value: -1_000_000,
      max_value: 1_000_000,
      help_text: 'Negative to spend less, positive to spend more.',
    }),
    account('deposit_account_id', 'Paid into', { help_text: 'Defaults to your main cash account.' }),
  ],

  compile(p, ctx) {
    const start = triggerDate(ctx);
    const out: Primitive[] = [];
    const salary = findItem(ctx, p.salary_item);
    if (salary)
      out.push({
        kind: 'adjust_flow',
        key: key(ctx, 'stop_salary'),
        target: salary.id,
        from: start,
        end_date: dayBefore(start),
      });
    const superRef = superAccount(ctx, p);
    const cash = accountRef(ctx, p.deposit_account_id);
    const yearly = Math.max(0, num(p, 'annual_drawdown', 0));
    const growth = num(p, 'drawdown_growth_rate', ctx.assumptions.inflation_rate);
    if (superRef && yearly > 0) {
      for (let year = 0; year < DRAWDOWN_YEARS; year++) {
        const from = `${addMonths(ctx.trigger_month, year * 12)}-01`;
        const to = dayBefore(`${addMonths(ctx.trigger_month, (year + 1) * 12)}-01`);
        out.push(
          ...transfer(ctx, `drawdown_${year + 1}`, {
            name: 'Super pension drawdown',
            from: superRef,
            to: cash,
            amount: (yearly * Math.pow(1 + growth / 100, year)) / 12,
            schedule: recurring('monthly', from, to),
          }),
        );
      }
    }
    out.push(
      ...flow(ctx, 'spending_change', {
        name: 'Change in spending in retirement',
        account: cash,
        amount: -num(p, 'spending_change_monthly', 0),
        schedule: recurring('monthly', start),
        indexation_rate: ctx.assumptions.inflation_rate,
        category: 'Living expenses',
      }),
    );
    return out;
  },

  smart_create: {
    cues: [{ weight: 10, re: /\bretir(?:e|es|ing|ement)\b|\bstop\s+working\b/ }],
    // Super in retirement is drawn down, not a contribution plan; the salary stops rather than changes.
    supersedes: [{ template: 'superannuation' }, { template: 'job_income_change' }],
    read(ctx) {
      const out: Record<string, unknown> = {};
      const drawdown = ctx.amounts.find((a) => a.freq);
      if (drawdown) out.annual_drawdown = annual(drawdown);
      return out;
    },
    title: (p) =>
      p.annual_drawdown !== undefined ? `Retire on ${shortMoney(Number(p.annual_drawdown))} a year` : 'Retire',
  },
});
