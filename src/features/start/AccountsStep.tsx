// Guided start, step 2: the accounts and their balances, added one at a time with createAccount (a liability's
// amount owed is stored negative); the list shows what is already there.
import { useLiveQuery } from 'dexie-react-hooks';
import { useState, type FormEvent } from 'react';
import { Button, SelectField } from '../../components/form/controls';
import { FormField } from '../../components/form/FormField';
import { MoneyInput } from '../../components/form/MoneyInput';
import { useBusyAction } from '../../components/form/use-busy-action';
import { StepNav, StepSubmit } from './StepParts';
import { useDb } from '../../data/db-context';
import { createAccount } from '../../data/repositories/accounts';
import { formatMoney, parseAmountInput } from '../../lib/format/money';
import type { AccountType } from '../../../worker/engine/index';

const KINDS: ReadonlyArray<{ value: AccountType; label: string; owed: boolean }> = [
  { value: 'checking', label: 'Everyday account', owed: false },
  { value: 'savings', label: 'Savings or offset account', owed: false },
  { value: 'superannuation', label: 'Super', owed: false },
  { value: 'investment', label: 'Shares or other investments', owed: false },
  { value: 'property', label: 'Property (its value)', owed: false },
  { value: 'mortgage', label: 'Home loan', owed: true },
  { value: 'credit_card', label: 'Credit card', owed: true },
  { value: 'loan', label: 'Other loan', owed: true },
];

export function AccountsStep({ onDone, onBack }: { onDone: () => Promise<void>; onBack?: () => void }) {
  const db = useDb();
  const accounts = useLiveQuery(() => db.accounts.filter((a) => !a.scenario_event_id).toArray(), [db]);
  const [name, setName] = useState('');
  const [kind, setKind] = useState<AccountType>('checking');
  const [balance, setBalance] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { busy: saving, run } = useBusyAction();
  const owed = KINDS.find((k) => k.value === kind)?.owed ?? false;

  const add = async (e: FormEvent) => {
    e.preventDefault();
    const amount = parseAmountInput(balance);
    if (!name.trim() || amount === null) {
      setError('Enter a name and a balance');
      return;
    }
    setError(null);
    const added = async () => {
      await createAccount(db, {
        name: name.trim(),
        account_type: kind,
        current_balance: owed ? -amount : amount,
        institution: null,
        is_asset: !owed,
      });
      setName('');
      setBalance('');
    };
    await run(added, 'Could not add the account', () => setError('Could not add the account. Please try again.'));
  };

  return (
    <div className="guided-form">
      <p className="guided-help">
        Add each bank account, your super, any property and what you owe. Today&apos;s balance is enough.
      </p>
      {accounts && accounts.length > 0 && (
        <ul className="guided-list" aria-label="Your accounts">
          {accounts.map((a) => (
            <li key={a.id}>
              <span>{a.name}</span>
              <span>
                {a.is_asset ? formatMoney(a.current_balance) : `${formatMoney(Math.abs(a.current_balance))} owed`}
              </span>
            </li>
          ))}
        </ul>
      )}
      <form className="form" onSubmit={add} noValidate aria-label="Add an account">
        <SelectField label="Kind of account" value={kind} choices={KINDS} onValue={setKind} />
        <FormField label="Account name" value={name} onChange={(e) => setName(e.target.value)} />
        <MoneyInput label={owed ? 'Amount owed' : 'Balance'} value={balance} onValue={setBalance} />
        <StepSubmit error={error} busy={saving} label="Add account" busyLabel="Adding..." add />
      </form>
      <StepNav onBack={onBack}>
        <Button variant="primary" onClick={() => void onDone()}>
          {accounts && accounts.length > 0 ? 'Continue' : 'Skip for now'}
        </Button>
      </StepNav>
    </div>
  );
}
