// Statement rows as a table (date, payee when known, description, amount, running balance): the mapping step's
// live reading of the file and the preview's "Transactions to add" show the same columns.
import type { ReactNode } from 'react';
import { formatCents, formatDay } from '../tx-format';
import { DataTable, type Column } from '../ui';

type Row = { date: string; payee?: string; description: string; amount_cents: number; balance_cents?: number | null };

export function StatementRowsTable<R extends Row>({
  caption,
  rows,
  rowKey,
  withPayee = false,
  after,
}: {
  caption: ReactNode;
  rows: ReadonlyArray<R>;
  rowKey: (row: R) => string | number;
  withPayee?: boolean;
  after?: ReactNode;
}) {
  const columns: Column[] = [
    { label: 'Date' },
    ...(withPayee ? [{ label: 'Payee' }] : []),
    { label: 'Description' },
    { label: 'Amount', num: true },
    { label: 'Balance', num: true },
  ];
  return (
    <DataTable caption={caption} columns={columns} after={after}>
      {rows.map((r) => (
        <tr key={rowKey(r)}>
          <td>{formatDay(r.date)}</td>
          {withPayee && <td>{r.payee}</td>}
          <td>{r.description}</td>
          <td className="tx-num">{formatCents(r.amount_cents)}</td>
          <td className="tx-num">{r.balance_cents == null ? '' : formatCents(r.balance_cents)}</td>
        </tr>
      ))}
    </DataTable>
  );
}
