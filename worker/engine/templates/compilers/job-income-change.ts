// job_income_change: a gross salary (taxed by the simulator with LITO and Medicare levy, Super Guarantee
// paid into super) replacing an existing income item from the event's month.
import type { Primitive, TemplateCompiler } from '../../primitives';
import { accountRef, bool, dayBefore, findItem, flow, frequency, key, num, optDate, perPeriod, recurring, superAccount, taxpayer, triggerDate, type TemplateContext } from '../helpers';

export const compileJobIncomeChange: TemplateCompiler = (p, ctx: TemplateContext) => {
  const start = triggerDate(ctx);
  const end = bool(p, 'is_permanent', true) ? null : optDate(p, 'end_date');
  const out: Primitive[] = [];
  const replaced = findItem(ctx, p.current_salary_item);
  if (replaced) out.push({ kind: 'adjust_flow', key: key(ctx, 'stop_income'), target: replaced.id, from: start, end_date: dayBefore(start) });
  if (end !== null && end < start) return out;
  const freq = frequency(p, 'pay_frequency', 'fortnightly');
  const superRef = superAccount(ctx, p);
  out.push(
    ...flow(ctx, 'salary', {
      name: ctx.is_baseline ? 'Salary (gross)' : `${ctx.event_name || 'New job'}: salary (gross)`,
      account: accountRef(ctx, p.deposit_account_id),
      amount: perPeriod(Math.max(0, num(p, 'gross_annual_salary', 0)), freq),
      schedule: recurring(freq, start, end),
      indexation_rate: num(p, 'salary_growth_rate', ctx.assumptions.wage_growth_rate),
      tax: { kind: 'salary', taxpayer: taxpayer(p), ...(superRef ? { super_account: superRef } : {}) },
      category: 'Salary',
    }),
  );
  return out;
};
