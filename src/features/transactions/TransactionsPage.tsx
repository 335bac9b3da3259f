// The Transactions screen: every imported or typed transaction, virtualised and read a page at a time; search,
// filters (account, dates, category, uncategorised), sort by date or amount, inline and bulk category changes
// with "remember for this payee", the running balance of one account, and the import batches with undo.
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { PageFrame } from '../../components/layout/PageFrame';
import { useDb } from '../../data/db-context';
import { BatchesPanel } from './BatchesPanel';
import { TransactionTable } from './list/TransactionTable';
import { TxFilters } from './list/TxFilters';
import { useRememberOffer } from './list/use-remember-offer';
import { useTxFilters } from './list/use-tx-filters';
import { Button } from './ui';
import { useTxLookups } from './use-tx-lookups';
import './transactions.css';

/** Filters to open with (from the address: an account's row, a plan-vs-actual category). */
export type TransactionsPageProps = { accountId?: string; category?: string; from?: string; to?: string };

export function TransactionsPage(initial: TransactionsPageProps = {}) {
  const db = useDb();
  const lookups = useTxLookups(db);
  const filters = useTxFilters(initial);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const { offer, changeCategory, remember, dismiss } = useRememberOffer(db, lookups);

  return (
    <PageFrame title="Transactions" testId="transactions" actions={<TxLinks account={filters.values.account} />}>
      {lookups && <TxFilters filters={filters} lookups={lookups} />}
      {lookups && offer && (
        <div className="card tx-offer" role="status">
          <p>
            Use {lookups.categoryName.get(offer.categoryId) ?? 'this category'} for {offer.payee} in future imports?
          </p>
          <Button variant="primary" onClick={() => void remember()}>
            Remember for {offer.payee}
          </Button>
          <Button onClick={dismiss}>Not now</Button>
        </div>
      )}
      {/* Mounted before the accounts and categories have been read, so its count and first page are read at the
          same time (it says 'Loading transactions...' until it has both). */}
      <TransactionTable
        query={filters.query}
        lookups={lookups}
        selection={{ selected, setSelected }}
        onCategory={changeCategory}
        onFiltered={filters.clear}
      />
      {lookups && <BatchesPanel />}
    </PageFrame>
  );
}

/** The screens reached from the list; the import opens on the account the list shows. */
function TxLinks({ account }: { account: string }) {
  return (
    <div className="tx-actions">
      <Link to="/transactions/import" search={account ? { account } : {}} className="button button-primary">
        Import statements
      </Link>
      <Link to="/transactions/recurring" className="button button-ghost">
        Find recurring items
      </Link>
      <Link to="/transactions/plan" className="button button-ghost">
        Plan vs actual
      </Link>
      <Link to="/transactions/rules" className="button button-ghost">
        Payee rules
      </Link>
    </div>
  );
}
