// Starts the Transactions list's first read when the navigation to it starts (the route's loader imports this
// module on demand, so the landing and sign-in pages never load the database code for it).
import { currentUserDb } from '../../data/db';
import { openingQuery, prefetchSnapshot } from './tx-store';

export function prefetchTransactions(search: {
  account?: string;
  category?: string;
  from?: string;
  to?: string;
}): void {
  const db = currentUserDb();
  if (db) prefetchSnapshot(db, openingQuery(search), 0, 0);
}
