// car_loan: a car bought with a deposit and an amortising loan; the car depreciates and costs money to run.
import { PRIMARY_CASH, type Primitive, type TemplateCompiler } from '../../primitives';
import { addMonths } from '../../au/dates';
import { accountRef, clamp, flow, key, num, once, recurring, str, transfer, triggerDate, type TemplateContext } from '../helpers';

export const compileCarLoan: TemplateCompiler = (p, ctx: TemplateContext) => {
  const start = triggerDate(ctx);
  const name = str(p, 'car_name', 'Car');
  const price = Math.max(0, num(p, 'car_price', 0));
  const deposit = clamp(num(p, 'deposit_amount', 0), 0, price);
  const principal = price - deposit;
  const rate = clamp(num(p, 'loan_interest_rate', 8.5), 0, 100);
  const funding = accountRef(ctx, p.funding_account_id);
  const carKey = key(ctx, 'car');
  const loanKey = key(ctx, 'loan');
  // There is no vehicle account type: a car is an asset account of type investment with a negative rate.
  const out: Primitive[] = [
    { kind: 'account', key: carKey, name, account_type: 'investment', is_asset: true, opening_balance: 0, opens: ctx.trigger_month, annual_rate: -clamp(num(p, 'depreciation_rate', 15), 0, 99) },
    ...transfer(ctx, 'deposit', { name: `${name}: deposit`, from: funding, to: carKey, amount: deposit, schedule: once(start) }),
  ];
  if (principal > 0) {
    out.push(
      { kind: 'account', key: loanKey, name: `${name} loan`, account_type: 'loan', is_asset: false, opening_balance: 0, opens: ctx.trigger_month, annual_rate: rate },
      ...transfer(ctx, 'drawdown', { name: `${name}: loan drawdown`, from: loanKey, to: carKey, amount: principal, schedule: once(start) }),
      {
        kind: 'loan',
        key: key(ctx, 'repayments'),
        account: loanKey,
        annual_rate: rate,
        start: addMonths(ctx.trigger_month, 1),
        term_months: Math.round(clamp(num(p, 'loan_term_years', 5), 1, 30) * 12),
        repayment_from: PRIMARY_CASH,
      },
    );
  }
  out.push(
    ...flow(ctx, 'running_costs', {
      name: `${name}: running costs`,
      account: PRIMARY_CASH,
      amount: -Math.max(0, num(p, 'running_costs_annual', 0)) / 12,
      schedule: recurring('monthly', `${addMonths(ctx.trigger_month, 1)}-01`),
      indexation_rate: ctx.assumptions.inflation_rate,
      category: 'Transport',
    }),
  );
  return out;
};
