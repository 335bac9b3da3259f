// The small live lists every transaction screen needs beside the rows: accounts and categories, sorted by name.
import { useLiveQuery } from 'dexie-react-hooks';
import type { WyrdDb } from '../../data/db';
import type { AccountRow, CategoryRow } from '../../data/entities';
import { sortByName } from '../../lib/format/name-sort';

export type Lookups = {
  accounts: AccountRow[];
  categories: CategoryRow[];
  accountName: Map<string, string>;
  categoryName: Map<string, string>;
};

async function readLookups(db: WyrdDb): Promise<Lookups> {
  const [accounts, categories] = await db.transaction('r', [db.accounts, db.categories], () =>
    Promise.all([db.accounts.toArray(), db.categories.toArray()]),
  );
  // Accounts a what-if scenario created are not real money: statements never go into them.
  const real = sortByName(accounts.filter((a) => !a.scenario_event_id));
  const cats = sortByName(categories);
  return {
    accounts: real,
    categories: cats,
    accountName: new Map(accounts.map((a) => [a.id, a.name])),
    categoryName: new Map(categories.map((c) => [c.id, c.name])),
  };
}

export function useTxLookups(db: WyrdDb): Lookups | undefined {
  return useLiveQuery(() => readLookups(db), [db]);
}
