// parental_leave: pauses a salary item after any employer-paid weeks, pays government Paid Parental Leave
// (days by birth date, daily rate by the financial year of each paid day, tagged ppl) and restores the
// salary, optionally reduced, on return.
import { PRIMARY_CASH, type Primitive } from '../../primitives';
import { addDays } from '../../au/dates';
import { cents } from '../../money';
import { pplDays, pplSchedule } from '../../au/ppl';
import { after, before, durationWeeks, percentRole } from '../../prompt/reading';
import { defineTemplate } from '../define';
import {
  bool,
  clamp,
  date,
  findItem,
  flow,
  key,
  num,
  once,
  optNum,
  superAccount,
  taxpayer,
  triggerDate,
} from '../helpers';
import { TAXPAYER, account, boolean, dateParam, integer, item, pct } from '../parameter-builders';

export const parentalLeave = defineTemplate({
  template_id: 'parental_leave',
  name: 'Parental Leave',
  description:
    'Time off for a new child: employer-paid leave, government Paid Parental Leave by birth date (with super from July 2025), then a return to work full- or part-time.',
  icon: '🍼',
  supports_baseline: false,
  baseline_name: null,
  baseline_description: null,
  group: { name: 'Income & Career', position: 2 },
  parameters: [
    item('salary_item', 'Pay that stops during leave', 'income', { help_text: 'Leave empty if you are not employed.' }),
    dateParam('birth_date', 'Birth or adoption date', {
      help_text: 'Leave empty to use the first day of the event month.',
    }),
    integer('leave_weeks', 'Weeks away from work', 52, { ...pct(0, 104), required: true }),
    integer('employer_paid_weeks', 'Weeks of employer-paid leave (full pay)', 0, pct(0, 52)),
    integer('return_salary_percent', 'Pay on return (% of before)', 100, {
      ...pct(0, 100),
      help_text: 'For example 60 for three days a week.',
    }),
    boolean('claim_ppl', 'Claim government Paid Parental Leave', true),
    integer('ppl_days', 'PPL days to claim (empty: full entitlement)', null, pct(0, 130)),
    account('super_account_id', 'Super fund for super on PPL', { help_text: 'Defaults to your first super account.' }),
    TAXPAYER,
  ],

  compile(p, ctx) {
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
      out.push({
        kind: 'adjust_flow',
        key: key(ctx, 'return_salary'),
        target: salary.id,
        from: returnDate,
        amount: cents(salary.amount * pct),
      });
    }

    if (bool(p, 'claim_ppl', true)) {
      // PPL is not paid on working days: at most the weekdays of unpaid leave.
      const available = (leaveWeeks - paidWeeks) * 5;
      const days = Math.min(optNum(p, 'ppl_days') ?? pplDays(birth), pplDays(birth), available);
      const superRef = superAccount(ctx, p);
      const schedule = pplSchedule({
        birthDate: birth,
        startDate: unpaidFrom,
        days,
        wageGrowthPct: ctx.assumptions.wage_growth_rate,
      });
      schedule.forEach((payment, i) => {
        out.push(
          ...flow(ctx, `ppl_${i + 1}`, {
            name: `Paid Parental Leave (${payment.days} days)`,
            account: PRIMARY_CASH,
            amount: payment.amount,
            schedule: once(payment.date),
            tax: {
              kind: 'ppl',
              taxpayer: taxpayer(p),
              birth_date: birth,
              ...(superRef ? { super_account: superRef } : {}),
            },
            category: 'Government payments',
          }),
        );
      });
    }
    return out;
  },

  validate: (v) =>
    num(v, 'employer_paid_weeks') > num(v, 'leave_weeks')
      ? [{ field: 'employer_paid_weeks', message: 'Employer-paid weeks cannot be more than the weeks away from work' }]
      : [],

  smart_create: {
    cues: [
      {
        weight: 10,
        re: /\b(?:parental|maternity|paternity|mat|parent|baby|primary\s+carer)\s+leave\b|\btime\s+off\s+(?:work\s+)?(?:for|with)\s+(?:the\s+|a\s+|our\s+)?(?:baby|child|newborn)|\bcareer\s+break\b/,
      },
      // 'have a baby ... and take 12 months off' is parental leave.
      {
        weight: 10,
        find: (text, matched) =>
          matched('new_child')
            ? (/\b(?:take|taking|have|having|get|getting)\b[^.;!?]{0,25}?\b(?:weeks?|months?|years?|yrs?)\s+off\b/.exec(
                text,
              )?.index ?? null)
            : null,
      },
    ],
    // 'return part-time' describes the return from leave, a parameter of parental_leave.
    supersedes: [
      { template: 'job_income_change', when: (m) => !/\bnew\s+(?:job|role)|\bpromot|\bpay\s+rise/.test(m.text) },
    ],
    read(ctx) {
      const out: Record<string, unknown> = {};
      const employerPaid = ctx.durations.find(
        (d) =>
          /\bemployer\b|\bfull\s+pay\b|\bpaid\s+by\b|\bon\s+full\b/.test(after(ctx, d, 5)) ||
          /\b(?:employer|full\s+pay)\b/.test(before(ctx, d, 3)),
      );
      const leave = ctx.durations.find((d) => d !== employerPaid && d.unit !== 'day');
      if (leave) out.leave_weeks = durationWeeks(leave);
      if (employerPaid) out.employer_paid_weeks = durationWeeks(employerPaid);
      if (ctx.event_date) out.birth_date = ctx.event_date;
      const days = ctx.ex.days_per_week.find((t) =>
        /\b(?:returns?|returning|back|work|part[\s-]*time)\b/.test(ctx.text.slice(Math.max(0, t.start - 40), t.start)),
      );
      if (days) out.return_salary_percent = Math.round((days.value / 5) * 100);
      const pct = ctx.percents.find((p) => percentRole(ctx, p) === 'return_salary');
      if (pct) out.return_salary_percent = Math.round(pct.value);
      if (/\b(?:no|without|not\s+claim\w*)\s+(?:government\s+)?(?:ppl|paid\s+parental\s+leave)\b/.test(ctx.text))
        out.claim_ppl = false;
      if (
        /\bpartner'?s?\b|\b(?:wife|husband|spouse)\b|\bpaternity\b/.test(ctx.text) &&
        /\b(?:my\s+)?(?:partner|wife|husband|spouse)\b/.test(ctx.text)
      )
        out.taxpayer = 'partner';
      return out;
    },
    title: (p) => (p.leave_weeks !== undefined ? `Parental leave, ${p.leave_weeks} weeks` : 'Parental leave'),
  },
});
