// The baseline assistant's acceptance: the baseline scenario with the accepted events (materialised as usual)
// and the retirement of the accounts and items those events replace, in one transaction with every outbox row.
import type { BaselineProposal } from '../../../worker/engine/index';
import type { WyrdDb } from '../db';
import type { ScenarioRow } from '../entities';
import { deleteAccount } from './accounts';
import { materialiseTables, saveEvent } from './events';
import { deleteRecurringItem } from './recurring-items';
import { createScenario } from './scenarios';
import type { WriteOptions } from './write';

export const BASELINE_SCENARIO_NAME = 'My Current Situation';
export const BASELINE_SCENARIO_DESCRIPTION = 'My finances as they are today';

/** What acceptance needs of a proposal: the event to save and the ids of what it replaces. */
export type AcceptedProposal = Pick<
  BaselineProposal,
  'name' | 'trigger_month' | 'template_id' | 'template_parameters' | 'supersedes'
>;

/**
 * Creates the baseline scenario with the accepted events and retires what those events replace: nothing is
 * written unless everything is. An account some remaining item still uses stays, so no item is left
 * pointing at nothing.
 */
export async function acceptBaseline(
  db: WyrdDb,
  accepted: ReadonlyArray<AcceptedProposal>,
  opts?: WriteOptions,
): Promise<ScenarioRow> {
  // deleteAccount cascades to the account's bank data, so its tables join the transaction.
  return db.transaction('rw', [...materialiseTables(db), ...db.transactions.stores, db.import_batches], async () => {
    const scenario = await createScenario(
      db,
      { name: BASELINE_SCENARIO_NAME, description: BASELINE_SCENARIO_DESCRIPTION, is_baseline: true },
      opts,
    );
    for (const p of accepted) {
      await saveEvent(
        db,
        scenario,
        {
          name: p.name,
          trigger_month: p.trigger_month,
          template_id: p.template_id,
          template_parameters: p.template_parameters,
        },
        opts,
      );
    }
    const retire = new Set(accepted.flatMap((p) => p.supersedes));
    for (const id of retire) if (await db.recurring_items.get(id)) await deleteRecurringItem(db, id, opts);
    for (const id of retire) {
      if (!(await db.accounts.get(id))) continue;
      if ((await db.recurring_items.where('account_id').equals(id).count()) > 0) continue;
      await deleteAccount(db, id, opts);
    }
    return scenario;
  });
}
