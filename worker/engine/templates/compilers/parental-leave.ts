// parental_leave: pauses a salary item after any employer-paid weeks, pays government Paid Parental Leave
// (days by birth date, daily rate by the financial year of each paid day, tagged ppl) and restores the
// salary, optionally reduced, on return.
import { PRIMARY_CASH, type Primitive, type TemplateCompiler } from '../../primitives';
import { addDays } from '../../au/dates';
import { cents } from '../../money';
import { pplDays, pplSchedule } from '../../au/ppl';
import { bool, clamp, date, findItem, flow, key, num, once, optNum, superAccount, taxpayer, triggerDate, type TemplateContext } from '../helpers';

export const compileParentalLeave: TemplateCompiler = (p, ctx: TemplateContext) => {
  const birth = date(p, 'birth_date', triggerDate(ctx));
  const leaveWeeks = Math.round(clamp(num(p, 'leave_weeks', 52), 0, 520));
  const paidWeeks = Math.round(clamp(num(p, 'employer_paid_weeks', 0), 0, leaveWeeks));
  const unpaidFrom = addDays(birth, paidWeeks * 7);
  const returnDate = addDays(birth, leaveWeeks * 7);
  const out: Primitive[] = [];

  const salary = findItem(ctx, p.salary_item);
  if (salary && leaveWeeks > paidWeeks) {
    const pct = clamp(num(p, 'return_salary_percent', 100), 0, 100) / 100;
    out.push({ kind: 'adjust_flow', key: key(ctx, 'pause_salary'), target: salary.id, from: unpaidFrom, amount: 0 });
    out.push({ kind: 'adjust_flow', key: key(ctx, 'return_salary'), target: salary.id, from: returnDate, amount: cents(salary.amount * pct) });
  }

  if (bool(p, 'claim_ppl', true)) {
    // PPL is not paid on working days: at most the weekdays of unpaid leave.
    const available = (leaveWeeks - paidWeeks) * 5;
    const days = Math.min(optNum(p, 'ppl_days') ?? pplDays(birth), pplDays(birth), available);
    const superRef = superAccount(ctx, p);
    const schedule = pplSchedule({ birthDate: birth, startDate: unpaidFrom, days, wageGrowthPct: ctx.assumptions.wage_growth_rate });
    schedule.forEach((payment, i) => {
      out.push(
        ...flow(ctx, `ppl_${i + 1}`, {
          name: `Paid Parental Leave (${payment.days} days)`,
          account: PRIMARY_CASH,
          amount: payment.amount,
          schedule: once(payment.date),
          tax: { kind: 'ppl', taxpayer: taxpayer(p), birth_date: birth, ...(superRef ? { super_account: superRef } : {}) },
          category: 'Government payments',
        }),
      );
    });
  }
  return out;
};
