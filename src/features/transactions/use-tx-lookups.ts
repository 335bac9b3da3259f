// The small live lists every transaction screen needs beside the rows: accounts and categories, sorted by name.
import type { WyrdDb } from '../../data/db';
import { useLedgerPart, type LedgerPart } from '../../data/ledger-source';
import type { AccountRow, CategoryRow } from '../../data/entities';
import { sortByName } from '../../lib/format/name-sort';

export type Lookups = {
  accounts: AccountRow[];
  categories: CategoryRow[];
  accountName: Map<string, string>;
  categoryName: Map<string, string>;
};

type LookupRows = { accounts: AccountRow[]; categories: CategoryRow[] };

async function readLookupRows(db: WyrdDb): Promise<LookupRows> {
  const [accounts, categories] = await db.transaction('r', [db.accounts, db.categories], () =>
    Promise.all([db.accounts.toArray(), db.categories.toArray()]),
  );
  return { accounts, categories };
}

const FAILURE = 'Failed to load accounts and categories';
const PART: LedgerPart<LookupRows> = { read: readLookupRows, tables: ['accounts', 'categories'], failure: FAILURE };

function buildLookups({ accounts, categories }: LookupRows): Lookups {
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

/**
 * Live, from the kept ledger when another screen has it in memory (useLedgerPart). A failed read is thrown, as a
 * live query's is, to the screen's error boundary.
 */
export function useTxLookups(db: WyrdDb): Lookups | undefined {
  const state = useLedgerPart(db, 0, PART, buildLookups);
  if (state.status === 'error') throw new Error(FAILURE);
  return state.status === 'ready' ? state.data : undefined;
}
