// The template form (spec section 2 Template form): a template's parameters, the event's month and the new
// scenario's name and description; 'Create Scenario' makes a non-baseline scenario with that one event.
import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate, useRouterState } from '@tanstack/react-router';
import { HIDDEN_TEMPLATE_IDS, getTemplate, type Template } from '../../../../worker/engine/index';
import { checkParameters } from '../event-form/EventForm';
import { MonthYearPicker } from '../event-form/MonthYearPicker';
import { ParameterFields } from '../event-form/ParameterFields';
import { usePickerData } from '../event-form/picker-data';
import { TEMPLATE_CREATE_FALLBACK, saveErrorMessage } from '../event-form/save-error';
import { currentMonth, initialFormValues, type FormValues } from '../event-form/template-values';
import { FormMessage } from '../../../components/form/FormField';
import { PageFrame } from '../../../components/layout/PageFrame';
import { useToast } from '../../../components/toast/ToastProvider';
import { useDb } from '../../../data/db-context';
import { createScenarioWithEvent } from '../../../data/repositories/scenarios';
import { readHandoff } from './template-catalogue';
import { TemplateHead } from './TemplateFormParts';
import { ScenarioFields } from '../../../components/form/ScenarioFields';
import { useScenarioDraft } from '../../../components/form/use-create-scenario-form';
import { Button } from '../../../components/form/controls';
import '../surface.css';
import './templates.css';

const LOAD_FAILED = 'Failed to load template. Please try again.';

function findTemplate(id: string): Template | undefined {
  return HIDDEN_TEMPLATE_IDS.includes(id) ? undefined : getTemplate(id);
}

export function TemplateFormPage({ templateId, now = () => new Date() }: { templateId: string; now?: () => Date }) {
  const db = useDb();
  const ids = useId();
  const navigate = useNavigate();
  const showToast = useToast();
  const historyState = useRouterState({ select: (s) => s.location.state });
  const [handoff] = useState(() => readHandoff(historyState, templateId));
  const [today] = useState(now);
  const [template] = useState(() => findTemplate(templateId));
  const startMonth =
    handoff?.trigger_month && /^\d{4}-\d{2}$/.test(handoff.trigger_month) ? handoff.trigger_month : currentMonth(today);

  const { data, loadError: dataError } = usePickerData(db, null, undefined, LOAD_FAILED, !template);
  const loadError = template ? dataError : LOAD_FAILED;
  const draft = useScenarioDraft(
    handoff?.scenario_name || template?.name || '',
    handoff?.scenario_description ?? template?.description ?? '',
  );
  const { name, description } = draft;
  const [month, setMonth] = useState(startMonth.slice(5, 7));
  const [year, setYear] = useState(startMonth.slice(0, 4));
  const [values, setValues] = useState<FormValues>(() =>
    template ? initialFormValues(template, false, handoff?.parameters) : {},
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!template || !data || saving) return;
    setFormError(null);
    const next: Record<string, string> = {};
    if (!name.trim()) next.scenarioName = 'Please enter a scenario name';
    const triggerMonth = `${year}-${month}`;
    const { params, fields, other } = checkParameters(template, values, false, data, triggerMonth);
    Object.assign(next, fields);
    setErrors(next);
    if (other.length) setFormError(other.join('; '));
    if (Object.keys(next).length > 0 || other.length > 0) return;

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
          idPrefix={ids}
          nameLabel="Scenario Name *"
          draft={draft}
          disabled={saving}
          nameError={errors.scenarioName}
          descriptionRows={2}
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
