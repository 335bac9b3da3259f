// major_purchase: a one-off purchase paid in cash or with an amortising personal loan; either an expense or,
// if it keeps a resale value, an asset that grows or depreciates.
import { PRIMARY_CASH, type Primitive } from '../../primitives';
import { AU_DEFAULTS } from '../../au/defaults';
import { addMonths } from '../../au/dates';
import {
  CAR_NOUN,
  CAR_RE,
  CASH_RE,
  annual,
  durationYears,
  largest,
  loanTermYears,
  pickRate,
  shortMoney,
} from '../../prompt/reading';
import { defineTemplate } from '../define';
import { accountRef, bool, clamp, flow, key, num, once, openAccount, str, transfer, triggerDate } from '../helpers';
import { account, boolean, decimal, integer, loanInterestRate, money, pct, select, text } from '../parameter-builders';
import { CAR_NOT_DEBT_PAYOFF, carPurchaseAt } from './car-loan';

const PURCHASE_NAMES: ReadonlyArray<[RegExp, string]> = [
  [/\bwedding\b/, 'Wedding'],
  [/\bengagement\s+ring\b/, 'Engagement ring'],
  [/\bkitchen\b/, 'Kitchen renovation'],
  [/\bbathroom\b/, 'Bathroom renovation'],
  [/\brenovat\w*|\breno\b/, 'Renovation'],
  [/\bextension\b/, 'Extension'],
  [/\b(?:swimming\s+)?pool\b/, 'Pool'],
  [/\bsolar\b/, 'Solar panels'],
  [/\blandscaping\b/, 'Landscaping'],
  [/\bfurniture\b/, 'Furniture'],
  [/\bcaravan\b/, 'Caravan'],
  [/\bcampervan\b|\bmotorhome\b/, 'Campervan'],
  [/\bboat\b/, 'Boat'],
  [/\bjet\s?ski\b/, 'Jet ski'],
  [new RegExp(`\\b${CAR_NOUN}\\b`), 'Car'],
  [/\beurope\b/, 'Trip to Europe'],
  [/\bjapan\b/, 'Trip to Japan'],
  [/\bholiday\b|\bvacation\b|\btrip\b|\btravel\w*|\boverseas\b/, 'Holiday'],
];

const KEEPS_VALUE_RE = /\bcaravan\b|\bcampervan\b|\bmotorhome\b|\bboat\b|\bjet\s?ski\b/;

export const majorPurchase = defineTemplate({
  template_id: 'major_purchase',
  name: 'Major Purchase',
  description:
    'A big purchase paid in cash or with a personal loan; optionally an asset that keeps (or loses) value over time.',
  icon: '🛒',
  supports_baseline: false,
  baseline_name: null,
  baseline_description: null,
  group: { name: 'Purchases & Expenses', position: 1 },
  parameters: [
    text('purchase_name', 'What are you buying?', 'Renovation', { required: true }),
    decimal('purchase_amount', 'Cost', 30_000, { ...money, required: true }),
    select(
      'payment_method',
      'Payment method',
      [
        ['cash', 'Cash or savings'],
        ['loan', 'Loan'],
      ],
      'cash',
    ),
    integer('loan_term_years', 'Loan term (years)', 5, { ...pct(1, 30), required: true }),
    loanInterestRate(AU_DEFAULTS.personal_loan_rate, 40),
    boolean('keeps_value', 'Does it keep a resale value?', false, {
      help_text: 'For example a boat or caravan: tracked as an asset.',
    }),
    decimal('value_change_rate', 'Yearly change in value (%)', -15, {
      ...pct(-90, 30),
      help_text: 'Negative for depreciation.',
    }),
    account('funding_account_id', 'Paid from', { help_text: 'Defaults to your main cash account.' }),
  ],

  compile(p, ctx) {
    const start = triggerDate(ctx);
    const name = str(p, 'purchase_name', 'Purchase');
    const amount = Math.max(0, num(p, 'purchase_amount', 0));
    if (amount <= 0) return [];
    const funding = accountRef(ctx, p.funding_account_id);
    const withLoan = str(p, 'payment_method', 'cash') === 'loan';
    const keepsValue = bool(p, 'keeps_value', false);
    const loanKey = key(ctx, 'loan');
    const assetKey = key(ctx, 'asset');
    const out: Primitive[] = [];
    const source = withLoan ? loanKey : funding;
    if (withLoan) {
      const rate = clamp(num(p, 'loan_interest_rate', 11), 0, 100);
      out.push(openAccount(ctx, loanKey, `${name} loan`, 'loan', rate), {
        kind: 'loan',
        key: key(ctx, 'repayments'),
        account: loanKey,
        annual_rate: rate,
        start: addMonths(ctx.trigger_month, 1),
        term_months: Math.round(clamp(num(p, 'loan_term_years', 5), 1, 50) * 12),
        repayment_from: PRIMARY_CASH,
      });
    }
    if (keepsValue) {
      out.push(
        openAccount(ctx, assetKey, name, 'investment', clamp(num(p, 'value_change_rate', -15), -99, 1000)),
        ...transfer(ctx, 'purchase', {
          name: `Buy ${name}`,
          from: source,
          to: assetKey,
          amount,
          schedule: once(start),
        }),
      );
    } else {
      if (withLoan)
        out.push(
          ...transfer(ctx, 'drawdown', {
            name: `${name}: loan drawdown`,
            from: loanKey,
            to: funding,
            amount,
            schedule: once(start),
          }),
        );
      out.push(
        ...flow(ctx, 'purchase', {
          name,
          account: funding,
          amount: -amount,
          schedule: once(start),
          category: 'Major purchases',
        }),
      );
    }
    return out;
  },

  smart_create: {
    cues: [
      {
        weight: 7,
        re: /\bwedding\b|\brenovat\w*|\breno\b|\bholiday\b|\bvacation\b|\btrip\b|\btravel\w*|\boverseas\b|\bboat\b|\bcaravan\b|\bcampervan\b|\bmotorhome\b|\bjet\s?ski\b|\b(?:swimming\s+)?pool\b|\bsolar\b|\bkitchen\b|\bbathroom\b|\bextension\b|\blandscaping\b|\bfurniture\b|\bmajor\s+purchase\b|\bbig\s+purchase\b|\bengagement\s+ring\b|\bspend\b/,
      },
      // A car paid in cash is a major purchase (with a loan, car_loan).
      { weight: 8, find: (text) => carPurchaseAt(text, true) },
    ],
    supersedes: [{ template: 'debt_payoff', when: (m) => CAR_RE.test(m.text) && CAR_NOT_DEBT_PAYOFF(m.text) }],
    read(ctx) {
      const out: Record<string, unknown> = {};
      const name = PURCHASE_NAMES.find(([re]) => re.test(ctx.text));
      if (name) out.purchase_name = name[1];
      const cost = largest(ctx.amounts.filter((a) => !a.freq)) ?? ctx.amounts[0];
      if (cost) out.purchase_amount = cost.freq ? annual(cost) : cost.value;
      if (/\b(?:personal\s+)?loan\b|\bfinance\b|\bborrow\w*\b/.test(ctx.text)) {
        out.payment_method = 'loan';
        const term =
          loanTermYears(ctx) ??
          (() => {
            const d = ctx.durations.find((t) => t.unit === 'year');
            return d ? Math.round(durationYears(d)) : undefined;
          })();
        if (term !== undefined) out.loan_term_years = term;
        const rate = pickRate(ctx);
        if (rate !== undefined) out.loan_interest_rate = rate;
      } else if (CASH_RE.test(ctx.text)) out.payment_method = 'cash';
      if (KEEPS_VALUE_RE.test(ctx.text)) out.keeps_value = true;
      return out;
    },
    title(p) {
      const what = String(p.purchase_name ?? 'Major purchase');
      return p.purchase_amount !== undefined ? `${what} ${shortMoney(Number(p.purchase_amount))}` : what;
    },
  },
});
