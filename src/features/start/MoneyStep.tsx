// Guided start, step 3: pay and regular bills, each with its own frequency (what you actually see on a payslip or a
// bill) and a category, added with createRecurringItem; the monthly equivalent is shown as you type.
import { useLiveQuery } from 'dexie-react-hooks';
import { useState, type FormEvent } from 'react';
import { Button, SegmentedSwitch, SelectField } from '../../components/form/controls';
import { FormField } from '../../components/form/FormField';
import { MoneyInput } from '../../components/form/MoneyInput';
import { useBusyAction } from '../../components/form/use-busy-action';
import { StepNav, StepSubmit } from './StepParts';
import { useDb } from '../../data/db-context';
import { createRecurringItem } from '../../data/repositories/recurring-items';
import { localToday } from '../../lib/dates/local-today';
import { formatMoney, parseAmountInput } from '../../lib/format/money';
import type { Frequency } from '../../../worker/engine/index';

const FREQUENCIES: ReadonlyArray<{ value: Frequency; label: string; perMonth: number }> = [
  { value: 'weekly', label: 'Every week', perMonth: 52 / 12 },
  { value: 'fortnightly', label: 'Every fortnight', perMonth: 26 / 12 },
  { value: 'monthly', label: 'Every month', perMonth: 1 },
  { value: 'quarterly', label: 'Every quarter', perMonth: 1 / 3 },
  { value: 'yearly', label: 'Every year', perMonth: 1 / 12 },
];

type Kind = 'income' | 'expense';

export function MoneyStep({ onDone, onBack }: { onDone: () => Promise<void>; onBack?: () => void }) {
  const db = useDb();
  const data = useLiveQuery(async () => {
    const [accounts, categories, items] = await Promise.all([
      db.accounts.filter((a) => !a.scenario_event_id).toArray(),
      db.categories.toArray(),
      db.recurring_items.filter((r) => !r.scenario_event_id).toArray(),
    ]);
    return { accounts, categories, items };
  }, [db]);
  const [kind, setKind] = useState<Kind>('income');
  const [name, setName] = useState('');
  const [amount, setAmount] = useState('');
  const [frequency, setFrequency] = useState<Frequency>('fortnightly');
  const [categoryId, setCategoryId] = useState('');
  const [accountId, setAccountId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { busy: saving, run } = useBusyAction();

  if (!data) return <p role="status">Loading...</p>;
  const categories = data.categories
    .filter((c) => c.type === kind)
    .sort((a, b) => a.name.localeCompare(b.name, 'en-AU'));
  const category = categories.find((c) => c.id === categoryId)?.id ?? categories[0]?.id ?? '';
  const cashAccounts = data.accounts.filter((a) => a.account_type === 'checking' || a.account_type === 'savings');
  const accountChoices = (cashAccounts.length ? cashAccounts : data.accounts).map((a) => ({
    value: a.id,
    label: a.name,
  }));
  const account = accountChoices.find((a) => a.value === accountId)?.value ?? accountChoices[0]?.value ?? '';
  const value = parseAmountInput(amount);
  const perMonth = FREQUENCIES.find((f) => f.value === frequency)?.perMonth ?? 1;

  const switchKind = (next: Kind) => {
    setKind(next);
    setFrequency(next === 'income' ? 'fortnightly' : 'monthly');
    setCategoryId('');
  };

  const add = async (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim() || value === null || value <= 0 || !category || !account) {
      setError(account ? 'Enter a name and an amount' : 'Add an account first (step 2)');
      return;
    }
    setError(null);
    const added = async () => {
      await createRecurringItem(db, {
        name: name.trim(),
        amount: kind === 'income' ? value : -value,
        frequency,
        start_date: localToday(),
        end_date: null,
        account_id: account,
        category_id: category,
        is_active: true,
      });
      setName('');
      setAmount('');
    };
    await run(added, 'Could not add the item', () => setError('Could not add it. Please try again.'));
  };

  return (
    <div className="guided-form">
      <p className="guided-help">
        Add your take-home pay and the bills that come round regularly: rent or loan repayments, groceries, power,
        insurance. Enter each the way you see it, weekly, fortnightly or yearly.
      </p>
      {data.items.length > 0 && (
        <ul className="guided-list" aria-label="Your pay and bills">
          {data.items.map((r) => (
            <li key={r.id}>
              <span>{r.name}</span>
              <span>
                {r.amount < 0 ? 'Out' : 'In'} {formatMoney(Math.abs(r.amount))} {r.frequency}
              </span>
            </li>
          ))}
        </ul>
      )}
      <form className="form" onSubmit={add} noValidate aria-label="Add pay or a bill">
        <SegmentedSwitch<Kind>
          label="Money in or out"
          name="guided-kind"
          value={kind}
          choices={[
            { value: 'income', label: 'Money in' },
            { value: 'expense', label: 'Money out' },
          ]}
          onChange={switchKind}
        />
        <FormField
          label={kind === 'income' ? 'What is it? (for example, My pay)' : 'What is it? (for example, Groceries)'}
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <div className="field-pair">
          <MoneyInput
            label="Amount"
            value={amount}
            onValue={setAmount}
            hint={value ? `About ${formatMoney(value * perMonth)} a month` : undefined}
          />
          <SelectField label="How often" value={frequency} choices={FREQUENCIES} onValue={setFrequency} />
        </div>
        <div className="field-pair">
          <SelectField
            label="Category"
            value={category}
            choices={categories.map((c) => ({ value: c.id, label: c.name }))}
            onValue={setCategoryId}
          />
          <SelectField
            label={kind === 'income' ? 'Paid into' : 'Paid from'}
            value={account}
            choices={accountChoices}
            onValue={setAccountId}
          />
        </div>
        <StepSubmit
          error={error}
          busy={saving}
          label={kind === 'income' ? 'Add pay' : 'Add bill'}
          busyLabel="Adding..."
          add
        />
      </form>
      <StepNav onBack={onBack}>
        <Button variant="primary" onClick={() => void onDone()}>
          {data.items.length > 0 ? 'Continue' : 'Skip for now'}
        </Button>
      </StepNav>
    </div>
  );
}
