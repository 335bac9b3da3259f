// The scenario list (spec section 2 Scenarios list): cards, bulk select and delete, the Create Scenario
// modal, Compare, a link to the template chooser and the baseline assistant.
import { useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { FormMessage } from '../../../components/form/FormField';
import { CreateScenarioForm } from '../../../components/form/ScenarioFields';
import { useCreateScenarioForm } from '../../../components/form/use-create-scenario-form';
import { PageFrame } from '../../../components/layout/PageFrame';
import { Modal } from '../../../components/modal/Modal';
import { useToast } from '../../../components/toast/ToastProvider';
import { useDb } from '../../../data/db-context';
import type { ScenarioRow } from '../../../data/entities';
import { deleteScenario } from '../../../data/repositories/scenarios';
import { DataValidationError } from '../../../data/repositories/errors';
import { useLiveSnapshot } from '../../../data/use-live-snapshot';
import { BaselineAssistant } from './BaselineAssistant';
import { buildScenariosData, readScenariosSnapshot } from './scenarios-data';
import { Button, Input } from '../../../components/form/controls';
import '../surface.css';
import '../scenarios.css';

export const BULK_DELETE_BASELINE = 'Cannot delete baseline scenarios. Please unselect them first.';
export const BULK_DELETE_NONE = 'No scenarios to delete.';

type CardProps = {
  scenario: ScenarioRow;
  /** How many events the scenario has. */
  count: number;
  selected: boolean;
  onToggle: (on: boolean) => void;
};

/** One scenario's card: tick box, name, Baseline badge, description, event count and its two links. */
function ScenarioCard({ scenario, count, selected, onToggle }: CardProps) {
  return (
    <li className={`scenario-card scenario-surface${selected ? ' is-selected' : ''}`} data-testid="scenario-card">
      <div className="scenario-card-top">
        <label className="tick-target">
          <Input
            type="checkbox"
            aria-label={`Select ${scenario.name}`}
            checked={selected}
            onChange={(e) => onToggle(e.target.checked)}
          />
        </label>
        <h2 className="scenario-card-name">{scenario.name}</h2>
        {scenario.is_baseline && <span className="badge badge-success">Baseline</span>}
      </div>
      {scenario.description && <p className="scenario-card-description">{scenario.description}</p>}
      <p className="muted">{`${count} event(s)`}</p>
      <div className="scenario-card-actions">
        <Link to="/scenarios/compare" search={{ selected: [scenario.id] }} className="button button-primary">
          View Forecast
        </Link>
        <Link to="/scenarios/builder/$scenarioId" params={{ scenarioId: scenario.id }} className="button button-ghost">
          Edit
        </Link>
      </div>
    </li>
  );
}

export function ScenariosPage() {
  const db = useDb();
  const navigate = useNavigate();
  const showToast = useToast();
  const state = useLiveSnapshot(db, 0, readScenariosSnapshot, buildScenariosData, 'Could not load scenarios');
  const data = state.status === 'ready' ? state.data : null;
  const loadError = state.status === 'error' ? 'Failed to load scenarios' : null;
  const [checked, setChecked] = useState<string[]>([]);
  // A deleted scenario drops out of the selection.
  const selected = data ? checked.filter((id) => data.scenarios.some((s) => s.id === id)) : checked;
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const toggle = (id: string, on: boolean) => setChecked((s) => (on ? [...s, id] : s.filter((x) => x !== id)));

  const bulkDelete = async () => {
    if (!data) return;
    const chosen = data.scenarios.filter((s) => selected.includes(s.id));
    if (chosen.some((s) => s.is_baseline)) {
      showToast(BULK_DELETE_BASELINE, 'error');
      return;
    }
    if (chosen.length === 0) {
      showToast(BULK_DELETE_NONE, 'error');
      return;
    }
    if (!window.confirm(`Delete ${chosen.length} scenario(s)? This cannot be undone.`)) return;
    setDeleting(true);
    const results = await Promise.allSettled(chosen.map((s) => deleteScenario(db, s.id)));
    setDeleting(false);
    if (results.some((r) => r.status === 'rejected')) {
      console.error('Some scenarios could not be deleted', results);
      showToast('Failed to delete some scenarios', 'error');
    }
  };

  const compare = () => {
    void navigate({ to: '/scenarios/compare', search: selected.length ? { selected } : {} });
  };

  const hasBaseline = data?.scenarios.some((s) => s.is_baseline) ?? true;
  const offerBaseline = data && !hasBaseline && data.ownAccounts.length > 0 && data.ownItems.length > 0;

  return (
    <PageFrame
      title="Scenarios"
      testId="scenarios"
      actions={
        <div className="page-actions">
          <Link to="/scenarios/templates" className="button button-ghost">
            Choose a Template
          </Link>
          <Link to="/scenarios/builder" className="button button-ghost">
            Scenario Builder
          </Link>
          <Button type="button" className="button button-primary" onClick={() => setCreating(true)}>
            Create Scenario
          </Button>
        </div>
      }
    >
      {loadError && <FormMessage type="error">{loadError}</FormMessage>}
      {!data && !loadError && <p className="muted">Loading...</p>}
      {offerBaseline && (
        <BaselineAssistant
          db={db}
          accounts={data.ownAccounts}
          items={data.ownItems}
          categories={data.categories}
          onCreated={(scenario) => {
            showToast('Baseline scenario created successfully!', 'success');
            void navigate({ to: '/scenarios/$scenarioId', params: { scenarioId: scenario.id } });
          }}
        />
      )}
      {data && (
        <>
          <div className="bulk-bar" role="group" aria-label="Selected scenarios">
            <Button
              type="button"
              className="button button-ghost"
              onClick={() => setChecked(data.scenarios.map((s) => s.id))}
              disabled={data.scenarios.length === 0}
            >
              Select All
            </Button>
            <Button
              type="button"
              className="button button-ghost"
              onClick={() => setChecked([])}
              disabled={selected.length === 0}
            >
              Clear
            </Button>
            <Button
              type="button"
              className="button button-ghost button-danger"
              onClick={() => void bulkDelete()}
              disabled={deleting}
            >
              Delete ({selected.length})
            </Button>
            <Button type="button" className="button button-primary" onClick={compare}>
              Compare
            </Button>
          </div>
          {data.scenarios.length === 0 ? (
            <div className="empty-state">
              <h2>No scenarios yet</h2>
              <p>
                A scenario is a what-if (a new home, a baby, retiring early) compared with your plan as it is today.
              </p>
              <p>
                Create one, or start from a <Link to="/scenarios/templates">template</Link>.
              </p>
            </div>
          ) : (
            <ul className="scenario-grid">
              {data.scenarios.map((s) => (
                <ScenarioCard
                  key={s.id}
                  scenario={s}
                  count={data.counts.get(s.id) ?? 0}
                  selected={selected.includes(s.id)}
                  onToggle={(on) => toggle(s.id, on)}
                />
              ))}
            </ul>
          )}
        </>
      )}
      {creating && <CreateScenarioModal onClose={() => setCreating(false)} onCreated={() => setCreating(false)} />}
    </PageFrame>
  );
}

function CreateScenarioModal({ onClose, onCreated }: { onClose: () => void; onCreated: () => void }) {
  const db = useDb();
  const form = useCreateScenarioForm({
    db,
    isBaseline: false,
    onCreated: () => onCreated(),
    failureMessage: (err) =>
      err instanceof DataValidationError ? err.errors.map((x) => x.message).join('; ') : 'Failed to create scenario',
  });

  return (
    <Modal title="Create Scenario" onClose={onClose} closeOnEscape={!form.saving}>
      <CreateScenarioForm form={form} autoFocus onCancel={onClose} />
    </Modal>
  );
}
