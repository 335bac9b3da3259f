// Explain this number on the compare screen: a keyboard-operable month control and chart clicks open a dialog
// with the chosen month's breakdown for each compared scenario, computed in the forecast worker.
import { lazy, Suspense, useCallback, useId, useState, type ReactNode } from 'react';
import { exportPlan } from '../../../../data/backup';
import { useDb } from '../../../../data/db-context';
import { monthIndexOf, type CompareView } from '../../../../../worker/engine/index';
import { getExplainRunner } from './explain-runner';
import { EXPLAIN_MESSAGES, type ExplainState as State } from './explain-state';
import { explainableMonths, longMonth, monthOfChartDate, stepMonth } from './months';
import { Button, Input } from '../../../../components/form/controls';
import './explain.css';

export { EXPLAIN_MESSAGES };

/** The dialog (and its breakdown tables) is its own chunk, fetched when a month is first explained. */
const ExplainDialog = lazy(() => import('./ExplainDialog').then((m) => ({ default: m.ExplainDialog })));

type Props = {
  view: CompareView;
  /** Renders the charts with a handler that opens the breakdown of the month a chart point stands for. */
  children: (pickDate: (date: string) => void) => ReactNode;
};

export function ExplainMonth({ view, children }: Props) {
  const db = useDb();
  const { first, last } = explainableMonths(view.as_of, view.years);
  const [month, setMonth] = useState(first);
  const [state, setState] = useState<State | null>(null);
  const sliderId = useId();
  const hintId = useId();
  const chosen = monthIndexOf(month) < monthIndexOf(first) || monthIndexOf(month) > monthIndexOf(last) ? first : month;

  // `open` depends on the result and the database only, so the chart click handler below stays one function for the
  // life of the result: moving the month control re-renders this control, never the (memoised) charts.
  const open = useCallback(
    async (target: string) => {
      // Only the answer for the month still on screen is shown (a later pick, or closing, drops an earlier one).
      const settle = (next: State) =>
        setState((prev) => (prev && prev.status === 'loading' && prev.month === target ? next : prev));
      setMonth(target);
      setState({ status: 'loading', month: target });
      try {
        const backup = await exportPlan(db);
        const outcome = await getExplainRunner()({
          backup,
          options: {
            as_of: view.as_of,
            years: view.years,
            month: target,
            scenario_ids: view.scenarios.map((s) => s.scenario_id),
          },
        });
        if (outcome.ok) settle({ status: 'done', month: target, explanations: outcome.explanations });
        else {
          console.error(EXPLAIN_MESSAGES.failed, outcome.errors);
          settle({ status: 'failed', month: target });
        }
      } catch (err) {
        console.error(EXPLAIN_MESSAGES.failed, err);
        settle({ status: 'failed', month: target });
      }
    },
    [db, view, setMonth],
  );

  const close = () => setState(null);
  const openMonth = (target: string) => void open(target);

  const pickDate = useCallback((date: string) => void open(monthOfChartDate(date, view.as_of)), [open, view.as_of]);
  const offset = monthIndexOf(chosen) - monthIndexOf(first);
  const count = monthIndexOf(last) - monthIndexOf(first);

  return (
    <>
      <section className="explain-control card" aria-label="Explain a month">
        <div className="compare-field explain-field">
          <label htmlFor={sliderId}>
            Explain a month: <strong>{longMonth(chosen)}</strong>
          </label>
          <Input
            id={sliderId}
            type="range"
            min={0}
            max={count}
            step={1}
            value={offset}
            aria-valuetext={longMonth(chosen)}
            aria-describedby={hintId}
            onChange={(e) => setMonth(stepMonth(first, Number(e.target.value), first, last))}
          />
          <span id={hintId} className="field-hint">
            Arrow keys move a month; or click a point on a chart.
          </span>
        </div>
        <Button type="button" className="button button-ghost" onClick={() => void open(chosen)}>
          Explain {longMonth(chosen)}
        </Button>
      </section>
      {children(pickDate)}
      {state && (
        // Until the dialog's code has arrived the page stays as it is: the breakdown is loading in the worker anyway.
        <Suspense fallback={null}>
          <ExplainDialog state={state} first={first} last={last} open={openMonth} close={close} />
        </Suspense>
      )}
    </>
  );
}
