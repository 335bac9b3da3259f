// Compile step, accounts: the rows the simulator keeps (base accounts, then the accounts events declare),
// which one is the primary cash account, how a primitive's account reference resolves to a row, and the
// per-account arrays the month loop reads.
import type { AccountType } from '../model/common';
import { monthIndexOf } from '../calendar';
import { primaryCashIndex } from '../primary-cash';
import { PRIMARY_CASH, type PrimitiveAccount } from '../primitives';
import { finite } from './flows';
import { CASH_TYPES, DEBT_TYPES, GROWTH_TYPES, KIND_CASH, KIND_DEBT, KIND_GROWTH, KIND_LENT } from './plan';
import type { ScratchArena } from './scratch';
import type { AccountTable, SimulationSpec } from './types';

export type AccountRow = {
  /** A base account's id, or `scope/key` for an account an event declares. */
  key: string;
  name: string;
  account_type: AccountType;
  is_asset: boolean;
  /** Signed opening value: assets positive, liabilities negative (minus what is owed). */
  value: number;
  /** Annual percent. */
  rate: number;
  /** The step an event's account opens in (0: open from as_of). */
  opensStep: number;
};

/** An account opening after as_of with a balance: that balance arrives as money in its opening step. */
export type OpeningFlow = { row: number; step: number; value: number };

export type AccountDirectory = {
  rows: AccountRow[];
  /** How many rows are base accounts (they come first, in the user's order). */
  baseCount: number;
  openingFlows: OpeningFlow[];
  /** The primary cash row so far (-1: none yet; primaryCash() creates a synthetic one). */
  primaryCashSoFar: () => number;
  primaryCash: () => number;
  /** The row of an account reference as seen from `scope` (an event id, null for base primitives). */
  resolve: (ref: string, scope: string | null, what: string) => number;
  /** The row of a base account id (undefined: not a base account). */
  baseRow: (id: string) => number | undefined;
};

function kindOf(type: AccountType, isAsset: boolean): number {
  if (!isAsset) return KIND_DEBT;
  if (CASH_TYPES.has(type)) return KIND_CASH;
  if (GROWTH_TYPES.has(type)) return KIND_GROWTH;
  return KIND_LENT;
}

/** Monthly rate of an account from its annual percent: compounding for growth, r/12 otherwise. */
function monthlyRateOf(kind: number, annualPercent: number): number {
  const r = Math.max(-99.99, Math.min(1000, finite(annualPercent))) / 100;
  if (kind === KIND_GROWTH) return Math.pow(1 + r, 1 / 12) - 1;
  return r / 12;
}

/** Base accounts (duplicate ids: the first wins), then each event's declared accounts open by the horizon. */
export function collectAccounts(
  spec: SimulationSpec,
  asOfMonth: number,
  months: number,
  warnings: string[],
): AccountDirectory {
  const rates = spec.assumptions.account_type_rates;
  const rows: AccountRow[] = [];
  const globalIndex = new Map<string, number>();
  for (const a of spec.accounts) {
    if (globalIndex.has(a.id)) continue;
    const owedOrValue = finite(a.current_balance);
    globalIndex.set(a.id, rows.length);
    rows.push({
      key: a.id,
      name: a.name,
      account_type: a.account_type,
      is_asset: a.is_asset,
      value: a.is_asset ? owedOrValue : -Math.abs(owedOrValue),
      rate: a.annual_rate ?? (a.is_asset || DEBT_TYPES.has(a.account_type) ? rates[a.account_type] : 0),
      opensStep: 0,
    });
  }
  const scopeIndex = new Map<string, Map<string, number>>();
  const openingFlows: OpeningFlow[] = [];
  for (const g of spec.groups) {
    let local = scopeIndex.get(g.scope);
    if (!local) scopeIndex.set(g.scope, (local = new Map()));
    for (const p of g.primitives) {
      if (p.kind !== 'account' || local.has(p.key)) continue;
      const acc = p as PrimitiveAccount;
      let opensStep = 0;
      if (acc.opens) opensStep = Math.max(0, monthIndexOf(acc.opens) - asOfMonth);
      if (opensStep > months) continue;
      const signed = acc.is_asset ? finite(acc.opening_balance) : -Math.abs(finite(acc.opening_balance));
      local.set(acc.key, rows.length);
      if (opensStep > 0 && signed !== 0) openingFlows.push({ row: rows.length, step: opensStep, value: signed });
      rows.push({
        key: `${g.scope}/${acc.key}`,
        name: acc.name,
        account_type: acc.account_type,
        is_asset: acc.is_asset,
        value: opensStep > 0 ? 0 : signed,
        rate: acc.annual_rate ?? (acc.is_asset || DEBT_TYPES.has(acc.account_type) ? rates[acc.account_type] : 0),
        opensStep,
      });
    }
  }
  // Primary cash: first base checking, else first base savings, else the same among event accounts, else synthetic.
  let primary = primaryCashIndex(rows.slice(0, globalIndex.size));
  if (primary < 0) {
    const fromEvents = primaryCashIndex(
      rows.slice(globalIndex.size).map((r) => (r.opensStep === 0 ? r : { ...r, is_asset: false })),
    );
    if (fromEvents >= 0) primary = globalIndex.size + fromEvents;
  }
  // Made on the first reference that is neither an event's own account nor a profile account: most plans have
  // none, and hashing every event account's materialised id costs more than the rest of this directory.
  let linked: Map<string, number> | null = null;
  const linkedAccount = (): Map<string, number> => {
    if (linked !== null) return linked;
    const map = new Map<string, number>();
    // Materialised ids resolve to their event's account even when the profile does not hold the entity itself
    // (a compile context may offer a baseline event's account as a default: see forecast.ts scenarioContext).
    if (spec.entity_id) {
      for (const [scope, local] of scopeIndex) for (const [key, idx] of local) map.set(spec.entity_id(scope, key), idx);
    }
    for (const l of spec.linked_accounts ?? []) {
      if (map.has(l.id)) continue;
      const local = scopeIndex.get(l.scope);
      if (!local) continue;
      let found = -1;
      for (const idx of local.values()) if (rows[idx].name === l.name) found = found < 0 ? idx : found;
      if (found < 0)
        for (const idx of local.values())
          if (rows[idx].account_type === l.account_type) found = found < 0 ? idx : found;
      if (found >= 0) map.set(l.id, found);
    }
    return (linked = map);
  };
  const primaryCash = (): number => {
    if (primary >= 0) return primary;
    primary = rows.length;
    rows.push({
      key: PRIMARY_CASH,
      name: 'Cash',
      account_type: 'checking',
      is_asset: true,
      value: 0,
      rate: rates.checking,
      opensStep: 0,
    });
    return primary;
  };
  const resolve = (ref: string, scope: string | null, what: string): number => {
    if (ref === PRIMARY_CASH) return primaryCash();
    if (scope !== null) {
      const hit = scopeIndex.get(scope)?.get(ref);
      if (hit !== undefined) return hit;
    }
    const g = globalIndex.get(ref);
    if (g !== undefined) return g;
    const l = linkedAccount().get(ref);
    if (l !== undefined) return l;
    for (const local of scopeIndex.values()) {
      const hit = local.get(ref);
      if (hit !== undefined) return hit;
    }
    warnings.push(`${what}: account "${ref}" not found; the primary cash account is used`);
    return primaryCash();
  };
  return {
    rows,
    baseCount: globalIndex.size,
    openingFlows,
    primaryCashSoFar: () => primary,
    primaryCash,
    resolve,
    baseRow: (id) => globalIndex.get(id),
  };
}

/**
 * The per-account arrays the month loop reads and updates. A debt with a loan takes the loan's rate
 * (loanOfAccount: the first loan on each row, -1 for none).
 */
export function buildAccountTable(
  rows: ReadonlyArray<AccountRow>,
  loanOfAccount: Int32Array,
  loanMonthlyRate: Float64Array,
  scratch: ScratchArena,
): AccountTable {
  const count = rows.length;
  const balance = scratch.float64(count);
  const kind = scratch.uint8(count);
  const monthlyRate = scratch.float64(count);
  const isAsset = scratch.uint8(count);
  const isLiquid = scratch.uint8(count);
  const capsTransfersOut = scratch.uint8(count);
  for (let i = 0; i < count; i++) {
    const r = rows[i];
    balance[i] = r.value;
    kind[i] = kindOf(r.account_type, r.is_asset);
    const loan = loanOfAccount[i];
    monthlyRate[i] = loan >= 0 && kind[i] === KIND_DEBT ? loanMonthlyRate[loan] : monthlyRateOf(kind[i], r.rate);
    isAsset[i] = r.is_asset ? 1 : 0;
    isLiquid[i] = r.is_asset && CASH_TYPES.has(r.account_type) ? 1 : 0;
    capsTransfersOut[i] = r.is_asset && !CASH_TYPES.has(r.account_type) ? 1 : 0;
  }
  return {
    count,
    balance,
    kind,
    monthlyRate,
    isAsset,
    isLiquid,
    capsTransfersOut,
    interestThisMonth: scratch.float64(count),
    repaidThisMonth: scratch.float64(count),
    repaidMonth: scratch.float64(count),
    offsetAgainst: scratch.float64(count),
    offsetSavedThisMonth: scratch.float64(count),
    offsetLinked: scratch.uint8(count),
    redrawLoan: new Int32Array(count).fill(-1),
  };
}
