// The template-driven parameter fields (docs/product.md section 4, Event form): one input per visible
// parameter, chosen by type, with baseline labels and help text and each field's error message.
import { useId } from 'react';
import { effectiveLabel, type Template, type TemplateParameter } from '../../../../worker/engine/index';
import type { AccountRow, RecurringItemRow } from '../../../data/entities';
import {
  isAccountParameter,
  isPercentSlider,
  toTemplateParameters,
  visibleParameters,
  type FormValues,
} from './template-values';
import { Input, Select } from '../../../components/form/controls';
import './event-form.css';

export type ParameterFieldsProps = {
  template: Template;
  values: FormValues;
  onChange: (name: string, value: string | boolean) => void;
  isBaseline: boolean;
  /** Accounts the pickers may offer (the user's own, not the event's own materialised ones). */
  accounts: ReadonlyArray<AccountRow>;
  items: ReadonlyArray<RecurringItemRow>;
  errors: Readonly<Record<string, string>>;
  disabled?: boolean;
};

function helpText(p: TemplateParameter, isBaseline: boolean): string | null {
  return (isBaseline && p.baseline_help_text) || p.help_text || null;
}

export function ParameterFields({
  template,
  values,
  onChange,
  isBaseline,
  accounts,
  items,
  errors,
  disabled,
}: ParameterFieldsProps) {
  const typed = toTemplateParameters(template, values);
  const visible = visibleParameters(template, typed, isBaseline);
  if (visible.length === 0) return null;
  return (
    <div className="parameter-fields">
      {visible.map((p) => (
        <ParameterField
          key={p.name}
          param={p}
          value={values[p.name]}
          onChange={(v) => onChange(p.name, v)}
          isBaseline={isBaseline}
          accounts={accounts}
          items={items}
          error={errors[p.name]}
          disabled={disabled}
        />
      ))}
    </div>
  );
}

type HintProps = { help: string | null | undefined; helpId?: string; error?: string; errorId?: string };

/** A parameter's help text and its error, each linked to the control by id. */
function HintAndError({ help, helpId, error, errorId }: HintProps) {
  return (
    <>
      {help && (
        <small id={helpId} className="field-hint">
          {help}
        </small>
      )}
      {error && (
        <small id={errorId} className="field-error" role="alert">
          {error}
        </small>
      )}
    </>
  );
}

function ParameterField({
  param: p,
  value,
  onChange,
  isBaseline,
  accounts,
  items,
  error,
  disabled,
}: {
  param: TemplateParameter;
  value: string | boolean | undefined;
  onChange: (v: string | boolean) => void;
  isBaseline: boolean;
  accounts: ReadonlyArray<AccountRow>;
  items: ReadonlyArray<RecurringItemRow>;
  error?: string;
  disabled?: boolean;
}) {
  const id = useId();
  const label = effectiveLabel(p, { is_baseline: isBaseline }) + (p.required ? ' *' : '');
  const help = helpText(p, isBaseline);
  const helpId = help ? `${id}-help` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [helpId, errorId].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    disabled,
    'aria-describedby': describedBy,
    'aria-invalid': error ? true : undefined,
    name: p.name,
  };
  const text = typeof value === 'string' ? value : '';
  const select = (choices: ReadonlyArray<{ value: string; label: string }>) => (
    <Select {...common} value={text} onChange={(e) => onChange(e.target.value)}>
      {choices.map((c) => (
        <option key={c.value} value={c.value}>
          {c.label}
        </option>
      ))}
    </Select>
  );

  let control;
  if (p.type === 'boolean') {
    return (
      <div className="field field-checkbox">
        <label htmlFor={id}>
          <Input type="checkbox" {...common} checked={value === true} onChange={(e) => onChange(e.target.checked)} />
          {label}
        </label>
        <HintAndError help={help} helpId={helpId} error={error} errorId={errorId} />
      </div>
    );
  } else if (p.type === 'recurring_item') {
    const options = items.filter((i) =>
      p.filter_by === 'income' ? i.amount > 0 : p.filter_by === 'expense' ? i.amount < 0 : true,
    );
    control = select([
      { value: '', label: p.required ? 'Select a recurring item' : 'None' },
      ...options.map((i) => ({ value: i.id, label: i.name })),
    ]);
  } else if (isAccountParameter(p)) {
    // Debt pickers list liabilities; offset and property pickers list assets; the rest list every account.
    const options =
      p.name === 'debt_account_id'
        ? accounts.filter((a) => !a.is_asset)
        : p.name === 'offset_account_id' || p.name === 'property_account_id'
          ? accounts.filter((a) => a.is_asset)
          : accounts;
    control = select([
      { value: '', label: p.required ? 'Select an account' : 'Default' },
      ...options.map((a) => ({ value: a.id, label: a.name })),
    ]);
  } else if (p.type === 'select') {
    const options = p.options ?? [];
    // Optional with nothing valid chosen yet: a blank first choice rather than showing the first option as chosen.
    const blank = !p.required && !options.some((o) => o.value === text);
    control = select([...(blank ? [{ value: '', label: 'Select...' }] : []), ...options]);
  } else if (p.type === 'date') {
    control = <Input type="date" {...common} value={text} onChange={(e) => onChange(e.target.value)} />;
  } else if (isPercentSlider(p)) {
    const shown = text === '' ? '0' : text;
    control = (
      <div className="slider-row">
        <Input
          type="range"
          min={0}
          max={100}
          step={1}
          {...common}
          value={shown}
          onChange={(e) => onChange(e.target.value)}
        />
        <output htmlFor={id} className="slider-value">
          {shown}%
        </output>
      </div>
    );
  } else if (p.type === 'decimal' || p.type === 'integer') {
    control = (
      <Input
        type="number"
        inputMode={p.type === 'integer' ? 'numeric' : 'decimal'}
        step={p.type === 'integer' ? 1 : 'any'}
        min={p.min_value ?? undefined}
        max={p.max_value ?? undefined}
        {...common}
        value={text}
        onChange={(e) => onChange(e.target.value)}
      />
    );
  } else {
    control = <Input type="text" maxLength={200} {...common} value={text} onChange={(e) => onChange(e.target.value)} />;
  }

  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {control}
      <HintAndError help={help} helpId={helpId} error={error} errorId={errorId} />
    </div>
  );
}
