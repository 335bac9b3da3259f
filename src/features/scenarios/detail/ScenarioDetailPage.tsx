// Scenario detail (spec section 2 Scenario detail), also shown at /scenarios/builder/{scenarioId} where it
// is the builder's edit screen: header with inline edit, the events timeline with the event form
// (?editEvent={eventId} opens that event), and the scenario's modifications.
import { useCallback, useId, useState, type FormEvent } from 'react';
import { Link, useRouter, useRouterState } from '@tanstack/react-router';
import { getTemplate } from '../../../../worker/engine/index';
import { EventForm } from '../event-form/EventForm';
import { ModificationsSection } from '../builder/ModificationsSection';
import { describeParameters, monthLabel, prettifyTemplateId } from '../event-form/template-values';
import { FormMessage } from '../../../components/form/FormField';
import { FormActions } from '../../../components/form/FormActions';
import { ScenarioFields } from '../../../components/form/ScenarioFields';
import { useScenarioDraft } from '../../../components/form/use-create-scenario-form';
import { PageFrame } from '../../../components/layout/PageFrame';
import { useToast } from '../../../components/toast/ToastProvider';
import { useDb } from '../../../data/db-context';
import type { WyrdDb } from '../../../data/db';
import type { AccountRow, RecurringItemRow, ScenarioEventRow } from '../../../data/entities';
import { deleteEvent } from '../../../data/repositories/events';
import { updateScenario, type ScenarioWithChildrenRows } from '../../../data/repositories/scenarios';
import { useLiveSnapshot } from '../../../data/use-live-snapshot';
import { buildScenarioDetail, readScenarioDetail } from './scenario-detail-data';
import { Button } from '../../../components/form/controls';
import '../surface.css';
import '../scenarios.css';
import { formatLongLocalDate } from '../../../lib/format/dates';

type FormState = { mode: 'closed' } | { mode: 'create' } | { mode: 'edit'; event: ScenarioEventRow };

function createdLabel(iso: string): string {
  return formatLongLocalDate(new Date(iso));
}

export function ScenarioDetailPage({ scenarioId, editEvent }: { scenarioId: string; editEvent?: string }) {
  const db = useDb();
  const router = useRouter();
  const showToast = useToast();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const isBuilder = pathname.startsWith('/scenarios/builder/');
  const read = useCallback((d: WyrdDb) => readScenarioDetail(d, scenarioId), [scenarioId]);
  const state = useLiveSnapshot(db, 0, read, buildScenarioDetail, 'Could not load the scenario');
  const [form, setForm] = useState<FormState>({ mode: 'closed' });
  const [handledEditEvent, setHandledEditEvent] = useState<string | null>(null);

  // ?editEvent={eventId} (from an account or item an event created) opens that event once, when loaded.
  const loaded = state.status === 'ready' && state.data.found ? state.data : null;
  if (loaded && editEvent && handledEditEvent !== editEvent) {
    setHandledEditEvent(editEvent);
    const event = loaded.scenario.events.find((e) => e.id === editEvent);
    if (event) setForm({ mode: 'edit', event });
  }
  if (!editEvent && handledEditEvent !== null) setHandledEditEvent(null);

  const closeForm = () => {
    setForm({ mode: 'closed' });
    if (editEvent) router.history.replace(pathname);
  };

  const back = (
    <Link to="/scenarios" className="back-link">
      ← Back to scenarios
    </Link>
  );

  if (!loaded) {
    const message =
      state.status === 'error' ? 'Failed to load scenario' : state.status === 'ready' ? 'Scenario not found' : null;
    return (
      <PageFrame title={isBuilder ? 'Edit Scenario' : 'Scenario'} testId="scenario-detail" actions={back}>
        {message ? <FormMessage type="error">{message}</FormMessage> : <p className="muted">Loading...</p>}
      </PageFrame>
    );
  }

  const { scenario, events, accounts, items } = loaded;

  const removeEvent = async (event: ScenarioEventRow) => {
    if (!window.confirm(`Delete event "${event.name}"? This cannot be undone.`)) return;
    try {
      await deleteEvent(db, event.id);
      showToast('Event deleted successfully', 'success');
    } catch (err) {
      console.error('Could not delete the event', err);
      showToast('Failed to delete event', 'error');
    }
  };

  return (
    <PageFrame title={isBuilder ? 'Edit Scenario' : scenario.name} testId="scenario-detail" actions={back}>
      <ScenarioHeader scenario={scenario} isBuilder={isBuilder} />

      <section className="events-section" aria-labelledby="events-heading">
        <div className="section-header">
          <h2 id="events-heading">Events</h2>
          <Button type="button" className="button button-primary" onClick={() => setForm({ mode: 'create' })}>
            + Add Event
          </Button>
        </div>
        {events.length === 0 ? (
          <div className="empty-state">
            <h3>No events yet</h3>
            <p>Get started by adding your first event to this scenario</p>
          </div>
        ) : (
          <ol className="timeline">
            {events.map((event) => (
              <EventCard
                key={event.id}
                event={event}
                isBaseline={scenario.is_baseline}
                accounts={accounts}
                items={items}
                onEdit={() => setForm({ mode: 'edit', event })}
                onDelete={() => void removeEvent(event)}
              />
            ))}
          </ol>
        )}
      </section>

      <ModificationsSection scenarioId={scenario.id} />

      {form.mode !== 'closed' && (
        <EventForm
          scenario={scenario}
          event={form.mode === 'edit' ? form.event : undefined}
          onClose={closeForm}
          onSaved={(mode) => {
            showToast(mode === 'create' ? 'Event created successfully' : 'Event updated successfully', 'success');
            closeForm();
          }}
        />
      )}
    </PageFrame>
  );
}

function ScenarioHeader({ scenario, isBuilder }: { scenario: ScenarioWithChildrenRows; isBuilder: boolean }) {
  const db = useDb();
  const showToast = useToast();
  const ids = useId();
  const [editing, setEditing] = useState(false);
  const draft = useScenarioDraft(scenario.name, scenario.description ?? '');
  const { name, description } = draft;
  const [isBaseline, setIsBaseline] = useState(scenario.is_baseline);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const start = () => {
    draft.setName(scenario.name);
    draft.setDescription(scenario.description ?? '');
    setIsBaseline(scenario.is_baseline);
    setError(null);
    setEditing(true);
  };

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) {
      setError('Please enter a scenario name');
      return;
    }
    setSaving(true);
    try {
      await updateScenario(db, scenario.id, {
        name: name.trim(),
        description,
        ...(isBuilder ? { is_baseline: isBaseline } : {}),
      });
      showToast(isBuilder ? 'Scenario updated successfully!' : 'Scenario updated successfully', 'success');
      setEditing(false);
    } catch (err) {
      console.error('Could not update the scenario', err);
      showToast(isBuilder ? 'Failed to save scenario' : 'Failed to update scenario', 'error');
    } finally {
      setSaving(false);
    }
  };

  const count = scenario.events.length;
  const NameTag = isBuilder ? 'h2' : 'p';
  return (
    <div className="scenario-header card-wide scenario-surface">
      {editing ? (
        <form className="form" onSubmit={save} noValidate>
          {isBuilder && <h2>Scenario Details</h2>}
          <ScenarioFields
            idPrefix={ids}
            nameLabel="Scenario Name"
            draft={draft}
            disabled={saving}
            baseline={isBuilder ? { checked: isBaseline, onChange: setIsBaseline } : undefined}
          />
          <FormActions
            error={error}
            busy={saving}
            label="Save Changes"
            busyLabel="Saving..."
            onCancel={() => setEditing(false)}
          />
        </form>
      ) : (
        <div className="scenario-header-view">
          <div>
            <div className="scenario-title-row">
              {isBuilder && <NameTag className="scenario-name">{scenario.name}</NameTag>}
              {scenario.is_baseline && <span className="badge badge-success">Baseline</span>}
              <Button
                type="button"
                className="icon-button"
                aria-label="Edit scenario name and description"
                title="Edit"
                onClick={start}
              >
                ✎
              </Button>
            </div>
            {scenario.description && <p className="scenario-description">{scenario.description}</p>}
            <p className="scenario-meta">
              <span>{`${count} event(s)`}</span>
              {scenario.created_at && <span>Created {createdLabel(scenario.created_at)}</span>}
            </p>
          </div>
        </div>
      )}
    </div>
  );
}

function EventCard({
  event,
  isBaseline,
  accounts,
  items,
  onEdit,
  onDelete,
}: {
  event: ScenarioEventRow;
  isBaseline: boolean;
  accounts: AccountRow[];
  items: RecurringItemRow[];
  onEdit: () => void;
  onDelete: () => void;
}) {
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const template = getTemplate(event.template_id);
  const rows = template ? describeParameters(template, event.template_parameters, isBaseline, { accounts, items }) : [];
  return (
    <li className="event-card" data-testid="event-card">
      <div className="event-card-main">
        <div>
          <h3 className="event-name">
            {template && <span aria-hidden="true">{template.icon} </span>}
            {event.name}
          </h3>
          <p className="event-when">{isBaseline ? 'Current Reality' : monthLabel(event.trigger_month)}</p>
          <span className="badge badge-muted">{prettifyTemplateId(event.template_id)}</span>
        </div>
        <div className="event-actions">
          <Button
            type="button"
            className="button-link"
            aria-expanded={open}
            aria-controls={detailsId}
            onClick={() => setOpen((v) => !v)}
          >
            {open ? 'Hide details' : 'Show details'}
          </Button>
          <Button type="button" className="button button-ghost" onClick={onEdit}>
            Edit
          </Button>
          <Button type="button" className="button button-ghost button-danger" onClick={onDelete}>
            Delete
          </Button>
        </div>
      </div>
      {open && (
        <dl id={detailsId} className="event-details">
          {rows.map((r) => (
            <div key={r.name}>
              <dt>{r.label}</dt>
              <dd>{r.value}</dd>
            </div>
          ))}
        </dl>
      )}
    </li>
  );
}
