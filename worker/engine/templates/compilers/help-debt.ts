// help_debt: a HELP balance indexed each year and repaid through the tax system: each financial year's
// compulsory repayment (by repayment income) is transferred monthly to the debt until it is estimated repaid.
import { type Primitive, type TemplateCompiler } from '../../primitives';
import { financialYearOf } from '../../au/dated';
import { cents } from '../../money';
import { helpRepayment } from '../../au/help';
import { accountRef, clamp, flow, key, num, once, recurring, transfer, triggerDate, type TemplateContext } from '../helpers';

const MAX_YEARS = 40;

export const compileHelpDebt: TemplateCompiler = (p, ctx: TemplateContext) => {
  const start = triggerDate(ctx);
  const balance = Math.max(0, num(p, 'help_balance', 0));
  if (balance <= 0) return [];
  const indexation = clamp(num(p, 'indexation_rate', ctx.assumptions.inflation_rate), 0, 100);
  const income = Math.max(0, num(p, 'repayment_income', 0));
  const growth = num(p, 'income_growth_rate', ctx.assumptions.wage_growth_rate);
  const cash = accountRef(ctx, p.deposit_account_id);
  const helpKey = key(ctx, 'help');
  const out: Primitive[] = [
    {
      kind: 'account',
      key: helpKey,
      name: 'HELP debt',
      account_type: 'loan',
      is_asset: false,
      opening_balance: ctx.is_baseline ? balance : 0,
      ...(ctx.is_baseline ? {} : { opens: ctx.trigger_month }),
      annual_rate: indexation,
    },
  ];
  if (!ctx.is_baseline) {
    // Fees paid by the government on the student's behalf: an expense met by the new debt.
    out.push(
      ...flow(ctx, 'fees', { name: 'Course fees (HELP)', account: cash, amount: -balance, schedule: once(start), category: 'Education' }),
      ...transfer(ctx, 'fees_drawdown', { name: 'Course fees deferred to HELP', from: helpKey, to: cash, amount: balance, schedule: once(start) }),
    );
  }
  const firstFy = financialYearOf(start);
  let owed = balance;
  for (let k = 0; k < MAX_YEARS && owed > 0; k++) {
    const fy = firstFy + k;
    const from = k === 0 ? start : `${fy}-07-01`;
    const annual = helpRepayment(income * Math.pow(1 + growth / 100, k), `${fy}-07-01`);
    owed = owed * (1 + indexation / 100) - annual;
    if (annual <= 0) continue;
    out.push(
      ...transfer(ctx, `repayment_${fy}`, {
        name: `HELP compulsory repayment ${fy}-${String((fy + 1) % 100).padStart(2, '0')}`,
        from: cash,
        to: helpKey,
        amount: cents(annual / 12),
        schedule: recurring('monthly', from, `${fy + 1}-06-30`),
      }),
    );
  }
  return out;
};
