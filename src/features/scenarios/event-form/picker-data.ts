// The accounts and recurring items an event's pickers offer and its validation sees: the user's own, plus
// those other events of the same scenario created, never the event's own materialised ones.
import { useEffect, useState } from 'react';
import { toContextAccount, toContextRecurringItem, type CompileContext } from '../../../../worker/engine/index';
import type { WyrdDb } from '../../../data/db';
import type { AccountRow, CategoryRow, RecurringItemRow } from '../../../data/entities';

export type PickerData = {
  /** What the pickers list. */
  accounts: AccountRow[];
  items: RecurringItemRow[];
  /** What validation and the compiler see: everything but the event's own entities. */
  allAccounts: CompileContext['accounts'];
  allItems: CompileContext['recurring_items'];
  categories: CategoryRow[];
};

export async function loadPickerData(db: WyrdDb, scenarioId: string | null, eventId?: string): Promise<PickerData> {
  const [accounts, items, categories, events] = await Promise.all([
    db.accounts.toArray(),
    db.recurring_items.toArray(),
    db.categories.toArray(),
    scenarioId ? db.events.where('scenario_id').equals(scenarioId).primaryKeys() : Promise.resolve([] as string[]),
  ]);
  const sameScenario = new Set(events.filter((id) => id !== eventId));
  const offered = (r: { scenario_event_id?: string | null }) =>
    !r.scenario_event_id || sameScenario.has(r.scenario_event_id);
  const notOwn = (r: { scenario_event_id?: string | null }) => !eventId || r.scenario_event_id !== eventId;
  const byName = <T extends { name: string }>(a: T, b: T) => a.name.localeCompare(b.name, 'en-AU');
  return {
    accounts: accounts.filter(offered).sort(byName),
    items: items.filter(offered).sort(byName),
    allAccounts: accounts.filter(notOwn).map(toContextAccount),
    allItems: items.filter(notOwn).map(toContextRecurringItem),
    categories,
  };
}

/**
 * The pickers' data for a form, read once: `failure` is the form's message when the read fails; `skip` (the form
 * has nothing to offer, such as an unknown template) reads nothing.
 */
export function usePickerData(
  db: WyrdDb,
  scenarioId: string | null,
  eventId: string | undefined,
  failure: string,
  skip = false,
) {
  const [data, setData] = useState<PickerData | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  useEffect(() => {
    if (skip) return;
    let live = true;
    loadPickerData(db, scenarioId, eventId)
      .then((d) => live && setData(d))
      .catch((err: unknown) => {
        console.error('Could not load the form data', err);
        if (live) setLoadError(failure);
      });
    return () => {
      live = false;
    };
  }, [db, scenarioId, eventId, failure, skip]);
  return { data, loadError };
}
