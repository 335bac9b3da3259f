// The Transactions list itself: the toolbar, then a virtualised table read a page at a time, with the running
// balance column when one account is shown in date order.
import { useLiveQuery } from 'dexie-react-hooks';
import { useRef } from 'react';
import { useDb } from '../../../data/db-context';
import { runningBalances, type TransactionRow, type TxQuery } from '../tx-store';
import { FailedCard, StatusLine } from '../ui';
import type { Lookups } from '../use-tx-lookups';
import { TxHeadRow, TxListEmpty } from './TxListStates';
import { TxRow } from './TxRow';
import { TxToolbar } from './TxToolbar';
import { useBulkRecategorise, type Selection } from './use-bulk-recategorise';
import { isFiltered } from './use-tx-filters';
import { ROW_HEIGHT, useTxWindow } from './use-tx-window';

export function TransactionTable({
  query,
  lookups,
  selection,
  onCategory,
  onFiltered,
}: {
  query: TxQuery;
  /** undefined while the accounts and categories are read: the rows are read meanwhile, not after them. */
  lookups: Lookups | undefined;
  selection: Selection;
  onCategory: (row: TransactionRow, categoryId: string) => Promise<void>;
  onFiltered: () => void;
}) {
  const db = useDb();
  const scroller = useRef<HTMLDivElement>(null);
  const { pages, count, virtualizer } = useTxWindow(db, query, scroller);
  const bulk = useBulkRecategorise(db, query, selection);
  const account = query.accountId ? lookups?.accounts.find((a) => a.id === query.accountId) : undefined;
  const showBalance = !!account && (query.sort === 'date-desc' || query.sort === 'date-asc');
  const balances = useLiveQuery(
    async () =>
      account && showBalance ? runningBalances(db, account.id, Math.round(account.current_balance * 100)) : null,
    [db, account?.id, account?.current_balance, showBalance],
  );

  if (pages.failed) return <FailedCard>Failed to load transactions</FailedCard>;
  if (pages.count === null || !lookups) return <StatusLine>Loading transactions...</StatusLine>;
  if (count === 0) return <TxListEmpty filtered={isFiltered(query)} onClear={onFiltered} />;
  const columns = showBalance ? 'tx-grid tx-grid-balance' : 'tx-grid';
  return (
    <section aria-label="Transaction list">
      <TxToolbar count={count} bulk={bulk} lookups={lookups} />
      <div role="table" aria-label="Transactions" aria-rowcount={count + 1} className="tx-table">
        <div role="rowgroup">
          <TxHeadRow columns={columns} sort={query.sort} showBalance={showBalance} />
        </div>
        {/* The scroll area is focusable so keyboard users can scroll it with the arrow keys. */}
        <div ref={scroller} className="tx-scroller" tabIndex={0} role="rowgroup" aria-label={`Transactions (${count})`}>
          <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {virtualizer.getVirtualItems().map((item) => {
              const row = pages.row(item.index);
              return (
                <div
                  key={row?.id ?? `loading-${item.index}`}
                  role="row"
                  aria-rowindex={item.index + 2}
                  className={columns}
                  style={{ transform: `translateY(${item.start}px)`, height: ROW_HEIGHT }}
                >
                  {row ? (
                    <TxRow
                      row={row}
                      lookups={lookups}
                      showAccount={!query.accountId}
                      balance={showBalance ? (balances?.get(row.id) ?? null) : undefined}
                      selected={bulk.selected.has(row.id)}
                      onToggle={bulk.toggle}
                      onCategory={onCategory}
                    />
                  ) : (
                    <span role="cell" className="money-status">
                      Loading...
                    </span>
                  )}
                </div>
              );
            })}
          </div>
        </div>
      </div>
    </section>
  );
}
