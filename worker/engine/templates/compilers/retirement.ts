// retirement: the salary stops, a yearly income is drawn from super (a transfer: tax-free from 60 and not
// income in the forecast's sense) stepping up each year, and spending changes.
import type { Primitive, TemplateCompiler } from '../../primitives';
import { addMonths } from '../../au/dates';
import { accountRef, dayBefore, findItem, flow, key, num, recurring, superAccount, transfer, triggerDate, type TemplateContext } from '../helpers';

/** Drawdown years emitted (one transfer each, since transfers are not indexed). */
const DRAWDOWN_YEARS = 40;

export const compileRetirement: TemplateCompiler = (p, ctx: TemplateContext) => {
  const start = triggerDate(ctx);
  const out: Primitive[] = [];
  const salary = findItem(ctx, p.salary_item);
  if (salary) out.push({ kind: 'adjust_flow', key: key(ctx, 'stop_salary'), target: salary.id, from: start, end_date: dayBefore(start) });
  const superRef = superAccount(ctx, p);
  const cash = accountRef(ctx, p.deposit_account_id);
  const annual = Math.max(0, num(p, 'annual_drawdown', 0));
  const growth = num(p, 'drawdown_growth_rate', ctx.assumptions.inflation_rate);
  if (superRef && annual > 0) {
    for (let year = 0; year < DRAWDOWN_YEARS; year++) {
      const from = `${addMonths(ctx.trigger_month, year * 12)}-01`;
      const to = dayBefore(`${addMonths(ctx.trigger_month, (year + 1) * 12)}-01`);
      out.push(
        ...transfer(ctx, `drawdown_${year + 1}`, {
          name: 'Super pension drawdown',
          from: superRef,
          to: cash,
          amount: (annual * Math.pow(1 + growth / 100, year)) / 12,
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
};
