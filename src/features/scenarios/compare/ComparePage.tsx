// Scenario comparison (spec section 2 Scenario compare): pick scenarios and a period, run the engine in the
// forecast worker on the user's local data, then one summary card per scenario and the three charts. It opens
// with the preselected scenarios (the query's, else the baseline) already compared.
import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import { PageFrame } from '../../../components/layout/PageFrame';
import { preloadCharts } from '../../../components/charts/LazyChart';
import { useDb } from '../../../data/db-context';
import { exportBackup } from '../../../data/backup';
import type { ScenarioRow } from '../../../data/entities';
import { listScenarios } from '../../../data/repositories/scenarios';
import { getCompareRunner, prewarmCompare, todayIso } from '../../../lib/forecast/compare-runner';
import type { CompareView } from '../../../../worker/engine/index';
import { CompareCharts } from './CompareCharts';
import { ExplainMonth } from './explain/ExplainMonth';
import { SummaryCard } from './SummaryCard';
import { ModeSwitch, type CompareMode } from './uncertainty/ModeSwitch';
import { Button, Input, Select } from '../../../components/form/controls';
import './compare.css';

/**
 * The Uncertainty mode is its own chunk, fetched when the user first switches to it: the screen's first load and its
 * projections never parse it, and its worker pool starts only once it is on screen.
 */
const UncertaintyView = lazy(() =>
  import('./uncertainty/UncertaintyView').then((m) => ({ default: m.UncertaintyView })),
);

/** How long an untouched screen waits before warming the charts up (after its first load has settled). */
const CHART_WARM_DELAY_MS = 3000;

export const FORECAST_YEARS = [1, 2, 5, 10, 15, 20, 25, 30] as const;
export const DEFAULT_YEARS = 5;

export const MESSAGES = {
  selectOne: 'Please select at least one scenario',
  loadFailed: 'Failed to load scenarios',
  compareFailed: 'Failed to compare scenarios',
} as const;

export function yearsLabel(years: number): string {
  return years === 1 ? '1 year' : `${years} years`;
}

/** Baseline first, then oldest first: a stable order that gives each scenario the same colour run to run. */
function sortScenarios(rows: ScenarioRow[]): ScenarioRow[] {
  return [...rows].sort(
    (a, b) =>
      Number(b.is_baseline) - Number(a.is_baseline) ||
      a.created_at.localeCompare(b.created_at) ||
      a.id.localeCompare(b.id),
  );
}

type Props = {
  /** Scenario ids from the repeated `selected` query parameter. */
  selected: string[];
  /** Today (YYYY-MM-DD); the device's date unless a test fixes it. */
  asOf?: string;
  /** The forecast period to open with (the `years` query parameter), else DEFAULT_YEARS. */
  initialYears?: number;
};

/** The last successful run (kept on screen while a re-run computes). */
type Result = { view: CompareView; run: number };

export function ComparePage({ selected, asOf, initialYears }: Props) {
  const db = useDb();
  const [scenarios, setScenarios] = useState<ScenarioRow[] | null>(null);
  const [loadError, setLoadError] = useState(false);
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [years, setYears] = useState<number>(initialYears ?? DEFAULT_YEARS);
  const [result, setResult] = useState<Result | null>(null);
  const [running, setRunning] = useState(false);
  const [failed, setFailed] = useState(false);
  const [todaysDollars, setTodaysDollars] = useState(false);
  const [mode, setMode] = useState<CompareMode>('projection');
  const runSeq = useRef(0);
  const autoRan = useRef(false);
  const periodId = useId();
  // Warm-up (chart code and the engine in the worker) done: exposed as data-warm for benchmarks and tests.
  const [chartsWarm, setChartsWarm] = useState(false);
  const [engineWarm, setEngineWarm] = useState(false);

  useEffect(() => {
    // The chart code downloads and warms up while the user picks, so a comparison waits for neither. Not during the
    // screen's first load: evaluating echarts and its warm-up draws are several long tasks on a slow phone (total
    // blocking time, docs/app.md). They start at the user's first sign of intent (pointer, key, focus) or once the
    // page has been quiet for a while, whichever is first.
    let started = false;
    const start = () => {
      if (started) return;
      started = true;
      stop();
      preloadCharts()
        .catch(() => undefined)
        .finally(() => setChartsWarm(true));
    };
    const intents = ['pointerdown', 'pointermove', 'keydown', 'focusin', 'touchstart'] as const;
    const timer = setTimeout(start, CHART_WARM_DELAY_MS);
    function stop() {
      clearTimeout(timer);
      for (const type of intents) window.removeEventListener(type, start, true);
    }
    for (const type of intents) window.addEventListener(type, start, { capture: true, passive: true });
    return stop;
  }, []);

  const run = useCallback(
    async (ids: string[], forYears: number) => {
      const seq = ++runSeq.current;
      setRunning(true);
      setFailed(false);
      const fail = (detail: unknown) => {
        console.error(MESSAGES.compareFailed, detail);
        setResult(null);
        setFailed(true);
      };
      try {
        // User Timing entries ('compare: export', 'compare: engine') let benchmarks see where the time goes.
        const start = performance.now();
        const backup = await exportBackup(db);
        const exported = performance.now();
        const outcome = await getCompareRunner()({
          backup,
          as_of: asOf ?? todayIso(),
          years: forYears,
          scenario_ids: ids,
        });
        performance.measure('compare: export', { start, end: exported });
        performance.measure('compare: engine', { start: exported, end: performance.now() });
        if (seq !== runSeq.current) return;
        if (outcome.ok) setResult({ view: outcome.view, run: seq });
        else fail(outcome.errors);
      } catch (err) {
        if (seq === runSeq.current) fail(err);
      } finally {
        if (seq === runSeq.current) setRunning(false);
      }
    },
    [db, asOf],
  );

  const orderedChosen = (set: Set<string>, rows: ScenarioRow[]) => rows.filter((s) => set.has(s.id)).map((s) => s.id);

  useEffect(() => {
    let active = true;
    listScenarios(db)
      .then((rows) => {
        if (!active) return;
        const sorted = sortScenarios(rows);
        const known = new Set(sorted.map((s) => s.id));
        const fromQuery = selected.filter((id) => known.has(id));
        const initial =
          fromQuery.length > 0
            ? fromQuery
            : sorted
                .filter((s) => s.is_baseline)
                .slice(0, 1)
                .map((s) => s.id);
        setScenarios(sorted);
        setChosen(new Set(initial));
        // The screen opens with something drawn: the scenarios from the query, else the baseline, run at once.
        if (initial.length > 0 && !autoRan.current) {
          autoRan.current = true;
          setEngineWarm(true);
          void run(orderedChosen(new Set(initial), sorted), initialYears ?? DEFAULT_YEARS);
        } else if (sorted.length > 0) {
          // While the user picks, the worker runs a short comparison of their data to warm the engine up.
          exportBackup(db)
            .then((backup) => prewarmCompare(asOf ?? todayIso(), backup))
            .catch(() => undefined)
            .finally(() => active && setEngineWarm(true));
        } else setEngineWarm(true);
      })
      .catch((err: unknown) => {
        console.error(MESSAGES.loadFailed, err);
        if (active) setLoadError(true);
      });
    return () => {
      active = false;
    };
    // Loaded once per visit; the query only preselects on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [db]);

  const ids = scenarios ? orderedChosen(chosen, scenarios) : [];

  const toggle = (id: string) => {
    setChosen((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  };

  const changeYears = (value: number) => {
    setYears(value);
    if (result && ids.length > 0) void run(ids, value);
  };

  return (
    <PageFrame title="Compare Scenarios" testId="scenario-compare">
      {loadError ? (
        <p className="form-message form-message-error" role="alert">
          {MESSAGES.loadFailed}
        </p>
      ) : scenarios === null ? (
        <p className="compare-muted">Loading scenarios...</p>
      ) : (
        <div className="compare" data-warm={chartsWarm && engineWarm ? 'true' : 'false'}>
          <section className="compare-controls card" aria-label="Comparison settings">
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
                        onChange={() => toggle(s.id)}
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
            <div className="compare-actions">
              <ModeSwitch mode={mode} onChange={setMode} />
              <div className="compare-field">
                <label htmlFor={periodId}>Forecast period</label>
                <Select id={periodId} value={years} onChange={(e) => changeYears(Number(e.target.value))}>
                  {FORECAST_YEARS.map((y) => (
                    <option key={y} value={y}>
                      {yearsLabel(y)}
                    </option>
                  ))}
                </Select>
              </div>
              <label className="compare-toggle">
                <Input type="checkbox" checked={todaysDollars} onChange={(e) => setTodaysDollars(e.target.checked)} />
                Show in today&apos;s dollars
              </label>
              <Button
                type="button"
                className="button button-primary"
                hidden={mode !== 'projection'}
                disabled={ids.length === 0 || running}
                onClick={() => void run(ids, years)}
              >
                {running ? 'Comparing...' : 'Compare'}
              </Button>
            </div>
            {ids.length === 0 && scenarios.length > 0 && (
              <p className="form-message form-message-info" role="status">
                {MESSAGES.selectOne}
              </p>
            )}
          </section>

          {failed && mode === 'projection' && (
            <p className="form-message form-message-error" role="alert">
              {MESSAGES.compareFailed}
            </p>
          )}

          {mode === 'uncertainty' && (
            <Suspense fallback={<p className="compare-muted">Loading the Uncertainty view...</p>}>
              <UncertaintyView
                ids={ids}
                scenarios={scenarios}
                years={years}
                todaysDollars={todaysDollars}
                asOf={asOf}
              />
            </Suspense>
          )}

          {result && mode === 'projection' && (
            <div
              className="compare-results"
              aria-busy={running}
              data-testid="compare-results"
              data-years={result.view.years}
            >
              {todaysDollars && (
                <p className="compare-real-note" role="note">
                  Figures in today&apos;s dollars: deflated by {result.view.inflation_rate}% a year inflation from{' '}
                  {result.view.as_of}.
                </p>
              )}
              <div className="compare-cards">
                {result.view.scenarios.map((s, i) => (
                  <SummaryCard
                    key={s.scenario_id}
                    scenario={s}
                    index={i}
                    years={result.view.years}
                    todaysDollars={todaysDollars}
                  />
                ))}
              </div>
              <ExplainMonth key={result.run} view={result.view}>
                {(pickDate) => (
                  <CompareCharts
                    key={`${result.run}-${todaysDollars ? 'real' : 'nominal'}`}
                    view={result.view}
                    todaysDollars={todaysDollars}
                    onPickDate={pickDate}
                  />
                )}
              </ExplainMonth>
            </div>
          )}
        </div>
      )}
    </PageFrame>
  );
}
