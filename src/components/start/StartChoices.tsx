// The three ways to begin, shown on the dashboard while the user has no accounts: build the plan step by step
// (or carry on where they left it), start from bank statements (the statement import) and explore the example
// household, which opens its 30-year comparison straight away.
import { Link, useNavigate } from '@tanstack/react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { useDb } from '../../data/db-context';
import { loadExample } from '../../data/example-household/example-household';
import { GUIDED_STEPS, readGuidedStart } from '../../data/guided-start';
import { localToday } from '../../lib/dates/local-today';
import { Button } from '../form/controls';
import './start-choices.css';

export function StartChoices() {
  const db = useDb();
  const navigate = useNavigate();
  const progress = useLiveQuery(() => readGuidedStart(db), [db]);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);

  const explore = async () => {
    setLoading(true);
    setFailed(false);
    try {
      const { baseline, others } = await loadExample(db.userId, localToday());
      await navigate({ to: '/scenarios/compare', search: { selected: [baseline, ...others], years: 30 } });
    } catch (err) {
      console.error('Could not load the example household', err);
      setFailed(true);
      setLoading(false);
    }
  };

  const stepNumber = progress ? GUIDED_STEPS.indexOf(progress.step) + 1 : 0;
  return (
    <section className="start-choices" aria-labelledby="start-title">
      <h2 id="start-title">Start your plan</h2>
      <p className="start-lead">
        Wyrd shows where your money is heading over the next 30 years, and what changes if life does. Pick a way to
        begin.
      </p>
      <ul className="start-options">
        <li className="card start-option">
          <h3>{progress ? 'Carry on with your plan' : 'Build my plan step by step'}</h3>
          <p>
            {progress
              ? `You are on step ${stepNumber} of ${GUIDED_STEPS.length}. Everything you entered is saved.`
              : 'A few short questions: who is in your household, your accounts, your pay and your bills.'}
          </p>
          <Link to="/start" className="button button-primary">
            {progress ? 'Carry on' : 'Build my plan'}
          </Link>
        </li>
        <li className="card start-option">
          <h3>Start from bank statements</h3>
          <p>Load the statement files your bank gives you, and turn their regular payments into your plan.</p>
          <Link to="/transactions/import" className="button">
            Import statements
          </Link>
        </li>
        <li className="card start-option">
          <h3>Explore an example household</h3>
          <p>
            A couple with a mortgage and a baby on the way, with three what-ifs compared over 30 years. It stays apart
            from your data and one click removes it.
          </p>
          <Button variant="secondary" onClick={() => void explore()} disabled={loading}>
            {loading ? 'Loading the example...' : 'Explore the example'}
          </Button>
          {failed && (
            <p className="form-message form-message-error" role="alert">
              Could not load the example. Please try again.
            </p>
          )}
        </li>
      </ul>
    </section>
  );
}
