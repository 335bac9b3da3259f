// The compare screen's Uncertainty view (docs/app.md, Uncertainty): trials, stress test and goal, Run with progress and
// Cancel, then per scenario a card of probabilities, a fan chart and a percentile table, and a help panel.
import { memo, useEffect, useId, useRef, useState } from 'react';
import { preloadCharts } from '../../../../components/charts/LazyChart';
import { useDb } from '../../../../data/db-context';
import { exportBackup } from '../../../../data/backup';
import type { ScenarioEventRow, ScenarioRow } from '../../../../data/entities';
import { listEvents } from '../../../../data/repositories/events';
import { formatAmountInput, parseAmountInput } from '../../../../lib/format/money';
import { todayIso } from '../../../../lib/forecast/compare-runner';
import { getTrialPool, runUncertaintyCached, uncertaintyKey } from '../../../../lib/forecast/uncertainty-runner';
import type { UncertaintyProgress } from '../../../../lib/forecast/uncertainty-pool';
import {
  UNCERTAINTY_HELP_TEXT,
  type StressName,
  type UncertaintyRequest,
  type UncertaintyResult,
} from '../../../../../worker/engine/index';
import { shortMonth } from '../SummaryCard';
import { FanCharts } from './FanCharts';
import { PercentileTables } from './PercentileTable';
import { UncertaintyCard } from './UncertaintyCard';
import { Button, Input, Select } from '../../../../components/form/controls';
import './uncertainty.css';

export const TRIAL_CHOICES = [500, 1000, 5000] as const;
export const DEFAULT_TRIALS = 1000;

export const STRESS_LABELS: Record<StressName, string> = {
  crash_first_year: 'Market crash in the first year',
  crash_at_event: 'Market crash in the year of an event',
  crash_at_retirement: 'Market crash in the year of retirement',
  high_inflation_decade: 'Ten years of 7% inflation',
  rates_up_5y: 'Interest rates 3 points higher for 5 years',
};

export const UNCERTAINTY_MESSAGES = {
  failed: 'Failed to run the uncertainty analysis',
  cancelled: 'Cancelled. No results were kept.',
  pickEvent: 'Choose the event for the crash',
  goalIncomplete: 'Enter both a goal amount and a goal date, or neither',
  goalDate: 'The goal date must fall within the forecast period',
} as const;

type Phase =
  | { kind: 'idle' }
  | { kind: 'running'; progress: UncertaintyProgress }
  | { kind: 'done'; cached: boolean }
  | { kind: 'cancelled' }
  /** `reason`: the engine's own words when it refused the input (a stress test the scenarios can't take, say). */
  | { kind: 'failed'; reason: string | null };

/** The result on screen; `run` counts results so each new one draws fresh charts. */
type Shown = { result: UncertaintyResult; years: number; run: number };

type Props = {
  /** The chosen scenario ids, in the screen's order. */
  ids: string[];
  scenarios: ScenarioRow[];
  years: number;
  todaysDollars: boolean;
  asOf?: string;
};

/** The last day of the forecast's last month, as the engine's period ends (as_of plus whole years). */
function forecastEnd(asOf: string, years: number): string {
  return `${Number(asOf.slice(0, 4)) + years}${asOf.slice(4)}`;
}

export function UncertaintyView({ ids, scenarios, years, todaysDollars, asOf }: Props) {
  const db = useDb();
  const uid = useId();
  const [trials, setTrials] = useState<number>(DEFAULT_TRIALS);
  const [stress, setStress] = useState<StressName | ''>('');
  const [eventId, setEventId] = useState('');
  const [goalAmount, setGoalAmount] = useState('');
  const [goalDate, setGoalDate] = useState('');
  const [events, setEvents] = useState<ScenarioEventRow[]>([]);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [shown, setShown] = useState<Shown | null>(null);
  const seq = useRef(0);
  const cancelRun = useRef<() => void>(() => {});

  useEffect(() => {
    let live = true;
    listEvents(db)
      .then((rows) => live && setEvents(rows))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [db]);

  useEffect(() => {
    // The workers start (and load the engine) while the user chooses, so Run doesn't wait for them.
    getTrialPool().warm();
    void preloadCharts('fan').catch(() => undefined);
    const runs = seq;
    const stop = cancelRun;
    return () => {
      // Leaving the view stops the trials: nobody would see them.
      runs.current++;
      stop.current();
    };
  }, []);

  const start = asOf ?? todayIso();
  const baselineIds = new Set(scenarios.filter((s) => s.is_baseline).map((s) => s.id));
  const chosen = new Set(ids);
  const nameOf = new Map(scenarios.map((s) => [s.id, s.name]));
  const eventChoices = events
    .filter((e) => chosen.has(e.scenario_id) || baselineIds.has(e.scenario_id))
    .sort((a, b) => a.trigger_month.localeCompare(b.trigger_month) || a.name.localeCompare(b.name));

  const amount = goalAmount.trim() === '' ? null : parseAmountInput(goalAmount);
  const problem =
    stress === 'crash_at_event' && !eventChoices.some((e) => e.id === eventId)
      ? UNCERTAINTY_MESSAGES.pickEvent
      : (amount === null) !== (goalDate === '')
        ? UNCERTAINTY_MESSAGES.goalIncomplete
        : goalDate !== '' && (goalDate <= start || goalDate > forecastEnd(start, years))
          ? UNCERTAINTY_MESSAGES.goalDate
          : null;
  const running = phase.kind === 'running';

  const run = async () => {
    const mine = ++seq.current;
    cancelRun.current();
    setPhase({ kind: 'running', progress: { done: 0, total: trials } });
    const request: UncertaintyRequest = {
      as_of: start,
      years,
      trials,
      stress: stress === '' ? null : { name: stress, event_id: stress === 'crash_at_event' ? eventId : null },
      goal: amount !== null && goalDate !== '' ? { amount, date: goalDate } : null,
      scenario_ids: ids,
    };
    try {
      const runStart = performance.now();
      const backup = await exportBackup(db);
      const key = await uncertaintyKey(backup, request);
      if (mine !== seq.current) return;
      const handle = runUncertaintyCached(key, backup, request, {
        onProgress: (progress) => mine === seq.current && setPhase({ kind: 'running', progress }),
      });
      cancelRun.current = handle.cancel;
      const outcome = await handle.done;
      if (mine !== seq.current) return;
      performance.measure('uncertainty: run', { start: runStart, end: performance.now() });
      if (outcome.status === 'done') {
        setShown((prev) => ({ result: outcome.result, years, run: (prev?.run ?? 0) + 1 }));
        setPhase({ kind: 'done', cached: handle.cached });
      } else if (outcome.status === 'cancelled') setPhase({ kind: 'cancelled' });
      else {
        console.error(UNCERTAINTY_MESSAGES.failed, outcome.message);
        setPhase({ kind: 'failed', reason: outcome.input ? outcome.message : null });
      }
    } catch (err) {
      if (mine !== seq.current) return;
      console.error(UNCERTAINTY_MESSAGES.failed, err);
      setPhase({ kind: 'failed', reason: null });
    }
  };

  const cancel = () => {
    seq.current++;
    cancelRun.current();
    setPhase({ kind: 'cancelled' });
  };

  const percent = running ? Math.round((100 * phase.progress.done) / Math.max(1, phase.progress.total)) : 0;
  const result = shown?.result ?? null;

  return (
    <section className="uncertainty" aria-label="Uncertainty" data-testid="uncertainty">
      <div className="uncertainty-controls card">
        <div className="compare-actions">
          <div className="compare-field">
            <label htmlFor={`${uid}-trials`}>Trials</label>
            <Select id={`${uid}-trials`} value={trials} onChange={(e) => setTrials(Number(e.target.value))}>
              {TRIAL_CHOICES.map((t) => (
                <option key={t} value={t}>
                  {t.toLocaleString('en-AU')}
                </option>
              ))}
            </Select>
          </div>
          <div className="compare-field">
            <label htmlFor={`${uid}-stress`}>Stress test</label>
            <Select id={`${uid}-stress`} value={stress} onChange={(e) => setStress(e.target.value as StressName | '')}>
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
              <Select id={`${uid}-event`} value={eventId} onChange={(e) => setEventId(e.target.value)}>
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
        <fieldset className="uncertainty-goal">
          <legend>Goal (optional)</legend>
          <div className="compare-actions">
            <div className="compare-field">
              <label htmlFor={`${uid}-goal-amount`}>Goal net worth</label>
              <Input
                id={`${uid}-goal-amount`}
                inputMode="decimal"
                value={goalAmount}
                placeholder="e.g. 1,000,000"
                onChange={(e) => setGoalAmount(formatAmountInput(e.target.value))}
              />
            </div>
            <div className="compare-field">
              <label htmlFor={`${uid}-goal-date`}>Goal date</label>
              <Input
                id={`${uid}-goal-date`}
                type="date"
                value={goalDate}
                min={start}
                max={forecastEnd(start, years)}
                onChange={(e) => setGoalDate(e.target.value)}
              />
            </div>
          </div>
        </fieldset>
        <div className="compare-actions">
          <Button
            type="button"
            className="button button-primary"
            disabled={ids.length === 0 || running || problem !== null}
            onClick={() => void run()}
          >
            {running ? 'Running...' : 'Run'}
          </Button>
          {running && (
            <Button type="button" className="button button-ghost" onClick={cancel}>
              Cancel
            </Button>
          )}
        </div>
        {problem && (
          <p className="form-message form-message-info" role="status">
            {problem}
          </p>
        )}
        {running && (
          <div className="uncertainty-progress">
            <div
              className="uncertainty-progress-bar"
              role="progressbar"
              aria-label="Trials run"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
              aria-valuetext={`${phase.progress.done.toLocaleString('en-AU')} of ${phase.progress.total.toLocaleString('en-AU')} trials`}
            >
              <span style={{ width: `${percent}%` }} />
            </div>
          </div>
        )}
        <p className="uncertainty-status" role="status" aria-live="polite">
          {running
            ? `Running ${trials.toLocaleString('en-AU')} trials for each scenario...`
            : phase.kind === 'done'
              ? `Done: ${result?.trials.toLocaleString('en-AU') ?? ''} trials for each scenario${phase.cached ? ' (saved result)' : ''}.`
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
      </div>

      <details className="uncertainty-help card">
        <summary>How this works</summary>
        {UNCERTAINTY_HELP_TEXT.split(/\n\s*\n/).map((para) => (
          <p key={para.slice(0, 40)}>{para}</p>
        ))}
      </details>

      {shown && <Results shown={shown} running={running} todaysDollars={todaysDollars} />}
    </section>
  );
}

/**
 * The cards, fan charts and tables, memoised: progress updates during a run re-render the controls only, never the
 * previous result on screen.
 */
const Results = memo(function Results({
  shown,
  running,
  todaysDollars,
}: {
  shown: Shown;
  running: boolean;
  todaysDollars: boolean;
}) {
  const { result } = shown;
  return (
    <div
      className="compare-results"
      aria-busy={running}
      data-testid="uncertainty-results"
      data-trials={result.trials}
      data-run={shown.run}
    >
      <div className="compare-cards">
        {result.scenarios.map((s, i) => (
          <UncertaintyCard
            key={s.scenario_id}
            scenario={s}
            index={i}
            years={shown.years}
            todaysDollars={todaysDollars}
          />
        ))}
      </div>
      <FanCharts key={`${shown.run}-${todaysDollars}`} result={result} todaysDollars={todaysDollars} />
      <PercentileTables result={result} todaysDollars={todaysDollars} />
    </div>
  );
});
