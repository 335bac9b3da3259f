// The scenario builder's create form (spec section 2 Scenario builder): starter templates that prefill name
// and description, Scenario Details with the baseline checkbox. Editing (/scenarios/builder/{id}) is the
// scenario detail screen, which carries the Modifications list.
import { useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { ModificationsSection } from './ModificationsSection';
import { PickCardFace } from '../PickCardFace';
import { CreateScenarioForm } from '../../../components/form/ScenarioFields';
import { useCreateScenarioForm } from '../../../components/form/use-create-scenario-form';
import { PageFrame } from '../../../components/layout/PageFrame';
import { useToast } from '../../../components/toast/ToastProvider';
import { useDb } from '../../../data/db-context';
import { Button } from '../../../components/form/controls';
import '../surface.css';
import './builder.css';

export const STARTER_TEMPLATES: ReadonlyArray<{ name: string; description: string; icon: string }> = [
  {
    name: 'Buy Investment Property',
    icon: '🏘️',
    description: 'Buy a rental property and see how rent, costs, interest and growth change my finances.',
  },
  {
    name: 'Career Break / Maternity Leave',
    icon: '🍼',
    description: 'Take time away from work and see how a period of reduced income affects my finances.',
  },
  {
    name: 'Aggressive Debt Payoff',
    icon: '🎯',
    description: 'Put extra money towards my debts to pay them off sooner and save on interest.',
  },
];

export function BuilderPage() {
  const db = useDb();
  const navigate = useNavigate();
  const showToast = useToast();
  const [isBaseline, setIsBaseline] = useState(false);
  const form = useCreateScenarioForm({
    db,
    isBaseline,
    onCreated: (scenario) => {
      showToast('Scenario created successfully!', 'success');
      void navigate({ to: '/scenarios/builder/$scenarioId', params: { scenarioId: scenario.id } });
    },
    failureMessage: () => {
      showToast('Failed to save scenario', 'error');
      return 'Failed to save scenario';
    },
  });

  return (
    <PageFrame
      title="Create New Scenario"
      testId="scenario-builder"
      actions={
        <Link to="/scenarios" className="back-link">
          ← Back to scenarios
        </Link>
      }
    >
      <section aria-labelledby="starters-heading" className="builder-section">
        <h2 id="starters-heading">Start from a template</h2>
        <div className="starter-grid">
          {STARTER_TEMPLATES.map((t) => (
            <Button
              key={t.name}
              type="button"
              className="pick-card starter-card"
              onClick={() => {
                form.draft.setName(t.name);
                form.draft.setDescription(t.description);
                form.setError(null);
              }}
            >
              <PickCardFace icon={t.icon} name={t.name} description={t.description} iconClassName="starter-icon" />
            </Button>
          ))}
        </div>
      </section>

      <section aria-labelledby="details-heading" className="builder-section card-panel scenario-surface">
        <h2 id="details-heading">Scenario Details</h2>
        <CreateScenarioForm
          form={form}
          baseline={{ checked: isBaseline, onChange: setIsBaseline }}
          cancel={
            <Link to="/scenarios" className="button button-ghost">
              Cancel
            </Link>
          }
        />
      </section>

      <section className="builder-section">
        <ModificationsSection scenarioId={null} />
      </section>
    </PageFrame>
  );
}
