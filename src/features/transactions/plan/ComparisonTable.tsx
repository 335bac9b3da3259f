// A plan-versus-actual table: a first column (category, account, month), then expected, actual and difference;
// `bar` adds the unlabelled column of drawn bars. The three tables of the screen share it.
import type { ReactNode } from 'react';
import { DataTable, type Column } from '../ui';

export function ComparisonTable({
  caption,
  first,
  expected = 'Plan expected',
  bar = false,
  foot,
  children,
}: {
  caption: ReactNode;
  first: string;
  expected?: string;
  bar?: boolean;
  foot?: ReactNode;
  children: ReactNode;
}) {
  const columns: Column[] = [
    { label: first },
    { label: expected, num: true },
    { label: 'Actual', num: true },
    { label: 'Difference', num: true },
    ...(bar ? [{ label: null, decorative: true }] : []),
  ];
  return (
    <DataTable caption={caption} columns={columns} foot={foot}>
      {children}
    </DataTable>
  );
}
