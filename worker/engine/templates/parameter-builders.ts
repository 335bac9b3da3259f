// Building blocks for template parameter lists (the Template parameter shape) and the parameters several
// templates share: state, taxpayer, pay frequencies, permanence and a property's running costs.
import type { TemplateParameter } from '../model/template';

type Extra = Partial<Omit<TemplateParameter, 'name' | 'label' | 'type'>>;

export function param(
  name: string,
  label: string,
  type: TemplateParameter['type'],
  extra: Extra = {},
): TemplateParameter {
  return { name, label, type, required: false, ...extra };
}
export const decimal = (name: string, label: string, dflt: number | null, extra: Extra = {}) =>
  param(name, label, 'decimal', { default: dflt, ...extra });
export const integer = (name: string, label: string, dflt: number | null, extra: Extra = {}) =>
  param(name, label, 'integer', { default: dflt, ...extra });
export const boolean = (name: string, label: string, dflt: boolean, extra: Extra = {}) =>
  param(name, label, 'boolean', { default: dflt, ...extra });
export const dateParam = (name: string, label: string, extra: Extra = {}) =>
  param(name, label, 'date', { default: null, ...extra });
export const text = (name: string, label: string, dflt: string, extra: Extra = {}) =>
  param(name, label, 'text', { default: dflt, ...extra });
export const select = (
  name: string,
  label: string,
  options: Array<[string, string]>,
  dflt: string,
  extra: Extra = {},
) =>
  param(name, label, 'select', {
    default: dflt,
    options: options.map(([value, l]) => ({ value, label: l })),
    ...extra,
  });
export const account = (name: string, label: string, extra: Extra = {}) =>
  param(name, label, 'text', { default: null, ...extra });
export const item = (name: string, label: string, filter: 'income' | 'expense', extra: Extra = {}) =>
  param(name, label, 'recurring_item', { default: null, filter_by: filter, ...extra });

export const money = { min_value: 0, max_value: 100_000_000 };
export const pct = (min: number, max: number) => ({ min_value: min, max_value: max });

export const STATE = select(
  'state',
  'State or territory',
  [
    ['NSW', 'New South Wales'],
    ['VIC', 'Victoria'],
    ['QLD', 'Queensland'],
    ['WA', 'Western Australia'],
    ['SA', 'South Australia'],
    ['TAS', 'Tasmania'],
    ['ACT', 'Australian Capital Territory'],
    ['NT', 'Northern Territory'],
  ],
  'NSW',
  {
    required: true,
    help_text:
      "Sets transfer duty, first home concessions, grants and Home Guarantee caps under that state's own rules.",
  },
);

export const TAXPAYER = select(
  'taxpayer',
  'Whose tax return?',
  [
    ['self', 'Yours'],
    ['partner', "Your partner's"],
  ],
  'self',
  {
    help_text: 'Tax is worked out per person and financial year.',
  },
);

/** Whose tax return an investment's income and deductions go on; 'both' splits them 50/50 (joint owners). */
export const TAXPAYER_OR_BOTH = select(
  'taxpayer',
  'Whose tax return?',
  [
    ['self', 'Yours'],
    ['partner', "Your partner's"],
    ['both', 'Both of you, 50/50 (joint owners)'],
  ],
  'self',
  {
    help_text:
      'Tax is worked out per person and financial year. Joint owners split rent, costs and depreciation 50/50; the loan interest deduction goes to the first named (you) until loans can be split.',
  },
);

/** Who buys a home: one of the couple or both (joint buyers cannot use the Family Home Guarantee). */
export const BUYER = select(
  'buyer',
  'Who is buying?',
  [
    ['self', 'You'],
    ['partner', 'Your partner'],
    ['both', 'Both of you'],
  ],
  'self',
  { baseline_hidden: true, help_text: 'First home rules look at every buyer (and their partner).' },
);

/** A mortgage's offset option: link an account the user has, or open a new one with a deposit from cash. */
export const OFFSET_PARAMS = [
  account('offset_account_id', 'Offset account', {
    help_text:
      "Interest is charged on the loan less this account's balance (never below zero). Leave empty for no offset, or open a new one below.",
  }),
  decimal('new_offset_deposit', 'Open a new offset account with', 0, {
    ...money,
    baseline_hidden: true,
    help_text: 'Moved from your main cash account when the loan starts; 0 for none.',
  }),
  boolean('redraw', 'Redraw facility?', false, {
    help_text: 'Extra repayments you make can be drawn back.',
  }),
];

export const FREQ_OPTIONS: Array<[string, string]> = [
  ['weekly', 'Weekly'],
  ['fortnightly', 'Fortnightly'],
  ['monthly', 'Monthly'],
];

export const IS_PERMANENT = boolean('is_permanent', 'Is this permanent?', true, {
  help_text: 'Untick to set an end date.',
});
export const END_DATE = dateParam('end_date', 'End date', { help_text: 'The last day this applies.' });

/** Whether the event lasts, and if not its end date (read together by endUnlessPermanent). */
export const PERMANENCE = [IS_PERMANENT, END_DATE];

/** A loan's interest rate (required), `rate` by default and at most `max` percent a year. */
export const loanInterestRate = (rate: number, max: number) =>
  decimal('loan_interest_rate', 'Loan interest rate (% a year)', rate, { ...pct(0, max), required: true });

/** A home loan's term; in a baseline, the years it has left. */
export const HOME_LOAN_TERM = integer('loan_term_years', 'Loan term (years)', 30, {
  ...pct(1, 40),
  required: true,
  baseline_label: 'Years left on the loan',
  baseline_default: 25,
});

export const PROPERTY_COSTS = [
  decimal('council_rates_annual', 'Council and water rates (per year)', 2_200, money),
  decimal('insurance_annual', 'Building insurance (per year)', 1_600, money),
  decimal('strata_annual', 'Strata levies (per year)', 0, money),
  decimal('maintenance_annual', 'Maintenance (per year)', 2_000, money),
];
