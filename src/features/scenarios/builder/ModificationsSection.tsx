// A scenario's modifications (product-spec sections 2 Scenario builder, 4 Modification modal, 5 Builder):
// the list, delete, and the modal offering the four types with their fields and messages.
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useDb } from '../../../data/db-context';
import type { AccountRow, CategoryRow, ModificationRow, RecurringItemRow } from '../../../data/entities';
import { SAVE_SCENARIO_FIRST, createModification, deleteModification, listModifications } from '../../../data/repositories/modifications';
import { formatMoneyCents } from '../../../lib/format/money';
import { FormMessage } from '../../../components/form/FormField';
import { Modal } from '../../../components/modal/Modal';
import { useToast } from '../../../components/toast/ToastProvider';
import '../event-form/event-form.css';

type ModType = ModificationRow['modification_type'];

export const MODIFICATION_TYPES: ReadonlyArray<{ type: ModType; label: string; hint: string }> = [
  { type: 'add_recurring', label: 'Add Recurring Item', hint: 'A new regular income or expense' },
  { type: 'modify_recurring', label: 'Modify Recurring Item', hint: 'Change the amount of an existing item' },
  { type: 'add_one_time', label: 'Add One-Time Transaction', hint: 'A single income or expense on a date' },
  { type: 'modify_account', label: 'Modify Account Balance', hint: "Set an account's balance" },
];

const REQUIRED = 'Please fill in all required fields';
const MODIFY_RECURRING_REQUIRED = 'Please select a recurring item and enter an amount';
const MODIFY_ACCOUNT_REQUIRED = 'Please select an account and enter a balance';
const FREQUENCIES = ['weekly', 'fortnightly', 'monthly', 'quarterly', 'yearly'] as const;

type Lookups = { accounts: AccountRow[]; items: RecurringItemRow[]; categories: CategoryRow[] };

type Draft = {
  name: string;
  amount: string;
  kind: 'income' | 'expense';
  frequency: (typeof FREQUENCIES)[number];
  start_date: string;
  end_date: string;
  date: string;
  description: string;
  account_id: string;
  category_id: string;
  target_id: string;
  balance: string;
};

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
const signed = (n: number, kind: 'income' | 'expense') => (kind === 'income' ? Math.abs(n) : -Math.abs(n));

/** The modification to store, or the spec's message when a required field is missing. */
export function buildModification(
  type: ModType,
  d: Draft,
  items: ReadonlyArray<RecurringItemRow>,
): { ok: true; value: { modification_type: ModType; target_id: string | null; modification_data: Record<string, unknown> } } | { ok: false; message: string } {
  const amount = num(d.amount);
  if (type === 'add_recurring') {
    if (!d.name.trim() || amount === null || !d.start_date || !d.account_id || !d.category_id) return { ok: false, message: REQUIRED };
    return {
      ok: true,
      value: {
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
      },
    };
  }
  if (type === 'modify_recurring') {
    const target = items.find((i) => i.id === d.target_id);
    if (!target || amount === null) return { ok: false, message: MODIFY_RECURRING_REQUIRED };
    return { ok: true, value: { modification_type: type, target_id: target.id, modification_data: { amount: signed(amount, target.amount > 0 ? 'income' : 'expense') } } };
  }
  if (type === 'add_one_time') {
    if (!d.date || amount === null || !d.account_id || !d.category_id) return { ok: false, message: REQUIRED };
    return {
      ok: true,
      value: {
        modification_type: type,
        target_id: null,
        modification_data: { date: d.date, amount: signed(amount, d.kind), description: d.description.trim(), account_id: d.account_id, category_id: d.category_id },
      },
    };
  }
  const balance = num(d.balance);
  if (!d.target_id || balance === null) return { ok: false, message: MODIFY_ACCOUNT_REQUIRED };
  return { ok: true, value: { modification_type: type, target_id: d.target_id, modification_data: { balance } } };
}

function describe(m: ModificationRow, l: Lookups): { title: string; detail: string } {
  const data = m.modification_data;
  const money = (v: unknown) => (typeof v === 'number' ? formatMoneyCents(v) : String(v ?? ''));
  switch (m.modification_type) {
    case 'add_recurring':
      return { title: `Add recurring: ${String(data.name ?? '')}`, detail: `${money(data.amount)} ${String(data.frequency ?? '')} from ${String(data.start_date ?? '')}` };
    case 'modify_recurring':
      return { title: `Modify recurring: ${l.items.find((i) => i.id === m.target_id)?.name ?? 'Unknown item'}`, detail: `New amount ${money(data.amount)}` };
    case 'add_one_time':
      return { title: `One-time: ${String(data.description || 'Transaction')}`, detail: `${money(data.amount)} on ${String(data.date ?? '')}` };
    default:
      return { title: `Modify account: ${l.accounts.find((a) => a.id === m.target_id)?.name ?? 'Unknown account'}`, detail: `Balance ${money(data.balance)}` };
  }
}

export function ModificationsSection({ scenarioId }: { scenarioId: string | null }) {
  const db = useDb();
  const showToast = useToast();
  const [mods, setMods] = useState<ModificationRow[]>([]);
  const [lookups, setLookups] = useState<Lookups>({ accounts: [], items: [], categories: [] });
  const [open, setOpen] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  const [version, setVersion] = useState(0);
  const reload = () => setVersion((v) => v + 1);

  useEffect(() => {
    let live = true;
    Promise.all([
      scenarioId ? listModifications(db, scenarioId) : Promise.resolve([]),
      db.accounts.toArray(),
      db.recurring_items.toArray(),
      db.categories.toArray(),
    ])
      .then(([m, accounts, items, categories]) => {
        if (!live) return;
        const base = <T extends { scenario_event_id?: string | null }>(r: T) => !r.scenario_event_id;
        const byName = <T extends { name: string }>(a: T, b: T) => a.name.localeCompare(b.name, 'en-AU');
        setMods([...m].sort((a, b) => (a.created_at ?? a.updated_at).localeCompare(b.created_at ?? b.updated_at)));
        setLookups({ accounts: accounts.filter(base).sort(byName), items: items.filter(base).sort(byName), categories: [...categories].sort(byName) });
      })
      .catch((err: unknown) => console.error('Could not load modifications', err));
    return () => {
      live = false;
    };
  }, [db, scenarioId, version]);

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
      reload();
    } catch (err) {
      // The spec: a failure deleting a modification is only logged.
      console.error('Could not delete the modification', err);
    }
  };

  return (
    <section className="modifications" aria-labelledby="modifications-heading">
      <div className="section-header">
        <h2 id="modifications-heading">Modifications</h2>
        <button type="button" className="button button-ghost" onClick={openModal}>
          + Add Modification
        </button>
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
                <button type="button" className="button button-ghost" aria-label={`Delete modification ${d.title}`} onClick={() => void remove(m.id)}>
                  Delete
                </button>
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
          onAdded={() => {
            setOpen(false);
            reload();
          }}
        />
      )}
    </section>
  );
}

function ModificationModal({ scenarioId, lookups, onClose, onAdded }: { scenarioId: string; lookups: Lookups; onClose: () => void; onAdded: () => void }) {
  const db = useDb();
  const showToast = useToast();
  const id = useId();
  const [type, setType] = useState<ModType | null>(null);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));

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

  const accountSelect = (key: 'account_id' | 'target_id', label: string) => (
    <div className="field">
      <label htmlFor={`${id}-${key}`}>{label}</label>
      <select id={`${id}-${key}`} value={draft[key]} onChange={(e) => set(key, e.target.value)}>
        <option value="">Select an account</option>
        {lookups.accounts.map((a) => (
          <option key={a.id} value={a.id}>{a.name}</option>
        ))}
      </select>
    </div>
  );
  const kindRadios = (
    <fieldset className="field month-picker">
      <legend className="field-label">Type</legend>
      <div className="radio-row">
        {(['income', 'expense'] as const).map((k) => (
          <label key={k}>
            <input
              type="radio"
              name={`${id}-kind`}
              value={k}
              checked={draft.kind === k}
              onChange={() => setDraft((d) => ({ ...d, kind: k, category_id: '' }))}
            />
            {k === 'income' ? 'Income' : 'Expense'}
          </label>
        ))}
      </div>
    </fieldset>
  );
  const categorySelect = (
    <div className="field">
      <label htmlFor={`${id}-category`}>Category *</label>
      <select id={`${id}-category`} value={draft.category_id} onChange={(e) => set('category_id', e.target.value)}>
        <option value="">Select a category</option>
        {lookups.categories.filter((c) => c.type === draft.kind).map((c) => (
          <option key={c.id} value={c.id}>{c.name}</option>
        ))}
      </select>
    </div>
  );
  const input = (key: keyof Draft, label: string, inputType = 'text') => (
    <div className="field">
      <label htmlFor={`${id}-${key}`}>{label}</label>
      <input
        id={`${id}-${key}`}
        type={inputType}
        step={inputType === 'number' ? 'any' : undefined}
        value={draft[key]}
        onChange={(e) => set(key, e.target.value as never)}
      />
    </div>
  );

  const chosen = MODIFICATION_TYPES.find((t) => t.type === type);
  return (
    <Modal title={chosen ? chosen.label : 'Add Modification'} onClose={cancel} closeOnEscape={!saving}>
      {!type ? (
        <div className="type-choice">
          <p className="muted">What would you like to change in this scenario?</p>
          {MODIFICATION_TYPES.map((t) => (
            <button key={t.type} type="button" className="button button-ghost" onClick={() => setType(t.type)}>
              <span>
                <strong>{t.label}</strong>
                <br />
                <small className="muted">{t.hint}</small>
              </span>
            </button>
          ))}
          <div className="form-actions">
            <button type="button" className="button button-ghost" onClick={cancel}>
              Cancel
            </button>
          </div>
        </div>
      ) : (
        <form className="form" onSubmit={submit} noValidate>
          <button
            type="button"
            className="button-link"
            onClick={() => {
              setType(null);
              setError(null);
            }}
          >
            ← Back to modification types
          </button>
          {type === 'add_recurring' && (
            <>
              {input('name', 'Name *')}
              {kindRadios}
              {input('amount', 'Amount *', 'number')}
              <div className="field">
                <label htmlFor={`${id}-frequency`}>Frequency</label>
                <select id={`${id}-frequency`} value={draft.frequency} onChange={(e) => set('frequency', e.target.value as Draft['frequency'])}>
                  {FREQUENCIES.map((f) => (
                    <option key={f} value={f}>{f[0].toUpperCase() + f.slice(1)}</option>
                  ))}
                </select>
              </div>
              {input('start_date', 'Start Date *', 'date')}
              {input('end_date', 'End Date', 'date')}
              {accountSelect('account_id', 'Account *')}
              {categorySelect}
            </>
          )}
          {type === 'modify_recurring' && (
            <>
              <div className="field">
                <label htmlFor={`${id}-item`}>Recurring Item *</label>
                <select id={`${id}-item`} value={draft.target_id} onChange={(e) => set('target_id', e.target.value)}>
                  <option value="">Select a recurring item</option>
                  {lookups.items.map((i) => (
                    <option key={i.id} value={i.id}>
                      {i.name} ({formatMoneyCents(i.amount)})
                    </option>
                  ))}
                </select>
              </div>
              {input('amount', 'New Amount *', 'number')}
            </>
          )}
          {type === 'add_one_time' && (
            <>
              {input('description', 'Description')}
              {kindRadios}
              {input('amount', 'Amount *', 'number')}
              {input('date', 'Date *', 'date')}
              {accountSelect('account_id', 'Account *')}
              {categorySelect}
            </>
          )}
          {type === 'modify_account' && (
            <>
              {accountSelect('target_id', 'Account *')}
              {input('balance', 'New Balance *', 'number')}
            </>
          )}
          <FormMessage type="error">{error}</FormMessage>
          <div className="form-actions">
            <button type="button" className="button button-ghost" onClick={cancel} disabled={saving}>
              Cancel
            </button>
            <button type="submit" className="button button-primary" disabled={saving}>
              {saving ? 'Adding...' : 'Add Modification'}
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}
