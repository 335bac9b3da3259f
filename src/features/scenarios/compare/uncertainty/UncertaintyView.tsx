// The compare screen's Uncertainty view (docs/app.md, Uncertainty): trials, stress test and goal, Run with progress and
// Cancel, then per scenario a card of probabilities, a fan chart and a percentile table, and a help panel.
import { memo, useEffect, useId, useRef, useState } from 'react';
import { useLatestRun } from '../../../../lib/async/use-latest-run';
import { preloadCharts } from '../../../../components/charts/LazyChart';
import { useCompactCharts } from '../../../../components/charts/ChartSequence';
import type { WyrdDb } from '../../../../data/db';
import { useDb } from '../../../../data/db-context';
import { exportPlan } from '../../../../data/backup';
import type { ScenarioEventRow, ScenarioRow } from '../../../../data/entities';
import { listEvents } from '../../../../data/repositories/events';
import { parseAmountInput } from '../../../../lib/format/money';
import { todayIso } from '../../../../lib/forecast/compare-runner';
import { getTrialPool, runUncertaintyCached, uncertaintyKey } from '../../../../lib/forecast/uncertainty-runner';
import { type StressName, type UncertaintyRequest, type UncertaintyResult } from '../../../../../worker/engine/index';
import { FanCharts } from './FanCharts';
import { warmUpFanChartOptions } from './fan-chart-option';
import { useWarmTrialPool } from './use-warm-trial-pool';
import { PercentileTables } from './PercentileTable';
import { UncertaintyCard } from './UncertaintyCard';
import { GoalFields, HelpPanel, RunOptions, RunStatus } from './UncertaintyParts';
import { DEFAULT_TRIALS, UNCERTAINTY_MESSAGES, type Phase } from './uncertainty-state';
import { Button } from '../../../../components/form/controls';
import './uncertainty.css';
import { compareCodeUnits } from '../../../../lib/format/name-sort';

/**
 * The progress bar moves at most this often. Each move re-renders the view and paints a frame on the main thread, a
 * sixth of a core at one move per chunk (about 16 a second), which on a two-core machine the trial workers lose.
 */
const PROGRESS_EVERY_MS = 250;

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

/** Every scenario's events, read once per visit (a crash can be placed at one). */
function useEvents(db: WyrdDb): ScenarioEventRow[] {
  const [events, setEvents] = useState<ScenarioEventRow[]>([]);
  useEffect(() => {
    let live = true;
    listEvents(db)
      .then((rows) => live && setEvents(rows))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [db]);
  return events;
}

export function UncertaintyView({ ids, scenarios, years, todaysDollars, asOf }: Props) {
  const db = useDb();
  const uid = useId();
  const events = useEvents(db);
  const [trials, setTrials] = useState<number>(DEFAULT_TRIALS);
  const [stress, setStress] = useState<StressName | ''>('');
  const [eventId, setEventId] = useState('');
  const [goalAmount, setGoalAmount] = useState('');
  const [goalDate, setGoalDate] = useState('');
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [shown, setShown] = useState<Shown | null>(null);
  const latest = useLatestRun();
  const cancelRun = useRef<() => void>(() => {});
  // Fixed for the view's life (read once): the fan charts' text size, which the chart warm-up draws at too.
  const compactCharts = useCompactCharts();

  useEffect(() => {
    // The workers start (and load the engine) while the user chooses, so Run doesn't wait for them.
    getTrialPool().warm();
    void preloadCharts('fan', warmUpFanChartOptions(compactCharts)).catch(() => undefined);
    const stop = cancelRun;
    // Leaving the view stops the trials: nobody would see them (useLatestRun also makes the run stale).
    return () => stop.current();
  }, [compactCharts]);

  const start = asOf ?? todayIso();
  useWarmTrialPool(db, start, years, ids);
  const baselineIds = new Set(scenarios.filter((s) => s.is_baseline).map((s) => s.id));
  const chosen = new Set(ids);
  const nameOf = new Map(scenarios.map((s) => [s.id, s.name]));
  const eventChoices = events
    .filter((e) => chosen.has(e.scenario_id) || baselineIds.has(e.scenario_id))
    .sort((a, b) => compareCodeUnits(a.trigger_month, b.trigger_month) || a.name.localeCompare(b.name));

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
    const isLatest = latest.begin();
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
      const backup = await exportPlan(db);
      const key = await uncertaintyKey(backup, request);
      if (!isLatest()) return;
      let shownAt = -Infinity;
      const handle = runUncertaintyCached(key, backup, request, {
        onProgress: (progress) => {
          const now = performance.now();
          if (!isLatest() || now - shownAt < PROGRESS_EVERY_MS) return;
          shownAt = now;
          setPhase({ kind: 'running', progress });
        },
      });
      cancelRun.current = handle.cancel;
      const outcome = await handle.done;
      if (!isLatest()) return;
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
      if (!isLatest()) return;
      console.error(UNCERTAINTY_MESSAGES.failed, err);
      setPhase({ kind: 'failed', reason: null });
    }
  };

  const cancel = () => {
    latest.invalidate();
    cancelRun.current();
    setPhase({ kind: 'cancelled' });
  };

  return (
    <section className="uncertainty" aria-label="Uncertainty" data-testid="uncertainty">
      <div className="uncertainty-controls card">
        <RunOptions
          uid={uid}
          trials={trials}
          stress={stress}
          eventId={eventId}
          eventChoices={eventChoices}
          nameOf={nameOf}
          onTrials={setTrials}
          onStress={setStress}
          onEvent={setEventId}
        />
        <GoalFields
          uid={uid}
          amount={goalAmount}
          date={goalDate}
          min={start}
          max={forecastEnd(start, years)}
          onAmount={setGoalAmount}
          onDate={setGoalDate}
        />
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
        <RunStatus phase={phase} trials={trials} result={shown?.result ?? null} />
      </div>

      <HelpPanel />

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
      <FanCharts result={result} todaysDollars={todaysDollars} />
      <PercentileTables result={result} todaysDollars={todaysDollars} />
    </div>
  );
});
