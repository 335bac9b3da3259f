// The simulator: compiles primitives once into per-step typed arrays (occurrences, amounts, tax bases),
// then runs one tight month-by-month loop over Float64Array balances (forecast-model.md sections 2-5).
// It knows only primitives; composition of base, events and modifications lives in forecast.ts.
import { personalTax } from '../au/tax';
import { primaryCashIndex } from '../primary-cash';
import { pplSuperRate } from '../au/ppl';
import { addDays, isIsoDate } from '../au/dates';
import { CONTRIBUTIONS_TAX_RATE, superGuaranteeRate } from '../au/super';
import { dateToDayNumber, lastDayOfMonthIndex, monthIndexOf } from '../calendar';
import { cents } from '../money';
import { anniversaryDay, bufferSize, dayStepCounts, makeGrid, scheduleOccurrences, type StepGrid } from './occurrences';
import type { AccountType } from '../model/common';
import type { Snapshot } from '../model/comparison';
import type { Assumptions } from '../model/assumptions';
import {
  PRIMARY_CASH,
  type IsoDate,
  type Primitive,
  type PrimitiveAccount,
  type PrimitiveAdjustFlow,
  type PrimitiveFlow,
  type PrimitiveLoan,
  type PrimitiveTaxAdjustment,
  type PrimitiveTransfer,
} from '../primitives';

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
};

export type SimulationResult = { snapshots: Snapshot[]; warnings: string[] };

const KIND_CASH = 0; // checking/savings asset: interest r/12 on a positive balance, in cash_flow
const KIND_GROWTH = 1; // property/investment/super asset: (1+r)^(1/12) on a positive value, in capital_growth
const KIND_LENT = 2; // an asset of a debt type (money lent): interest r/12 in cash_flow
const KIND_DEBT = 3; // a liability: interest r/12 on what is owed, an expense

const DEBT_TYPES: ReadonlySet<AccountType> = new Set(['mortgage', 'loan', 'credit_card']);
const GROWTH_TYPES: ReadonlySet<AccountType> = new Set(['property', 'investment', 'superannuation']);
const CASH_TYPES: ReadonlySet<AccountType> = new Set(['checking', 'savings']);

type AccountRow = {
  key: string;
  name: string;
  account_type: AccountType;
  is_asset: boolean;
  /** Signed value: assets positive, liabilities negative (minus what is owed). */
  value: number;
  rate: number;
  opensStep: number;
};

function finite(n: number): number {
  return Number.isFinite(n) ? n : 0;
}

function kindOf(type: AccountType, isAsset: boolean): number {
  if (!isAsset) return KIND_DEBT;
  if (CASH_TYPES.has(type)) return KIND_CASH;
  if (GROWTH_TYPES.has(type)) return KIND_GROWTH;
  return KIND_LENT;
}

/** Monthly rate of an account from its annual percent: compounding for growth, r/12 otherwise. */
function monthlyRate(kind: number, annualPercent: number): number {
  const r = Math.max(-99.99, Math.min(1000, finite(annualPercent))) / 100;
  if (kind === KIND_GROWTH) return Math.pow(1 + r, 1 / 12) - 1;
  return r / 12;
}

/** PMT(r, n, p): the level repayment that clears p in n months at monthly rate r. */
export function pmt(rate: number, months: number, principal: number): number {
  const n = Math.max(1, Math.round(months));
  if (principal <= 0) return 0;
  if (Math.abs(rate) < 1e-12) return principal / n;
  return (principal * rate) / (1 - Math.pow(1 + rate, -n));
}

/**
 * Scratch buffers reused from one simulate() call to the next: large zeroed typed arrays are what the garbage
 * collector would otherwise chase during a compare. simulate() is synchronous and never re-entered, and
 * nothing it returns points into them (snapshots are plain objects).
 */
const scratchPool: Float64Array[] = [];
let scratchUsed = 0;

/** Occurrence buffers (steps, days), likewise reused. */
let stepBuffers: [Int32Array, Int32Array] = [new Int32Array(0), new Int32Array(0)];

function scratch(n: number): Float64Array {
  let buf = scratchPool[scratchUsed];
  if (!buf || buf.length < n) {
    buf = new Float64Array(Math.max(n, 1024));
    scratchPool[scratchUsed] = buf;
  }
  scratchUsed++;
  const view = buf.subarray(0, n);
  view.fill(0);
  return view;
}

/** Where a flow's occurrences are booked: per-account per-step deltas plus per-step income and expenses. */
type FlowBook = {
  grid: StepGrid;
  W: number;
  /** Step-major: the delta of account `row` in step k is accDelta[k * cols + row]. */
  cols: number;
  accDelta: Float64Array;
  income: Float64Array;
  expense: Float64Array;
  bufSteps: Int32Array;
  bufDays: Int32Array;
  sgRate: Float64Array;
};
/** pplRate: a PPL flow's super rate fixed by the child's birth date (NaN: by payment date, the old tag). */
type FlowTax = { taxable: Float64Array; superRow: number; superKind: number; pplRate: number } | null;

const PPL_SUPER_FROM = dateToDayNumber('2025-07-01');

/** The forecast's calendar: step grid, snapshot dates and the Super Guarantee rate of each month. */
type TimeTables = { grid: StepGrid; stepDates: IsoDate[]; sgRate: Float64Array };

function makeTime(asOf: IsoDate, months: number): TimeTables {
  const grid = makeGrid(asOf, months);
  const stepDates: IsoDate[] = new Array(months + 1);
  stepDates[0] = asOf;
  const sgRate = new Float64Array(months + 1);
  for (let k = 1; k <= months; k++) {
    stepDates[k] = lastDayOfMonthIndex(grid.m0 + k);
    sgRate[k] = superGuaranteeRate(stepDates[k]);
  }
  return { grid, stepDates, sgRate };
}

/**
 * Books every occurrence of a flow (sign -1 takes a booking back out). Adjustments give a new amount from
 * a date or an earlier end; indexation steps once a year on the schedule's anniversary.
 */
function bookFlow(book: FlowBook, flow: PrimitiveFlow, row: number, adj: ReadonlyArray<PrimitiveAdjustFlow> | undefined, tax: FlowTax, sign: number): void {
  const { cols, accDelta, income, expense, bufSteps, bufDays, sgRate } = book;
  if (adj === undefined && tax === null && !flow.indexation_rate) {
    // A plain weekly or fortnightly flow: occurrences per month by arithmetic (bufDays holds the counts).
    const n = dayStepCounts(book.grid, flow.schedule, bufDays, bufSteps);
    if (n >= 0) {
      const raw = finite(flow.amount);
      if (raw === 0) return;
      const toIncome = raw > 0;
      for (let o = 0; o < n; o++) {
        const k = bufSteps[o];
        const v = sign * raw * bufDays[o];
        accDelta[k * cols + row] += v;
        if (toIncome) income[k] += v;
        else expense[k] -= v;
      }
      return;
    }
  }
  const count = scheduleOccurrences(book.grid, flow.schedule, bufSteps, bufDays);
  if (count === 0) return;
  let endDay = Infinity;
  const adjFrom: number[] = [];
  const adjAmount: number[] = [];
  for (const a of adj ?? []) {
    if (a.end_date) endDay = Math.min(endDay, dateToDayNumber(a.end_date));
    if (a.amount !== undefined) {
      adjFrom.push(dateToDayNumber(a.from));
      adjAmount.push(finite(a.amount));
    }
  }
  const idxFactor = 1 + finite(flow.indexation_rate ?? 0) / 100;
  const indexed = idxFactor !== 1 && idxFactor > 0;
  const startDate = flow.schedule.type === 'once' ? flow.schedule.date : flow.schedule.start_date;
  const sy = Number(startDate.slice(0, 4));
  const sm = Number(startDate.slice(5, 7));
  const sd = Number(startDate.slice(8, 10));
  let years = 0;
  let nextAnniversary = indexed ? anniversaryDay(sy, sm, sd, 1) : Infinity;
  let factor = 1;
  const amount0 = finite(flow.amount);
  const nAdj = adjFrom.length;
  for (let o = 0; o < count; o++) {
    const day = bufDays[o];
    if (day > endDay) break;
    const k = bufSteps[o];
    let amt = amount0;
    for (let j = 0; j < nAdj; j++) if (day >= adjFrom[j]) amt = adjAmount[j];
    if (indexed) {
      while (day >= nextAnniversary) {
        years++;
        factor *= idxFactor;
        nextAnniversary = anniversaryDay(sy, sm, sd, years + 1);
      }
      amt *= factor;
      if (!Number.isFinite(amt)) amt = 0;
    }
    if (amt === 0) continue;
    accDelta[k * cols + row] += sign * amt;
    if (amt > 0) income[k] += sign * amt;
    else expense[k] -= sign * amt;
    if (tax === null) continue;
    tax.taxable[k] += sign * amt;
    if (tax.superRow < 0) continue;
    let toSuper: number;
    if (tax.superKind === 1) toSuper = amt * sgRate[k];
    else if (tax.superKind === 2) toSuper = Number.isNaN(tax.pplRate) ? (day >= PPL_SUPER_FROM ? amt * sgRate[k] : 0) : amt * tax.pplRate;
    else toSuper = -amt; // salary sacrifice: the (negative) flow's amount goes to super
    if (toSuper === 0) continue;
    const net = sign * toSuper * (1 - CONTRIBUTIONS_TAX_RATE);
    accDelta[k * cols + tax.superRow] += net;
    if (toSuper > 0) income[k] += net;
    else expense[k] -= net;
  }
}

/** First asset checking account, else first asset savings account, among `rows` (-1: none): primary-cash.ts. */
const primaryCashOf = primaryCashIndex;

/**
 * The base recurring items expanded once for every scenario of a compare: an item is cached when its account
 * is a base account (or the primary cash account, when the base has one); the others are booked per scenario.
 */
export type BaseFlowCache = {
  as_of: IsoDate;
  years: number;
  time: TimeTables;
  accountIds: string[];
  primary: number;
  cached: Uint8Array;
  rows: Int32Array;
  delta: Float64Array;
  income: Float64Array;
  expense: Float64Array;
};

export function buildBaseFlowCache(
  asOf: IsoDate,
  yearsIn: number,
  accounts: ReadonlyArray<SimAccountInput>,
  items: ReadonlyArray<PrimitiveFlow>,
): BaseFlowCache {
  const years = Math.max(1, Math.min(50, Math.round(yearsIn)));
  const time = makeTime(asOf, years * 12);
  const grid = time.grid;
  const W = grid.S + 1;
  const index = new Map<string, number>();
  accounts.forEach((a, i) => {
    if (!index.has(a.id)) index.set(a.id, i);
  });
  const primary = primaryCashOf(accounts);
  const bufSteps = new Int32Array(bufferSize(grid));
  const book: FlowBook = {
    grid,
    W,
    cols: accounts.length,
    accDelta: new Float64Array(accounts.length * W),
    income: new Float64Array(W),
    expense: new Float64Array(W),
    bufSteps,
    bufDays: new Int32Array(bufSteps.length),
    sgRate: new Float64Array(W),
  };
  const cached = new Uint8Array(items.length);
  const rows = new Int32Array(items.length).fill(-1);
  items.forEach((item, i) => {
    const row = item.account === PRIMARY_CASH ? primary : (index.get(item.account) ?? -1);
    if (row < 0 || item.tax) return;
    // Duplicate ids resolve to the first account in the simulator too.
    rows[i] = row;
    cached[i] = 1;
    bookFlow(book, item, row, undefined, null, 1);
  });
  return {
    as_of: asOf,
    years,
    time,
    accountIds: accounts.map((a) => a.id),
    primary,
    cached,
    rows,
    delta: book.accDelta,
    income: book.income,
    expense: book.expense,
  };
}


type Columns = {
  colNet: Float64Array;
  colCash: Float64Array;
  colGrowth: Float64Array;
  colAssets: Float64Array;
  colLiab: Float64Array;
  colLiquid: Float64Array;
  colIncome: Float64Array;
  colExpense: Float64Array;
  colTax: Float64Array;
};

/** Everything the monthly loop reads: flat typed arrays, compiled once per forecast. */
type Plan = {
  S: number;
  m0: number;
  N: number;
  A: number;
  P: number;
  L: number;
  T: number;
  cashRow: number;
  stepDates: IsoDate[];
  value: Float64Array;
  kind: Uint8Array;
  mrate: Float64Array;
  isAsset: Uint8Array;
  isLiquid: Uint8Array;
  /** Transfers out of this account are capped at its balance (a non-cash asset). */
  capFrom: Uint8Array;
  stepInterest: Float64Array;
  stepPaid: Float64Array;
  stepIncome: Float64Array;
  stepExpense: Float64Array;
  accDelta: Float64Array;
  baseDelta: Float64Array | null;
  baseCols: number;
  taxableCols: Float64Array[];
  tActive: Uint8Array;
  tAmt: Float64Array;
  tAll: Uint8Array;
  tFrom: Int32Array;
  tTo: Int32Array;
  lAcc: Int32Array;
  lFrom: Int32Array;
  lRate: Float64Array;
  lStart: Int32Array;
  lTerm: Int32Array;
  lIo: Int32Array;
  lFixed: Float64Array;
  lPmt: Float64Array;
  lTaxpayer: Int32Array;
  lShare: Float64Array;
  lDeductEnd: Int32Array;
  lDeductFrom: Int32Array;
  lEnd: Int32Array;
  swStep: Int32Array;
  swAcc: Int32Array;
  swRate: Float64Array;
};

/** Moves d into account i, keeping tot (assets, liabilities, liquid) current. */
function move(value: Float64Array, isAsset: Uint8Array, isLiquid: Uint8Array, tot: Float64Array, i: number, d: number): void {
  value[i] += d;
  if (isAsset[i]) {
    tot[0] += d;
    if (isLiquid[i]) tot[2] += d;
  } else tot[1] -= d;
}

function totals(value: Float64Array, isAsset: Uint8Array, isLiquid: Uint8Array, N: number, cols: Columns, k: number): void {
  let assets = 0;
  let liab = 0;
  let liquid = 0;
  for (let i = 0; i < N; i++) {
    const v = value[i];
    if (isAsset[i]) assets += v;
    else liab -= v;
    if (isLiquid[i]) liquid += v;
  }
  cols.colAssets[k] = assets;
  cols.colLiab[k] = liab;
  cols.colLiquid[k] = liquid;
  cols.colNet[k] = assets - liab;
}

/**
 * The monthly loop (forecast-model.md sections 4-5), in this order each month: growth and interest on the
 * opening balances; flows; tax; transfers; scheduled loan repayments. Kept apart from the compile step so
 * every array is a local the optimiser can keep in registers.
 */
function runMonths(plan: Plan): Columns {
  const {
    S, m0, N, A, P, L, T, cashRow, stepDates, value, kind, mrate, isAsset, isLiquid, capFrom, stepInterest, stepPaid,
    stepIncome, stepExpense, accDelta, baseDelta, baseCols, taxableCols, tActive, tAmt, tAll, tFrom, tTo,
    lAcc, lFrom, lRate, lStart, lTerm, lIo, lFixed, lPmt, lTaxpayer, lShare, lDeductEnd, lDeductFrom, lEnd,
    swStep, swAcc, swRate,
  } = plan;
  const ytd = new Float64Array(P);
  const charged = new Float64Array(P);
  const lastAnnual = new Float64Array(P).fill(NaN);
  const lastTax = new Float64Array(P);

  const W = S + 1;
  const cols: Columns = {
    colNet: scratch(W),
    colCash: scratch(W),
    colGrowth: scratch(W),
    colAssets: scratch(W),
    colLiab: scratch(W),
    colLiquid: scratch(W),
    colIncome: scratch(W),
    colExpense: scratch(W),
    colTax: scratch(W),
  };
  const { colCash, colGrowth, colIncome, colExpense, colTax } = cols;

  totals(value, isAsset, isLiquid, N, cols, 0);

  let fyMonths = 0;
  const base = baseDelta ?? new Float64Array(0);
  const tot = new Float64Array(3);
  let sw = 0;
  while (sw < swStep.length && swStep[sw] <= 1) sw++;
  for (let k = 1; k <= S; k++) {
    while (sw < swStep.length && swStep[sw] === k) {
      if (kind[swAcc[sw]] === KIND_DEBT) mrate[swAcc[sw]] = swRate[sw];
      sw++;
    }
    let growth = 0;
    let income = stepIncome[k];
    let expense = stepExpense[k];
    let assets = 0;
    let liab = 0;
    let liquid = 0;
    // 1-2. growth and interest on the opening balances, then the month's flows, in one pass.
    const at = k * A;
    const bt = k * baseCols;
    for (let i = 0; i < N; i++) {
      let v = value[i];
      const r = mrate[i];
      const kd = kind[i];
      if (kd === KIND_DEBT) {
        let it = 0;
        if (v < 0 && r !== 0) {
          it = -v * r;
          v -= it;
          expense += it;
        }
        stepInterest[i] = it;
      } else if (v > 0 && r !== 0) {
        const g = v * r;
        v += g;
        if (kd === KIND_GROWTH) growth += g;
        else income += g;
      }
      v += accDelta[at + i];
      if (i < baseCols) v += base[bt + i];
      value[i] = v;
      if (isAsset[i]) {
        assets += v;
        if (isLiquid[i]) liquid += v;
      } else liab -= v;
    }
    // Moves after the pass keep the month's totals (tot: assets, liabilities, liquid) current.
    tot[0] = assets;
    tot[1] = liab;
    tot[2] = liquid;
    // 3. tax, settled monthly so each financial year's total is exact.
    if (P > 0) {
      const month = (m0 + k) % 12; // 0 = January
      if (month === 6 || fyMonths === 0) {
        fyMonths = 0;
        ytd.fill(0);
        charged.fill(0);
      }
      fyMonths++;
      for (let li = 0; li < L; li++) {
        const tp = lTaxpayer[li];
        if (tp >= 0 && m0 + k < lDeductEnd[li] && m0 + k >= lDeductFrom[li]) ytd[tp] -= stepInterest[lAcc[li]] * lShare[li];
      }
      let taxTotal = 0;
      for (let p = 0; p < P; p++) {
        ytd[p] += taxableCols[p][k];
        const annual = (ytd[p] * 12) / fyMonths;
        let due = 0;
        if (annual > 0) {
          // A steady income annualises to the same figure month after month: reuse the last answer.
          if (annual !== lastAnnual[p] || fyMonths === 1) {
            lastAnnual[p] = annual;
            lastTax[p] = personalTax(annual, stepDates[k]).total;
          }
          due = (lastTax[p] * fyMonths) / 12;
        }
        const now = due - charged[p];
        charged[p] = due;
        taxTotal += now;
      }
      if (taxTotal !== 0) {
        move(value, isAsset, isLiquid, tot, cashRow, -taxTotal);
        expense += taxTotal;
        colTax[k] = taxTotal;
      }
    }
    // 4. transfers between the user's own accounts (never income or expense).
    for (let li = 0; li < L; li++) stepPaid[lAcc[li]] = 0;
    if (tActive[k]) {
      const tt = k * T;
      for (let t = 0; t < T; t++) {
        const amt = tAmt[tt + t];
        const all = tAll[tt + t];
        if (amt === 0 && all === 0) continue;
        const from = tFrom[t];
        const to = tTo[t];
        if (amt > 0) {
          let a = amt;
          // Out of a non-cash asset (super, investments, property, money lent): never more than it holds, so a
          // drawdown stops when super runs out. Cash may go negative: that shows a shortfall, not lost money.
          if (capFrom[from]) a = Math.min(a, Math.max(0, value[from]));
          if (!isAsset[to]) {
            a = Math.min(a, Math.max(0, -value[to]));
            stepPaid[to] += a;
          }
          move(value, isAsset, isLiquid, tot, from, -a);
          move(value, isAsset, isLiquid, tot, to, a);
        }
        if (all) {
          let a = 0;
          if (!isAsset[to]) {
            a = Math.max(0, -value[to]);
            stepPaid[to] += a;
          } else if (isAsset[from]) a = Math.max(0, value[from]);
          move(value, isAsset, isLiquid, tot, from, -a);
          move(value, isAsset, isLiquid, tot, to, a);
        }
      }
    }
    // 5. scheduled loan repayments, capped at what is owed.
    const monthIdx = m0 + k;
    for (let li = 0; li < L; li++) {
      const p = monthIdx - lStart[li] + 1;
      if (p < 1 || monthIdx >= lEnd[li]) continue;
      const acc = lAcc[li];
      const owed = -value[acc];
      if (!(owed > 0.004)) continue;
      const interest = stepInterest[acc];
      let pay: number;
      if (p <= lIo[li]) pay = interest;
      else {
        if (Number.isNaN(lPmt[li])) {
          const principal = owed + stepPaid[acc] - interest;
          lPmt[li] = Number.isNaN(lFixed[li]) ? pmt(lRate[li], lTerm[li] - (p - 1), principal) : lFixed[li];
          if (!(lPmt[li] > 0)) lPmt[li] = owed;
        }
        pay = lPmt[li];
      }
      if (pay > owed) pay = owed;
      move(value, isAsset, isLiquid, tot, lFrom[li], -pay);
      move(value, isAsset, isLiquid, tot, acc, pay);
    }
    colGrowth[k] = growth;
    colIncome[k] = income;
    colExpense[k] = expense;
    colCash[k] = income - expense;
    cols.colAssets[k] = tot[0];
    cols.colLiab[k] = tot[1];
    cols.colLiquid[k] = tot[2];
    cols.colNet[k] = tot[0] - tot[1];
  }
  return cols;
}

export function simulate(spec: SimulationSpec): SimulationResult {
  const warnings: string[] = [];
  const years = Math.max(1, Math.min(50, Math.round(spec.years)));
  const S = years * 12;
  const W = S + 1;
  const cache = spec.base_cache;
  const timeFits = !!cache && cache.as_of === spec.as_of && cache.years === years;
  const time = timeFits && cache ? cache.time : makeTime(spec.as_of, S);
  const { grid, stepDates, sgRate } = time;
  const m0 = grid.m0;
  const rates = spec.assumptions.account_type_rates;

  // ---- accounts ----
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
  const openingFlows: Array<{ row: number; step: number; value: number }> = [];
  for (const g of spec.groups) {
    let local = scopeIndex.get(g.scope);
    if (!local) scopeIndex.set(g.scope, (local = new Map()));
    for (const p of g.primitives) {
      if (p.kind !== 'account' || local.has(p.key)) continue;
      const acc = p as PrimitiveAccount;
      let opensStep = 0;
      if (acc.opens) opensStep = Math.max(0, monthIndexOf(acc.opens) - m0);
      if (opensStep > S) continue;
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
  let primary = primaryCashOf(rows.slice(0, globalIndex.size));
  if (primary < 0) {
    const fromEvents = primaryCashOf(rows.slice(globalIndex.size).map((r) => (r.opensStep === 0 ? r : { ...r, is_asset: false })));
    if (fromEvents >= 0) primary = globalIndex.size + fromEvents;
  }
  const linkedAccount = new Map<string, number>();
  // Materialised ids resolve to their event's account even when the profile does not hold the entity itself
  // (a compile context may offer a baseline event's account as a default: see forecast.ts scenarioContext).
  if (spec.entity_id) {
    for (const [scope, local] of scopeIndex) for (const [key, idx] of local) linkedAccount.set(spec.entity_id(scope, key), idx);
  }
  for (const l of spec.linked_accounts ?? []) {
    if (linkedAccount.has(l.id)) continue;
    const local = scopeIndex.get(l.scope);
    if (!local) continue;
    let found = -1;
    for (const idx of local.values()) if (rows[idx].name === l.name) found = found < 0 ? idx : found;
    if (found < 0) for (const idx of local.values()) if (rows[idx].account_type === l.account_type) found = found < 0 ? idx : found;
    if (found >= 0) linkedAccount.set(l.id, found);
  }
  const resolve = (ref: string, scope: string | null, what: string): number => {
    if (ref === PRIMARY_CASH) return primaryIndex();
    if (scope !== null) {
      const hit = scopeIndex.get(scope)?.get(ref);
      if (hit !== undefined) return hit;
    }
    const g = globalIndex.get(ref);
    if (g !== undefined) return g;
    const l = linkedAccount.get(ref);
    if (l !== undefined) return l;
    for (const local of scopeIndex.values()) {
      const hit = local.get(ref);
      if (hit !== undefined) return hit;
    }
    warnings.push(`${what}: account "${ref}" not found; the primary cash account is used`);
    return primaryIndex();
  };
  function primaryIndex(): number {
    if (primary >= 0) return primary;
    primary = rows.length;
    rows.push({ key: PRIMARY_CASH, name: 'Cash', account_type: 'checking', is_asset: true, value: 0, rate: rates.checking, opensStep: 0 });
    return primary;
  }

  // ---- collect flows, adjustments, transfers, loans ----
  type ScopedFlow = { flow: PrimitiveFlow; scope: string | null };
  const flows: ScopedFlow[] = [];
  const adjusts: Array<{ adj: PrimitiveAdjustFlow; scope: string | null }> = [];
  const transfers: Array<{ t: PrimitiveTransfer; scope: string | null }> = [];
  const loans: Array<{ l: PrimitiveLoan; scope: string | null }> = [];
  const taxAdjustments: PrimitiveTaxAdjustment[] = [];
  const collect = (ps: ReadonlyArray<Primitive>, scope: string | null) => {
    for (const p of ps) {
      if (p.kind === 'flow') flows.push({ flow: p, scope });
      else if (p.kind === 'adjust_flow') adjusts.push({ adj: p, scope });
      else if (p.kind === 'transfer') transfers.push({ t: p, scope });
      else if (p.kind === 'loan') loans.push({ l: p, scope });
      else if (p.kind === 'tax_adjustment') taxAdjustments.push(p);
    }
  };
  const baseItems = spec.base_items ?? [];
  for (const flow of baseItems) flows.push({ flow, scope: null });
  collect(spec.base, null);
  for (const g of spec.groups) collect(g.primitives, g.scope);

  // Adjustments target a flow key (own scope first, then base ids, then a materialised item's event flow).
  const flowKeyIndex = new Map<string, number>();
  if (adjusts.length > 0) {
    const targets = new Set(adjusts.map((a) => a.adj.target));
    flows.forEach((f, i) => {
      if (!targets.has(f.flow.key)) return;
      const k = `${f.scope ?? ''}\u0000${f.flow.key}`;
      if (!flowKeyIndex.has(k)) flowKeyIndex.set(k, i);
    });
  }
  const linkedItem = new Map<string, { id: string; scope: string; name: string }>();
  for (const l of spec.linked_items ?? []) linkedItem.set(l.id, l);
  const adjustmentsOf = new Map<number, PrimitiveAdjustFlow[]>();
  for (const { adj, scope } of adjusts) {
    let target = scope !== null ? flowKeyIndex.get(`${scope}\u0000${adj.target}`) : undefined;
    if (target === undefined) target = flowKeyIndex.get(`\u0000${adj.target}`);
    if (target === undefined) {
      const l = linkedItem.get(adj.target);
      if (l && spec.entity_id) {
        const entityId = spec.entity_id;
        target = flows.findIndex((f) => f.scope === l.scope && entityId(l.scope, f.flow.key) === l.id);
        if (target < 0) target = undefined;
      }
      if (l && target === undefined) target = flows.findIndex((f) => f.scope === l.scope && f.flow.name === l.name);
      if (target !== undefined && target < 0) target = undefined;
    }
    if (target === undefined) {
      warnings.push(`adjust_flow ${adj.key}: recurring item "${adj.target}" not found; ignored`);
      continue;
    }
    const list = adjustmentsOf.get(target) ?? [];
    list.push(adj);
    adjustmentsOf.set(target, list);
  }
  for (const list of adjustmentsOf.values()) list.sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0));

  const A = rows.length + 1; // room for a synthetic primary cash account created while resolving
  scratchUsed = 0;
  const accDelta = scratch(A * W);
  const stepIncome = scratch(W);
  const stepExpense = scratch(W);
  const taxpayerIndex = new Map<string, number>();
  const taxableCols: Float64Array[] = [];
  const taxpayerOf = (name: string): number => {
    let i = taxpayerIndex.get(name);
    if (i === undefined) {
      i = taxableCols.length;
      taxpayerIndex.set(name, i);
      taxableCols.push(scratch(W));
    }
    return i;
  };

  const addMoney = (row: number, step: number, amount: number) => {
    accDelta[step * A + row] += amount;
    if (amount >= 0) stepIncome[step] += amount;
    else stepExpense[step] -= amount;
  };
  for (const o of openingFlows) addMoney(o.row, o.step, o.value);

  // ---- flows: every occurrence on its real date, into per-step totals ----
  const bufLen = bufferSize(grid);
  if (stepBuffers[0].length < bufLen) stepBuffers = [new Int32Array(bufLen), new Int32Array(bufLen)];
  const bufSteps = stepBuffers[0];
  const book: FlowBook = { grid, W, cols: A, accDelta, income: stepIncome, expense: stepExpense, bufSteps, bufDays: stepBuffers[1], sgRate };
  const cacheFits =
    timeFits &&
    !!cache &&
    cache.cached.length === baseItems.length &&
    cache.accountIds.length === globalIndex.size &&
    spec.accounts.length === globalIndex.size &&
    cache.accountIds.every((id, i) => globalIndex.get(id) === i) &&
    (cache.primary < 0 || cache.primary === primary);
  if (cacheFits && cache) {
    for (let k = 0; k < W; k++) {
      stepIncome[k] += cache.income[k];
      stepExpense[k] += cache.expense[k];
    }
  }
  for (let fi = 0; fi < flows.length; fi++) {
    const { flow, scope } = flows[fi];
    const adj = adjustmentsOf.get(fi);
    if (cacheFits && cache && fi < baseItems.length && cache.cached[fi]) {
      if (!adj) continue;
      bookFlow(book, flow, cache.rows[fi], undefined, null, -1); // take the cached booking back out
    }
    const row = resolve(flow.account, scope, `flow ${flow.key}`);
    const tax = flow.tax;
    let flowTax: FlowTax = null;
    if (tax) {
      let superRow = -1;
      let superKind = 0; // 1 salary, 2 ppl, 3 salary sacrifice
      if ((tax.kind === 'salary' || tax.kind === 'ppl' || tax.kind === 'salary_sacrifice') && tax.super_account) {
        superRow = resolve(tax.super_account, scope, `flow ${flow.key} super`);
        superKind = tax.kind === 'salary' ? 1 : tax.kind === 'ppl' ? 2 : 3;
      }
      // Super on PPL depends on the child's birth date (from 1 July 2025), not on when each payment falls.
      const pplRate = tax.kind === 'ppl' && tax.birth_date && isIsoDate(tax.birth_date) ? pplSuperRate(tax.birth_date) : NaN;
      flowTax = { taxable: taxableCols[taxpayerOf(tax.taxpayer)], superRow, superKind, pplRate };
    }
    bookFlow(book, flow, row, adj, flowTax, 1);
  }

  const bufDays = book.bufDays;
  // ---- tax adjustments: taxable income only, no money moves ----
  for (const t of taxAdjustments) {
    const amount = finite(t.amount);
    if (amount === 0) continue;
    const taxable = taxableCols[taxpayerOf(t.taxpayer)];
    const count = scheduleOccurrences(grid, t.schedule, bufSteps, bufDays);
    for (let o = 0; o < count; o++) taxable[bufSteps[o]] += amount;
  }
  // The cached base bookings are applied in the monthly loop (step-major, base accounts first).
  const baseDelta = cacheFits && cache ? cache.delta : null;
  const baseCols = cacheFits && cache ? cache.accountIds.length : 0;
  // ---- transfers: per-step amounts; 'all' as a per-step flag ----
  const T = transfers.length;
  const tFrom = new Int32Array(T);
  const tTo = new Int32Array(T);
  const tAmt = scratch(T * W);
  const tAll = new Uint8Array(T * W);
  const tActive = new Uint8Array(W); // any transfer in step k
  for (let ti = 0; ti < T; ti++) {
    const { t, scope } = transfers[ti];
    let from = resolve(t.from, scope, `transfer ${t.key}`);
    let to = resolve(t.to, scope, `transfer ${t.key}`);
    let amount = t.amount === 'all' ? 0 : finite(t.amount);
    if (amount < 0) {
      [from, to] = [to, from];
      amount = -amount;
    }
    tFrom[ti] = from;
    tTo[ti] = to;
    const count = scheduleOccurrences(grid, t.schedule, bufSteps, bufDays);
    for (let o = 0; o < count; o++) {
      const k = bufSteps[o];
      tActive[k] = 1;
      if (t.amount === 'all') tAll[k * T + ti] = 1;
      else tAmt[k * T + ti] += amount;
    }
  }

  // ---- loans ----
  const L = loans.length;
  const lAcc = new Int32Array(L);
  const lFrom = new Int32Array(L);
  const lRate = new Float64Array(L);
  const lStart = new Int32Array(L);
  const lTerm = new Int32Array(L);
  const lIo = new Int32Array(L);
  const lFixed = new Float64Array(L);
  const lPmt = new Float64Array(L).fill(NaN);
  const lTaxpayer = new Int32Array(L).fill(-1);
  const lShare = new Float64Array(L);
  // The first month index whose interest is no longer deductible (deductible_until), else never.
  const lDeductEnd = new Int32Array(L).fill(0x7fffffff);
  const loanOfAccount = new Int32Array(A).fill(-1);
  // A later loan on an account that already has one (a scenario's interest_only_mortgage on the baseline's
  // existing_mortgage, say) takes over from its start month: the earlier one stops repaying (and deducting)
  // then, and the account's interest rate switches to the later loan's.
  const lEnd = new Int32Array(L).fill(0x7fffffff);
  const lDeductFrom = new Int32Array(L).fill(-0x7fffffff);
  const rateSwitches: Array<{ step: number; acc: number; li: number }> = [];
  loans.forEach(({ l, scope }, li) => {
    const acc = resolve(l.account, scope, `loan ${l.key}`);
    lAcc[li] = acc;
    lFrom[li] = resolve(l.repayment_from, scope, `loan ${l.key}`);
    lRate[li] = Math.max(0, finite(l.annual_rate)) / 1200;
    lStart[li] = monthIndexOf(l.start);
    lTerm[li] = Math.max(1, Math.round(finite(l.term_months)));
    lIo[li] = Math.max(0, Math.round(finite(l.interest_only_months ?? 0)));
    lFixed[li] = l.fixed_repayment !== undefined && l.fixed_repayment > 0 ? finite(l.fixed_repayment) : NaN;
    if (l.deductible_share && l.deductible_share > 0 && l.taxpayer) {
      lShare[li] = Math.min(1, finite(l.deductible_share));
      lTaxpayer[li] = taxpayerOf(l.taxpayer);
      if (l.deductible_until && isIsoDate(l.deductible_until)) lDeductEnd[li] = monthIndexOf(addDays(l.deductible_until, 1));
    }
    const prev = loanOfAccount[acc];
    if (prev < 0) loanOfAccount[acc] = li;
    else {
      for (let pi = 0; pi < li; pi++) {
        if (lAcc[pi] !== acc || lEnd[pi] <= lStart[li]) continue;
        lEnd[pi] = lStart[li];
        lDeductEnd[pi] = Math.min(lDeductEnd[pi], lStart[li]);
      }
      lDeductFrom[li] = lStart[li];
      rateSwitches.push({ step: lStart[li] - m0, acc, li });
    }
  });
  rateSwitches.sort((a, b) => a.step - b.step);
  const swStep = Int32Array.from(rateSwitches, (r) => r.step);
  const swAcc = Int32Array.from(rateSwitches, (r) => r.acc);
  const swRate = Float64Array.from(rateSwitches, (r) => lRate[r.li]);

  // ---- state arrays ----
  const P = taxableCols.length;
  const cashRow = P > 0 ? primaryIndex() : -1;
  const N = rows.length;
  const value = new Float64Array(N);
  const kind = new Uint8Array(N);
  const mrate = new Float64Array(N);
  const isAsset = new Uint8Array(N);
  const isLiquid = new Uint8Array(N);
  const capFrom = new Uint8Array(N);
  const stepInterest = new Float64Array(N);
  // Repaid into each debt by transfers this step: a level repayment is fixed on the month's opening principal.
  const stepPaid = new Float64Array(N);
  for (let i = 0; i < N; i++) {
    const r = rows[i];
    value[i] = r.value;
    kind[i] = kindOf(r.account_type, r.is_asset);
    const li = loanOfAccount[i];
    mrate[i] = li >= 0 && kind[i] === KIND_DEBT ? lRate[li] : monthlyRate(kind[i], r.rate);
    isAsset[i] = r.is_asset ? 1 : 0;
    isLiquid[i] = r.is_asset && CASH_TYPES.has(r.account_type) ? 1 : 0;
    capFrom[i] = r.is_asset && !CASH_TYPES.has(r.account_type) ? 1 : 0;
  }
  // Loans that took over before the first step set the rate from the start.
  for (let j = 0; j < swStep.length; j++) if (swStep[j] <= 1 && kind[swAcc[j]] === KIND_DEBT) mrate[swAcc[j]] = swRate[j];
  const cols = runMonths({
    S, m0, N, A, P, L, T, cashRow, stepDates, value, kind, mrate, isAsset, isLiquid, capFrom, stepInterest, stepPaid,
    stepIncome, stepExpense, accDelta, baseDelta, baseCols, taxableCols, tActive, tAmt, tAll, tFrom, tTo,
    lAcc, lFrom, lRate, lStart, lTerm, lIo, lFixed, lPmt, lTaxpayer, lShare, lDeductEnd, lDeductFrom, lEnd,
    swStep, swAcc, swRate,
  });
  const { colNet, colCash, colGrowth, colAssets, colLiab, colLiquid, colIncome, colExpense, colTax } = cols;
  const snapshots: Snapshot[] = new Array(W);
  for (let k = 0; k < W; k++) {
    snapshots[k] = {
      date: stepDates[k],
      net_worth: cents(colNet[k]),
      cash_flow: cents(colCash[k]),
      capital_growth: cents(colGrowth[k]),
      total_assets: cents(colAssets[k]),
      total_liabilities: cents(colLiab[k]),
      liquid_cash: cents(colLiquid[k]),
      income: cents(colIncome[k]),
      expenses: cents(colExpense[k]),
      tax: cents(colTax[k]),
    };
  }
  return { snapshots, warnings };
}
