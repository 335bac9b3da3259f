// The recurring item modal's type radios, account field and category field, with its '+ New category' flow (spec section 4).
import { useId, useState, type KeyboardEvent } from 'react';
import { FormMessage } from '../../components/form/FormField';
import type { CategoryRow } from '../../data/entities';
import type { RecurringItemType } from '../../data/repositories/recurring-items';
import type { AccountOption } from './use-recurring-data';
import { Button, Input, RadioGroup, Select, SelectField, type Choice } from '../../components/form/controls';

const TYPE_CHOICES: ReadonlyArray<Choice<RecurringItemType>> = [
  { value: 'income', label: <span>Income</span> },
  { value: 'expense', label: <span>Expense</span> },
];

export function TypeRadios({
  type,
  onChange,
}: {
  type: RecurringItemType;
  onChange: (type: RecurringItemType) => void;
}) {
  return <RadioGroup legend="Type" name="type" value={type} choices={TYPE_CHOICES} onChange={onChange} />;
}

export type NewCategory = ReturnType<typeof useNewCategory>;

/** The '+ New category' draft: null while closed; a created category is chosen at once. */
export function useNewCategory(
  type: RecurringItemType,
  onCreateCategory: (name: string, type: RecurringItemType) => Promise<CategoryRow>,
  choose: (categoryId: string) => void,
) {
  const [name, setName] = useState<string | null>(null);
  const [error, setError] = useState('');
  const [adding, setAdding] = useState(false);

  const addCategory = async () => {
    setError('');
    if (name === null || name.trim() === '') {
      setError('Please enter a category name');
      return;
    }
    setAdding(true);
    try {
      const created = await onCreateCategory(name, type);
      choose(created.id);
      setName(null);
    } catch (err) {
      setError((err as { message?: string }).message ?? 'Failed to add category');
    } finally {
      setAdding(false);
    }
  };

  const onNewCategoryKey = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter adds the category instead of submitting the whole item.
    if (event.key === 'Enter') {
      event.preventDefault();
      void addCategory();
    }
  };

  const cancel = () => {
    setName(null);
    setError('');
  };

  return { name, setName, error, adding, add: addCategory, onKeyDown: onNewCategoryKey, cancel };
}

type CategoryProps = {
  type: RecurringItemType;
  categories: ReadonlyArray<CategoryRow>;
  categoryId: string;
  onChange: (categoryId: string) => void;
  newCategory: NewCategory;
};

/** The category list, filtered by type, and the '+ New category' row. */
export function CategoryField({ type, categories, categoryId, onChange, newCategory }: CategoryProps) {
  const categoryFieldId = useId();
  const newCategoryId = useId();
  const shownCategories = categories.filter((c) => c.type === type);
  return (
    <div className="field">
      <label htmlFor={categoryFieldId}>Category</label>
      <Select
        id={categoryFieldId}
        name="category_id"
        required
        value={categoryId}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="">Select a category</option>
        {shownCategories.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </Select>
      {newCategory.name === null ? (
        <Button type="button" className="button button-link inline-action" onClick={() => newCategory.setName('')}>
          + New category
        </Button>
      ) : (
        <div className="new-category">
          <label htmlFor={newCategoryId}>New {type} category</label>
          <div className="new-category-row">
            <Input
              id={newCategoryId}
              className="text-input"
              value={newCategory.name}
              autoComplete="off"
              onChange={(e) => newCategory.setName(e.target.value)}
              onKeyDown={newCategory.onKeyDown}
            />
            <Button
              type="button"
              className="button button-ghost"
              disabled={newCategory.adding}
              onClick={() => void newCategory.add()}
            >
              {newCategory.adding ? 'Adding...' : 'Add category'}
            </Button>
            <Button
              type="button"
              className="button button-ghost"
              disabled={newCategory.adding}
              onClick={newCategory.cancel}
            >
              Cancel
            </Button>
          </div>
          <FormMessage type="error">{newCategory.error}</FormMessage>
        </div>
      )}
    </div>
  );
}

type AccountProps = {
  accounts: ReadonlyArray<AccountOption>;
  accountId: string;
  onChange: (accountId: string) => void;
};

/** The account list; a scenario's hypothetical account says which scenario it belongs to. */
export function AccountField({ accounts, accountId, onChange }: AccountProps) {
  const choices = [
    { value: '', label: 'Select an account' },
    ...accounts.map((a) => ({
      value: a.id,
      label: a.hypotheticalScenario ? `${a.name} (Scenario: ${a.hypotheticalScenario})` : a.name,
    })),
  ];
  return (
    <SelectField
      label="Account"
      name="account_id"
      required
      value={accountId}
      choices={choices}
      onValue={onChange}
      hint={accounts.length === 0 ? 'You have no accounts yet: add one on the Accounts page first.' : undefined}
    />
  );
}
