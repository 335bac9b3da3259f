// The baseline assistant (issue 5 item 8): with accounts and recurring items but no baseline scenario, it
// proposes current-situation events the engine recognised, for the user to review and accept.
import { useState } from 'react';
import { getTemplate } from '../../../../worker/engine/index';
import { proposeBaselineEvents, type BaselineProposal } from '../../../../worker/engine/baseline-assistant/propose';
import { FormMessage } from '../../../components/form/FormField';
import type { WyrdDb } from '../../../data/db';
import type { AccountRow, CategoryRow, RecurringItemRow, ScenarioRow } from '../../../data/entities';
import { deleteAccount } from '../../../data/repositories/accounts';
import { materialiseTables, saveEvent } from '../../../data/repositories/events';
import { deleteRecurringItem } from '../../../data/repositories/recurring-items';
import { createScenario } from '../../../data/repositories/scenarios';
import { localToday } from '../../../lib/dates/local-today';

export const BASELINE_SCENARIO_NAME = 'My Current Situation';
export const BASELINE_SCENARIO_DESCRIPTION = 'My finances as they are today';

/** A local YYYY-MM-DD for the UI's clock (the engine takes today as an input). */
/** What the assistant offers: the recogniser's proposals, else one Current Reality event. */
export function baselineProposals(accounts: AccountRow[], items: RecurringItemRow[], categories: CategoryRow[], today: string): BaselineProposal[] {
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

/**
 * Creates the baseline scenario with the accepted events (materialised as usual) and retires what those
 * events replace, all in one transaction: nothing is written unless everything is.
 */
export async function acceptBaseline(db: WyrdDb, accepted: BaselineProposal[]): Promise<ScenarioRow> {
  return db.transaction('rw', materialiseTables(db), async () => {
    const scenario = await createScenario(db, { name: BASELINE_SCENARIO_NAME, description: BASELINE_SCENARIO_DESCRIPTION, is_baseline: true });
    for (const p of accepted) {
      await saveEvent(db, scenario, { name: p.name, trigger_month: p.trigger_month, template_id: p.template_id, template_parameters: p.template_parameters });
    }
    const retire = new Set(accepted.flatMap((p) => p.supersedes));
    for (const id of retire) if (await db.recurring_items.get(id)) await deleteRecurringItem(db, id);
    for (const id of retire) {
      if (!(await db.accounts.get(id))) continue;
      // An account some remaining item still uses stays, so no item is left pointing at nothing.
      if ((await db.recurring_items.where('account_id').equals(id).count()) > 0) continue;
      await deleteAccount(db, id);
    }
    return scenario;
  });
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
        You have accounts and recurring items but no baseline scenario yet. Wyrd can read them and propose the events that describe your current
        situation, for you to review.
      </p>
      {!open ? (
        <button type="button" className="button button-primary" onClick={review}>
          Review proposed baseline
        </button>
      ) : (
        <>
          <ul className="proposal-list">
            {proposals.map((p, i) => {
              const template = getTemplate(p.template_id);
              return (
                <li key={`${p.template_id}-${i}`} className="proposal">
                  <label>
                    <input
                      type="checkbox"
                      checked={checked[i] ?? false}
                      onChange={(e) => setChecked((c) => c.map((v, j) => (j === i ? e.target.checked : v)))}
                      disabled={saving}
                    />
                    <span>
                      <strong>{p.name}</strong> <span className="badge badge-muted">{template?.name ?? p.template_id}</span>
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
            <button type="button" className="button button-ghost" onClick={() => setOpen(false)} disabled={saving}>
              Cancel
            </button>
            <button type="button" className="button button-primary" onClick={() => void accept()} disabled={saving}>
              {saving ? 'Creating...' : 'Create Baseline Scenario'}
            </button>
          </div>
        </>
      )}
    </section>
  );
}
