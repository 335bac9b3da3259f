// Explain this number on the compare screen: a keyboard-operable month control and chart clicks open a dialog
// with the chosen month's breakdown for each compared scenario, computed in the forecast worker.
import { useId, useState, type ReactNode } from 'react';
import { Modal } from '../../../../components/modal/Modal';
import { exportBackup } from '../../../../data/backup';
import { useDb } from '../../../../data/db-context';
import { monthIndexOf, type CompareView, type MonthExplanation } from '../../../../../worker/engine/index';
import { ScenarioBreakdown } from './ExplainPanel';
import { getExplainRunner } from './explain-runner';
import { explainableMonths, longMonth, monthOfChartDate, stepMonth } from './months';
import './explain.css';

export const EXPLAIN_MESSAGES = { failed: 'Could not explain this month' } as const;

type State =
  | { status: 'loading'; month: string }
  | { status: 'done'; month: string; explanations: MonthExplanation[] }
  | { status: 'failed'; month: string };

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

  /** Only the answer for the month still on screen is shown (a later pick, or closing, drops an earlier one). */
  const settle = (target: string, next: State) =>
    setState((prev) => (prev && prev.status === 'loading' && prev.month === target ? next : prev));

  const open = async (target: string) => {
    setMonth(target);
    setState({ status: 'loading', month: target });
    try {
      const backup = await exportBackup(db);
      const outcome = await getExplainRunner()({
        backup,
        options: {
          as_of: view.as_of,
          years: view.years,
          month: target,
          scenario_ids: view.scenarios.map((s) => s.scenario_id),
        },
      });
      if (outcome.ok) settle(target, { status: 'done', month: target, explanations: outcome.explanations });
      else {
        console.error(EXPLAIN_MESSAGES.failed, outcome.errors);
        settle(target, { status: 'failed', month: target });
      }
    } catch (err) {
      console.error(EXPLAIN_MESSAGES.failed, err);
      settle(target, { status: 'failed', month: target });
    }
  };

  const close = () => setState(null);

  const pickDate = (date: string) => void open(monthOfChartDate(date, view.as_of));
  const offset = monthIndexOf(chosen) - monthIndexOf(first);
  const count = monthIndexOf(last) - monthIndexOf(first);

  return (
    <>
      <section className="explain-control card" aria-label="Explain a month">
        <div className="compare-field explain-field">
          <label htmlFor={sliderId}>
            Explain a month: <strong>{longMonth(chosen)}</strong>
          </label>
          <input
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
        <button type="button" className="button button-ghost" onClick={() => void open(chosen)}>
          Explain {longMonth(chosen)}
        </button>
      </section>
      {children(pickDate)}
      {state && (
        <Modal title={`Explain ${longMonth(state.month)}`} onClose={close} wide>
          <div className="explain-nav">
            <button
              type="button"
              className="button button-ghost"
              disabled={state.month === first}
              onClick={() => void open(stepMonth(state.month, -1, first, last))}
            >
              Previous month
            </button>
            <button
              type="button"
              className="button button-ghost"
              disabled={state.month === last}
              onClick={() => void open(stepMonth(state.month, 1, first, last))}
            >
              Next month
            </button>
            <button type="button" className="button button-primary" onClick={close}>
              Close
            </button>
          </div>
          <div className="explain-body" aria-live="polite" aria-busy={state.status === 'loading'}>
            {state.status === 'loading' && (
              <p className="compare-muted" role="status">
                Working out {longMonth(state.month)}...
              </p>
            )}
            {state.status === 'failed' && (
              <p className="form-message form-message-error" role="alert">
                {EXPLAIN_MESSAGES.failed}
              </p>
            )}
            {state.status === 'done' &&
              state.explanations.map((e) => <ScenarioBreakdown key={e.scenario_id} explanation={e} />)}
            {state.status === 'done' && (
              <p className="field-hint">
                Amounts are rounded to the cent so that each table adds up exactly to its total. Tax is settled monthly
                so each financial year&apos;s total is the tax on that year&apos;s income.
              </p>
            )}
          </div>
        </Modal>
      )}
    </>
  );
}
