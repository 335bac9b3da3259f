// Template parameters in the forms: which templates a scenario may use, form values from defaults and back
// to typed template_parameters, display text for the event cards, and the month helpers.
import {
  offeredInEventForm,
  TEMPLATES,
  type Template,
  type TemplateParameter,
  effectiveDefault,
  effectiveLabel,
  isParameterVisible,
  MONTH_SHORT_NAMES,
} from '../../../../worker/engine/index';
import { formatDecimal2 } from '../../../lib/format/money';
import type { AccountRow, RecurringItemRow } from '../../../data/entities';

/** Form state: strings for number inputs while typing, booleans for checkboxes. */
export type FormValues = Record<string, string | boolean>;

/** 'buy_first_home' -> 'Buy First Home'. */
export function prettifyTemplateId(id: string): string {
  return id
    .split('_')
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join(' ');
}

/** '2028-03' -> 'Mar 2028' (fixed short names: ICU's en-AU says 'Sept'). */
export function monthLabel(month: string): string {
  const [y, m] = month.split('-').map(Number);
  if (!y || !m || m < 1 || m > 12) return month;
  return `${MONTH_SHORT_NAMES[m - 1]} ${y}`;
}

/** The year picker: 10 years before to 10 after the current year (21 years). */
export function yearOptions(now: Date): number[] {
  const year = now.getFullYear();
  return Array.from({ length: 21 }, (_, i) => year - 10 + i);
}

export function currentMonth(now: Date): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;
}

export function isAccountParameter(p: TemplateParameter): boolean {
  return p.name.includes('account_id');
}

/** Integers spanning exactly 0 to 100 render as a percentage slider (docs/templates.md). */
export function isPercentSlider(p: TemplateParameter): boolean {
  return p.type === 'integer' && p.min_value === 0 && p.max_value === 100;
}

/**
 * Templates the event form offers: never 'baseline'; baseline scenarios only supports_baseline ones (the
 * current_reality description included); other scenarios exclude the catalogue's hidden ids. An event being
 * edited always keeps its own template in the list.
 */
export function templatesForScenario(isBaseline: boolean, keepId?: string): Template[] {
  return TEMPLATES.filter((t) => t.template_id === keepId || offeredInEventForm(t.template_id, isBaseline));
}

/** The name a new event gets when left empty: baseline_name in baseline scenarios, else the template name. */
export function defaultEventName(template: Template, isBaseline: boolean): string {
  return (isBaseline && template.baseline_name) || template.name;
}

function toFormValue(p: TemplateParameter, v: unknown): string | boolean {
  if (p.type === 'boolean') return v === true || v === 'true';
  if (v === null || v === undefined) return '';
  return String(v);
}

/** Form values: the given parameters, else each parameter's effective default. */
export function initialFormValues(
  template: Template,
  isBaseline: boolean,
  given: Record<string, unknown> = {},
): FormValues {
  const out: FormValues = {};
  for (const p of template.parameters) {
    const v = p.name in given ? given[p.name] : effectiveDefault(p, { is_baseline: isBaseline });
    out[p.name] = toFormValue(p, v);
  }
  return out;
}

/** Typed template_parameters from the form: numbers parsed (empty: null), empty pickers and text null. */
export function toTemplateParameters(template: Template, values: FormValues): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const p of template.parameters) {
    const v = values[p.name];
    if (p.type === 'boolean') {
      out[p.name] = v === true;
      continue;
    }
    const text = typeof v === 'string' ? v.trim() : '';
    if (p.type === 'decimal' || p.type === 'integer') {
      out[p.name] = text === '' ? null : Number.isFinite(Number(text)) ? Number(text) : text;
    } else if (p.type === 'text' && !isAccountParameter(p)) {
      out[p.name] = text;
    } else {
      out[p.name] = text === '' ? null : text;
    }
  }
  return out;
}

export function visibleParameters(
  template: Template,
  values: Record<string, unknown>,
  isBaseline: boolean,
): TemplateParameter[] {
  return template.parameters.filter((p) => isParameterVisible(template, p, values, { is_baseline: isBaseline }));
}

export type DisplayLookups = {
  accounts: ReadonlyArray<Pick<AccountRow, 'id' | 'name'>>;
  items: ReadonlyArray<Pick<RecurringItemRow, 'id' | 'name'>>;
};

/** A stored parameter as the event card shows it: 2 decimals for decimals, names instead of ids. */
export function displayParameterValue(p: TemplateParameter, value: unknown, lookups: DisplayLookups): string {
  if (value === null || value === undefined || value === '') return '—';
  if (p.type === 'boolean') return value === true || value === 'true' ? 'Yes' : 'No';
  if (p.type === 'decimal') {
    const n = Number(value);
    return Number.isFinite(n) ? formatDecimal2(n) : String(value);
  }
  if (p.type === 'integer') return isPercentSlider(p) ? `${String(value)}%` : String(value);
  if (p.type === 'select') return p.options?.find((o) => o.value === value)?.label ?? String(value);
  if (p.type === 'recurring_item') return lookups.items.find((i) => i.id === value)?.name ?? String(value);
  if (isAccountParameter(p)) return lookups.accounts.find((a) => a.id === value)?.name ?? String(value);
  return String(value);
}

/** The label and display text of each visible parameter of a stored event. */
export function describeParameters(
  template: Template,
  params: Record<string, unknown>,
  isBaseline: boolean,
  lookups: DisplayLookups,
): Array<{ name: string; label: string; value: string }> {
  const opts = { is_baseline: isBaseline };
  return template.parameters
    .filter((p) => isParameterVisible(template, p, params, opts))
    .map((p) => ({
      name: p.name,
      label: effectiveLabel(p, opts),
      value: displayParameterValue(p, params[p.name] ?? effectiveDefault(p, opts), lookups),
    }));
}
