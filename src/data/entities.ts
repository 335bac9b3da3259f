// Row types of the per-user local database (product-spec section 3), plus the sync bookkeeping
// (updated_at, outbox, meta) the offline data layer needs.
import type { AccountType, Frequency } from '../../worker/engine/primitives';

export type IsoTimestamp = string;

export type AccountRow = {
  id: string;
  name: string;
  account_type: AccountType;
  current_balance: number;
  institution?: string | null;
  is_asset: boolean;
  scenario_event_id?: string | null;
  /** Percent a year, overriding the assumptions' rate for the type (engine model). */
  annual_rate?: number | null;
  updated_at: IsoTimestamp;
};

export type RecurringItemRow = {
  id: string;
  name: string;
  /** Signed: positive income, negative expense. */
  amount: number;
  frequency: Frequency;
  start_date: string;
  end_date: string | null;
  account_id: string;
  category_id: string;
  is_active: boolean;
  scenario_event_id?: string | null;
  updated_at: IsoTimestamp;
};

export type CategoryRow = {
  id: string;
  name: string;
  type: 'income' | 'expense';
  updated_at: IsoTimestamp;
};

export type ScenarioRow = {
  id: string;
  name: string;
  description: string;
  is_baseline: boolean;
  created_at: IsoTimestamp;
  updated_at: IsoTimestamp;
};

export type ScenarioEventRow = {
  id: string;
  scenario_id: string;
  name: string;
  trigger_month: string;
  trigger_date: string;
  template_id: string;
  template_parameters: Record<string, unknown>;
  updated_at: IsoTimestamp;
};

export type ModificationRow = {
  id: string;
  scenario_id: string;
  modification_type: 'add_recurring' | 'modify_recurring' | 'add_one_time' | 'modify_account';
  target_id: string | null;
  modification_data: Record<string, unknown>;
  /** Modifications apply in creation order (forecast-model.md section 6). */
  created_at?: IsoTimestamp;
  updated_at: IsoTimestamp;
};

/** A local change waiting to be sent to the API, in order (seq is auto-incremented). */
export type OutboxRow = {
  seq?: number;
  entity: string;
  entity_id: string;
  op: 'create' | 'update' | 'delete';
  payload: unknown;
  created_at: IsoTimestamp;
  attempts?: number;
};

/** Small key/value facts about the local copy (last sync time, schema notes). */
export type MetaRow = { key: string; value: unknown };
