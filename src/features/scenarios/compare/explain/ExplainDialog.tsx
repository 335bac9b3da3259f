// The "explain this number" dialog: the chosen month's breakdown for each compared scenario. Its own chunk, loaded
// when the user first asks for a month (the compare screen's first load and its comparisons never parse it).
import { Modal } from '../../../../components/modal/Modal';
import { ScenarioBreakdown } from './ExplainPanel';
import { EXPLAIN_MESSAGES, type ExplainState } from './explain-state';
import { longMonth, stepMonth } from './months';
import { Button } from '../../../../components/form/controls';

type Props = {
  state: ExplainState;
  first: string;
  last: string;
  open: (month: string) => void;
  close: () => void;
};

export function ExplainDialog({ state, first, last, open, close }: Props) {
  return (
    <Modal title={`Explain ${longMonth(state.month)}`} onClose={close} wide>
      <div className="explain-nav">
        <Button
          type="button"
          className="button button-ghost"
          disabled={state.month === first}
          onClick={() => open(stepMonth(state.month, -1, first, last))}
        >
          Previous month
        </Button>
        <Button
          type="button"
          className="button button-ghost"
          disabled={state.month === last}
          onClick={() => open(stepMonth(state.month, 1, first, last))}
        >
          Next month
        </Button>
        <Button type="button" className="button button-primary" onClick={close}>
          Close
        </Button>
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
            Amounts are rounded to the cent so that each table adds up exactly to its total. Tax is settled monthly so
            each financial year&apos;s total is the tax on that year&apos;s income.
          </p>
        )}
      </div>
    </Modal>
  );
}
