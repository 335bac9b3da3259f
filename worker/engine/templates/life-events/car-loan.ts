// car_loan: a car bought with a deposit and an amortising loan; the car depreciates and costs money to run.
import { PRIMARY_CASH, type Primitive } from '../../primitives';
import { AU_DEFAULTS } from '../../au/defaults';
import { addMonths } from '../../au/dates';
import {
  CAR_NOUN,
  CASH_RE,
  DEPOSIT_RE,
  durationYears,
  largest,
  loanTermYears,
  near,
  pickRate,
  shortMoney,
} from '../../prompt/reading';
import { defineTemplate } from '../define';
import {
  accountRef,
  clamp,
  flow,
  key,
  num,
  once,
  openAccount,
  recurring,
  str,
  transfer,
  triggerDate,
} from '../helpers';
import { account, decimal, integer, loanInterestRate, money, pct, text } from '../parameter-builders';

const CAR_BUY_RE = new RegExp(
  `\\b(?:buy|buying|purchase|purchasing|finance|financing|get|getting|upgrade|lease|new)\\b[^.;!?]{0,30}?\\b${CAR_NOUN}\\b`,
);
const PAYING_CAR_LOAN_RE = /\b(?:pay|paying|clear|clearing)\b[^.;!?]{0,20}\bcar\s+loan/;

/** Where the prompt buys a car paid `inCash` or not (paying off a car loan is not buying one); else null. */
export function carPurchaseAt(text: string, inCash: boolean): number | null {
  const car = CAR_BUY_RE.exec(text);
  return car && !PAYING_CAR_LOAN_RE.test(text) && CASH_RE.test(text) === inCash ? car.index : null;
}

/** Buying a car is not paying off a debt, unless the prompt pays something. */
export const CAR_NOT_DEBT_PAYOFF = (text: string) => !/\b(?:pay|paying|clear)\b/.test(text);

const CAR_NAMES =
  /\b(tesla|toyota|mazda|hyundai|kia|ford|holden|bmw|audi|mercedes|subaru|volkswagen|nissan|honda|mitsubishi|byd|polestar|volvo|lexus|jeep)\b(?:\s+(model\s+\w|[a-z]+\d*|\w+))?/;

export const carLoan = defineTemplate({
  template_id: 'car_loan',
  name: 'Car Loan',
  description: 'Buy a car with a loan: deposit, repayments, depreciation and running costs.',
  icon: '🚗',
  supports_baseline: false,
  baseline_name: null,
  baseline_description: null,
  group: { name: 'Debt & Payments', position: 2 },
  parameters: [
    text('car_name', 'Car', 'New car', { required: true }),
    decimal('car_price', 'Drive-away price', 45_000, { ...money, required: true }),
    decimal('deposit_amount', 'Deposit or trade-in', 5_000, money),
    loanInterestRate(AU_DEFAULTS.car_loan_rate, 40),
    integer('loan_term_years', 'Loan term (years)', 5, { ...pct(1, 10), required: true }),
    decimal('depreciation_rate', 'Depreciation (% a year)', 15, pct(0, 60)),
    decimal('running_costs_annual', 'Registration, insurance and servicing (per year)', 3_500, money),
    account('funding_account_id', 'Deposit paid from', { help_text: 'Defaults to your main cash account.' }),
  ],

  compile(p, ctx) {
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
      openAccount(ctx, carKey, name, 'investment', -clamp(num(p, 'depreciation_rate', 15), 0, 99)),
      ...transfer(ctx, 'deposit', {
        name: `${name}: deposit`,
        from: funding,
        to: carKey,
        amount: deposit,
        schedule: once(start),
      }),
    ];
    if (principal > 0) {
      out.push(
        openAccount(ctx, loanKey, `${name} loan`, 'loan', rate),
        ...transfer(ctx, 'drawdown', {
          name: `${name}: loan drawdown`,
          from: loanKey,
          to: carKey,
          amount: principal,
          schedule: once(start),
        }),
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
  },

  smart_create: {
    // A car bought with a loan is car_loan; paid in cash, a major purchase.
    cues: [{ weight: 8, find: (text) => carPurchaseAt(text, false) }],
    supersedes: [{ template: 'debt_payoff', when: (m) => CAR_NOT_DEBT_PAYOFF(m.text) }],
    read(ctx) {
      const out: Record<string, unknown> = {};
      const deposits = ctx.amounts.filter((a) => !a.freq && near(ctx, a, DEPOSIT_RE, 2, 2));
      const price = largest(ctx.amounts.filter((a) => !a.freq && !deposits.includes(a)));
      if (price) out.car_price = price.value;
      if (deposits[0]) out.deposit_amount = deposits[0].value;
      const rate = pickRate(ctx);
      if (rate !== undefined) out.loan_interest_rate = rate;
      const term =
        loanTermYears(ctx) ??
        (ctx.durations.find((t) => t.unit === 'year')
          ? Math.round(durationYears(ctx.durations.find((t) => t.unit === 'year')!))
          : undefined);
      if (term !== undefined) out.loan_term_years = term;
      const brand = CAR_NAMES.exec(ctx.text);
      if (brand) {
        const noun = /\b(ute|suv|wagon|hatch|sedan)\b/.exec(ctx.text.slice(brand.index, brand.index + 40));
        out.car_name = [brand[1], noun?.[1]]
          .filter(Boolean)
          .map((w) => (w!.length <= 3 ? w!.toUpperCase() : w![0].toUpperCase() + w!.slice(1)))
          .join(' ');
      }
      return out;
    },
    title: (p) =>
      p.car_price !== undefined
        ? `Buy ${shortMoney(Number(p.car_price))} ${p.car_name ?? 'car'} on finance`
        : `Buy ${p.car_name ?? 'car'} on finance`,
  },
});
