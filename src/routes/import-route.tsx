// The statement import screen's route wrapper: it reads the account to import into from the search params.
import { getRouteApi } from '@tanstack/react-router';
import { ImportPage } from '../features/transactions/import/ImportPage';

const importApi = getRouteApi('/_app/transactions/import');

export function ImportRoute() {
  const { account } = importApi.useSearch();
  return <ImportPage key={account ?? ''} accountId={account} />;
}
