// The event form modal (docs/product.md sections 2, 4, 5 and 8, Event form): template, name, month and year,
// the template's parameters with validation; saving materialises the event's accounts and items.
import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { getTemplate, validateTemplateParameters, type Template } from '../../../../worker/engine/index';
import { useDb } from '../../../data/db-context';
import type { ScenarioEventRow, ScenarioRow } from '../../../data/entities';
import { saveEvent } from '../../../data/repositories/events';
import { FormMessage } from '../../../components/form/FormField';
import { Modal } from '../../../components/modal/Modal';
import { MonthYearPicker } from './MonthYearPicker';
import { ParameterFields } from './ParameterFields';
import { loadPickerData, type PickerData } from './picker-data';
import { EVENT_SAVE_FALLBACK, saveErrorMessage } from './save-error';
import {
  currentMonth,
  defaultEventName,
  initialFormValues,
  templatesForScenario,
  toTemplateParameters,
  visibleParameters,
  type FormValues,
} from './template-values';
import { Button, Input, Select } from '../../../components/form/controls';
import './event-form.css';

export const LOAD_FORM_FAILED = 'Failed to load form data. Please try again.';
export const LOAD_TEMPLATE_FAILED = 'Failed to load template details.';

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

export function EventForm({ scenario, event, onClose, onSaved, now = () => new Date() }: EventFormProps) {
  const db = useDb();
  const ids = useId();
  const editing = Boolean(event);
  const isBaseline = scenario.is_baseline;
  const [today] = useState(now);
  const startMonth = event?.trigger_month ?? currentMonth(today);

  const [data, setData] = useState<PickerData | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
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

  const options = useMemo(() => templatesForScenario(isBaseline, event?.template_id), [isBaseline, event?.template_id]);

  useEffect(() => {
    let live = true;
    loadPickerData(db, scenario.id, event?.id)
      .then((d) => live && setData(d))
      .catch((err: unknown) => {
        console.error('Could not load the event form data', err);
        if (live) setLoadError(LOAD_FORM_FAILED);
      });
    return () => {
      live = false;
    };
  }, [db, scenario.id, event?.id]);

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
    const params = toTemplateParameters(template, values);
    const paramErrors = validateTemplateParameters(template, params, {
      is_baseline: isBaseline,
      accounts: data.allAccounts,
      recurring_items: data.allItems,
      trigger_month: triggerMonth,
    });
    const split = splitFieldErrors(template, params, isBaseline, paramErrors);
    Object.assign(next, split.fields);
    setErrors(next);
    if (Object.keys(next).length > 0 || split.other.length > 0) {
      if (split.other.length) setFormError(split.other.join('; '));
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
        <>
          <FormMessage type="error">{loadError}</FormMessage>
          <div className="form-actions">
            <Button type="button" className="button button-ghost" onClick={onClose}>
              Cancel
            </Button>
          </div>
        </>
      ) : (
        <form className="form event-form" onSubmit={submit} noValidate aria-busy={!data || saving}>
          <div className="field">
            <label htmlFor={`${ids}-template`}>Template *</label>
            <Select
              id={`${ids}-template`}
              value={templateId}
              disabled={editing || saving}
              onChange={(e) => chooseTemplate(e.target.value)}
              aria-describedby={editing ? `${ids}-template-note` : undefined}
              aria-invalid={errors.template ? true : undefined}
            >
              <option value="">Select a template</option>
              {options.map((t) => (
                <option key={t.template_id} value={t.template_id}>
                  {t.icon} {t.name}
                </option>
              ))}
            </Select>
            {editing && (
              <small id={`${ids}-template-note`} className="field-hint">
                Template cannot be changed when editing
              </small>
            )}
            {errors.template && (
              <small className="field-error" role="alert">
                {errors.template}
              </small>
            )}
            {template && (
              <small className="field-hint">
                {isBaseline && template.baseline_description ? template.baseline_description : template.description}
              </small>
            )}
          </div>
          {templateError && <FormMessage type="error">{templateError}</FormMessage>}

          <div className="field">
            <label htmlFor={`${ids}-name`}>Event Name</label>
            <Input
              id={`${ids}-name`}
              type="text"
              value={name}
              maxLength={200}
              placeholder={placeholder}
              disabled={saving}
              onChange={(e) => setName(e.target.value)}
              aria-invalid={errors.name ? true : undefined}
            />
            {errors.name && (
              <small className="field-error" role="alert">
                {errors.name}
              </small>
            )}
          </div>

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
          <div className="form-actions">
            <Button type="button" className="button button-ghost" onClick={onClose} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" className="button button-primary" disabled={saving || !data}>
              {saving ? (editing ? 'Updating...' : 'Creating...') : editing ? 'Update Event' : 'Create Event'}
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
}
