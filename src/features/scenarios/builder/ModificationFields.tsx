// The modification modal's fields for each of the four types (docs/product.md section 4, Modification modal).
import { useId, type Dispatch, type SetStateAction } from 'react';
import type {
  AddOneTimeData,
  AddRecurringData,
  CategoryType,
  Frequency,
  ModificationType,
  ModifyAccountData,
} from '../../../../worker/engine/index';
import { FREQUENCIES, FrequencySchema } from '../../../../worker/engine/index';
import { formatMoneyCents } from '../../../lib/format/money';
import type { Lookups } from './modifications-data';
import { Input, SelectField } from '../../../components/form/controls';

/** The data fields of the four types, as the modal's inputs hold them (text). */
export type TextField = Exclude<keyof AddRecurringData | keyof AddOneTimeData | keyof ModifyAccountData, 'frequency'>;

/** The modal's values: each data field as typed text, the frequency, the picked target and the Type radio. */
export type Draft = Record<TextField, string> & { frequency: Frequency; target_id: string; kind: CategoryType };

type Props = {
  type: ModificationType;
  draft: Draft;
  setDraft: Dispatch<SetStateAction<Draft>>;
  lookups: Lookups;
};

export function ModificationFields({ type, draft, setDraft, lookups }: Props) {
  const id = useId();
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  /** A picker whose first choice (value '') asks for one. */
  const picker = (
    key: 'account_id' | 'target_id' | 'category_id',
    idSuffix: string,
    label: string,
    prompt: string,
    options: ReadonlyArray<{ id: string; name: string }>,
  ) => (
    <SelectField
      id={`${id}-${idSuffix}`}
      label={label}
      value={draft[key]}
      choices={[{ value: '', label: prompt }, ...options.map((o) => ({ value: o.id, label: o.name }))]}
      onValue={(v) => set(key, v)}
    />
  );
  const accountSelect = (key: 'account_id' | 'target_id', label: string) =>
    picker(key, key, label, 'Select an account', lookups.accounts);
  const kindRadios = (
    <fieldset className="field month-picker">
      <legend className="field-label">Type</legend>
      <div className="radio-row">
        {(['income', 'expense'] as const).map((k) => (
          <label key={k}>
            <Input
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
  const categorySelect = picker(
    'category_id',
    'category',
    'Category *',
    'Select a category',
    lookups.categories.filter((c) => c.type === draft.kind),
  );
  // Where an added item or transaction is booked: the same two pickers for both.
  const booking = (
    <>
      {accountSelect('account_id', 'Account *')}
      {categorySelect}
    </>
  );
  const input = (key: TextField, label: string, inputType = 'text') => (
    <div className="field">
      <label htmlFor={`${id}-${key}`}>{label}</label>
      <Input
        id={`${id}-${key}`}
        type={inputType}
        step={inputType === 'number' ? 'any' : undefined}
        value={draft[key]}
        onChange={(e) => set(key, e.target.value)}
      />
    </div>
  );

  return (
    <>
      {type === 'add_recurring' && (
        <>
          {input('name', 'Name *')}
          {kindRadios}
          {input('amount', 'Amount *', 'number')}
          <SelectField
            id={`${id}-frequency`}
            label="Frequency"
            value={draft.frequency}
            choices={FREQUENCIES.map((f) => ({ value: f, label: f[0].toUpperCase() + f.slice(1) }))}
            onValue={(v) => set('frequency', FrequencySchema.parse(v))}
          />
          {input('start_date', 'Start Date *', 'date')}
          {input('end_date', 'End Date', 'date')}
          {booking}
        </>
      )}
      {type === 'modify_recurring' && (
        <>
          {picker(
            'target_id',
            'item',
            'Recurring Item *',
            'Select a recurring item',
            lookups.items.map((i) => ({ id: i.id, name: `${i.name} (${formatMoneyCents(i.amount)})` })),
          )}
          {input('amount', 'New Amount *', 'number')}
        </>
      )}
      {type === 'add_one_time' && (
        <>
          {input('description', 'Description')}
          {kindRadios}
          {input('amount', 'Amount *', 'number')}
          {input('date', 'Date *', 'date')}
          {booking}
        </>
      )}
      {type === 'modify_account' && (
        <>
          {accountSelect('target_id', 'Account *')}
          {input('balance', 'New Balance *', 'number')}
        </>
      )}
    </>
  );
}
