// Account repository: validated writes with their outbox rows in one transaction; accounts a scenario event
// created are refused here (they are edited and deleted through their event).
import { AccountInputSchema, type AccountInput } from '../../../worker/engine/index';
import type { WyrdDb } from '../db';
import type { AccountRow } from '../entities';
import { newId } from '../ids';
import { deleteAccountTransactions } from './transactions';
import { DataConflictError, ScenarioEventLinkError } from './errors';
import { createRow, deleteRow, timestamp, updateRow, validate, type RowStore, type WriteOptions } from './write';

/**
 * The engine's input schema supplies the defaults (account_type checking, is_asset true) and the text rules
 * (name trimmed and required, a blank institution stored as null) the server applies too.
 */
function toRow(id: string, input: AccountInput, updatedAt: string): AccountRow {
  const fields = validate('account', AccountInputSchema, {
    name: input.name,
    account_type: input.account_type,
    current_balance: input.current_balance,
    institution: input.institution,
    is_asset: input.is_asset,
    ...(input.annual_rate != null ? { annual_rate: input.annual_rate } : {}),
  });
  return { id, ...fields, scenario_event_id: null, updated_at: updatedAt };
}

/** The scenario an event belongs to (for the link error's redirect), or null if the event is gone. */
export async function scenarioOfEvent(db: WyrdDb, eventId: string): Promise<string | null> {
  return (await db.events.get(eventId))?.scenario_id ?? null;
}

export function listAccounts(db: WyrdDb): Promise<AccountRow[]> {
  return db.accounts.toArray();
}

export function getAccount(db: WyrdDb, id: string): Promise<AccountRow | undefined> {
  return db.accounts.get(id);
}

const ACCOUNTS = (db: WyrdDb): RowStore<AccountRow> => ({ table: db.accounts, outbox: 'accounts', label: 'account' });

/** Refuses a write to an account or recurring item a scenario event created (it is edited through its event). */
export async function refuseEventLinked(
  db: WyrdDb,
  entity: 'account' | 'recurring item',
  action: 'edit' | 'delete',
  row: { scenario_event_id?: string | null },
): Promise<void> {
  if (row.scenario_event_id)
    throw new ScenarioEventLinkError(
      entity,
      action,
      row.scenario_event_id,
      await scenarioOfEvent(db, row.scenario_event_id),
    );
}

export async function createAccount(db: WyrdDb, input: AccountInput, opts?: WriteOptions): Promise<AccountRow> {
  const at = timestamp(opts);
  return createRow(db, ACCOUNTS(db), toRow(newId(), input, at), at);
}

export async function updateAccount(
  db: WyrdDb,
  id: string,
  patch: Partial<AccountInput>,
  opts?: WriteOptions,
): Promise<AccountRow> {
  const at = timestamp(opts);
  return updateRow(
    db,
    ACCOUNTS(db),
    id,
    at,
    async (existing) => {
      await refuseEventLinked(db, 'account', 'edit', existing);
      return toRow(id, { ...existing, ...patch }, at);
    },
    [db.events],
  );
}

export async function deleteAccount(db: WyrdDb, id: string, opts?: WriteOptions): Promise<void> {
  const at = timestamp(opts);
  const also = [db.events, db.recurring_items, ...db.transactions.stores, db.import_batches];
  await deleteRow(
    db,
    ACCOUNTS(db),
    id,
    at,
    async (existing) => {
      await refuseEventLinked(db, 'account', 'delete', existing);
      // Items paid into or out of this account would be left pointing at nothing (and fall back to main cash).
      const inUse = await db.recurring_items.where('account_id').equals(id).count();
      if (inUse > 0) {
        throw new DataConflictError(
          `This account is used by ${inUse} recurring ${inUse === 1 ? 'item' : 'items'}. Move ${inUse === 1 ? 'it' : 'them'} to another account or delete ${inUse === 1 ? 'it' : 'them'} first.`,
        );
      }
      // Its bank data goes with it (docs/data-layer.md "Transactions"): rows that name no account help nobody.
      await deleteAccountTransactions(db, id, at);
    },
    also,
  );
}
