// A small manager for the user's categories: add one (income or expense) and rename any of them. Types never
// change, so items filed under a category keep their sign.
import { useId, useState, type FormEvent } from 'react';
import { FormField, FormMessage } from '../../components/form/FormField';
import { Modal } from '../../components/modal/Modal';
import type { WyrdDb } from '../../data/db';
import type { CategoryRow } from '../../data/entities';
import { createCategory, renameCategory } from '../../data/repositories/categories';
import { DataValidationError } from '../../data/repositories/errors';
import { Button, Input, SelectField } from '../../components/form/controls';
import { FormSubmit } from '../../components/form/FormActions';

function categoryFailure(err: unknown, fallback: string): string {
  if (err instanceof DataValidationError)
    return err.messageFor('name') === 'is required'
      ? 'Please enter a category name'
      : (err.messageFor('name') ?? fallback);
  return fallback;
}

type Message = { type: 'error' | 'success'; text: string } | null;

/**
 * A category write from the manager (add or rename): a blank name is refused; otherwise the write runs while busy
 * and its success text (what it resolves with) or its failure is shown.
 */
function useCategoryWrite(onMessage: (message: Message) => void) {
  const [busy, setBusy] = useState(false);
  const run = async (name: string, write: () => Promise<string>, fallback: string) => {
    onMessage(null);
    if (!name.trim()) {
      onMessage({ type: 'error', text: 'Please enter a category name' });
      return;
    }
    setBusy(true);
    try {
      onMessage({ type: 'success', text: await write() });
    } catch (err) {
      onMessage({ type: 'error', text: categoryFailure(err, fallback) });
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}

const TYPES = [
  { value: 'expense', label: 'Expense' },
  { value: 'income', label: 'Income' },
] as const;

export function CategoryManager({
  db,
  categories,
  onClose,
}: {
  db: WyrdDb;
  categories: ReadonlyArray<CategoryRow>;
  onClose: () => void;
}) {
  const [name, setName] = useState('');
  const [type, setType] = useState<'income' | 'expense'>('expense');
  const [message, setMessage] = useState<Message>(null);
  const { busy, run } = useCategoryWrite(setMessage);

  const add = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const created = async () => {
      const row = await createCategory(db, { name, type });
      setName('');
      return `Category "${row.name}" added`;
    };
    await run(name, created, 'Failed to add category');
  };

  return (
    <Modal title="Categories" onClose={onClose} closeOnEscape={!busy} wide>
      <form className="form category-add" onSubmit={add} noValidate>
        <div className="field-pair">
          <FormField
            label="Category Name"
            name="category_name"
            autoComplete="off"
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
          <SelectField label="Category Type" value={type} choices={TYPES} onValue={setType} />
        </div>
        <FormSubmit busy={busy} label="Add Category" busyLabel="Adding..." />
      </form>
      {message && <FormMessage type={message.type}>{message.text}</FormMessage>}
      {(['income', 'expense'] as const).map((t) => (
        <section key={t} className="category-group" aria-labelledby={`category-group-${t}`}>
          <h3 id={`category-group-${t}`}>{t === 'income' ? 'Income categories' : 'Expense categories'}</h3>
          <ul className="category-list">
            {categories
              .filter((c) => c.type === t)
              .map((c) => (
                <CategoryEntry key={c.id} db={db} category={c} onMessage={setMessage} />
              ))}
          </ul>
        </section>
      ))}
      <div className="modal-actions">
        <Button type="button" className="button button-ghost" onClick={onClose} disabled={busy}>
          Close
        </Button>
      </div>
    </Modal>
  );
}

function CategoryEntry({
  db,
  category,
  onMessage,
}: {
  db: WyrdDb;
  category: CategoryRow;
  onMessage: (message: Message) => void;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  const { busy: saving, run } = useCategoryWrite(onMessage);
  const inputId = useId();

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (draft === null) return;
    const renamed = async () => {
      const row = await renameCategory(db, category.id, draft);
      setDraft(null);
      return `Category renamed to "${row.name}"`;
    };
    await run(draft, renamed, 'Failed to rename category');
  };

  if (draft === null) {
    return (
      <li className="category-entry">
        <span>{category.name}</span>
        <Button
          type="button"
          className="button button-ghost"
          aria-label={`Rename ${category.name}`}
          onClick={() => setDraft(category.name)}
        >
          Rename
        </Button>
      </li>
    );
  }
  return (
    <li className="category-entry">
      <form className="category-rename" onSubmit={save} noValidate>
        <label htmlFor={inputId} className="visually-hidden-label">
          New name for {category.name}
        </label>
        <Input
          id={inputId}
          className="text-input"
          value={draft}
          autoFocus
          autoComplete="off"
          onChange={(e) => setDraft(e.target.value)}
        />
        <Button type="submit" className="button button-primary" disabled={saving}>
          {saving ? 'Saving...' : 'Save'}
        </Button>
        <Button type="button" className="button button-ghost" disabled={saving} onClick={() => setDraft(null)}>
          Cancel
        </Button>
      </form>
    </li>
  );
}
