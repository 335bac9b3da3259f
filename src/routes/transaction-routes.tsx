// Route-level wrappers for the transaction screens: they read the search params and hand them to the pages.
import { getRouteApi } from '@tanstack/react-router';
import { ImportPage } from '../features/transactions/import/ImportPage';
import { TransactionsPage } from '../features/transactions/TransactionsPage';

const transactionsApi = getRouteApi('/_app/transactions');
const importApi = getRouteApi('/_app/transactions/import');

export function TransactionsRoute() {
  const search = transactionsApi.useSearch();
  // A new set of filters in the address is a fresh screen (the filters start from it).
  return (
    <TransactionsPage
      key={JSON.stringify(search)}
      accountId={search.account}
      category={search.category}
      from={search.from}
      to={search.to}
    />
  );
}

export function ImportRoute() {
  const { account } = importApi.useSearch();
  return <ImportPage key={account ?? ''} accountId={account} />;
}
