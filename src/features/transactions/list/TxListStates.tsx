// The Transactions list's header row (with the sort shown on its column) and what it shows when no row matches.
import { Link } from '@tanstack/react-router';
import type { SortKey } from '../tx-store';
import { Button, EmptyCard } from '../ui';

function sortDir(sort: SortKey): 'ascending' | 'descending' {
  return sort.endsWith('asc') ? 'ascending' : 'descending';
}

export function TxHeadRow({ columns, sort, showBalance }: { columns: string; sort: SortKey; showBalance: boolean }) {
  return (
    <div role="row" className={`${columns} tx-head`} aria-rowindex={1}>
      <span role="columnheader">
        <span className="visually-hidden">Selected</span>
      </span>
      <span role="columnheader" aria-sort={sort.startsWith('date') ? sortDir(sort) : undefined}>
        Date
      </span>
      <span role="columnheader">Payee</span>
      <span role="columnheader">Category</span>
      <span role="columnheader" className="tx-num" aria-sort={sort.startsWith('amount') ? sortDir(sort) : undefined}>
        Amount
      </span>
      {showBalance && (
        <span role="columnheader" className="tx-num">
          Balance
        </span>
      )}
    </div>
  );
}

/** No rows: with filters, the way to clear them; without, the way to the first import. */
export function TxListEmpty({ filtered, onClear }: { filtered: boolean; onClear: () => void }) {
  return (
    <EmptyCard>
      {filtered ? (
        <>
          <p>No transactions match these filters</p>
          <Button onClick={onClear}>Clear filters</Button>
        </>
      ) : (
        <>
          <p>No transactions yet</p>
          <Link to="/transactions/import" className="button button-primary">
            Import your first statement
          </Link>
        </>
      )}
    </EmptyCard>
  );
}
