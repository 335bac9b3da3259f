// The recurring item modal (spec sections 4 and 5): Type radio (amount stored positive for income, negative
// for expense), category list filtered by type and cleared when the type changes, '+ New category', account,
// frequency (default monthly), start and end dates (empty end date stored null), active (default on).
import { useState, type FormEvent } from 'react';
import { FormField } from '../../components/form/FormField';
import { Modal } from '../../components/modal/Modal';
import { ModalFormFooter } from '../../components/modal/ModalFormFooter';
import type { CategoryRow, RecurringItemRow } from '../../data/entities';
import { signedAmount, recurringItemType, type RecurringItemType } from '../../data/repositories/recurring-items';
import { AmountField } from '../../components/form/MoneyInput';
import { formatAmountInput, parseAmountInput } from '../../lib/format/money';
import { FREQUENCIES, type Frequency, type RecurringItemInput } from '../../../worker/engine/index';
import type { AccountOption } from './use-recurring-data';
import { AccountField, CategoryField, TypeRadios, useNewCategory } from './RecurringItemFields';
import { Checkbox, SelectField } from '../../components/form/controls';
import { useModalSave } from '../../components/modal/use-modal-save';

export const REQUIRED_MESSAGE = 'Please fill in all required fields';

export const FREQUENCY_LABELS: Record<Frequency, string> = {
  weekly: 'Weekly',
  fortnightly: 'Fortnightly',
  monthly: 'Monthly',
  quarterly: 'Quarterly',
  yearly: 'Yearly',
};

const FREQUENCY_CHOICES = FREQUENCIES.map((f) => ({ value: f, label: FREQUENCY_LABELS[f] }));

/** What the form hands to the page: every field of the engine's input, the amount already signed. */
export type RecurringFormValues = Required<RecurringItemInput>;

export function RecurringItemModal({
  item,
  categories,
  accounts,
  onClose,
  onSave,
  onCreateCategory,
}: {
  item: RecurringItemRow | null;
  categories: ReadonlyArray<CategoryRow>;
  accounts: ReadonlyArray<AccountOption>;
  onClose: () => void;
  /** Resolves when saved; rejects with { message, detail? } to show in the form. */
  onSave: (values: RecurringFormValues) => Promise<void>;
  /** Creates a category and resolves with it; rejects with { message }. */
  onCreateCategory: (name: string, type: RecurringItemType) => Promise<CategoryRow>;
}) {
  const [name, setName] = useState(item?.name ?? '');
  const [type, setType] = useState<RecurringItemType>(item ? recurringItemType(item.amount) : 'expense');
  const [amountText, setAmountText] = useState(item ? formatAmountInput(String(Math.abs(item.amount))) : '');
  const [categoryId, setCategoryId] = useState(item?.category_id ?? '');
  const [accountId, setAccountId] = useState(item?.account_id ?? '');
  const [frequency, setFrequency] = useState<Frequency>(item?.frequency ?? 'monthly');
  const [startDate, setStartDate] = useState(item?.start_date ?? '');
  const [endDate, setEndDate] = useState(item?.end_date ?? '');
  const [active, setActive] = useState(item?.is_active ?? true);
  const form = useModalSave(onSave, 'Failed to save recurring item');
  const newCategory = useNewCategory(type, onCreateCategory, setCategoryId);
  const editing = item !== null;
  const busy = form.saving || newCategory.adding;

  const changeType = (next: RecurringItemType) => {
    if (next === type) return;
    setType(next);
    // The chosen category belongs to the other type now (spec section 4).
    setCategoryId('');
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const amount = parseAmountInput(amountText);
    if (!name.trim() || amount === null || !startDate || !accountId || !categoryId) return form.fail(REQUIRED_MESSAGE);
    await form.save({
      name: name.trim(),
      amount: signedAmount(amount, type),
      frequency,
      start_date: startDate,
      end_date: endDate === '' ? null : endDate,
      account_id: accountId,
      category_id: categoryId,
      is_active: active,
    });
  };

  return (
    <Modal title={editing ? 'Edit Recurring Item' : 'Add Recurring Item'} onClose={onClose} closeOnEscape={!busy} wide>
      <form className="form" onSubmit={submit} noValidate>
        <FormField label="Name" name="name" required autoComplete="off" value={name} onValue={setName} />
        <TypeRadios type={type} onChange={changeType} />
        <AmountField
          label="Amount"
          name="amount"
          hint="Each payment, as a positive number; the type sets income or expense"
          value={amountText}
          onValue={setAmountText}
        />
        <CategoryField
          type={type}
          categories={categories}
          categoryId={categoryId}
          onChange={setCategoryId}
          newCategory={newCategory}
        />
        <AccountField accounts={accounts} accountId={accountId} onChange={setAccountId} />
        <SelectField
          label="Frequency"
          name="frequency"
          value={frequency}
          choices={FREQUENCY_CHOICES}
          onValue={setFrequency}
        />
        <div className="field-pair">
          <FormField
            label="Start Date"
            name="start_date"
            type="date"
            required
            value={startDate}
            onValue={setStartDate}
          />
          <FormField label="End Date (optional)" name="end_date" type="date" value={endDate} onValue={setEndDate} />
        </div>
        <Checkbox label="Active" name="is_active" checked={active} onChange={(e) => setActive(e.target.checked)} />
        <ModalFormFooter
          {...form}
          submitLabel={editing ? 'Update Recurring Item' : 'Add Recurring Item'}
          onCancel={onClose}
        />
      </form>
    </Modal>
  );
}
