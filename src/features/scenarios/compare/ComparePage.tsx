// Scenario comparison (spec section 2 Scenario compare): pick scenarios and a period, run the engine in the
// forecast worker on the user's local data, then one summary card per scenario and the three charts. It opens
// with the preselected scenarios (the query's, else the baseline) already compared.
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { PageFrame } from '../../../components/layout/PageFrame';
import { useDb } from '../../../data/db-context';
import { exportPlan } from '../../../data/backup';
import type { ScenarioRow } from '../../../data/entities';
import { listScenarios } from '../../../data/repositories/scenarios';
import { prewarmCompare, todayIso } from '../../../lib/forecast/compare-runner';
import { CompareResults } from './CompareResults';
import { ScenarioPicker } from './ScenarioPicker';
import { useChartWarmUp } from './use-chart-warm-up';
import { useCompareMode } from './use-compare-mode';
import { useCompareRun } from './use-compare-run';
import { ModeSwitch } from './uncertainty/ModeSwitch';
import { Button, Input, Select } from '../../../components/form/controls';
import '../surface.css';
import './compare.css';
import { compareCodeUnits } from '../../../lib/format/name-sort';

/**
 * The Uncertainty mode is its own chunk, fetched when the user first switches to it: the screen's first load and its
 * projections never parse it, and its worker pool starts only once it is on screen.
 */
const UncertaintyView = lazy(() =>
  import('./uncertainty/UncertaintyView').then((m) => ({ default: m.UncertaintyView })),
);

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
      compareCodeUnits(a.created_at, b.created_at) ||
      compareCodeUnits(a.id, b.id),
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

export function ComparePage({ selected, asOf, initialYears }: Props) {
  const db = useDb();
  const [scenarios, setScenarios] = useState<ScenarioRow[] | null>(null);
  const [loadError, setLoadError] = useState(false);
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [years, setYears] = useState<number>(initialYears ?? DEFAULT_YEARS);
  const [todaysDollars, setTodaysDollars] = useState(false);
  const { result, running, failed, run } = useCompareRun(db, asOf, MESSAGES.compareFailed);
  const autoRan = useRef(false);
  const periodId = useId();
  // Warm-up (chart code and the engine in the worker) done: exposed as data-warm for benchmarks and tests.
  const chartsWarm = useChartWarmUp();
  const [engineWarm, setEngineWarm] = useState(false);

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
          void run(orderedChosen(new Set(initial), sorted), initialYears ?? DEFAULT_YEARS, true);
        } else if (sorted.length > 0) {
          // While the user picks, the worker runs a short comparison of their data to warm the engine up.
          exportPlan(db)
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
  const [mode, switchMode] = useCompareMode(db, asOf ?? todayIso(), years, ids, chartsWarm);

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
    // A comparison still running (the one the screen opens with) counts as a result on its way: left alone, it
    // would show the period the user just moved away from.
    if ((result || running) && ids.length > 0) void run(ids, value);
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
            <ScenarioPicker scenarios={scenarios} chosen={chosen} onToggle={toggle} />
            <div className="compare-actions">
              <ModeSwitch mode={mode} onChange={switchMode} />
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
            <CompareResults result={result} running={running} todaysDollars={todaysDollars} />
          )}
        </div>
      )}
    </PageFrame>
  );
}
