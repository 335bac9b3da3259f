// A scenario's modifications (docs/product.md sections 2 Scenario builder, 4 Modification modal, 5 Builder):
// the list, delete, and the modal offering the four types with their fields and messages.
import { useCallback, useState, type FormEvent } from 'react';
import type { CategoryType, ModificationInput, ModificationType } from '../../../../worker/engine/index';
import { FormMessage } from '../../../components/form/FormField';
import { FormActions } from '../../../components/form/FormActions';
import { Modal } from '../../../components/modal/Modal';
import { useToast } from '../../../components/toast/ToastProvider';
import type { WyrdDb } from '../../../data/db';
import { useDb } from '../../../data/db-context';
import type { ModificationRow, RecurringItemRow } from '../../../data/entities';
import { SAVE_SCENARIO_FIRST, createModification, deleteModification } from '../../../data/repositories/modifications';
import { useLiveSnapshot } from '../../../data/use-live-snapshot';
import { formatMoneyCents } from '../../../lib/format/money';
import { ModificationFields, type Draft } from './ModificationFields';
import { buildModificationsData, readModificationsSnapshot, type Lookups } from './modifications-data';
import { Button } from '../../../components/form/controls';
import '../event-form/event-form.css';

export const MODIFICATION_TYPES: ReadonlyArray<{ type: ModificationType; label: string; hint: string }> = [
  { type: 'add_recurring', label: 'Add Recurring Item', hint: 'A new regular income or expense' },
  { type: 'modify_recurring', label: 'Modify Recurring Item', hint: 'Change the amount of an existing item' },
  { type: 'add_one_time', label: 'Add One-Time Transaction', hint: 'A single income or expense on a date' },
  { type: 'modify_account', label: 'Modify Account Balance', hint: "Set an account's balance" },
];

const REQUIRED = 'Please fill in all required fields';
const MODIFY_RECURRING_REQUIRED = 'Please select a recurring item and enter an amount';
const MODIFY_ACCOUNT_REQUIRED = 'Please select an account and enter a balance';

const EMPTY: Draft = {
  name: '',
  amount: '',
  kind: 'expense',
  frequency: 'monthly',
  start_date: '',
  end_date: '',
  date: '',
  description: '',
  account_id: '',
  category_id: '',
  target_id: '',
  balance: '',
};

const num = (s: string): number | null => (s.trim() === '' || !Number.isFinite(Number(s)) ? null : Number(s));
const signed = (n: number, kind: CategoryType) => (kind === 'income' ? Math.abs(n) : -Math.abs(n));

const ok = (value: ModificationInput) => ({ ok: true as const, value });

/** The modification to store, or the spec's message when a required field is missing. */
export function buildModification(
  type: ModificationType,
  d: Draft,
  items: ReadonlyArray<RecurringItemRow>,
): { ok: true; value: ModificationInput } | { ok: false; message: string } {
  const amount = num(d.amount);
  if (type === 'add_recurring') {
    if (!d.name.trim() || amount === null || !d.start_date || !d.account_id || !d.category_id)
      return { ok: false, message: REQUIRED };
    return ok({
      modification_type: type,
      target_id: null,
      modification_data: {
        name: d.name.trim(),
        amount: signed(amount, d.kind),
        frequency: d.frequency,
        start_date: d.start_date,
        end_date: d.end_date || null,
        account_id: d.account_id,
        category_id: d.category_id,
      },
    });
  }
  if (type === 'modify_recurring') {
    const target = items.find((i) => i.id === d.target_id);
    if (!target || amount === null) return { ok: false, message: MODIFY_RECURRING_REQUIRED };
    return ok({
      modification_type: type,
      target_id: target.id,
      modification_data: { amount: signed(amount, target.amount > 0 ? 'income' : 'expense') },
    });
  }
  if (type === 'add_one_time') {
    if (!d.date || amount === null || !d.account_id || !d.category_id) return { ok: false, message: REQUIRED };
    return ok({
      modification_type: type,
      target_id: null,
      modification_data: {
        date: d.date,
        amount: signed(amount, d.kind),
        description: d.description.trim(),
        account_id: d.account_id,
        category_id: d.category_id,
      },
    });
  }
  const balance = num(d.balance);
  if (!d.target_id || balance === null) return { ok: false, message: MODIFY_ACCOUNT_REQUIRED };
  return ok({ modification_type: type, target_id: d.target_id, modification_data: { balance } });
}

function describe(m: ModificationRow, l: Lookups): { title: string; detail: string } {
  switch (m.modification_type) {
    case 'add_recurring': {
      const data = m.modification_data;
      return {
        title: `Add recurring: ${data.name}`,
        detail: `${formatMoneyCents(data.amount)} ${data.frequency} from ${data.start_date}`,
      };
    }
    case 'modify_recurring':
      return {
        title: `Modify recurring: ${l.items.find((i) => i.id === m.target_id)?.name ?? 'Unknown item'}`,
        detail: `New amount ${formatMoneyCents(m.modification_data.amount)}`,
      };
    case 'add_one_time': {
      const data = m.modification_data;
      return {
        title: `One-time: ${data.description || 'Transaction'}`,
        detail: `${formatMoneyCents(data.amount)} on ${data.date}`,
      };
    }
    case 'modify_account':
      return {
        title: `Modify account: ${l.accounts.find((a) => a.id === m.target_id)?.name ?? 'Unknown account'}`,
        detail: `Balance ${formatMoneyCents(m.modification_data.balance)}`,
      };
  }
}

const NO_DATA = { modifications: [], lookups: { accounts: [], items: [], categories: [] } };

export function ModificationsSection({ scenarioId }: { scenarioId: string | null }) {
  const db = useDb();
  const showToast = useToast();
  const read = useCallback((d: WyrdDb) => readModificationsSnapshot(d, scenarioId), [scenarioId]);
  const state = useLiveSnapshot(db, 0, read, buildModificationsData, 'Could not load modifications');
  // Until the first read (or after a failed one, which is only logged) the section shows no modifications.
  const { modifications: mods, lookups } = state.status === 'ready' ? state.data : NO_DATA;
  const [open, setOpen] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  const openModal = () => {
    if (!scenarioId) {
      setNotice(SAVE_SCENARIO_FIRST);
      showToast(SAVE_SCENARIO_FIRST, 'error');
      return;
    }
    setNotice(null);
    setOpen(true);
  };

  const remove = async (id: string) => {
    try {
      await deleteModification(db, id);
    } catch (err) {
      // The spec: a failure deleting a modification is only logged.
      console.error('Could not delete the modification', err);
    }
  };

  return (
    <section className="modifications" aria-labelledby="modifications-heading">
      <div className="section-header">
        <h2 id="modifications-heading">Modifications</h2>
        <Button type="button" className="button button-ghost" onClick={openModal}>
          + Add Modification
        </Button>
      </div>
      <FormMessage type="error">{notice}</FormMessage>
      {mods.length === 0 ? (
        <p className="muted">No modifications yet</p>
      ) : (
        <ul className="modification-list">
          {mods.map((m) => {
            const d = describe(m, lookups);
            return (
              <li key={m.id} className="modification-item">
                <div>
                  <strong>{d.title}</strong>
                  <p>{d.detail}</p>
                </div>
                <Button
                  type="button"
                  className="button button-ghost"
                  aria-label={`Delete modification ${d.title}`}
                  onClick={() => void remove(m.id)}
                >
                  Delete
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      {open && scenarioId && (
        <ModificationModal
          scenarioId={scenarioId}
          lookups={lookups}
          onClose={() => setOpen(false)}
          onAdded={() => setOpen(false)}
        />
      )}
    </section>
  );
}

function ModificationModal({
  scenarioId,
  lookups,
  onClose,
  onAdded,
}: {
  scenarioId: string;
  lookups: Lookups;
  onClose: () => void;
  onAdded: () => void;
}) {
  const db = useDb();
  const showToast = useToast();
  const [type, setType] = useState<ModificationType | null>(null);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const cancel = () => {
    setType(null);
    setDraft(EMPTY);
    setError(null);
    onClose();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!type || saving) return;
    const built = buildModification(type, draft, lookups.items);
    if (!built.ok) {
      setError(built.message);
      return;
    }
    setError(null);
    setSaving(true);
    try {
      await createModification(db, scenarioId, built.value);
      setSaving(false);
      onAdded();
    } catch (err) {
      console.error('Could not add the modification', err);
      setSaving(false);
      setError('Failed to add modification');
      showToast('Failed to add modification', 'error');
    }
  };

  const chosen = MODIFICATION_TYPES.find((t) => t.type === type);
  return (
    <Modal title={chosen ? chosen.label : 'Add Modification'} onClose={cancel} closeOnEscape={!saving}>
      {!type ? (
        <div className="type-choice">
          <p className="muted">What would you like to change in this scenario?</p>
          {MODIFICATION_TYPES.map((t) => (
            <Button key={t.type} type="button" className="button button-ghost" onClick={() => setType(t.type)}>
              <span>
                <strong>{t.label}</strong>
                <br />
                <small className="muted">{t.hint}</small>
              </span>
            </Button>
          ))}
          <div className="form-actions">
            <Button type="button" className="button button-ghost" onClick={cancel}>
              Cancel
            </Button>
          </div>
        </div>
      ) : (
        <form className="form" onSubmit={submit} noValidate>
          <Button
            type="button"
            className="button-link"
            onClick={() => {
              setType(null);
              setError(null);
            }}
          >
            ← Back to modification types
          </Button>
          <ModificationFields type={type} draft={draft} setDraft={setDraft} lookups={lookups} />
          <FormActions error={error} busy={saving} label="Add Modification" busyLabel="Adding..." onCancel={cancel} />
        </form>
      )}
    </Modal>
  );
}
