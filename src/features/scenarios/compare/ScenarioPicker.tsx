// The compare screen's list of scenarios to tick, baseline first, each with its description.
import { Link } from '@tanstack/react-router';
import type { ScenarioRow } from '../../../data/entities';
import { Input } from '../../../components/form/controls';

type Props = {
  scenarios: ScenarioRow[];
  chosen: Set<string>;
  onToggle: (id: string) => void;
};

export function ScenarioPicker({ scenarios, chosen, onToggle }: Props) {
  return (
    <fieldset className="compare-scenarios">
      <legend>Scenarios</legend>
      {scenarios.length === 0 && (
        <p className="compare-muted">
          No scenarios yet. A comparison draws your plan&apos;s next 30 years side by side.{' '}
          <Link to="/scenarios">Create a scenario</Link>
        </p>
      )}
      <ul>
        {scenarios.map((s) => (
          <li key={s.id} className="compare-scenario">
            <label className="tick-target">
              <Input
                id={`pick-${s.id}`}
                type="checkbox"
                checked={chosen.has(s.id)}
                onChange={() => onToggle(s.id)}
                aria-describedby={s.description ? `desc-${s.id}` : undefined}
              />
            </label>
            <span className="compare-scenario-text">
              <label htmlFor={`pick-${s.id}`} className="compare-scenario-name">
                {s.name}
                {s.is_baseline && <span className="badge badge-success compare-badge">Baseline</span>}
              </label>
              {s.description && (
                <span className="compare-scenario-description" id={`desc-${s.id}`}>
                  {s.description}
                </span>
              )}
            </span>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
