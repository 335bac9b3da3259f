// The life-event template catalogue served to the app as data (product-spec section 3 Template shape),
// and the chooser's groups. Defaults are Australian figures from au-rules.md (late 2026).
import type { Template, TemplateParameter } from '../model/template';
import { AU_DEFAULTS } from '../au/defaults';

type Extra = Partial<Omit<TemplateParameter, 'name' | 'label' | 'type'>>;

function param(name: string, label: string, type: TemplateParameter['type'], extra: Extra = {}): TemplateParameter {
  return { name, label, type, required: false, ...extra };
}
const decimal = (name: string, label: string, dflt: number | null, extra: Extra = {}) => param(name, label, 'decimal', { default: dflt, ...extra });
const integer = (name: string, label: string, dflt: number | null, extra: Extra = {}) => param(name, label, 'integer', { default: dflt, ...extra });
const boolean = (name: string, label: string, dflt: boolean, extra: Extra = {}) => param(name, label, 'boolean', { default: dflt, ...extra });
const dateParam = (name: string, label: string, extra: Extra = {}) => param(name, label, 'date', { default: null, ...extra });
const text = (name: string, label: string, dflt: string, extra: Extra = {}) => param(name, label, 'text', { default: dflt, ...extra });
const select = (name: string, label: string, options: Array<[string, string]>, dflt: string, extra: Extra = {}) =>
  param(name, label, 'select', { default: dflt, options: options.map(([value, l]) => ({ value, label: l })), ...extra });
const account = (name: string, label: string, extra: Extra = {}) => param(name, label, 'text', { default: null, ...extra });
const item = (name: string, label: string, filter: 'income' | 'expense', extra: Extra = {}) =>
  param(name, label, 'recurring_item', { default: null, filter_by: filter, ...extra });

const money = { min_value: 0, max_value: 100_000_000 };
const pct = (min: number, max: number) => ({ min_value: min, max_value: max });

const STATE = select(
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
  { required: true, help_text: 'Sets transfer duty, grants and Home Guarantee caps. Duty outside NSW and VIC uses the NSW schedule unless you enter it.' },
);

const TAXPAYER = select('taxpayer', 'Whose tax return?', [['self', 'Yours'], ['partner', "Your partner's"]], 'self', {
  help_text: 'Tax is worked out per person and financial year.',
});

const FREQ_OPTIONS: Array<[string, string]> = [
  ['weekly', 'Weekly'],
  ['fortnightly', 'Fortnightly'],
  ['monthly', 'Monthly'],
];

const IS_PERMANENT = boolean('is_permanent', 'Is this permanent?', true, { help_text: 'Untick to set an end date.' });
const END_DATE = dateParam('end_date', 'End date', { help_text: 'The last day this applies.' });

const PROPERTY_COSTS = [
  decimal('council_rates_annual', 'Council and water rates (per year)', 2_200, money),
  decimal('insurance_annual', 'Building insurance (per year)', 1_600, money),
  decimal('strata_annual', 'Strata levies (per year)', 0, money),
  decimal('maintenance_annual', 'Maintenance (per year)', 2_000, money),
];

function investmentParameters(d: { price: number; deposit: number; rent: number; ioYears: number }): TemplateParameter[] {
  return [
    decimal('purchase_price', 'Purchase price', d.price, { ...money, required: true, baseline_label: 'Current value', baseline_default: d.price }),
    decimal('deposit_amount', 'Deposit', d.deposit, {
      ...money,
      required: true,
      help_text: 'Paid from your savings; the rest is borrowed. Above 80% of the price, lenders mortgage insurance is added to the loan.',
      baseline_label: 'Your equity (value minus what you owe)',
      baseline_help_text: 'The loan is the value minus your equity.',
      baseline_default: Math.round(d.price * 0.4),
    }),
    STATE,
    decimal('weekly_rent', 'Rent (per week)', d.rent, { ...money, required: true }),
    integer('vacancy_weeks', 'Vacant weeks a year', 2, pct(0, 52)),
    decimal('management_fee_percent', 'Property management fee (% of rent)', 7, pct(0, 30)),
    ...PROPERTY_COSTS,
    decimal('loan_interest_rate', 'Loan interest rate (% a year)', AU_DEFAULTS.investor_rate, { ...pct(0, 30), required: true }),
    integer('loan_term_years', 'Loan term (years)', 30, { ...pct(1, 40), required: true, baseline_label: 'Years left on the loan', baseline_default: 25 }),
    integer('interest_only_years', 'Interest-only years', d.ioYears, { ...pct(0, 15), help_text: 'Repayments cover interest only for these years, then principal and interest.' }),
    decimal('property_growth_rate', 'Property growth (% a year)', AU_DEFAULTS.dwelling_growth, pct(-20, 30)),
    decimal('depreciation_annual', 'Depreciation claim (per year)', 0, {
      ...money,
      help_text:
        "From a quantity surveyor's depreciation schedule. Division 43 capital works are 2.5% a year of the construction cost (for example $8,000 on a $320,000 build). A deduction that costs nothing in cash.",
    }),
    decimal('stamp_duty_amount', 'Transfer duty (leave empty to calculate)', null, { ...money, baseline_hidden: true }),
    decimal('other_purchase_costs', 'Other buying costs (conveyancing, inspections)', 2_500, { ...money, baseline_hidden: true }),
    boolean('is_new_build', 'Newly built dwelling?', false, { help_text: 'New builds are exempt from the proposed 2027 negative gearing limits.' }),
    boolean('apply_2027_rules', 'Apply the proposed 1 July 2027 negative gearing limits', false, {
      help_text: 'UNCONFIRMED: for established dwellings bought after 12 May 2026, rental losses would no longer reduce other income.',
    }),
    TAXPAYER,
    account('deposit_account_id', 'Deposit paid from', { baseline_hidden: true, help_text: 'Defaults to your main cash account.' }),
  ];
}

const TEMPLATE_LIST: Template[] = [
  {
    template_id: 'buy_first_home',
    name: 'Buy Your First Home',
    description: 'Buy a home to live in: deposit, mortgage, transfer duty with first home buyer concessions, lenders mortgage insurance or the Home Guarantee Scheme, grants and running costs.',
    icon: '🏡',
    supports_baseline: true,
    baseline_name: 'My Home',
    baseline_description: 'The home you own now and what you owe on it.',
    parameters: [
      decimal('purchase_price', 'Purchase price', 750_000, { ...money, required: true, baseline_label: 'Current home value', baseline_default: 900_000 }),
      decimal('deposit_amount', 'Deposit', 75_000, {
        ...money,
        required: true,
        help_text: 'Savings you put in; the rest is borrowed.',
        baseline_label: 'Your equity (value minus what you owe)',
        baseline_help_text: 'The mortgage is the value minus your equity.',
        baseline_default: 350_000,
      }),
      STATE,
      select('region', 'Location', [['capital', 'Capital city or regional centre'], ['rest', 'Rest of the state']], 'capital', {
        baseline_hidden: true,
        help_text: 'Sets the Home Guarantee price cap.',
      }),
      boolean('is_first_home', 'First home buyer?', true, { baseline_hidden: true }),
      boolean('is_new_home', 'Newly built home?', false, { baseline_hidden: true, help_text: 'First Home Owner Grants apply to new homes only.' }),
      boolean('use_home_guarantee', 'Use the Home Guarantee Scheme (5% deposit, no LMI)', false, { baseline_hidden: true }),
      decimal('loan_interest_rate', 'Loan interest rate (% a year)', AU_DEFAULTS.owner_occupier_rate, { ...pct(0, 30), required: true }),
      integer('loan_term_years', 'Loan term (years)', 30, { ...pct(1, 40), required: true, baseline_label: 'Years left on the loan', baseline_default: 25 }),
      decimal('property_growth_rate', 'Property growth (% a year)', AU_DEFAULTS.dwelling_growth, pct(-20, 30)),
      ...PROPERTY_COSTS,
      decimal('stamp_duty_amount', 'Transfer duty (leave empty to calculate)', null, { ...money, baseline_hidden: true }),
      decimal('grant_amount', 'First Home Owner Grant (leave empty to calculate)', null, { ...money, baseline_hidden: true }),
      decimal('other_purchase_costs', 'Other buying costs (conveyancing, inspections)', 2_500, { ...money, baseline_hidden: true }),
      item('current_rent_item', 'Rent you stop paying', 'expense', { baseline_hidden: true, help_text: 'Stops the day before you move in.' }),
      account('deposit_account_id', 'Deposit paid from', { baseline_hidden: true, help_text: 'Defaults to your main cash account.' }),
    ],
  },
  {
    template_id: 'investment_property',
    name: 'Buy an Investment Property',
    description: 'Buy a property to rent out: rent, deductible costs and interest, growth, and the tax effect at your marginal rate.',
    icon: '🏘️',
    supports_baseline: true,
    baseline_name: 'My Investment Property',
    baseline_description: 'An investment property you already own.',
    parameters: investmentParameters({ price: 650_000, deposit: 130_000, rent: 600, ioYears: 0 }),
  },
  {
    template_id: 'negative_gearing',
    name: 'Negatively Geared Property',
    description: 'A highly geared investment property whose costs exceed its rent: the loss reduces your taxable income, betting on capital growth.',
    icon: '📉',
    supports_baseline: true,
    baseline_name: 'My Negatively Geared Property',
    baseline_description: 'A negatively geared property you already own.',
    parameters: investmentParameters({ price: 750_000, deposit: 75_000, rent: 550, ioYears: 5 }),
  },
  {
    template_id: 'interest_only_mortgage',
    name: 'Interest-Only Mortgage',
    description: 'Switch a mortgage to interest-only repayments for a few years, then principal and interest for the rest of the term.',
    icon: '⏸️',
    supports_baseline: true,
    baseline_name: 'Interest-Only Mortgage',
    baseline_description: 'An interest-only loan you already have.',
    parameters: [
      account('debt_account_id', 'Mortgage to switch', {
        baseline_hidden: true,
        help_text: 'Leave empty to add a new interest-only loan of the amount below, drawn into your cash account.',
      }),
      decimal('loan_amount', 'Amount borrowed', 600_000, { ...money, help_text: 'Used when no mortgage is picked.', baseline_label: 'Amount owed' }),
      decimal('loan_interest_rate', 'Interest rate (% a year)', 6.6, { ...pct(0, 30), required: true }),
      integer('interest_only_years', 'Interest-only years', 5, { ...pct(1, 15), required: true }),
      integer('loan_term_years', 'Remaining term including interest-only years', 30, { ...pct(1, 40), required: true }),
      item('repayment_item', 'Current repayment to replace', 'expense', { help_text: 'This recurring repayment stops; the new repayments replace it.' }),
      integer('investment_share_percent', 'Share used for investment (deductible %)', 0, pct(0, 100)),
      TAXPAYER,
    ],
  },
  {
    template_id: 'existing_mortgage',
    name: 'Existing Mortgage',
    description: 'A mortgage you already have, on its own: its repayments over the years left, or at the repayment you know.',
    icon: '🏦',
    supports_baseline: true,
    baseline_name: 'My Mortgage',
    baseline_description: 'A mortgage you have now, without the property.',
    parameters: [
      account('debt_account_id', 'Mortgage account', { help_text: 'Your mortgage account. Leave empty to add one owing the amount below.' }),
      decimal('loan_amount', 'Amount owed', 500_000, { ...money, help_text: 'Used when no mortgage account is picked.' }),
      decimal('loan_interest_rate', 'Interest rate (% a year)', AU_DEFAULTS.owner_occupier_rate, { ...pct(0, 30), required: true }),
      integer('remaining_term_years', 'Years left on the loan', 25, { ...pct(1, 40), required: true }),
      decimal('repayment_amount', 'Monthly repayment (leave empty to calculate)', null, { ...money, help_text: 'Your actual repayment, if you know it; otherwise the repayment that clears the loan over the years left.' }),
      item('repayment_item', 'Repayment you entered as a recurring item', 'expense', { help_text: 'It stops here: the loan repayments replace it.' }),
      account('repayment_account_id', 'Repaid from', { help_text: 'Defaults to your main cash account.' }),
      integer('investment_share_percent', 'Share used for investment (deductible %)', 0, pct(0, 100)),
      TAXPAYER,
    ],
  },
  {
    template_id: 'extra_mortgage_repayments',
    name: 'Extra Mortgage Repayments',
    description: 'Pay extra off your mortgage each period to cut interest and finish years sooner.',
    icon: '💪',
    supports_baseline: true,
    baseline_name: 'Extra Mortgage Repayments',
    baseline_description: 'Extra repayments you already make.',
    parameters: [
      account('debt_account_id', 'Mortgage', { required: true }),
      decimal('extra_payment_amount', 'Extra repayment', 500, { ...money, required: true }),
      select('extra_payment_frequency', 'How often', FREQ_OPTIONS, 'monthly'),
      dateParam('extra_payment_start', 'Start date', { help_text: 'Leave empty to start in the event month.', baseline_hidden: true }),
      account('extra_payment_account_id', 'Paid from', { help_text: 'Defaults to your main cash account.' }),
      IS_PERMANENT,
      END_DATE,
    ],
  },
  {
    template_id: 'sell_property',
    name: 'Sell or Downsize a Property',
    description: 'Sell a property at its forecast value, pay selling costs, repay its mortgage and any capital gains tax.',
    icon: '🏷️',
    supports_baseline: false,
    baseline_name: null,
    baseline_description: null,
    parameters: [
      account('property_account_id', 'Property to sell', { required: true }),
      account('debt_account_id', 'Mortgage to repay from the proceeds'),
      item('repayment_item', 'Mortgage repayment that stops', 'expense', { help_text: 'Your recurring repayment on that mortgage, if you entered one.' }),
      decimal('expected_sale_price', 'Expected sale price', 900_000, { ...money, required: true, help_text: 'Used for selling costs and capital gains tax; the sale itself moves the forecast value.' }),
      decimal('selling_costs_percent', 'Agent and selling costs (% of price)', 2.5, pct(0, 10)),
      boolean('is_main_residence', 'Your home (no capital gains tax)?', true),
      decimal('cost_base', 'Cost base (price paid plus buying costs)', 600_000, money),
      integer('months_owned', 'Months owned by the sale', 60, pct(0, 1200)),
      TAXPAYER,
      account('proceeds_account_id', 'Proceeds paid into', { help_text: 'Defaults to your main cash account.' }),
    ],
  },
  {
    template_id: 'job_income_change',
    name: 'New Job or Pay Change',
    description: 'A new job, promotion or pay cut: gross salary taxed by the financial year (with LITO and Medicare levy) and the Super Guarantee paid into super.',
    icon: '💼',
    supports_baseline: true,
    baseline_name: 'Current Job',
    baseline_description: 'Your current salary before tax.',
    parameters: [
      decimal('gross_annual_salary', 'New gross salary (per year, before tax)', 95_000, { ...money, required: true, baseline_label: 'Gross salary (per year, before tax)' }),
      select('pay_frequency', 'Paid', FREQ_OPTIONS, 'fortnightly'),
      decimal('salary_growth_rate', 'Pay rises (% a year)', AU_DEFAULTS.wage_growth, pct(-20, 30)),
      item('current_salary_item', 'Income this replaces', 'income', {
        help_text: 'It stops the day before the change so income is not counted twice.',
        baseline_help_text: 'If your pay is already a recurring item, pick it so it is not counted twice.',
      }),
      account('super_account_id', 'Super fund for the Super Guarantee', { help_text: 'Defaults to your first super account.' }),
      account('deposit_account_id', 'Paid into', { help_text: 'Defaults to your main cash account.' }),
      TAXPAYER,
      IS_PERMANENT,
      END_DATE,
    ],
  },
  {
    template_id: 'parental_leave',
    name: 'Parental Leave',
    description: 'Time off for a new child: employer-paid leave, government Paid Parental Leave by birth date (with super from July 2025), then a return to work full- or part-time.',
    icon: '🍼',
    supports_baseline: false,
    baseline_name: null,
    baseline_description: null,
    parameters: [
      item('salary_item', 'Pay that stops during leave', 'income', { help_text: 'Leave empty if you are not employed.' }),
      dateParam('birth_date', 'Birth or adoption date', { help_text: 'Leave empty to use the first day of the event month.' }),
      integer('leave_weeks', 'Weeks away from work', 52, { ...pct(0, 104), required: true }),
      integer('employer_paid_weeks', 'Weeks of employer-paid leave (full pay)', 0, pct(0, 52)),
      integer('return_salary_percent', 'Pay on return (% of before)', 100, { ...pct(0, 100), help_text: 'For example 60 for three days a week.' }),
      boolean('claim_ppl', 'Claim government Paid Parental Leave', true),
      integer('ppl_days', 'PPL days to claim (empty: full entitlement)', null, pct(0, 130)),
      account('super_account_id', 'Super fund for super on PPL', { help_text: 'Defaults to your first super account.' }),
      TAXPAYER,
    ],
  },
  {
    template_id: 'retirement',
    name: 'Retire',
    description: 'Stop work and draw an income from super (tax-free from 60), with a change in spending.',
    icon: '🏖️',
    supports_baseline: false,
    baseline_name: null,
    baseline_description: null,
    parameters: [
      item('salary_item', 'Pay that stops', 'income'),
      account('super_account_id', 'Super account to draw from', { help_text: 'Defaults to your first super account.' }),
      decimal('annual_drawdown', 'Yearly income drawn from super', 55_000, { ...money, required: true }),
      decimal('drawdown_growth_rate', 'Yearly increase in drawdown (%)', AU_DEFAULTS.inflation, pct(-10, 20)),
      decimal('spending_change_monthly', 'Change in monthly spending', 0, { min_value: -1_000_000, max_value: 1_000_000, help_text: 'Negative to spend less, positive to spend more.' }),
      account('deposit_account_id', 'Paid into', { help_text: 'Defaults to your main cash account.' }),
    ],
  },
  {
    template_id: 'debt_payoff',
    name: 'Aggressive Debt Payoff',
    description: 'Pay down a debt faster with extra regular payments or one lump sum.',
    icon: '🎯',
    supports_baseline: false,
    baseline_name: null,
    baseline_description: null,
    parameters: [
      account('debt_account_id', 'Debt to pay off', { required: true }),
      select('payoff_strategy', 'Strategy', [['extra_payments', 'Extra regular payments'], ['lump_sum', 'One lump sum']], 'extra_payments'),
      decimal('extra_payment_amount', 'Extra payment (per month)', 500, { ...money, required: true }),
      dateParam('extra_payment_start', 'Start date', { help_text: 'Leave empty to start in the event month.' }),
      account('extra_payment_account_id', 'Paid from', { help_text: 'Defaults to your main cash account.' }),
      decimal('lump_sum_amount', 'Lump sum', 10_000, { ...money, required: true }),
      dateParam('lump_sum_date', 'Lump sum date', { help_text: 'Leave empty to pay in the event month.' }),
      account('lump_sum_account_id', 'Lump sum paid from', { help_text: 'Defaults to your main cash account.' }),
    ],
  },
  {
    template_id: 'car_loan',
    name: 'Car Loan',
    description: 'Buy a car with a loan: deposit, repayments, depreciation and running costs.',
    icon: '🚗',
    supports_baseline: false,
    baseline_name: null,
    baseline_description: null,
    parameters: [
      text('car_name', 'Car', 'New car', { required: true }),
      decimal('car_price', 'Drive-away price', 45_000, { ...money, required: true }),
      decimal('deposit_amount', 'Deposit or trade-in', 5_000, money),
      decimal('loan_interest_rate', 'Loan interest rate (% a year)', AU_DEFAULTS.car_loan_rate, { ...pct(0, 40), required: true }),
      integer('loan_term_years', 'Loan term (years)', 5, { ...pct(1, 10), required: true }),
      decimal('depreciation_rate', 'Depreciation (% a year)', 15, pct(0, 60)),
      decimal('running_costs_annual', 'Registration, insurance and servicing (per year)', 3_500, money),
      account('funding_account_id', 'Deposit paid from', { help_text: 'Defaults to your main cash account.' }),
    ],
  },
  {
    template_id: 'help_debt',
    name: 'HELP Study Debt',
    description: 'A HELP (HECS) debt: indexed each year and repaid through tax once your income passes the threshold.',
    icon: '🎓',
    supports_baseline: true,
    baseline_name: 'My HELP Debt',
    baseline_description: 'The HELP balance you owe now.',
    parameters: [
      decimal('help_balance', 'Course fees added to HELP', 30_000, { ...money, required: true, baseline_label: 'Current HELP balance' }),
      decimal('repayment_income', 'Repayment income (per year)', 90_000, { ...money, required: true, help_text: 'Taxable income plus fringe benefits and net investment losses.' }),
      decimal('income_growth_rate', 'Income growth (% a year)', AU_DEFAULTS.wage_growth, pct(-20, 30)),
      decimal('indexation_rate', 'Indexation (% a year)', AU_DEFAULTS.inflation, { ...pct(0, 20), help_text: 'The lower of CPI and wage growth, applied each 1 June (approximated monthly).' }),
      account('deposit_account_id', 'Repayments taken from', { help_text: 'Defaults to your main cash account.' }),
    ],
  },
  {
    template_id: 'asset_purchase',
    name: 'Invest in Shares or Funds',
    description: 'Buy shares, ETFs or a managed fund and keep adding to it; growth compounds monthly.',
    icon: '📈',
    supports_baseline: true,
    baseline_name: 'My Investments',
    baseline_description: 'Shares, ETFs or funds you already hold.',
    parameters: [
      text('asset_name', 'Investment', 'Share portfolio', { required: true }),
      decimal('purchase_amount', 'Amount invested', 20_000, { ...money, required: true, baseline_label: 'Current value' }),
      decimal('expected_return', 'Expected return (% a year)', 7, pct(-50, 50)),
      decimal('regular_contribution', 'Regular top-up', 0, money),
      select('contribution_frequency', 'Top-up frequency', FREQ_OPTIONS, 'monthly'),
      account('funding_account_id', 'Paid from', { help_text: 'Defaults to your main cash account.' }),
    ],
  },
  {
    template_id: 'debt_recycling',
    name: 'Debt Recycling',
    description: 'Repay your home loan with surplus cash and redraw the same amount from an investment split to invest: the debt stays level while its deductible share grows.',
    icon: '♻️',
    supports_baseline: false,
    baseline_name: null,
    baseline_description: null,
    parameters: [
      account('debt_account_id', 'Home loan (non-deductible split)', { required: true }),
      decimal('recycle_amount', 'Surplus recycled each month', 1_000, { ...money, required: true }),
      decimal('initial_amount', 'Savings recycled at the start', 0, money),
      decimal('investment_return', 'Investment return (% a year)', 7, pct(-50, 50)),
      decimal('investment_loan_rate', 'Investment split rate (% a year)', AU_DEFAULTS.investor_rate, { ...pct(0, 30), required: true }),
      account('recycle_account_id', 'Surplus comes from', { help_text: 'Defaults to your main cash account.' }),
      TAXPAYER,
    ],
  },
  {
    template_id: 'superannuation',
    name: 'Superannuation',
    description: 'A super account and voluntary contributions, before-tax (taxed 15% in the fund, within the concessional cap) or after-tax.',
    icon: '🦘',
    supports_baseline: true,
    baseline_name: 'My Super',
    baseline_description: 'Your super balance today.',
    parameters: [
      account('super_account_id', 'Existing super account', {
        help_text: 'Leave empty to add a new account.',
        baseline_help_text: 'Pick the super account you already entered (its balance is used), or leave empty to add one with the balance below.',
      }),
      text('fund_name', 'Fund name', 'Super fund'),
      decimal('super_balance', 'Opening balance of a new account', 0, { ...money, baseline_label: 'Current super balance', baseline_default: 80_000 }),
      decimal('expected_return', 'Return after fees and tax (% a year)', 6.5, pct(-50, 50)),
      decimal('voluntary_contribution', 'Voluntary contribution', 0, money),
      select('contribution_frequency', 'Contribution frequency', FREQ_OPTIONS, 'monthly'),
      select('contribution_type', 'Contribution type', [['after_tax', 'After tax (non-concessional)'], ['before_tax', 'Before tax (concessional, taxed 15%)']], 'after_tax'),
      account('contribution_account_id', 'Paid from', { help_text: 'Defaults to your main cash account.' }),
      TAXPAYER,
    ],
  },
  {
    template_id: 'salary_sacrifice',
    name: 'Salary Sacrifice to Super',
    description: 'Sacrifice part of your pre-tax salary into super: less income tax, 15% contributions tax in the fund.',
    icon: '🪙',
    supports_baseline: true,
    baseline_name: 'Salary Sacrifice',
    baseline_description: 'A salary sacrifice arrangement you already have.',
    parameters: [
      decimal('sacrifice_amount', 'Amount sacrificed (before tax)', 500, { ...money, required: true, help_text: 'Keep total concessional contributions within the cap ($30,000 in 2025-26, $32,500 from 2026-27).' }),
      select('sacrifice_frequency', 'How often', FREQ_OPTIONS, 'monthly'),
      account('super_account_id', 'Super account', { help_text: 'Defaults to your first super account.' }),
      TAXPAYER,
      IS_PERMANENT,
      END_DATE,
    ],
  },
  {
    template_id: 'inheritance',
    name: 'Inheritance or Windfall',
    description: 'Receive a lump sum (inheritances are not taxed in Australia) and optionally repay a debt with part of it.',
    icon: '🎁',
    supports_baseline: false,
    baseline_name: null,
    baseline_description: null,
    parameters: [
      decimal('amount', 'Amount received', 100_000, { ...money, required: true }),
      account('destination_account_id', 'Paid into', { help_text: 'Defaults to your main cash account.' }),
      account('debt_account_id', 'Debt to repay with part of it'),
      decimal('debt_payment_amount', 'Amount used to repay the debt', 0, money),
    ],
  },
  {
    template_id: 'major_purchase',
    name: 'Major Purchase',
    description: 'A big purchase paid in cash or with a personal loan; optionally an asset that keeps (or loses) value over time.',
    icon: '🛒',
    supports_baseline: false,
    baseline_name: null,
    baseline_description: null,
    parameters: [
      text('purchase_name', 'What are you buying?', 'Renovation', { required: true }),
      decimal('purchase_amount', 'Cost', 30_000, { ...money, required: true }),
      select('payment_method', 'Payment method', [['cash', 'Cash or savings'], ['loan', 'Loan']], 'cash'),
      integer('loan_term_years', 'Loan term (years)', 5, { ...pct(1, 30), required: true }),
      decimal('loan_interest_rate', 'Loan interest rate (% a year)', AU_DEFAULTS.personal_loan_rate, { ...pct(0, 40), required: true }),
      boolean('keeps_value', 'Does it keep a resale value?', false, { help_text: 'For example a boat or caravan: tracked as an asset.' }),
      decimal('value_change_rate', 'Yearly change in value (%)', -15, { ...pct(-90, 30), help_text: 'Negative for depreciation.' }),
      account('funding_account_id', 'Paid from', { help_text: 'Defaults to your main cash account.' }),
    ],
  },
  {
    template_id: 'new_child',
    name: 'Have a Child',
    description: 'The everyday costs of a child to 18 and childcare fees after the Child Care Subsidy until school.',
    icon: '👶',
    supports_baseline: true,
    baseline_name: 'My Child',
    baseline_description: 'A child you already have.',
    parameters: [
      dateParam('birth_date', 'Birth date', { help_text: 'Leave empty to use the first day of the event month.', baseline_label: 'Date of birth' }),
      decimal('monthly_child_costs', 'Everyday costs (per month)', 900, { ...money, help_text: 'Food, clothes, activities; to age 18, rising with inflation.' }),
      integer('childcare_start_age_months', 'Childcare from age (months)', 12, pct(0, 72)),
      integer('childcare_end_age_months', 'Childcare until age (months)', 60, pct(0, 156)),
      integer('childcare_days_per_week', 'Childcare days a week', 3, pct(0, 5)),
      decimal('childcare_daily_fee', 'Daily fee', 150, money),
      integer('childcare_subsidy_percent', 'Child Care Subsidy (%)', 50, { ...pct(0, 100), help_text: 'Depends on family income: up to 90%.' }),
    ],
  },
  {
    template_id: 'current_reality',
    name: 'Current Reality',
    description: 'Your finances as they are today: the accounts and recurring items you have entered.',
    icon: '📍',
    supports_baseline: true,
    baseline_name: 'Current Reality',
    baseline_description: 'Your accounts and recurring items as they are today.',
    parameters: [text('notes', 'Notes', '', { help_text: 'Anything worth remembering about today.' })],
  },
  {
    template_id: 'baseline',
    name: 'Baseline',
    description: 'The starting point every scenario is compared with.',
    icon: '⚓',
    supports_baseline: true,
    baseline_name: 'Baseline',
    baseline_description: 'Your current situation.',
    parameters: [],
  },
];

export const TEMPLATES: Template[] = TEMPLATE_LIST;

/** The template with this id, or undefined. */
export function getTemplate(id: string): Template | undefined {
  return TEMPLATES.find((t) => t.template_id === id);
}

export const TEMPLATE_GROUP_NAMES = ['Property', 'Income & Career', 'Debt & Payments', 'Investments & Assets', 'Purchases & Expenses'] as const;
export type TemplateGroupName = (typeof TEMPLATE_GROUP_NAMES)[number];

/** The chooser's groups, in order (product-spec Template chooser), with the extra templates where they fit. */
export const TEMPLATE_GROUPS: ReadonlyArray<{ name: TemplateGroupName; template_ids: string[] }> = [
  { name: 'Property', template_ids: ['buy_first_home', 'investment_property', 'negative_gearing', 'existing_mortgage', 'interest_only_mortgage', 'extra_mortgage_repayments', 'sell_property'] },
  { name: 'Income & Career', template_ids: ['job_income_change', 'parental_leave', 'retirement'] },
  { name: 'Debt & Payments', template_ids: ['debt_payoff', 'car_loan', 'help_debt'] },
  { name: 'Investments & Assets', template_ids: ['asset_purchase', 'debt_recycling', 'superannuation', 'salary_sacrifice', 'inheritance'] },
  { name: 'Purchases & Expenses', template_ids: ['major_purchase', 'new_child'] },
];

/** Never offered in the chooser (product-spec: current_reality and baseline are excluded). */
export const HIDDEN_TEMPLATE_IDS: readonly string[] = ['current_reality', 'baseline'];
