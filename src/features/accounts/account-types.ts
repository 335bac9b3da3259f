// Display labels for the eight account types (spec section 3), in the order the type select lists them.
import { ACCOUNT_TYPES, type AccountType } from '../../../worker/engine/index';

export const ACCOUNT_TYPE_LABELS: Record<AccountType, string> = {
  checking: 'Checking',
  savings: 'Savings',
  investment: 'Investment',
  mortgage: 'Mortgage',
  credit_card: 'Credit card',
  property: 'Property',
  loan: 'Loan',
  superannuation: 'Superannuation',
};

export const ACCOUNT_TYPE_OPTIONS: ReadonlyArray<{ value: AccountType; label: string }> = ACCOUNT_TYPES.map(
  (value) => ({
    value,
    label: ACCOUNT_TYPE_LABELS[value],
  }),
);
