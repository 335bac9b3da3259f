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
import { Input, Select } from '../../../components/form/controls';

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
  const accountSelect = (key: 'account_id' | 'target_id', label: string) => (
    <div className="field">
      <label htmlFor={`${id}-${key}`}>{label}</label>
      <Select id={`${id}-${key}`} value={draft[key]} onChange={(e) => set(key, e.target.value)}>
        <option value="">Select an account</option>
        {lookups.accounts.map((a) => (
          <option key={a.id} value={a.id}>
            {a.name}
          </option>
        ))}
      </Select>
    </div>
  );
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
  const categorySelect = (
    <div className="field">
      <label htmlFor={`${id}-category`}>Category *</label>
      <Select id={`${id}-category`} value={draft.category_id} onChange={(e) => set('category_id', e.target.value)}>
        <option value="">Select a category</option>
        {lookups.categories
          .filter((c) => c.type === draft.kind)
          .map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
      </Select>
    </div>
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
          <div className="field">
            <label htmlFor={`${id}-frequency`}>Frequency</label>
            <Select
              id={`${id}-frequency`}
              value={draft.frequency}
              onChange={(e) => set('frequency', FrequencySchema.parse(e.target.value))}
            >
              {FREQUENCIES.map((f) => (
                <option key={f} value={f}>
                  {f[0].toUpperCase() + f.slice(1)}
                </option>
              ))}
            </Select>
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
            <Select id={`${id}-item`} value={draft.target_id} onChange={(e) => set('target_id', e.target.value)}>
              <option value="">Select a recurring item</option>
              {lookups.items.map((i) => (
                <option key={i.id} value={i.id}>
                  {i.name} ({formatMoneyCents(i.amount)})
                </option>
              ))}
            </Select>
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
    </>
  );
}
