// The Uncertainty view's smaller pieces: the run options, the optional goal, the run's progress and status line, and the help panel.
import { formatCount, formatAmountInput } from '../../../../lib/format/money';
import type { ScenarioEventRow } from '../../../../data/entities';
import { UNCERTAINTY_HELP_TEXT, type StressName, type UncertaintyResult } from '../../../../../worker/engine/index';
import { Input, Select } from '../../../../components/form/controls';
import { shortMonth } from '../SummaryCard';
import { STRESS_LABELS, TRIAL_CHOICES, UNCERTAINTY_MESSAGES, type Phase } from './uncertainty-state';

type OptionsProps = {
  uid: string;
  trials: number;
  stress: StressName | '';
  eventId: string;
  /** The events a crash can be placed at, and each event's scenario name. */
  eventChoices: ScenarioEventRow[];
  nameOf: Map<string, string>;
  onTrials: (trials: number) => void;
  onStress: (stress: StressName | '') => void;
  onEvent: (eventId: string) => void;
};

/** Trials, the stress test, and (for a crash at an event) the event. */
export function RunOptions(props: OptionsProps) {
  const { uid, trials, stress, eventId, eventChoices, nameOf, onTrials, onStress, onEvent } = props;
  return (
    <div className="compare-actions">
      <div className="compare-field">
        <label htmlFor={`${uid}-trials`}>Trials</label>
        <Select id={`${uid}-trials`} value={trials} onChange={(e) => onTrials(Number(e.target.value))}>
          {TRIAL_CHOICES.map((t) => (
            <option key={t} value={t}>
              {formatCount(t)}
            </option>
          ))}
        </Select>
      </div>
      <div className="compare-field">
        <label htmlFor={`${uid}-stress`}>Stress test</label>
        <Select id={`${uid}-stress`} value={stress} onChange={(e) => onStress(e.target.value as StressName | '')}>
          <option value="">None</option>
          {(Object.keys(STRESS_LABELS) as StressName[]).map((name) => (
            <option key={name} value={name}>
              {STRESS_LABELS[name]}
            </option>
          ))}
        </Select>
      </div>
      {stress === 'crash_at_event' && (
        <div className="compare-field">
          <label htmlFor={`${uid}-event`}>Event</label>
          <Select id={`${uid}-event`} value={eventId} onChange={(e) => onEvent(e.target.value)}>
            <option value="">Choose an event</option>
            {eventChoices.map((e) => (
              <option key={e.id} value={e.id}>
                {nameOf.get(e.scenario_id) ?? ''}: {e.name} ({shortMonth(e.trigger_month)})
              </option>
            ))}
          </Select>
        </div>
      )}
    </div>
  );
}

type GoalProps = {
  uid: string;
  amount: string;
  date: string;
  /** The goal date's bounds: the forecast's start and end. */
  min: string;
  max: string;
  onAmount: (value: string) => void;
  onDate: (value: string) => void;
};

export function GoalFields({ uid, amount, date, min, max, onAmount, onDate }: GoalProps) {
  return (
    <fieldset className="uncertainty-goal">
      <legend>Goal (optional)</legend>
      <div className="compare-actions">
        <div className="compare-field">
          <label htmlFor={`${uid}-goal-amount`}>Goal net worth</label>
          <Input
            id={`${uid}-goal-amount`}
            inputMode="decimal"
            value={amount}
            placeholder="e.g. 1,000,000"
            onChange={(e) => onAmount(formatAmountInput(e.target.value))}
          />
        </div>
        <div className="compare-field">
          <label htmlFor={`${uid}-goal-date`}>Goal date</label>
          <Input
            id={`${uid}-goal-date`}
            type="date"
            value={date}
            min={min}
            max={max}
            onChange={(e) => onDate(e.target.value)}
          />
        </div>
      </div>
    </fieldset>
  );
}

type StatusProps = { phase: Phase; trials: number; result: UncertaintyResult | null };

/** The progress bar while trials run, the status line, and the failure message. */
export function RunStatus({ phase, trials, result }: StatusProps) {
  const running = phase.kind === 'running';
  const percent = running ? Math.round((100 * phase.progress.done) / Math.max(1, phase.progress.total)) : 0;
  return (
    <>
      {running && (
        <div className="uncertainty-progress">
          <div
            className="uncertainty-progress-bar"
            role="progressbar"
            aria-label="Trials run"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-valuetext={`${formatCount(phase.progress.done)} of ${formatCount(phase.progress.total)} trials`}
          >
            <span style={{ width: `${percent}%` }} />
          </div>
        </div>
      )}
      <p className="uncertainty-status" role="status" aria-live="polite">
        {running
          ? `Running ${formatCount(trials)} trials for each scenario...`
          : phase.kind === 'done'
            ? `Done: ${result ? formatCount(result.trials) : ''} trials for each scenario${phase.cached ? ' (saved result)' : ''}.`
            : phase.kind === 'cancelled'
              ? UNCERTAINTY_MESSAGES.cancelled
              : ''}
      </p>
      {phase.kind === 'failed' && (
        <p className="form-message form-message-error" role="alert">
          {UNCERTAINTY_MESSAGES.failed}
          {phase.reason ? `: ${phase.reason}` : ''}
        </p>
      )}
    </>
  );
}

export function HelpPanel() {
  return (
    <details className="uncertainty-help card">
      <summary>How this works</summary>
      {UNCERTAINTY_HELP_TEXT.split(/\n\s*\n/).map((para) => (
        <p key={para.slice(0, 40)}>{para}</p>
      ))}
    </details>
  );
}
