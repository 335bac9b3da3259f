// The Add/Edit Account modal (spec sections 4 and 5): name, type, institution, current balance (the amount
// field rule), is asset; defaults checking and asset; 'Saving...' while saving; Escape closes unless saving.
import { useState, type FormEvent } from 'react';
import { FormField } from '../../components/form/FormField';
import { Modal } from '../../components/modal/Modal';
import { ModalFormFooter } from '../../components/modal/ModalFormFooter';
import { AmountField } from '../../components/form/MoneyInput';
import { formatAmountInput, parseAmountInput } from '../../lib/format/money';
import type { AccountInput, AccountType } from '../../../worker/engine/index';
import type { AccountRow } from '../../data/entities';
import { ACCOUNT_TYPE_OPTIONS } from './account-types';
import { Checkbox, SelectField } from '../../components/form/controls';
import { useModalSave } from '../../components/modal/use-modal-save';

export const REQUIRED_MESSAGE = 'Please fill in all required fields';

/** What the form hands to the page: the balance already signed by the sign convention (liabilities negative). */
export type AccountFormValues = Required<
  Pick<AccountInput, 'name' | 'account_type' | 'institution' | 'current_balance' | 'is_asset'>
>;

/**
 * Sign convention (shared with the engine's |current_balance| rule): an asset stores its balance as entered,
 * a liability stores the amount owed as a negative number. The form always shows the absolute value.
 */
export function storedBalance(amount: number, isAsset: boolean, overdrawn = false): number {
  const magnitude = Math.abs(amount);
  if (magnitude === 0) return 0;
  return isAsset && !overdrawn ? magnitude : -magnitude;
}

function initialAmountText(account: AccountRow | null): string {
  if (!account) return '';
  return formatAmountInput(String(Math.abs(account.current_balance)));
}

export function AccountModal({
  account,
  onClose,
  onSave,
}: {
  account: AccountRow | null;
  onClose: () => void;
  /** Resolves when saved; rejects with a message (and optional detail) to show in the form. */
  onSave: (values: AccountFormValues) => Promise<void>;
}) {
  const [name, setName] = useState(account?.name ?? '');
  const [accountType, setAccountType] = useState<AccountType>(account?.account_type ?? 'checking');
  const [institution, setInstitution] = useState(account?.institution ?? '');
  const [amountText, setAmountText] = useState(initialAmountText(account));
  const [isAsset, setIsAsset] = useState(account?.is_asset ?? true);
  // The amount field takes no minus sign, so an asset that is already below zero (an overdrawn account, say
  // from an import) keeps its sign through an explicit box instead of silently turning positive on save.
  const wasOverdrawn = !!account && account.is_asset && account.current_balance < 0;
  const [overdrawn, setOverdrawn] = useState(wasOverdrawn);
  const form = useModalSave(onSave, 'Failed to save account');
  const editing = account !== null;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const amount = parseAmountInput(amountText);
    if (!name.trim() || amount === null) return form.fail(REQUIRED_MESSAGE);
    await form.save({
      name: name.trim(),
      account_type: accountType,
      institution: institution.trim() === '' ? null : institution.trim(),
      current_balance: storedBalance(amount, isAsset, wasOverdrawn && overdrawn),
      is_asset: isAsset,
    });
  };

  return (
    <Modal title={editing ? 'Edit Account' : 'Add Account'} onClose={onClose} closeOnEscape={!form.saving}>
      <form className="form" onSubmit={submit} noValidate>
        <FormField label="Account Name" name="name" required autoComplete="off" value={name} onValue={setName} />
        <SelectField
          label="Account Type"
          name="account_type"
          value={accountType}
          choices={ACCOUNT_TYPE_OPTIONS}
          onValue={setAccountType}
        />
        <FormField
          label="Institution"
          name="institution"
          autoComplete="off"
          value={institution}
          onValue={setInstitution}
        />
        <AmountField
          label="Current Balance"
          name="current_balance"
          hint={isAsset ? 'What the account is worth today' : 'The amount owed, as a positive number'}
          value={amountText}
          onValue={setAmountText}
        />
        <Checkbox label="Is Asset" name="is_asset" checked={isAsset} onChange={(e) => setIsAsset(e.target.checked)} />
        {wasOverdrawn && isAsset && (
          <Checkbox
            label="Overdrawn (the balance is below zero)"
            name="overdrawn"
            checked={overdrawn}
            onChange={(e) => setOverdrawn(e.target.checked)}
          />
        )}
        <ModalFormFooter {...form} submitLabel={editing ? 'Update Account' : 'Add Account'} onCancel={onClose} />
      </form>
    </Modal>
  );
}
