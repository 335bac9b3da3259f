// What the simulator takes and gives back: primitives and base accounts in, monthly snapshots and warnings out.
// Shared by the compile step, the simulator instance and scenario composition (forecast.ts).
import type { AccountType } from '../model/common';
import type { Snapshot } from '../model/comparison';
import type { Assumptions } from '../model/assumptions';
import type { IsoDate, Primitive, PrimitiveFlow } from '../primitives';
import type { BaseFlowCache } from './flows';
import type { TraceRecorder } from './trace';
import type { TaxYearFigures } from './tax-settlement';

/** A base account as the simulator needs it (entity sign convention: liabilities owe |current_balance|). */
export type SimAccountInput = {
  id: string;
  name: string;
  account_type: AccountType;
  is_asset: boolean;
  current_balance: number;
  annual_rate?: number | null;
};

/** Primitives from one source. `scope` (an event id) namespaces the account keys they declare. */
export type PrimitiveGroup = { scope: string; primitives: ReadonlyArray<Primitive> };

export type SimulationSpec = {
  as_of: IsoDate;
  years: number;
  assumptions: Assumptions;
  /** Base accounts, in the user's order (the first checking account is the primary cash account). */
  accounts: ReadonlyArray<SimAccountInput>;
  /** The profile's active, unlinked recurring items as flows: the same for every scenario, so cacheable. */
  base_items?: ReadonlyArray<PrimitiveFlow>;
  /** Their expansion, shared by every scenario of a compare (buildBaseFlowCache); ignored if it does not fit. */
  base_cache?: BaseFlowCache | null;
  /** Other base primitives (a scenario's modifications as flows and adjustments), referring to base ids. */
  base: ReadonlyArray<Primitive>;
  groups: ReadonlyArray<PrimitiveGroup>;
  /** Materialised entities (scenario_event_id set): their ids resolve to the event's own primitive by name. */
  linked_accounts?: ReadonlyArray<{ id: string; scope: string; name: string; account_type: AccountType }>;
  linked_items?: ReadonlyArray<{ id: string; scope: string; name: string }>;
  /** The id a materialised entity gets from its event and primitive key; exact matches win over names. */
  entity_id?: (scope: string, key: string) => string;
  /** Records every movement of money in one step (trace.ts); absent or null in a normal run. */
  trace?: TraceRecorder | null;
};

export type SimulationResult = {
  snapshots: Snapshot[];
  warnings: string[];
  /** Each person's tax figures per financial year (present when anyone is taxed). */
  tax_years?: TaxYearFigures[];
};

/** Horizon in whole years, clamped as the simulator runs it (1..50). */
export function horizonYears(years: number): number {
  return Math.max(1, Math.min(50, Math.round(years)));
}
