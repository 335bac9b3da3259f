// job_income_change: a gross salary (taxed by the simulator with LITO and Medicare levy, Super Guarantee
// paid into super) replacing an existing income item from the event's month.
import type { Primitive } from '../../primitives';
import { AU_DEFAULTS } from '../../au/defaults';
import { DELTA_RE, SALARY_RE, after, annual, before, period, shortMoney } from '../../prompt/reading';
import { defineTemplate } from '../define';
import {
  accountRef,
  endUnlessPermanent,
  findItem,
  flow,
  frequency,
  num,
  perPeriod,
  recurring,
  stopItem,
  superAccount,
  taxpayer,
  triggerDate,
} from '../helpers';
import { account, decimal, FREQ_OPTIONS, item, money, pct, PERMANENCE, select, TAXPAYER } from '../parameter-builders';

export const jobIncomeChange = defineTemplate({
  template_id: 'job_income_change',
  name: 'New Job or Pay Change',
  description:
    'A new job, promotion or pay cut: gross salary taxed by the financial year (with LITO and Medicare levy) and the Super Guarantee paid into super.',
  icon: '💼',
  supports_baseline: true,
  baseline_name: 'Current Job',
  baseline_description: 'Your current salary before tax.',
  group: { name: 'Income & Career', position: 1 },
  parameters: [
    decimal('gross_annual_salary', 'New gross salary (per year, before tax)', 95_000, {
      ...money,
      required: true,
      baseline_label: 'Gross salary (per year, before tax)',
    }),
    select('pay_frequency', 'Paid', FREQ_OPTIONS, 'fortnightly'),
    decimal('salary_growth_rate', 'Pay rises (% a year)', AU_DEFAULTS.wage_growth, pct(-20, 30)),
    item('current_salary_item', 'Income this replaces', 'income', {
      help_text: 'It stops the day before the change so income is not counted twice.',
      baseline_help_text: 'If your pay is already a recurring item, pick it so it is not counted twice.',
    }),
    account('super_account_id', 'Super fund for the Super Guarantee', {
      help_text: 'Defaults to your first super account.',
    }),
    account('deposit_account_id', 'Paid into', { help_text: 'Defaults to your main cash account.' }),
    TAXPAYER,
    ...PERMANENCE,
  ],

  compile(p, ctx) {
    const start = triggerDate(ctx);
    const end = endUnlessPermanent(p);
    const out: Primitive[] = [];
    const replaced = findItem(ctx, p.current_salary_item);
    if (replaced) out.push(stopItem(ctx, 'stop_income', replaced.id, start));
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
  },

  smart_create: {
    cues: [
      {
        weight: 8,
        re: /\bnew\s+(?:job|role|position|employer)|\bjob\s+offer|\b(?:pay|salary|wage)\s+(?:rise|raise|increase|cut|bump|drop)|\b(?:a|my|our)\s+(?:pay\s+)?(?:rise|raise)\b|\$\d[\d.,]*\s*k?\s+(?:pay\s+)?(?:rise|raise|cut)\b|\b(?:rise|raise)\s+to\b|\bpromot(?:ion|ed)\b|\bchange\s+(?:jobs?|careers?|roles?)|\bcareer\s+change|\bcontract(?:or)?\s+(?:job|role|work|position)|\b\d+[\s-]*(?:month|year)\s+contract\b|\bpart[\s-]*time\b|\bfull[\s-]*time\b|\bstart\s+(?:a\s+)?(?:new\s+)?(?:job|work|role)\b|\bgo\s+back\s+to\s+work\b|\bquit\s+(?:my|the)\s+job\b/,
      },
      { weight: 6, re: /\bsalary\b(?![\s-]*sacrific)/ },
      { weight: 5, re: /\bearn(?:s|ing)?\b|\bincome\b|\bwages?\b|\bjob\b/ },
    ],
    weak_only_alone: true,
    read(ctx) {
      const out: Record<string, unknown> = {};
      const salaries = ctx.amounts.filter((a) => {
        if (DELTA_RE.test(after(ctx, a, 2)) || /\b(?:rise|raise|increase|bump)\s+of$/.test(before(ctx, a, 2)))
          return false;
        if (/\b(?:take[\s-]*home|after\s+tax|net)\b/.test(`${before(ctx, a, 3)} ${after(ctx, a, 3)}`)) return false;
        return SALARY_RE.test(`${before(ctx, a, 4)} ${after(ctx, a, 2)}`) || a.freq !== null || a.value >= 20_000;
      });
      const salary = salaries[0];
      if (salary) out.gross_annual_salary = annual(salary);
      const paid = /\bpaid\s+(weekly|fortnightly|monthly)\b|\b(weekly|fortnightly|monthly)\s+pay\b/.exec(ctx.text);
      if (paid) out.pay_frequency = paid[1] ?? paid[2];
      const growth = ctx.percents.find(
        (p) =>
          /\b(?:rises?|raises?|increases?|growth)\b/.test(after(ctx, p, 3)) &&
          /\b(?:a|per|each)\s+year\b/.test(after(ctx, p, 6)),
      );
      if (growth) out.salary_growth_rate = growth.value;
      if (/\bpartner'?s?\b|\bmy\s+(?:wife|husband|spouse)\b|\b(?:wife|husband|spouse)\b/.test(ctx.text))
        out.taxpayer = 'partner';
      period(ctx, out);
      return out;
    },
    title: (p) =>
      p.gross_annual_salary !== undefined ? `New salary ${shortMoney(Number(p.gross_annual_salary))}` : 'Pay change',
  },
});
