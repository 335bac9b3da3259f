// Live data of the builder's modifications section: the scenario's modifications in the order they apply, and
// the user's own accounts, recurring items and categories the modal's pickers offer.
import type { WyrdDb } from '../../../data/db';
import type { AccountRow, CategoryRow, ModificationRow, RecurringItemRow } from '../../../data/entities';
import { listModifications } from '../../../data/repositories/modifications';

export type ModificationsSnapshot = {
  modifications: ModificationRow[];
  accounts: AccountRow[];
  items: RecurringItemRow[];
  categories: CategoryRow[];
};

/** What the pickers offer: the user's own accounts and items (never an event's), by name. */
export type Lookups = { accounts: AccountRow[]; items: RecurringItemRow[]; categories: CategoryRow[] };

export type ModificationsData = { modifications: ModificationRow[]; lookups: Lookups };

/** One read of everything the section shows; no scenario yet (the create form): no modifications. */
export async function readModificationsSnapshot(db: WyrdDb, scenarioId: string | null): Promise<ModificationsSnapshot> {
  return db.transaction('r', [db.modifications, db.accounts, db.recurring_items, db.categories], async () => {
    const [modifications, accounts, items, categories] = await Promise.all([
      scenarioId ? listModifications(db, scenarioId) : Promise.resolve([]),
      db.accounts.toArray(),
      db.recurring_items.toArray(),
      db.categories.toArray(),
    ]);
    return { modifications, accounts, items, categories };
  });
}

const own = (r: { scenario_event_id?: string | null }) => !r.scenario_event_id;
const byName = <T extends { name: string }>(a: T, b: T) => a.name.localeCompare(b.name, 'en-AU');
const createdAt = (m: ModificationRow) => m.created_at ?? m.updated_at;

export function buildModificationsData(snapshot: ModificationsSnapshot): ModificationsData {
  return {
    modifications: [...snapshot.modifications].sort((a, b) => createdAt(a).localeCompare(createdAt(b))),
    lookups: {
      accounts: snapshot.accounts.filter(own).sort(byName),
      items: snapshot.items.filter(own).sort(byName),
      categories: [...snapshot.categories].sort(byName),
    },
  };
}
