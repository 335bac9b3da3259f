// Smart Create with AI (spec sections 2, 4, 5, 8): a free-text prompt read offline by the engine's
// deterministic parser; success opens the first matched template's form with everything filled in.
import { useId, useState, type FormEvent } from 'react';
import { useNavigate, type HistoryState } from '@tanstack/react-router';
import { identifyTemplatesFromPrompt, SMART_CREATE_MAX_LENGTH } from '../../../../worker/engine/index';
import { FormActions } from '../../../components/form/FormActions';
import { Modal } from '../../../components/modal/Modal';
import { SMART_CREATE_STATE_KEY, type SmartCreateHandoff } from './template-catalogue';
import { localToday } from '../../../lib/dates/local-today';
import { useDb } from '../../../data/db-context';
import { listRecurringItems } from '../../../data/repositories/recurring-items';
import { listCategories } from '../../../data/repositories/categories';
import { getAssumptions } from '../../../data/repositories/assumptions';
import { Button, TextArea } from '../../../components/form/controls';

export const SMART_CREATE_EXAMPLES = [
  'Buy a $750k apartment in March 2028 with a 10% deposit',
  'Take 6 months parental leave from next July',
  'New job paying $120k a year starting February 2027',
  'Invest $500 a month in an index fund',
];

const REQUIRED = 'Please enter a description of your scenario';
const NO_MATCH = 'No matching templates found. Please provide more details.';
const FAILED = 'Failed to identify templates. Please try again.';

export function SmartCreateModal({ onClose, now = () => new Date() }: { onClose: () => void; now?: () => Date }) {
  const navigate = useNavigate();
  const db = useDb();
  const id = useId();
  const [prompt, setPrompt] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (!prompt.trim()) {
      setError(REQUIRED);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      // The user's pay items and the people in the plan let 'a 10% pay rise' and 'retire at 65' be worked out.
      const [items, categories, assumptions] = await Promise.all([
        listRecurringItems(db),
        listCategories(db),
        getAssumptions(db),
      ]);
      const categoryName = new Map(categories.map((c) => [c.id, c.name]));
      const people = (assumptions as { people?: Array<{ id: string; name: string; birth_date: string | null }> } | null)
        ?.people;
      const result = identifyTemplatesFromPrompt(prompt, {
        today: localToday(now()),
        recurring_items: items.map((i) => ({
          id: i.id,
          name: i.name,
          amount: Number(i.amount),
          frequency: i.frequency,
          is_active: i.is_active,
          category_name: categoryName.get(i.category_id) ?? null,
        })),
        ...(people ? { people } : {}),
      });
      const first = result.templates[0];
      if (!first) {
        setError(result.error?.code === 'no_match' || !result.error ? NO_MATCH : result.error.message);
        setBusy(false);
        return;
      }
      const handoff: SmartCreateHandoff = {
        template_id: first.template_id,
        parameters: first.parameters,
        trigger_month: first.trigger_month,
        scenario_name: result.scenario_name,
        scenario_description: result.scenario_description,
        ...(first.notes ? { notes: first.notes } : {}),
      };
      // HistoryState is an empty interface: the hand-off rides along in history.state (survives a reload).
      const state = { [SMART_CREATE_STATE_KEY]: handoff } as HistoryState;
      await navigate({ to: '/scenarios/template/$templateId', params: { templateId: first.template_id }, state });
    } catch (err) {
      console.error('Smart Create failed', err);
      setError(FAILED);
      setBusy(false);
    }
  };

  return (
    <Modal title="Smart Create with AI" onClose={onClose} closeOnEscape={!busy}>
      <form className="form" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={`${id}-prompt`}>Describe your scenario</label>
          <TextArea
            id={`${id}-prompt`}
            value={prompt}
            maxLength={SMART_CREATE_MAX_LENGTH}
            rows={4}
            disabled={busy}
            placeholder="For example: buy a $750k apartment in March 2028 with a 10% deposit"
            onChange={(e) => setPrompt(e.target.value.slice(0, SMART_CREATE_MAX_LENGTH))}
            aria-describedby={`${id}-count`}
          />
          <small id={`${id}-count`} className="field-hint prompt-counter">
            {prompt.length}/{SMART_CREATE_MAX_LENGTH}
          </small>
        </div>
        <div className="smart-examples">
          <p className="muted">Try an example:</p>
          <ul>
            {SMART_CREATE_EXAMPLES.map((ex) => (
              <li key={ex}>
                <Button
                  type="button"
                  className="example-chip"
                  disabled={busy}
                  onClick={() => {
                    setPrompt(ex);
                    setError(null);
                  }}
                >
                  {ex}
                </Button>
              </li>
            ))}
          </ul>
        </div>
        <FormActions error={error} busy={busy} label="Create Scenario" busyLabel="Creating..." onCancel={onClose} />
      </form>
    </Modal>
  );
}
