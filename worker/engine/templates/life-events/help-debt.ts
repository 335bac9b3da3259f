// help_debt: a HELP balance indexed each year and repaid through the tax system. By default the simulator's tax
// settlement works out each financial year's compulsory repayment from the person's modelled income (their gross
// salary events and other taxed income); with an entered repayment income (older events, or pay entered after
// tax) the template schedules each year's repayment itself, as before.
import type { Primitive } from '../../primitives';
import { AU_DEFAULTS } from '../../au/defaults';
import { financialYearOf } from '../../au/dated';
import { cents } from '../../money';
import { helpRepayment } from '../../au/help';
import { SALARY_RE, annual, before, shortMoney } from '../../prompt/reading';
import { defineTemplate } from '../define';
import {
  accountRef,
  clamp,
  flow,
  key,
  num,
  once,
  openAccount,
  optNum,
  recurring,
  taxpayer,
  transfer,
  triggerDate,
} from '../helpers';
import { TAXPAYER, account, decimal, money, pct } from '../parameter-builders';

const MAX_YEARS = 40;

export const helpDebt = defineTemplate({
  template_id: 'help_debt',
  name: 'HELP Study Debt',
  description: 'A HELP (HECS) debt: indexed each year and repaid through tax once your income passes the threshold.',
  icon: '🎓',
  supports_baseline: true,
  baseline_name: 'My HELP Debt',
  baseline_description: 'The HELP balance you owe now.',
  group: { name: 'Debt & Payments', position: 3 },
  parameters: [
    decimal('help_balance', 'Course fees added to HELP', 30_000, {
      ...money,
      required: true,
      baseline_label: 'Current HELP balance',
    }),
    decimal('repayment_income', 'Repayment income (per year, optional)', null, {
      ...money,
      help_text:
        "Leave empty to use this person's income in the plan (a gross salary from a New Job or Pay Change event). Enter it if your pay is entered after tax: taxable income plus reportable super and net investment losses.",
    }),
    decimal('income_growth_rate', 'Income growth (% a year)', AU_DEFAULTS.wage_growth, pct(-20, 30)),
    decimal('indexation_rate', 'Indexation (% a year)', AU_DEFAULTS.inflation, {
      ...pct(0, 20),
      help_text: 'The lower of CPI and wage growth, applied each 1 June (approximated monthly).',
    }),
    account('deposit_account_id', 'Repayments taken from', {
      help_text: 'Defaults to your main cash account (used with an entered repayment income).',
    }),
    { ...TAXPAYER, label: 'Whose HELP debt?' },
  ],

  compile(p, ctx) {
    const start = triggerDate(ctx);
    const balance = Math.max(0, num(p, 'help_balance', 0));
    if (balance <= 0) return [];
    const indexation = clamp(num(p, 'indexation_rate', ctx.assumptions.inflation_rate), 0, 100);
    const entered = optNum(p, 'repayment_income');
    const income = Math.max(0, entered ?? 0);
    const growth = num(p, 'income_growth_rate', ctx.assumptions.wage_growth_rate);
    const cash = accountRef(ctx, p.deposit_account_id);
    const helpKey = key(ctx, 'help');
    const out: Primitive[] = [
      openAccount(ctx, helpKey, 'HELP debt', 'loan', indexation, ctx.is_baseline ? balance : null),
    ];
    if (!ctx.is_baseline) {
      // Fees paid by the government on the student's behalf: an expense met by the new debt.
      out.push(
        ...flow(ctx, 'fees', {
          name: 'Course fees (HELP)',
          account: cash,
          amount: -balance,
          schedule: once(start),
          category: 'Education',
        }),
        ...transfer(ctx, 'fees_drawdown', {
          name: 'Course fees deferred to HELP',
          from: helpKey,
          to: cash,
          amount: balance,
          schedule: once(start),
        }),
      );
    }
    if (entered === null) {
      // Repaid from the person's modelled repayment income, per financial year, by the simulator.
      out.push({ kind: 'help_debt', key: key(ctx, 'help_repayments'), account: helpKey, taxpayer: taxpayer(p) });
      return out;
    }
    const firstFy = financialYearOf(start);
    let owed = balance;
    for (let k = 0; k < MAX_YEARS && owed > 0; k++) {
      const fy = firstFy + k;
      const from = k === 0 ? start : `${fy}-07-01`;
      const repayment = helpRepayment(income * Math.pow(1 + growth / 100, k), `${fy}-07-01`);
      owed = owed * (1 + indexation / 100) - repayment;
      if (repayment <= 0) continue;
      out.push(
        ...transfer(ctx, `repayment_${fy}`, {
          name: `HELP compulsory repayment ${fy}-${String((fy + 1) % 100).padStart(2, '0')}`,
          from: cash,
          to: helpKey,
          amount: cents(repayment / 12),
          schedule: recurring('monthly', from, `${fy + 1}-06-30`),
        }),
      );
    }
    return out;
  },

  smart_create: {
    cues: [
      {
        weight: 10,
        re: /\bhelp\s+(?:debt|loan|balance)\b|\bhecs\b|\bfee[\s-]help\b|\bstudent\s+(?:debt|loan)s?\b|\b(?:go\s+back\s+to|back\s+to|return\s+to|start|starting)\s+(?:uni|university|study|studying|tafe)\b|\b(?:uni|university)\s+(?:degree|course)\b|\bmba\b|\bmasters\s+degree\b/,
      },
    ],
    // HELP absorbs 'debt' and a weak 'earn' / 'income' (the repayment income).
    supersedes: [
      { template: 'debt_payoff' },
      { template: 'job_income_change', when: (m) => m.match('job_income_change')!.weight < 8 },
      { template: 'asset_purchase' },
    ],
    read(ctx) {
      const out: Record<string, unknown> = {};
      const income = ctx.amounts.find((a) => a.freq === 'yearly' || SALARY_RE.test(before(ctx, a, 3)));
      if (income) out.repayment_income = annual(income);
      const balance = ctx.amounts.find((a) => a !== income && !a.freq);
      if (balance) out.help_balance = balance.value;
      return out;
    },
    title: (p) => (p.help_balance !== undefined ? `HELP debt of ${shortMoney(Number(p.help_balance))}` : 'HELP debt'),
  },
});
