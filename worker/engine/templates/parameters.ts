// Template parameters at run time: conditional visibility (docs/product.md section 4), effective defaults
// (baseline_default in baseline scenarios) and the resolved values a compiler reads.
import type { Template, TemplateParameter, TemplateValue } from '../model/template';

export type BaselineOption = { is_baseline: boolean };

const LUMP_SUM_FIELDS = ['lump_sum_amount', 'lump_sum_date', 'lump_sum_account_id'];
const EXTRA_PAYMENT_FIELDS = ['extra_payment_amount', 'extra_payment_start', 'extra_payment_account_id'];
const LOAN_FIELDS = ['loan_term_years', 'loan_interest_rate'];

function hasParam(template: Template, name: string): boolean {
  return template.parameters.some((p) => p.name === name);
}

/**
 * Whether a parameter shows (docs/product.md section 4 "Which parameters show"):
 * - baseline_hidden parameters are hidden in baseline scenarios;
 * - end_date is hidden unless is_permanent is explicitly false;
 * - where the template has payment_method (major_purchase), loan_term_years and loan_interest_rate show only
 *   when it is 'loan';
 * - where the template has purchase_date (sell_property), months_owned shows only while it has a value and no
 *   purchase date is given (older saved events);
 * - where the template has payoff_strategy (debt_payoff), lump sum fields show only for 'lump_sum' and extra
 *   payment fields only for 'extra_payments' (the default when unset).
 * A hidden parameter is neither required nor read by the compiler.
 */
export function isParameterVisible(
  template: Template,
  param: TemplateParameter,
  values: Readonly<Record<string, unknown>>,
  opts: BaselineOption,
): boolean {
  if (opts.is_baseline && param.baseline_hidden) return false;
  if (param.name === 'end_date' && hasParam(template, 'is_permanent'))
    return values.is_permanent === false || values.is_permanent === 'false';
  if (LOAN_FIELDS.includes(param.name) && hasParam(template, 'payment_method')) return values.payment_method === 'loan';
  // sell_property: months owned is the older events' stand-in for a purchase date, shown only while it is set
  // and no date is given.
  if (param.name === 'months_owned' && hasParam(template, 'purchase_date'))
    return isEmptyValue(values.purchase_date) && !isEmptyValue(values.months_owned);
  if (hasParam(template, 'payoff_strategy')) {
    const strategy = values.payoff_strategy ?? 'extra_payments';
    if (LUMP_SUM_FIELDS.includes(param.name)) return strategy === 'lump_sum';
    if (EXTRA_PAYMENT_FIELDS.includes(param.name)) return strategy === 'extra_payments';
  }
  return true;
}

/** The default the form fills in: baseline_default in baseline scenarios when present. */
export function effectiveDefault(param: TemplateParameter, opts: BaselineOption): TemplateValue {
  if (opts.is_baseline && param.baseline_default !== undefined) return param.baseline_default;
  return param.default ?? null;
}

/** The label the form shows: baseline_label in baseline scenarios when present. */
export function effectiveLabel(param: TemplateParameter, opts: BaselineOption): string {
  return (opts.is_baseline && param.baseline_label) || param.label;
}

export function isEmptyValue(v: unknown): boolean {
  return v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
}

/**
 * Each parameter's given value, or its effective default when it was left out (absent or undefined), before
 * visibility applies. A value sent as null or '' was cleared on purpose and stays cleared (null): the form
 * fills defaults in, so an empty field means "none" (a cleared optional cost is no cost; a cleared required
 * parameter fails validation).
 */
export function withDefaults(
  template: Template,
  raw: Readonly<Record<string, unknown>>,
  opts: BaselineOption,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const p of template.parameters) {
    const v = raw[p.name];
    out[p.name] = v === undefined ? effectiveDefault(p, opts) : isEmptyValue(v) ? null : v;
  }
  return out;
}

/**
 * What a compiler reads: each parameter's given value, or its effective default when left out; hidden
 * parameters are null (end_date when permanent, lump sum fields under extra payments, ...). Values that
 * are not parameters of the template are dropped.
 */
export function resolveParameters(
  template: Template,
  raw: Readonly<Record<string, unknown>>,
  opts: BaselineOption,
): Record<string, unknown> {
  return resolveFilled(template, withDefaults(template, raw, opts), opts);
}

/** resolveParameters from withDefaults' answer (validation has it already, so it is not filled twice). */
export function resolveFilled(
  template: Template,
  filled: Readonly<Record<string, unknown>>,
  opts: BaselineOption,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const p of template.parameters)
    out[p.name] = isParameterVisible(template, p, filled, opts) ? filled[p.name] : null;
  return out;
}
