// Guided start, step 4: builds the baseline scenario (the plan as it is today; kept if one exists) and offers the
// next moves: the 30-year forecast, and a first life event from the templates.
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { Button } from '../../components/form/controls';
import { FormMessage } from '../../components/form/FormField';
import { StepNav } from './StepParts';
import { useDb } from '../../data/db-context';
import { BASELINE_SCENARIO_DESCRIPTION, BASELINE_SCENARIO_NAME } from '../../data/repositories/baseline';
import { createScenario } from '../../data/repositories/scenarios';

export function FinishStep({ onBack, onBuilt }: { onBack?: () => void; onBuilt: () => void }) {
  const db = useDb();
  const [state, setState] = useState<'idle' | 'building' | 'built' | 'failed'>('idle');

  const build = async () => {
    setState('building');
    try {
      const existing = await db.scenarios.filter((s) => s.is_baseline).first();
      if (!existing)
        await createScenario(db, {
          name: BASELINE_SCENARIO_NAME,
          description: BASELINE_SCENARIO_DESCRIPTION,
          is_baseline: true,
        });
      onBuilt();
      setState('built');
    } catch (err) {
      console.error('Could not build the baseline', err);
      setState('failed');
    }
  };

  if (state === 'built')
    return (
      <div className="guided-form">
        <p className="form-message form-message-success" role="status">
          Your baseline is ready: your plan as it is today.
        </p>
        <p className="guided-help">
          Now see where it leads, or add a life event (a new home, a baby, a career change) to compare with it.
        </p>
        <div className="guided-actions guided-actions-start">
          <Link to="/scenarios/compare" search={{ years: 30 }} className="button button-primary">
            See my 30-year forecast
          </Link>
          <Link to="/scenarios/templates" className="button">
            Add a first life event
          </Link>
        </div>
      </div>
    );
  return (
    <div className="guided-form">
      <p className="guided-help">
        Your baseline is your plan as it is today: the accounts, pay and bills you entered. Every what-if is compared
        with it.
      </p>
      {state === 'failed' && <FormMessage type="error">Could not build the baseline. Please try again.</FormMessage>}
      <StepNav onBack={onBack}>
        <Button variant="primary" onClick={() => void build()} disabled={state === 'building'}>
          {state === 'building' ? 'Building...' : 'Build my baseline'}
        </Button>
      </StepNav>
    </div>
  );
}
