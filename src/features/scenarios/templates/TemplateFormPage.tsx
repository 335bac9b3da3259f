// The template form (spec section 2 Template form): a template's parameters, the event's month and the new
// scenario's name and description; 'Create Scenario' makes a non-baseline scenario with that one event.
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useRouterState } from '@tanstack/react-router';
import {
  HIDDEN_TEMPLATE_IDS,
  getTemplate,
  validateTemplateParameters,
  type Template,
} from '../../../../worker/engine/index';
import { splitFieldErrors } from '../event-form/EventForm';
import { MonthYearPicker } from '../event-form/MonthYearPicker';
import { ParameterFields } from '../event-form/ParameterFields';
import { loadPickerData, type PickerData } from '../event-form/picker-data';
import { TEMPLATE_CREATE_FALLBACK, saveErrorMessage } from '../event-form/save-error';
import { currentMonth, initialFormValues, toTemplateParameters, type FormValues } from '../event-form/template-values';
import { FormMessage } from '../../../components/form/FormField';
import { PageFrame } from '../../../components/layout/PageFrame';
import { useToast } from '../../../components/toast/ToastProvider';
import { useDb } from '../../../data/db-context';
import { createScenarioWithEvent } from '../../../data/repositories/scenarios';
import { readHandoff } from './template-catalogue';
import { ScenarioFields, TemplateHead } from './TemplateFormParts';
import { Button } from '../../../components/form/controls';
import '../surface.css';
import './templates.css';

const LOAD_FAILED = 'Failed to load template. Please try again.';

function findTemplate(id: string): Template | undefined {
  return HIDDEN_TEMPLATE_IDS.includes(id) ? undefined : getTemplate(id);
}

export function TemplateFormPage({ templateId, now = () => new Date() }: { templateId: string; now?: () => Date }) {
  const db = useDb();
  const navigate = useNavigate();
  const showToast = useToast();
  const historyState = useRouterState({ select: (s) => s.location.state });
  const [handoff] = useState(() => readHandoff(historyState, templateId));
  const [today] = useState(now);
  const [template] = useState(() => findTemplate(templateId));
  const startMonth =
    handoff?.trigger_month && /^\d{4}-\d{2}$/.test(handoff.trigger_month) ? handoff.trigger_month : currentMonth(today);

  const [data, setData] = useState<PickerData | null>(null);
  const [loadError, setLoadError] = useState<string | null>(template ? null : LOAD_FAILED);
  const [name, setName] = useState(handoff?.scenario_name || template?.name || '');
  const [description, setDescription] = useState(handoff?.scenario_description ?? template?.description ?? '');
  const [month, setMonth] = useState(startMonth.slice(5, 7));
  const [year, setYear] = useState(startMonth.slice(0, 4));
  const [values, setValues] = useState<FormValues>(() =>
    template ? initialFormValues(template, false, handoff?.parameters) : {},
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!template) return;
    let live = true;
    loadPickerData(db, null)
      .then((d) => live && setData(d))
      .catch((err: unknown) => {
        console.error('Could not load the template form data', err);
        if (live) setLoadError(LOAD_FAILED);
      });
    return () => {
      live = false;
    };
  }, [db, template]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!template || !data || saving) return;
    setFormError(null);
    const next: Record<string, string> = {};
    if (!name.trim()) next.scenarioName = 'Please enter a scenario name';
    const triggerMonth = `${year}-${month}`;
    const params = toTemplateParameters(template, values);
    const paramErrors = validateTemplateParameters(template, params, {
      is_baseline: false,
      accounts: data.allAccounts,
      recurring_items: data.allItems,
      trigger_month: triggerMonth,
    });
    const split = splitFieldErrors(template, params, false, paramErrors);
    Object.assign(next, split.fields);
    setErrors(next);
    if (split.other.length) setFormError(split.other.join('; '));
    if (Object.keys(next).length > 0 || split.other.length > 0) return;

    setSaving(true);
    try {
      const scenario = await createScenarioWithEvent(
        db,
        { name: name.trim(), description: description.trim(), is_baseline: false },
        {
          name: template.name,
          trigger_month: triggerMonth,
          template_id: template.template_id,
          template_parameters: params,
        },
      );
      showToast('Scenario created successfully!', 'success');
      void navigate({ to: '/scenarios/$scenarioId', params: { scenarioId: scenario.id } });
    } catch (err) {
      console.error('Could not create the scenario from the template', err);
      setFormError(saveErrorMessage(err, TEMPLATE_CREATE_FALLBACK));
      setSaving(false);
    }
  };

  const back = (
    <Link to="/scenarios/templates" className="back-link">
      ← Back to templates
    </Link>
  );

  if (!template || loadError) {
    return (
      <PageFrame title="Create from Template" testId="template-form" actions={back}>
        <FormMessage type="error">{loadError ?? LOAD_FAILED}</FormMessage>
      </PageFrame>
    );
  }

  return (
    <PageFrame title={template.name} testId="template-form" actions={back}>
      <TemplateHead template={template} handoff={handoff} />
      <form
        className="form template-form-panel scenario-surface"
        onSubmit={submit}
        noValidate
        aria-busy={!data || saving}
      >
        <h2>Scenario</h2>
        <ScenarioFields
          name={name}
          description={description}
          disabled={saving}
          error={errors.scenarioName}
          onName={setName}
          onDescription={setDescription}
        />
        <MonthYearPicker
          month={month}
          year={year}
          today={today}
          disabled={saving}
          onChange={(m, y) => {
            setMonth(m);
            setYear(y);
          }}
        />
        <h2>Details</h2>
        {data ? (
          <ParameterFields
            template={template}
            values={values}
            onChange={(n, v) => setValues((old) => ({ ...old, [n]: v }))}
            isBaseline={false}
            accounts={data.accounts}
            items={data.items}
            errors={errors}
            disabled={saving}
          />
        ) : (
          <p className="muted">Loading...</p>
        )}
        <FormMessage type="error">{formError}</FormMessage>
        <div className="form-actions">
          <Link to="/scenarios/templates" className="button button-ghost">
            Cancel
          </Link>
          <Button type="submit" className="button button-primary" disabled={saving || !data}>
            {saving ? 'Creating...' : 'Create Scenario'}
          </Button>
        </div>
      </form>
    </PageFrame>
  );
}
