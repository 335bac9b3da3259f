// The event form modal (docs/product.md sections 2, 4, 5 and 8, Event form): template, name, month and year,
// the template's parameters with validation; saving materialises the event's accounts and items.
import { useState, type FormEvent } from 'react';
import { getTemplate, validateTemplateParameters, type Template } from '../../../../worker/engine/index';
import { useDb } from '../../../data/db-context';
import type { ScenarioEventRow, ScenarioRow } from '../../../data/entities';
import { saveEvent } from '../../../data/repositories/events';
import { FormMessage } from '../../../components/form/FormField';
import { Modal } from '../../../components/modal/Modal';
import { MonthYearPicker } from './MonthYearPicker';
import { ParameterFields } from './ParameterFields';
import {
  FormActions,
  LoadFailed,
  LOAD_FORM_FAILED,
  LOAD_TEMPLATE_FAILED,
  NameField,
  TemplateField,
} from './EventFormFields';
import { usePickerData, type PickerData } from './picker-data';
import { EVENT_SAVE_FALLBACK, saveErrorMessage } from './save-error';
import {
  currentMonth,
  defaultEventName,
  initialFormValues,
  toTemplateParameters,
  visibleParameters,
  type FormValues,
} from './template-values';
import './event-form.css';

export type EventFormProps = {
  scenario: ScenarioRow;
  /** Present: edit that event. */
  event?: ScenarioEventRow;
  onClose: () => void;
  onSaved: (mode: 'create' | 'update') => void;
  /** The clock, for tests; the current month and the year list come from it. */
  now?: () => Date;
};

/** Splits validation errors into those a visible field shows and the rest (shown above the buttons). */
export function splitFieldErrors(
  template: Template,
  values: Record<string, unknown>,
  isBaseline: boolean,
  errors: Array<{ field: string; message: string }>,
) {
  const visible = new Set(visibleParameters(template, values, isBaseline).map((p) => p.name));
  const fields: Record<string, string> = {};
  const other: string[] = [];
  for (const e of errors) {
    if (visible.has(e.field) && !fields[e.field]) fields[e.field] = e.message;
    else if (!visible.has(e.field)) other.push(e.message);
  }
  return { fields, other };
}

/** The template's parameters from the form's values, checked as the engine checks them (errors split as above). */
export function checkParameters(
  template: Template,
  values: FormValues,
  isBaseline: boolean,
  data: PickerData,
  triggerMonth: string,
) {
  const params = toTemplateParameters(template, values);
  const errors = validateTemplateParameters(template, params, {
    is_baseline: isBaseline,
    accounts: data.allAccounts,
    recurring_items: data.allItems,
    trigger_month: triggerMonth,
  });
  return { params, ...splitFieldErrors(template, params, isBaseline, errors) };
}

export function EventForm({ scenario, event, onClose, onSaved, now = () => new Date() }: EventFormProps) {
  const db = useDb();
  const editing = Boolean(event);
  const isBaseline = scenario.is_baseline;
  const [today] = useState(now);
  const startMonth = event?.trigger_month ?? currentMonth(today);

  const { data, loadError } = usePickerData(db, scenario.id, event?.id, LOAD_FORM_FAILED);
  const [templateId, setTemplateId] = useState(event?.template_id ?? '');
  const [template, setTemplate] = useState<Template | null>(() =>
    event ? (getTemplate(event.template_id) ?? null) : null,
  );
  const [templateError, setTemplateError] = useState<string | null>(() =>
    event && !getTemplate(event.template_id) ? LOAD_TEMPLATE_FAILED : null,
  );
  const [name, setName] = useState(event?.name ?? '');
  const [month, setMonth] = useState(startMonth.slice(5, 7));
  const [year, setYear] = useState(startMonth.slice(0, 4));
  const [values, setValues] = useState<FormValues>(() => {
    const t = event ? getTemplate(event.template_id) : undefined;
    return t ? initialFormValues(t, isBaseline, event?.template_parameters) : {};
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const chooseTemplate = (id: string) => {
    setTemplateId(id);
    setErrors({});
    setFormError(null);
    if (!id) {
      setTemplate(null);
      setValues({});
      setTemplateError(null);
      return;
    }
    const t = getTemplate(id);
    if (!t) {
      setTemplate(null);
      setTemplateError(LOAD_TEMPLATE_FAILED);
      return;
    }
    setTemplateError(null);
    setTemplate(t);
    setValues(initialFormValues(t, isBaseline));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (saving || !data) return;
    setFormError(null);
    const next: Record<string, string> = {};
    if (!template) next.template = 'Please select a template';
    const finalName = name.trim() || (!editing && template ? defaultEventName(template, isBaseline) : '');
    if (!finalName) next.name = 'Please enter an event name';
    const triggerMonth = isBaseline && !editing ? currentMonth(today) : `${year}-${month}`;
    if (!/^\d{4}-\d{2}$/.test(triggerMonth)) next.month = 'Please choose when this event occurs';
    if (!template) {
      setErrors(next);
      return;
    }
    const { params, fields, other } = checkParameters(template, values, isBaseline, data, triggerMonth);
    Object.assign(next, fields);
    setErrors(next);
    if (Object.keys(next).length > 0 || other.length > 0) {
      if (other.length) setFormError(other.join('; '));
      return;
    }
    setSaving(true);
    try {
      await saveEvent(db, scenario, {
        id: event?.id,
        name: finalName,
        trigger_month: triggerMonth,
        template_id: template.template_id,
        template_parameters: params,
      });
      setSaving(false);
      onSaved(editing ? 'update' : 'create');
    } catch (err) {
      console.error('Could not save the event', err);
      setFormError(saveErrorMessage(err, EVENT_SAVE_FALLBACK));
      setSaving(false);
    }
  };

  const placeholder = template && !editing ? defaultEventName(template, isBaseline) : undefined;

  return (
    <Modal title={editing ? 'Edit Event' : 'Add Event'} onClose={onClose} closeOnEscape={!saving} wide>
      {loadError ? (
        <LoadFailed message={loadError} onClose={onClose} />
      ) : (
        <form className="form event-form" onSubmit={submit} noValidate aria-busy={!data || saving}>
          <TemplateField
            templateId={templateId}
            template={template}
            editing={editing}
            isBaseline={isBaseline}
            disabled={editing || saving}
            error={errors.template}
            onChange={chooseTemplate}
          />
          {templateError && <FormMessage type="error">{templateError}</FormMessage>}

          <NameField name={name} placeholder={placeholder} disabled={saving} error={errors.name} onChange={setName} />

          {!isBaseline && (
            <MonthYearPicker
              month={month}
              year={year}
              today={today}
              disabled={saving}
              error={errors.month}
              onChange={(m, y) => {
                setMonth(m);
                setYear(y);
              }}
            />
          )}

          {template && data && (
            <ParameterFields
              template={template}
              values={values}
              onChange={(n, v) => setValues((old) => ({ ...old, [n]: v }))}
              isBaseline={isBaseline}
              accounts={data.accounts}
              items={data.items}
              errors={errors}
              disabled={saving}
            />
          )}
          {!data && <p className="muted">Loading...</p>}

          <FormMessage type="error">{formError}</FormMessage>
          <FormActions editing={editing} saving={saving} ready={data !== null} onClose={onClose} />
        </form>
      )}
    </Modal>
  );
}
