// The baseline assistant (issue 5 item 8): with accounts and recurring items but no baseline scenario, it
// proposes current-situation events the engine recognised, for the user to review and accept.
import { useState } from 'react';
import { getTemplate, proposeBaselineEvents, type BaselineProposal } from '../../../../worker/engine/index';
import { FormMessage } from '../../../components/form/FormField';
import type { WyrdDb } from '../../../data/db';
import type { AccountRow, CategoryRow, RecurringItemRow, ScenarioRow } from '../../../data/entities';
import { acceptBaseline } from '../../../data/repositories/baseline';
import { localToday } from '../../../lib/dates/local-today';
import { Button, Input } from '../../../components/form/controls';

/** What the assistant offers: the recogniser's proposals, else one Current Reality event. */
export function baselineProposals(
  accounts: AccountRow[],
  items: RecurringItemRow[],
  categories: CategoryRow[],
  today: string,
): BaselineProposal[] {
  const proposals = proposeBaselineEvents({ accounts, recurring_items: items, categories, today });
  if (proposals.length > 0) return proposals;
  return [
    {
      template_id: 'current_reality',
      name: 'Current Reality',
      trigger_month: today.slice(0, 7),
      template_parameters: { notes: '' },
      reason: 'Your accounts and recurring items as they are today.',
      source_ids: [],
      supersedes: [],
    },
  ];
}

export function BaselineAssistant({
  db,
  accounts,
  items,
  categories,
  onCreated,
  now = () => new Date(),
}: {
  db: WyrdDb;
  accounts: AccountRow[];
  items: RecurringItemRow[];
  categories: CategoryRow[];
  onCreated: (scenario: ScenarioRow) => void;
  now?: () => Date;
}) {
  const [open, setOpen] = useState(false);
  const [proposals, setProposals] = useState<BaselineProposal[]>([]);
  const [checked, setChecked] = useState<boolean[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const review = () => {
    // Proposals are read when the panel opens, from the data the list page loaded.
    const list = baselineProposals(accounts, items, categories, localToday(now()));
    setProposals(list);
    setChecked(list.map(() => true));
    setOpen(true);
  };

  const nameOf = (id: string) => accounts.find((a) => a.id === id)?.name ?? items.find((i) => i.id === id)?.name ?? id;

  const accept = async () => {
    const chosen = proposals.filter((_, i) => checked[i]);
    if (chosen.length === 0) {
      setError('Please select at least one event');
      return;
    }
    setError(null);
    setSaving(true);
    try {
      const scenario = await acceptBaseline(db, chosen);
      onCreated(scenario);
    } catch (err) {
      console.error('Could not create the baseline', err);
      setError('Failed to create scenario');
      setSaving(false);
    }
  };

  return (
    <section className="baseline-assistant" aria-labelledby="baseline-assistant-heading">
      <h2 id="baseline-assistant-heading">Build your baseline</h2>
      <p>
        You have accounts and recurring items but no baseline scenario yet. Wyrd can read them and propose the events
        that describe your current situation, for you to review.
      </p>
      {!open ? (
        <Button type="button" className="button button-primary" onClick={review}>
          Review proposed baseline
        </Button>
      ) : (
        <>
          <ul className="proposal-list">
            {proposals.map((p, i) => {
              const template = getTemplate(p.template_id);
              return (
                <li key={`${p.template_id}-${i}`} className="proposal">
                  <label>
                    <Input
                      type="checkbox"
                      checked={checked[i] ?? false}
                      onChange={(e) => setChecked((c) => c.map((v, j) => (j === i ? e.target.checked : v)))}
                      disabled={saving}
                    />
                    <span>
                      <strong>{p.name}</strong>{' '}
                      <span className="badge badge-muted">{template?.name ?? p.template_id}</span>
                    </span>
                  </label>
                  <p className="muted">{p.reason}</p>
                  {p.supersedes.length > 0 && <p className="muted">Replaces: {p.supersedes.map(nameOf).join(', ')}</p>}
                </li>
              );
            })}
          </ul>
          <FormMessage type="error">{error}</FormMessage>
          <div className="form-actions">
            <Button type="button" className="button button-ghost" onClick={() => setOpen(false)} disabled={saving}>
              Cancel
            </Button>
            <Button type="button" className="button button-primary" onClick={() => void accept()} disabled={saving}>
              {saving ? 'Creating...' : 'Create Baseline Scenario'}
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
