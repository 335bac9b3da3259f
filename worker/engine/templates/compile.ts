// Compiles a scenario event to primitives through its template's pure compiler, and validates template
// parameters (required, types, ranges, conditional visibility, cross-field rules) with field-named errors.
import type { CompileContext, Primitive, TemplateCompiler } from '../primitives';
import type { Template } from '../model/template';
import { EngineInputError } from '../model/issues';
import { isIsoDate, isIsoMonth } from '../au/dates';
import { homeGuaranteeRule, isAuState } from '../au/property';
import { formatDollars } from '../money';
import { getTemplate } from './catalogue';
import { effectiveLabel, isEmptyValue, isParameterVisible, resolveParameters, withDefaults } from './parameters';
import { num, optNum, type TemplateContext } from './helpers';
import { compileBuyFirstHome } from './compilers/buy-first-home';
import { compileInvestmentProperty } from './compilers/investment-property';
import { compileInterestOnlyMortgage } from './compilers/interest-only-mortgage';
import { compileExtraMortgageRepayments } from './compilers/extra-mortgage-repayments';
import { compileExistingMortgage } from './compilers/existing-mortgage';
import { compileSellProperty } from './compilers/sell-property';
import { compileJobIncomeChange } from './compilers/job-income-change';
import { compileParentalLeave } from './compilers/parental-leave';
import { compileRetirement } from './compilers/retirement';
import { compileDebtPayoff } from './compilers/debt-payoff';
import { compileCarLoan } from './compilers/car-loan';
import { compileHelpDebt } from './compilers/help-debt';
import { compileAssetPurchase } from './compilers/asset-purchase';
import { compileDebtRecycling } from './compilers/debt-recycling';
import { compileSuperannuation } from './compilers/superannuation';
import { compileSalarySacrifice } from './compilers/salary-sacrifice';
import { compileInheritance } from './compilers/inheritance';
import { compileMajorPurchase } from './compilers/major-purchase';
import { compileNewChild } from './compilers/new-child';

/** current_reality and baseline describe what the base accounts and items already hold: no primitives. */
const compileNothing: TemplateCompiler = () => [];

export const COMPILERS: Readonly<Record<string, TemplateCompiler>> = {
  buy_first_home: compileBuyFirstHome,
  investment_property: compileInvestmentProperty,
  negative_gearing: compileInvestmentProperty,
  interest_only_mortgage: compileInterestOnlyMortgage,
  extra_mortgage_repayments: compileExtraMortgageRepayments,
  existing_mortgage: compileExistingMortgage,
  sell_property: compileSellProperty,
  job_income_change: compileJobIncomeChange,
  parental_leave: compileParentalLeave,
  retirement: compileRetirement,
  debt_payoff: compileDebtPayoff,
  car_loan: compileCarLoan,
  help_debt: compileHelpDebt,
  asset_purchase: compileAssetPurchase,
  debt_recycling: compileDebtRecycling,
  superannuation: compileSuperannuation,
  salary_sacrifice: compileSalarySacrifice,
  inheritance: compileInheritance,
  major_purchase: compileMajorPurchase,
  new_child: compileNewChild,
  current_reality: compileNothing,
  baseline: compileNothing,
};

export type EventToCompile = {
  id: string;
  name: string;
  trigger_month: string;
  template_id: string;
  template_parameters: Record<string, unknown>;
};

/**
 * Replaces any non-finite number with 0, in place: a last guard so no NaN or Infinity ever reaches the
 * simulator. Compilers build fresh primitives for every call, so nothing shared is touched; walking in place
 * instead of deep-copying keeps compile time down (this runs on every primitive of every event).
 */
function sanitise(value: unknown): void {
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const v: unknown = value[i];
      if (typeof v === 'number') {
        if (!Number.isFinite(v)) value[i] = 0;
      } else if (v !== null && typeof v === 'object') sanitise(v);
    }
    return;
  }
  if (value === null || typeof value !== 'object') return;
  const obj = value as Record<string, unknown>;
  for (const k in obj) {
    const v = obj[k];
    if (typeof v === 'number') {
      if (!Number.isFinite(v)) obj[k] = 0;
    } else if (v !== null && typeof v === 'object') sanitise(v);
  }
}

function finite<T>(value: T): T {
  sanitise(value);
  return value;
}

/**
 * The primitives of one event. The event's id, name and month override the context's. Parameters are
 * resolved first (defaults filled, hidden parameters dropped), so a compiler never sees a hidden value.
 * Throws EngineInputError (naming the field) for an unknown template or a malformed trigger month.
 */
export function compileEvent(event: EventToCompile, ctx: CompileContext | TemplateContext): Primitive[] {
  const template = getTemplate(event.template_id);
  const compiler = COMPILERS[event.template_id];
  if (!template || !compiler) throw new EngineInputError([{ path: '$.template_id', message: `unknown template "${event.template_id}"` }]);
  if (!isIsoMonth(event.trigger_month)) throw new EngineInputError([{ path: '$.trigger_month', message: 'must be a month written YYYY-MM' }]);
  const eventCtx: TemplateContext = { ...ctx, event_id: event.id, event_name: event.name, trigger_month: event.trigger_month };
  const values = resolveParameters(template, event.template_parameters ?? {}, { is_baseline: ctx.is_baseline });
  return finite(compiler(values, eventCtx));
}

export type ParameterError = { field: string; message: string };

export type ValidateOptions = {
  is_baseline: boolean;
  /** When given, picked accounts and recurring items must exist (and debt pickers must be liabilities). */
  accounts?: CompileContext['accounts'];
  recurring_items?: CompileContext['recurring_items'];
  /** When given, an end_date must not be before the event's month. */
  trigger_month?: string;
};

function isNumeric(v: unknown): boolean {
  if (typeof v === 'number') return Number.isFinite(v);
  return typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v));
}

/**
 * Field-named errors for an event's parameters: required (only when visible), types, min/max, picked
 * references, then the template's cross-field rules. An empty list means the compiler will accept them.
 */
export function validateTemplateParameters(template: Template, params: Readonly<Record<string, unknown>>, opts: ValidateOptions): ParameterError[] {
  const errors: ParameterError[] = [];
  const filled = withDefaults(template, params, opts);
  const values = resolveParameters(template, params, opts);
  for (const p of template.parameters) {
    const label = effectiveLabel(p, opts);
    // Absent (undefined) takes the default; null or '' was cleared on purpose (withDefaults keeps it null).
    const raw = filled[p.name];
    if (!isParameterVisible(template, p, filled, opts)) continue;
    if (isEmptyValue(raw)) {
      if (p.required) errors.push({ field: p.name, message: `${label} is required` });
      else if (p.name === 'end_date') errors.push({ field: p.name, message: `${label} is required when this is not permanent` });
      continue;
    }
    switch (p.type) {
      case 'decimal':
      case 'integer': {
        if (!isNumeric(raw)) {
          errors.push({ field: p.name, message: `${label} must be a number` });
          continue;
        }
        const n = Number(raw);
        if (p.type === 'integer' && !Number.isInteger(n)) errors.push({ field: p.name, message: `${label} must be a whole number` });
        if (p.min_value != null && n < p.min_value) errors.push({ field: p.name, message: `${label} must be at least ${p.min_value}` });
        if (p.max_value != null && n > p.max_value) errors.push({ field: p.name, message: `${label} must be at most ${p.max_value}` });
        break;
      }
      case 'boolean':
        if (typeof raw !== 'boolean' && raw !== 'true' && raw !== 'false') errors.push({ field: p.name, message: `${label} must be yes or no` });
        break;
      case 'date':
        if (!isIsoDate(raw)) errors.push({ field: p.name, message: `${label} must be a date written YYYY-MM-DD` });
        else if (p.name === 'end_date' && opts.trigger_month && String(raw) < `${opts.trigger_month}-01`)
          errors.push({ field: p.name, message: `${label} must not be before the event's month` });
        break;
      case 'select':
        if (!(p.options ?? []).some((o) => o.value === raw)) errors.push({ field: p.name, message: `${label} must be one of: ${(p.options ?? []).map((o) => o.label).join(', ')}` });
        break;
      case 'recurring_item':
        if (typeof raw !== 'string') errors.push({ field: p.name, message: `${label} must be a recurring item` });
        else if (opts.recurring_items && !opts.recurring_items.some((r) => r.id === raw)) errors.push({ field: p.name, message: `${label}: no such recurring item` });
        break;
      case 'text':
        if (typeof raw !== 'string') errors.push({ field: p.name, message: `${label} must be text` });
        else if (raw.length > 200) errors.push({ field: p.name, message: `${label} must be at most 200 characters` });
        else if (p.name.includes('account_id') && opts.accounts) {
          const account = opts.accounts.find((a) => a.id === raw);
          if (!account) errors.push({ field: p.name, message: `${label}: no such account` });
          else if (p.name === 'debt_account_id' && account.is_asset) errors.push({ field: p.name, message: `${label} must be a debt (liability) account` });
          else if (p.name === 'property_account_id' && !account.is_asset) errors.push({ field: p.name, message: `${label} must be an asset account` });
        }
        break;
    }
  }
  if (errors.length === 0) errors.push(...crossFieldErrors(template, values, opts));
  return errors;
}

function crossFieldErrors(template: Template, v: Record<string, unknown>, opts: ValidateOptions): ParameterError[] {
  const errors: ParameterError[] = [];
  const id = template.template_id;
  if ((id === 'buy_first_home' || id === 'investment_property' || id === 'negative_gearing') && num(v, 'deposit_amount') > num(v, 'purchase_price')) {
    errors.push({ field: 'deposit_amount', message: opts.is_baseline ? 'Equity cannot be more than the value' : 'Deposit cannot be more than the purchase price' });
  }
  if (id === 'buy_first_home' && !opts.is_baseline && v.use_home_guarantee === true) {
    const rule = homeGuaranteeRule(opts.trigger_month ? `${opts.trigger_month}-01` : '2026-01-01');
    const state = isAuState(v.state) ? v.state : 'NSW';
    const region = v.region === 'rest' ? 'rest' : 'capital';
    const cap = rule.caps[state][region];
    if (num(v, 'purchase_price') > cap) errors.push({ field: 'purchase_price', message: `Above the Home Guarantee price cap of ${formatDollars(cap)} in ${state} (${region === 'rest' ? 'rest of state' : 'capital and regional centres'})` });
    if (num(v, 'deposit_amount') < rule.min_deposit * num(v, 'purchase_price') - 0.005) errors.push({ field: 'deposit_amount', message: `The Home Guarantee needs a deposit of at least ${rule.min_deposit * 100}%` });
  }
  if (v.interest_only_years != null && v.loan_term_years != null && num(v, 'interest_only_years') > num(v, 'loan_term_years')) {
    errors.push({ field: 'interest_only_years', message: 'Interest-only years cannot be more than the loan term' });
  }
  if (id === 'interest_only_mortgage' && isEmptyValue(v.debt_account_id) && !(num(v, 'loan_amount') > 0)) {
    errors.push({ field: 'loan_amount', message: 'Enter the amount borrowed or pick a mortgage' });
  }
  if (id === 'existing_mortgage' && isEmptyValue(v.debt_account_id) && !(num(v, 'loan_amount') > 0)) {
    errors.push({ field: 'loan_amount', message: 'Enter the amount owed or pick a mortgage' });
  }
  if (id === 'parental_leave' && num(v, 'employer_paid_weeks') > num(v, 'leave_weeks')) {
    errors.push({ field: 'employer_paid_weeks', message: 'Employer-paid weeks cannot be more than the weeks away from work' });
  }
  if (id === 'new_child' && num(v, 'childcare_end_age_months') < num(v, 'childcare_start_age_months')) {
    errors.push({ field: 'childcare_end_age_months', message: 'Childcare must end after it starts' });
  }
  if (id === 'inheritance' && (optNum(v, 'debt_payment_amount') ?? 0) > num(v, 'amount')) {
    errors.push({ field: 'debt_payment_amount', message: 'Cannot repay more than the amount received' });
  }
  return errors;
}
