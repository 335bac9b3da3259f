// Compiles a scenario event to primitives through its template's pure compiler, and validates template
// parameters (required, types, ranges, conditional visibility, cross-field rules) with field-named errors.
import type { CompileContext, Primitive } from '../primitives';
import type { Template } from '../model/template';
import { EngineInputError } from '../model/issues';
import { isIsoDate, isIsoMonth } from '../au/dates';
import {
  effectiveLabel,
  isEmptyValue,
  isParameterVisible,
  resolveFilled,
  resolveParameters,
  withDefaults,
} from './parameters';
import type { ParameterError, TemplateContext } from './helpers';
import type { ValidateOptions } from './define';
import { getTemplate } from './catalogue';
import { findTemplateDefinition } from './registry';

export type { ParameterError, ValidateOptions };

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
  // The catalogue entry (all of one shape) for the parameter walk; the definition for its compiler.
  const template = getTemplate(event.template_id);
  if (!template)
    throw new EngineInputError([{ path: '$.template_id', message: `unknown template "${event.template_id}"` }]);
  return compileResolved(
    event,
    ctx,
    resolveParameters(template, event.template_parameters ?? {}, { is_baseline: ctx.is_baseline }),
  );
}

/** compileEvent with the parameters already resolved (validateAndCompile resolves them once for both steps). */
function compileResolved(
  event: EventToCompile,
  ctx: CompileContext | TemplateContext,
  values: Record<string, unknown>,
): Primitive[] {
  const definition = findTemplateDefinition(event.template_id);
  if (!definition)
    throw new EngineInputError([{ path: '$.template_id', message: `unknown template "${event.template_id}"` }]);
  if (!isIsoMonth(event.trigger_month))
    throw new EngineInputError([{ path: '$.trigger_month', message: 'must be a month written YYYY-MM' }]);
  // The simulator's context names the event already; copying it for each of a compare's events showed in profiles.
  const eventCtx: TemplateContext =
    ctx.event_id === event.id && ctx.event_name === event.name && ctx.trigger_month === event.trigger_month
      ? ctx
      : { ...ctx, event_id: event.id, event_name: event.name, trigger_month: event.trigger_month };
  return finite(definition.compile(values, eventCtx));
}

/**
 * Validates an event's parameters (validateTemplateParameters) and compiles it (compileEvent), filling and
 * resolving the parameters once for both. Throws EngineInputError naming $.template_parameters.<field>.
 */
export function validateAndCompile(event: EventToCompile, ctx: CompileContext): Primitive[] {
  const template = getTemplate(event.template_id);
  if (!template)
    throw new EngineInputError([{ path: '$.template_id', message: `unknown template "${event.template_id}"` }]);
  const opts = { is_baseline: ctx.is_baseline, trigger_month: event.trigger_month };
  const filled = withDefaults(template, event.template_parameters, opts);
  const values = resolveFilled(template, filled, opts);
  const errors = parameterErrors(template, opts, filled, values);
  if (errors.length > 0) {
    throw new EngineInputError(errors.map((e) => ({ path: `$.template_parameters.${e.field}`, message: e.message })));
  }
  return compileResolved(event, ctx, values);
}

function isNumeric(v: unknown): boolean {
  if (typeof v === 'number') return Number.isFinite(v);
  return typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v));
}

/**
 * Field-named errors for an event's parameters: required (only when visible), types, min/max, picked
 * references, then the template's cross-field rules. An empty list means the compiler will accept them.
 */
export function validateTemplateParameters(
  template: Template,
  params: Readonly<Record<string, unknown>>,
  opts: ValidateOptions,
): ParameterError[] {
  const filled = withDefaults(template, params, opts);
  return parameterErrors(template, opts, filled, resolveFilled(template, filled, opts));
}

function parameterErrors(
  template: Template,
  opts: ValidateOptions,
  filled: Readonly<Record<string, unknown>>,
  values: Record<string, unknown>,
): ParameterError[] {
  const errors: ParameterError[] = [];
  for (const p of template.parameters) {
    const label = effectiveLabel(p, opts);
    // Absent (undefined) takes the default; null or '' was cleared on purpose (withDefaults keeps it null).
    const raw = filled[p.name];
    if (!isParameterVisible(template, p, filled, opts)) continue;
    if (isEmptyValue(raw)) {
      if (p.required) errors.push({ field: p.name, message: `${label} is required` });
      else if (p.name === 'end_date')
        errors.push({ field: p.name, message: `${label} is required when this is not permanent` });
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
        if (p.type === 'integer' && !Number.isInteger(n))
          errors.push({ field: p.name, message: `${label} must be a whole number` });
        if (p.min_value != null && n < p.min_value)
          errors.push({ field: p.name, message: `${label} must be at least ${p.min_value}` });
        if (p.max_value != null && n > p.max_value)
          errors.push({ field: p.name, message: `${label} must be at most ${p.max_value}` });
        break;
      }
      case 'boolean':
        if (typeof raw !== 'boolean' && raw !== 'true' && raw !== 'false')
          errors.push({ field: p.name, message: `${label} must be yes or no` });
        break;
      case 'date':
        if (!isIsoDate(raw)) errors.push({ field: p.name, message: `${label} must be a date written YYYY-MM-DD` });
        else if (p.name === 'end_date' && opts.trigger_month && String(raw) < `${opts.trigger_month}-01`)
          errors.push({ field: p.name, message: `${label} must not be before the event's month` });
        break;
      case 'select':
        if (!(p.options ?? []).some((o) => o.value === raw))
          errors.push({
            field: p.name,
            message: `${label} must be one of: ${(p.options ?? []).map((o) => o.label).join(', ')}`,
          });
        break;
      case 'recurring_item':
        if (typeof raw !== 'string') errors.push({ field: p.name, message: `${label} must be a recurring item` });
        else if (opts.recurring_items && !opts.recurring_items.some((r) => r.id === raw))
          errors.push({ field: p.name, message: `${label}: no such recurring item` });
        break;
      case 'text':
        if (typeof raw !== 'string') errors.push({ field: p.name, message: `${label} must be text` });
        else if (raw.length > 200) errors.push({ field: p.name, message: `${label} must be at most 200 characters` });
        else if (p.name.includes('account_id') && opts.accounts) {
          const account = opts.accounts.find((a) => a.id === raw);
          if (!account) errors.push({ field: p.name, message: `${label}: no such account` });
          else if (p.name === 'debt_account_id' && account.is_asset)
            errors.push({ field: p.name, message: `${label} must be a debt (liability) account` });
          else if ((p.name === 'property_account_id' || p.name === 'offset_account_id') && !account.is_asset)
            errors.push({ field: p.name, message: `${label} must be an asset account` });
        }
        break;
    }
  }
  if (errors.length === 0) errors.push(...crossFieldErrors(template, values, opts));
  return errors;
}

/** The template's own cross-field rules (deposit within the price, the Home Guarantee caps, ...). */
function crossFieldErrors(
  template: Template,
  values: Record<string, unknown>,
  opts: ValidateOptions,
): ParameterError[] {
  return findTemplateDefinition(template.template_id)?.validate?.(values, opts) ?? [];
}
