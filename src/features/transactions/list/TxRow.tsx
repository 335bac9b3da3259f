// One row of the Transactions list: select box, date, payee (with transfer and recurring badges, the account and
// the bank's description), an inline category choice, the amount and, for one account, the running balance.
import { memo } from 'react';
import { formatCents, formatDay } from '../tx-format';
import type { TransactionRow } from '../tx-store';
import { Checkbox, NamedOptions, SelectField } from '../ui';
import type { Lookups } from '../use-tx-lookups';

export const TxRow = memo(function TxRow({
  row,
  lookups,
  showAccount,
  balance,
  selected,
  onToggle,
  onCategory,
}: {
  row: TransactionRow;
  lookups: Lookups;
  showAccount: boolean;
  /** undefined: no balance column; null: not known. */
  balance: number | null | undefined;
  selected: boolean;
  onToggle: (id: string, on: boolean) => void;
  onCategory: (row: TransactionRow, categoryId: string) => Promise<void>;
}) {
  const name = row.payee || row.description;
  const label = `${name}, ${formatDay(row.date)}, ${formatCents(row.amount_cents)}`;
  return (
    <>
      <span role="cell">
        <Checkbox label={`Select ${label}`} checked={selected} onChange={(e) => onToggle(row.id, e.target.checked)} />
      </span>
      <span role="cell" className="tx-date">
        {formatDay(row.date)}
      </span>
      <span role="cell" className="tx-payee">
        <span className="tx-payee-name">
          {name}
          {row.transfer_id && <span className="badge badge-muted">Transfer</span>}
          {row.recurring_item_id && <span className="badge badge-success">Recurring</span>}
        </span>
        <small className="tx-desc">
          {showAccount ? `${lookups.accountName.get(row.account_id) ?? 'Unknown account'} · ` : ''}
          {row.description}
        </small>
      </span>
      <span role="cell">
        <SelectField
          label={`Category for ${label}`}
          hideLabel
          value={row.category_id ?? ''}
          onChange={(e) => void onCategory(row, e.target.value)}
          className="tx-cat"
        >
          <option value="">Uncategorised</option>
          <NamedOptions items={lookups.categories} />
        </SelectField>
      </span>
      <span role="cell" className={row.amount_cents < 0 ? 'tx-num money-negative' : 'tx-num money-positive'}>
        {formatCents(row.amount_cents)}
      </span>
      {balance !== undefined && (
        <span role="cell" className="tx-num tx-balance">
          {balance === null ? '' : formatCents(balance)}
        </span>
      )}
    </>
  );
});
