// The Transactions list's route wrapper: it reads the search params and hands them to the page. (The import
// screen's wrapper is import-route.tsx, its own chunk: the list does not load and run the statement parsers.)
import { getRouteApi } from '@tanstack/react-router';
import { TransactionsPage } from '../features/transactions/TransactionsPage';

const transactionsApi = getRouteApi('/_app/transactions');

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
