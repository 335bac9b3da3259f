// Monte Carlo trials and stress tests over compiled scenarios (docs/uncertainty.md): each scenario is compiled
// once, then every trial resets its balances, sets the month loop's per-step rate shifts from the trial's market
// path (the same path for every scenario) and runs the ordinary month loop. Batches merge exactly.
import { monthIndexOf, monthOfIndex } from '../calendar';
import { sampleSnapshots } from '../compare';
import { resolveAssumptions } from '../model/assumptions';
import { EngineInputError, parseOrThrow } from '../model/issues';
import type { ScenarioEvent } from '../model/scenario';
import {
  RETURN_TYPES,
  resolveUncertaintyAssumptions,
  type UncertaintyAssumptions,
} from '../model/uncertainty-assumptions';
import { cents, deflator } from '../money';
import type { IsoMonth } from '../primitives';
import {
  KIND_DEBT,
  KIND_LENT,
  SHARED_TOTALS_WIDTH,
  ScratchArena,
  compileSpec,
  defaultEventCompiler,
  prepareProfile,
  runCompiled,
  scenarioIdsOf,
  scenarioSpec,
  readsSuperTotal,
  sharedAccountPass,
  type Columns,
  type Plan,
  type PreparedProfile,
  type Simulator,
} from '../simulate/index';
import {
  FACTOR_COUNT,
  TYPE_COUNT,
  allocateMarketPath,
  buildMarketModel,
  drawMarketPath,
  expectedMonthlyRate,
  type MarketModel,
  type MarketPath,
} from './market';
import { PERCENTILES, quantilesInPlace } from './percentiles';
import { TrialStreams } from './random';
import { UncertaintyRequestSchema } from './request';
import type {
  PercentileSeries,
  ScenarioUncertainty,
  StressOption,
  TrialBatch,
  UncertaintyRequest,
  UncertaintyResult,
} from './types';

/** The falls of a crash stress, by return type: shares 30%, balanced super 20%, property 15% over one year. */
export const CRASH_FALLS: Readonly<Record<(typeof RETURN_TYPES)[number], number>> = {
  checking: 0,
  savings: 0,
  investment: 0.3,
  superannuation: 0.2,
  property: 0.15,
};
/** high_inflation_decade: inflation at this percent a year for the first STRESS_INFLATION_MONTHS. */
export const STRESS_INFLATION_PERCENT = 7;
export const STRESS_INFLATION_MONTHS = 120;
/** rates_up_5y: debt, money-lent and savings rates this many points higher for the first STRESS_RATES_MONTHS. */
export const STRESS_RATES_POINTS = 3;
export const STRESS_RATES_MONTHS = 60;

const SAVINGS = RETURN_TYPES.indexOf('savings');
const CRASH_LOG = Float64Array.from(RETURN_TYPES, (t) => Math.log1p(-CRASH_FALLS[t]) / 12);

type ParsedRequest = ReturnType<typeof UncertaintyRequestSchema.parse>;

/** One scenario compiled once, with what a trial resets and the per-account treatment of returns. */
type CompiledScenario = {
  scenario_id: string;
  name: string;
  plan: Plan;
  columns: Columns;
  loopScratch: ScratchArena;
  balance0: Float64Array;
  rate0: Float64Array;
  /** Per asset account: the median monthly rate (its own rate, or its type's `expected` return). */
  median0: Float64Array;
  repayment0: Float64Array;
  /** Each account row's column in the run's shift table (ShiftClasses). */
  shiftColumn: Int32Array;
  /** The rows its month loop runs itself: every row but the shared ones (SharedRows); null: every row. */
  ownRows: Int32Array | null;
  /** Per account: its RETURN_TYPES index, or -1. */
  typeIndex: Int32Array;
  /** Per account: 1 for a debt or money lent (moved by the rate deviation). */
  followsRates: Uint8Array;
  /** Crash stress window (steps, inclusive); from > to: none. */
  crashFrom: number;
  crashTo: number;
  /** The goal account's row (-1: the goal is net worth). */
  goalRow: number;
  goalIsDebt: boolean;
};

type Prepared = {
  request: ParsedRequest;
  seed: number;
  stress: StressOption | null;
  model: MarketModel;
  months: number;
  sampleSteps: number[];
  sampleMonths: IsoMonth[];
  stepMonths: IsoMonth[];
  /** Deflator of each sampled step at the deterministic inflation. */
  sampleDeflators: Float64Array;
  goalStep: number;
  /** Today's dollars at the goal month, at the assumed inflation. */
  goalDeflator: number;
  scenarios: CompiledScenario[];
  shiftClasses: ShiftClasses;
  ratesUpMonths: number;
  shared: SharedRows | null;
  /** The kept profile's plans this request set up, and how (HeldPlans); null when none are shared. */
  held: HeldPlans | null;
};

/**
 * The kept plans a request uses and what it did to them: put back as compiled, then scaled by `inflate` (a
 * high-inflation stress). The kept profile remembers which request set its plans up last (`owner`); a request whose
 * trials run after another's preparation sets them up again first.
 */
type HeldPlans = {
  kept: KeptState;
  plans: Array<{ plan: Plan; asCompiled: PlanAsCompiled }>;
  inflate: Float64Array | null;
};

/**
 * The rows every scenario holds alike (the same opening balance, rate, kind, rate-shift class and money booked in
 * every step) and that only the month loop's growth-and-interest pass moves in any of them: no loan, offset,
 * transfer, rate switch, tax, HELP or pension step moves them. A trial runs them once (sharedAccountPass, on the
 * first scenario's tables) and every scenario's loop adds their per-step totals instead of running them again:
 * most of a household's accounts are such rows, and the scenarios differ in their events. Their balances are the
 * same to the bit; only the order the totals are added in changes. Some of them a later step only reads (each
 * person's super, totalled at 30 June for the next year's caps; the goal's account): the pass keeps their balance
 * at every step and each scenario's loop copies it in (Plan.sharedReadRows), so those readers see what the loop's
 * own pass would have left.
 */
type SharedRows = {
  rows: Int32Array;
  /** Per shared row: its column in readBalances, or -1 when nothing reads it. */
  readSlot: Int32Array;
  /** The shared rows something reads, by column, and their balances after each step (Plan.sharedReadBalances). */
  readRows: Int32Array;
  readBalances: Float64Array;
  /** The steps after which something reads them: each 30 June (the retirement phase's super total). */
  readSteps: Uint8Array;
  /** Today's balances of every row of the first scenario (the shared rows' start), and the run's copy. */
  balance0: Float64Array;
  balance: Float64Array;
  /** Per step: SHARED_TOTALS_WIDTH totals (Plan.sharedAccountTotals). */
  totals: Float64Array;
};

/** The events a scenario's forecast includes: the baseline's, then its own. */
function eventsOf(prepared: PreparedProfile, id: string): ScenarioEvent[] {
  const baseline = prepared.baseline;
  const scenario = prepared.profile.scenarios.find((s) => s.id === id);
  const events = baseline ? [...baseline.events] : [];
  if (scenario && !scenario.is_baseline) events.push(...scenario.events);
  return events;
}

/** The first step of a crash stress for one scenario (the fall spreads over that step and the next 11). */
function crashStart(prepared: PreparedProfile, stress: StressOption, id: string, name: string, asOfMonth: number) {
  if (stress.name === 'crash_first_year') return 1;
  if (stress.name === 'crash_at_event') {
    const eventId = stress.event_id;
    if (!eventId) {
      throw new EngineInputError([{ path: '$options.stress.event_id', message: 'is required for crash_at_event' }]);
    }
    const event = prepared.profile.scenarios.flatMap((s) => s.events).find((e) => e.id === eventId);
    if (!event) {
      throw new EngineInputError([{ path: '$options.stress.event_id', message: `no event with id "${eventId}"` }]);
    }
    return Math.max(1, monthIndexOf(event.trigger_month) - asOfMonth);
  }
  // crash_at_retirement: the scenario's earliest retirement event.
  const retirements = eventsOf(prepared, id).filter((e) => e.template_id === 'retirement');
  if (retirements.length === 0) {
    throw new EngineInputError([
      {
        path: '$options.stress',
        message: `scenario "${name}" has no retirement event: crash_at_retirement needs one in every scenario compared`,
      },
    ]);
  }
  const first = retirements.reduce((a, b) => (b.trigger_month < a.trigger_month ? b : a));
  return Math.max(1, monthIndexOf(first.trigger_month) - asOfMonth);
}

/** The spec and compile steps for one scenario, into buffers of its own that every trial reuses. */
function compileScenario(prepared: PreparedProfile, id: string, request: ParsedRequest) {
  const scenario = scenarioSpec(prepared, id, { as_of: request.as_of, years: request.years });
  const { plan, accountRows, columns } = compileSpec(scenario.spec, new ScratchArena());
  return { scenario, plan, accountRows, columns };
}

type CompiledPlan = ReturnType<typeof compileScenario>;

/**
 * What a request's preparation and its trials change in a compiled plan, as compiled: trials overwrite the balances,
 * rates and loan repayments (each trial starts from copies taken before its request's first trial), and a
 * high-inflation stress scales the bookings in place (inflateFlows) and swaps the shared base bookings for a copy.
 * Everything else a run writes it resets itself at its first step.
 */
type PlanAsCompiled = {
  balance: Float64Array;
  monthlyRate: Float64Array;
  repayment: Float64Array;
  accountDelta: Float64Array;
  flowIncome: Float64Array;
  flowExpense: Float64Array;
  taxableIncome: Float64Array[];
  transferAmount: Float64Array;
  baseAccountDelta: Float64Array | null;
};

function asCompiled(plan: Plan): PlanAsCompiled {
  return {
    balance: plan.accounts.balance.slice(),
    monthlyRate: plan.accounts.monthlyRate.slice(),
    repayment: plan.loans.repayment.slice(),
    accountDelta: plan.accountDelta.slice(),
    flowIncome: plan.flowIncome.slice(),
    flowExpense: plan.flowExpense.slice(),
    taxableIncome: plan.taxableIncome.map((t) => t.slice()),
    transferAmount: plan.transfers.amount.slice(),
    // Never changed in place (inflateFlows copies it), so the array itself.
    baseAccountDelta: plan.baseAccountDelta,
  };
}

function restore(plan: Plan, c: PlanAsCompiled): void {
  plan.accounts.balance.set(c.balance);
  plan.accounts.monthlyRate.set(c.monthlyRate);
  plan.loans.repayment.set(c.repayment);
  plan.accountDelta.set(c.accountDelta);
  plan.flowIncome.set(c.flowIncome);
  plan.flowExpense.set(c.flowExpense);
  c.taxableIncome.forEach((t, p) => plan.taxableIncome[p].set(t));
  plan.transfers.amount.set(c.transferAmount);
  plan.baseAccountDelta = c.baseAccountDelta;
}

/**
 * Compiled plans a kept profile holds at most (each scenario, start date and period is one): under 1 MB each with
 * its copies on the heavy benchmark profile.
 */
const KEPT_PLANS = 12;

/**
 * A profile kept for several requests (keepProfile): validated, its base items and events compiled, and each
 * scenario's plan compiled per start date and period, by the first request that needs them and reused by later ones.
 * A worker keeps the profile it was sent, and a later Run (another stress test, say) prepares only what depends on
 * the request.
 */
export type KeptProfile = { readonly kind: 'kept-profile' };

type KeptState = KeptProfile & {
  input: unknown;
  prepared: PreparedProfile | null;
  /**
   * Each scenario's plan compiled for a start date and period, with its arrays as compiled: a later request (another
   * stress test, goal or trial count) puts them back instead of compiling again, 45-95 ms of a worker's time per Run
   * as the compiler's code runs cold there. Only one request runs on a kept profile at a time (one per worker).
   */
  plans: Map<string, { compiled: CompiledPlan; asCompiled: PlanAsCompiled }>;
  /** The request whose preparation last set the kept plans up (HeldPlans). */
  owner: HeldPlans | null;
};

const keptProfiles = new WeakSet<object>();

/** Wraps a profile so the requests prepared from it (prepareTrials) share its validation and compiled plans. */
export function keepProfile(profile: unknown): KeptProfile {
  const kept: KeptState = { kind: 'kept-profile', input: profile, prepared: null, plans: new Map(), owner: null };
  keptProfiles.add(kept);
  return kept;
}

function keptState(profile: unknown): KeptState | null {
  return typeof profile === 'object' && profile !== null && keptProfiles.has(profile) ? (profile as KeptState) : null;
}

/** The profile validated and ready to compile (a kept one's from the first request that asked). */
function preparedOf(profile: unknown): PreparedProfile {
  const kept = keptState(profile);
  if (!kept) return prepareProfile(profile, defaultEventCompiler);
  // Bad input throws here every time: nothing is kept until the profile is valid.
  kept.prepared ??= prepareProfile(kept.input, defaultEventCompiler);
  return kept.prepared;
}

/**
 * Every requested scenario compiled, in order: a kept profile's plans as compiled (restored) when it has them, else
 * compiled now (and kept). A scenario asked for twice gets a plan of its own the second time.
 */
function compiledPlans(
  profile: unknown,
  prepared: PreparedProfile,
  ids: string[],
  request: ParsedRequest,
): { compiled: CompiledPlan[]; held: HeldPlans | null } {
  const kept = keptState(profile);
  if (!kept) return { compiled: ids.map((id) => compileScenario(prepared, id, request)), held: null };
  const used = new Set<string>();
  const held: HeldPlans = { kept, plans: [], inflate: null };
  const compiled = ids.map((id) => {
    const key = `${request.as_of}|${request.years}|${id}`;
    if (used.has(key)) return compileScenario(prepared, id, request);
    used.add(key);
    let entry = kept.plans.get(key);
    if (entry) restore(entry.compiled.plan, entry.asCompiled);
    else {
      const fresh = compileScenario(prepared, id, request);
      entry = { compiled: fresh, asCompiled: asCompiled(fresh.plan) };
      if (kept.plans.size >= KEPT_PLANS) kept.plans.clear();
      kept.plans.set(key, entry);
    }
    held.plans.push({ plan: entry.compiled.plan, asCompiled: entry.asCompiled });
    return entry.compiled;
  });
  kept.owner = held;
  return { compiled, held };
}

/** Sets the kept plans up for this request again when another request's preparation has used them since. */
function ensureHeld(held: HeldPlans | null): void {
  if (!held || held.kept.owner === held) return;
  for (const { plan, asCompiled } of held.plans) {
    restore(plan, asCompiled);
    if (held.inflate) inflateFlows(plan, held.inflate);
  }
  held.kept.owner = held;
}

function prepare(profile: unknown, requestInput: unknown): Prepared {
  const request = parseOrThrow(UncertaintyRequestSchema, requestInput, '$options');
  const prepared = preparedOf(profile);
  const assumptions = resolveAssumptions(prepared.profile.assumptions);
  const u: UncertaintyAssumptions = resolveUncertaintyAssumptions(prepared.profile.assumptions?.uncertainty);
  const ids = scenarioIdsOf(prepared, request.scenario_ids);
  const stress: StressOption | null = request.stress
    ? { name: request.stress.name, ...(request.stress.event_id ? { event_id: request.stress.event_id } : {}) }
    : null;
  const { compiled, held } = compiledPlans(profile, prepared, ids, request);
  const first = compiled[0].plan;
  const months = first.months;
  const stepDates = first.stepDates;
  const model = buildMarketModel(u, months, assumptions.inflation_rate);
  // One trial is the deterministic path (with the stress, if any): a stress test on its own, whatever the volatility.
  if (request.trials === 1) model.random = false;
  if (stress?.name === 'high_inflation_decade') {
    model.inflationStressMonths = STRESS_INFLATION_MONTHS;
    model.inflationStressPercent = STRESS_INFLATION_PERCENT;
  }
  const ratesUpMonths = stress?.name === 'rates_up_5y' ? STRESS_RATES_MONTHS : 0;
  const allSteps = Array.from({ length: months + 1 }, (_, k) => k);
  const sampleSteps = sampleSnapshots(allSteps, request.years);
  const stepMonths = stepDates.map((d) => d.slice(0, 7) as IsoMonth);

  let goalStep = -1;
  const goal = request.goal ?? null;
  if (goal) {
    if (goal.date < request.as_of || goal.date > stepDates[months]) {
      throw new EngineInputError([
        {
          path: '$options.goal.date',
          message: `must be within the forecast, from ${request.as_of} to ${stepDates[months]}`,
        },
      ]);
    }
    for (let k = 0; k <= months; k++) if (stepDates[k] <= goal.date) goalStep = k;
  }

  const inflate =
    stress?.name === 'high_inflation_decade'
      ? priceRatio(months, assumptions.inflation_rate, STRESS_INFLATION_PERCENT, STRESS_INFLATION_MONTHS)
      : null;
  if (held) held.inflate = inflate;
  const scenarios = compiled.map(({ scenario, plan, accountRows, columns }) => {
    if (inflate) inflateFlows(plan, inflate);
    const count = plan.accounts.count;
    const typeIndex = new Int32Array(count).fill(-1);
    const followsRates = new Uint8Array(count);
    // The median month of each account: its own deterministic rate, or its type's `expected` return (measured
    // against the account's own rate, so a 5% property with expected 8% has a median year of exactly 8%).
    const median0 = plan.accounts.monthlyRate.slice();
    for (let i = 0; i < count; i++) {
      const row = accountRows[i];
      const kind = plan.accounts.kind[i];
      if (kind === KIND_DEBT || kind === KIND_LENT) followsRates[i] = 1;
      else typeIndex[i] = (RETURN_TYPES as ReadonlyArray<string>).indexOf(row.account_type);
      const expected = typeIndex[i] >= 0 ? model.typeExpected[typeIndex[i]] : NaN;
      if (!Number.isNaN(expected)) median0[i] = expectedMonthlyRate(kind, expected);
    }
    let crashFrom = 1;
    let crashTo = 0;
    if (stress && stress.name.startsWith('crash_')) {
      crashFrom = crashStart(prepared, stress, scenario.scenario_id, scenario.name, plan.asOfMonth);
      crashTo = crashFrom + 11;
    }
    let goalRow = -1;
    if (goal?.account_id) {
      const target = goal.account_id;
      const entityId = prepared.compile?.entityId;
      goalRow = accountRows.findIndex((r) => {
        if (r.key === target) return true;
        const slash = r.key.indexOf('/');
        return (
          entityId !== undefined && slash > 0 && entityId(r.key.slice(0, slash), r.key.slice(slash + 1)) === target
        );
      });
      if (goalRow < 0) {
        throw new EngineInputError([
          {
            path: '$options.goal.account_id',
            message: `no account with id "${target}" in scenario "${scenario.name}"`,
          },
        ]);
      }
    }
    return {
      scenario_id: scenario.scenario_id,
      name: scenario.name,
      plan,
      columns,
      loopScratch: new ScratchArena(),
      balance0: plan.accounts.balance.slice(),
      rate0: plan.accounts.monthlyRate.slice(),
      median0,
      repayment0: plan.loans.repayment.slice(),
      shiftColumn: new Int32Array(count) as Int32Array, // set below, once every scenario's classes are known
      ownRows: null as Int32Array | null,
      typeIndex,
      followsRates,
      crashFrom,
      crashTo,
      goalRow,
      goalIsDebt: goalRow >= 0 && plan.accounts.isAsset[goalRow] === 0,
    };
  });
  const classes = shiftClasses(scenarios, months);
  scenarios.forEach((sc, i) => (sc.shiftColumn = classes.classOf[i]));
  const shared = sharedRowsOf(scenarios, months);
  if (shared) {
    const isShared = new Uint8Array(scenarios[0].plan.accounts.count);
    for (const i of shared.rows) isShared[i] = 1;
    for (const sc of scenarios) {
      const own: number[] = [];
      for (let i = 0; i < sc.plan.accounts.count; i++) if (!isShared[i]) own.push(i);
      sc.ownRows = Int32Array.from(own);
    }
  }
  return {
    request,
    seed: request.seed ?? u.seed,
    stress,
    model,
    months,
    sampleSteps,
    sampleMonths: sampleSteps.map((k) => stepMonths[k]),
    stepMonths,
    sampleDeflators: Float64Array.from(sampleSteps, (k) => deflator(assumptions.inflation_rate, k)),
    goalStep,
    goalDeflator: goalStep >= 0 ? deflator(assumptions.inflation_rate, goalStep) : 1,
    scenarios,
    shiftClasses: classes,
    ratesUpMonths,
    shared,
    held,
  };
}

/**
 * Per row of the plan: 1 when an account pass may not skip it (another step of the loop moves it, or reads it
 * before the pass has run), 2 when a later step only reads its balance after the pass (it may be shared, its
 * balance copied in), 0 when only the pass touches it.
 */
function touchedRows(sc: CompiledScenario): Uint8Array {
  const { plan } = sc;
  const touched = new Uint8Array(plan.accounts.count);
  const mark = (i: number) => {
    if (i >= 0 && i < touched.length) touched[i] = 1;
  };
  const read = (i: number) => {
    if (i >= 0 && i < touched.length && touched[i] === 0) touched[i] = 2;
  };
  const { transfers, loans, rateSwitches } = plan;
  for (let t = 0; t < transfers.count; t++) {
    mark(transfers.from[t]);
    mark(transfers.to[t]);
  }
  for (let l = 0; l < loans.count; l++) {
    mark(loans.account[l]);
    mark(loans.repaymentFrom[l]);
  }
  loans.offsetRows.forEach(mark);
  for (let s = 0; s < rateSwitches.count; s++) mark(rateSwitches.account[s]);
  for (let h = 0; h < plan.tax.help.count; h++) mark(plan.tax.help.account[h]);
  mark(plan.primaryCash);
  plan.accounts.redrawLoan.forEach((loan, i) => loan >= 0 && mark(i));
  // The offset pass reads its rows' opening balances before the account pass: marked above, never shared.
  const r = plan.retirement;
  if (r) {
    mark(r.cash);
    // The Age Pension's tests read every balance (sharedRowsOf shares nothing then); super by its owner too.
    if (r.claimants.length > 0) r.rowPerson.forEach((person, i) => person >= 0 && mark(i));
    for (const pension of r.pensions) {
      mark(pension.row);
      mark(pension.payTo);
    }
  }
  // Read after the pass, and marks first so a row both moved and read stays unshared.
  if (r) for (const list of r.superRowsOf) list.forEach(read);
  read(sc.goalRow);
  return touched;
}

/** The rows a trial runs once for every scenario (SharedRows), or null when sharing saves nothing. */
function sharedRowsOf(scenarios: ReadonlyArray<CompiledScenario>, months: number): SharedRows | null {
  if (scenarios.length < 2) return null;
  // The Age Pension's assets and income tests read every balance each month.
  if (scenarios.some((sc) => (sc.plan.retirement?.claimants.length ?? 0) > 0)) return null;
  const first = scenarios[0];
  const touched = scenarios.map(touchedRows);
  const width = Math.min(...scenarios.map((sc) => sc.plan.accounts.count));
  const rows: number[] = [];
  const readRows: number[] = [];
  const readSlot: number[] = [];
  for (let i = 0; i < width; i++) {
    if (scenarios.some((sc, s) => touched[s][i] === 1 || !sameRow(first, sc, i, months))) continue;
    rows.push(i);
    const isRead = scenarios.some((_, s) => touched[s][i] === 2);
    readSlot.push(isRead ? readRows.length : -1);
    if (isRead) readRows.push(i);
  }
  if (rows.length === 0) return null;
  return {
    rows: Int32Array.from(rows),
    readSlot: Int32Array.from(readSlot),
    readRows: Int32Array.from(readRows),
    readBalances: new Float64Array((months + 1) * readRows.length),
    // The steps after which the retirement phase totals super; the goal is read after a run's last step, which
    // the loop always copies.
    readSteps: Uint8Array.from({ length: months + 1 }, (_, k) => (readsSuperTotal(first.plan.asOfMonth, k) ? 1 : 0)),
    balance0: first.balance0,
    balance: new Float64Array(first.balance0.length),
    totals: new Float64Array((months + 1) * SHARED_TOTALS_WIDTH),
  };
}

/** Row i of `b` starts, grows and books money exactly as row i of `a` (the same numbers in every step). */
function sameRow(a: CompiledScenario, b: CompiledScenario, i: number, months: number): boolean {
  if (a === b) return true;
  const pa = a.plan;
  const pb = b.plan;
  const sameFigures =
    pa.accounts.kind[i] === pb.accounts.kind[i] &&
    pa.accounts.isAsset[i] === pb.accounts.isAsset[i] &&
    pa.accounts.isLiquid[i] === pb.accounts.isLiquid[i] &&
    Object.is(a.balance0[i], b.balance0[i]) &&
    Object.is(a.rate0[i], b.rate0[i]) &&
    a.shiftColumn[i] === b.shiftColumn[i] &&
    i < pa.baseAccountCount === i < pb.baseAccountCount;
  if (!sameFigures) return false;
  const baseA = pa.baseAccountDelta;
  const baseB = pb.baseAccountDelta;
  for (let k = 1; k <= months; k++) {
    if (!Object.is(pa.accountDelta[k * pa.accountStride + i], pb.accountDelta[k * pb.accountStride + i])) return false;
    if (i < pa.baseAccountCount) {
      const da = baseA ? baseA[k * pa.baseAccountCount + i] : 0;
      const db = baseB ? baseB[k * pb.baseAccountCount + i] : 0;
      if (!Object.is(da, db)) return false;
    }
  }
  return true;
}

/** Per step: the stressed price level over the assumed one (inflation at `stressPercent` for `stressMonths`). */
function priceRatio(months: number, basePercent: number, stressPercent: number, stressMonths: number): Float64Array {
  const extra = (Math.log1p(stressPercent / 100) - Math.log1p(basePercent / 100)) / 12;
  return Float64Array.from({ length: months + 1 }, (_, k) => Math.exp(extra * Math.min(k, stressMonths)));
}

/**
 * Lifts every money amount the plan books in step k by ratio[k]: flows (income, spending, super contributions,
 * opening balances of later accounts), taxable income and transfers keep pace with the stressed prices, while tax
 * thresholds and loan repayments stay as they are. The shared base bookings are copied, never changed in place.
 */
function inflateFlows(plan: Plan, ratio: Float64Array): void {
  const { months, accountStride, accountDelta, flowIncome, flowExpense, taxableIncome, transfers } = plan;
  const baseWidth = plan.baseAccountCount;
  const base = plan.baseAccountDelta ? plan.baseAccountDelta.slice() : null;
  for (let k = 1; k <= months; k++) {
    const f = ratio[k];
    if (f === 1) continue;
    for (let i = 0; i < accountStride; i++) accountDelta[k * accountStride + i] *= f;
    if (base) for (let i = 0; i < baseWidth; i++) base[k * baseWidth + i] *= f;
    flowIncome[k] *= f;
    flowExpense[k] *= f;
    for (const taxable of taxableIncome) taxable[k] *= f;
    for (let t = 0; t < transfers.count; t++) transfers.amount[k * transfers.count + t] *= f;
  }
  plan.baseAccountDelta = base;
}

/**
 * Rows of every scenario that take the same rate shift each trial (the same return type, debt or lent treatment,
 * own rate, median rate and crash window): the base accounts recur in every scenario and many accounts share a
 * type and rate, so a trial computes each class's shift once and every scenario's month loop reads its rows'
 * shifts from that one table (Plan.rateShiftColumn).
 */
type ShiftClasses = {
  count: number;
  typeIndex: Int32Array;
  followsRates: Uint8Array;
  rate0: Float64Array;
  median0: Float64Array;
  crashFrom: Int32Array;
  crashTo: Int32Array;
  /** Per trial: (months + 1) x count shifts. */
  shift: Float64Array;
  /** Per scenario, per account row: its class. */
  classOf: Int32Array[];
};

/** A number as a key that tells -0 from 0 (the shift arithmetic may). */
function numberKey(x: number): string {
  return Object.is(x, -0) ? '-0' : String(x);
}

function shiftClasses(scenarios: ReadonlyArray<CompiledScenario>, months: number): ShiftClasses {
  const index = new Map<string, number>();
  const rows: Array<{ t: number; f: number; rate: number; median: number; from: number; to: number }> = [];
  const classOf = scenarios.map((sc) =>
    Int32Array.from(sc.typeIndex, (t, i) => {
      const f = sc.followsRates[i];
      const rate = sc.rate0[i];
      const median = sc.median0[i];
      const key = [t, f, numberKey(rate), numberKey(median), sc.crashFrom, sc.crashTo].join('|');
      let c = index.get(key);
      if (c === undefined) {
        c = rows.length;
        index.set(key, c);
        rows.push({ t, f, rate, median, from: sc.crashFrom, to: sc.crashTo });
      }
      return c;
    }),
  );
  const count = rows.length;
  return {
    count,
    typeIndex: Int32Array.from(rows, (r) => r.t),
    followsRates: Uint8Array.from(rows, (r) => r.f),
    rate0: Float64Array.from(rows, (r) => r.rate),
    median0: Float64Array.from(rows, (r) => r.median),
    crashFrom: Int32Array.from(rows, (r) => r.from),
    crashTo: Int32Array.from(rows, (r) => r.to),
    shift: new Float64Array((months + 1) * count),
    classOf,
  };
}

/** Sets every shift class's per-step rate shift from the trial's market path and the stress. */
function fillClassShifts(
  classes: ShiftClasses,
  path: MarketPath,
  model: MarketModel,
  months: number,
  ratesUpMonths: number,
) {
  const { shift, typeIndex, followsRates, rate0, median0, crashFrom, crashTo, count } = classes;
  const { typeGrowth, rateDeviation, normals } = path;
  const { typeSd, typeFactor } = model;
  const ratesUpMonthly = STRESS_RATES_POINTS / 1200;
  for (let step = 1; step <= months; step++) {
    const row = step * count;
    const typeRow = step * TYPE_COUNT;
    const normalRow = step * FACTOR_COUNT;
    const up = step <= ratesUpMonths ? ratesUpMonthly : 0;
    const deviation = rateDeviation[step] + up;
    for (let i = 0; i < count; i++) {
      const t = typeIndex[i];
      const base = rate0[i];
      let s = 0;
      if (t >= 0) {
        // In a crash year the fall replaces the expected return; the trial's own noise stays on top.
        if (step >= crashFrom[i] && step <= crashTo[i] && CRASH_LOG[t] !== 0)
          s = Math.expm1(CRASH_LOG[t] + typeSd[t] * normals[normalRow + typeFactor[t]]) - base;
        else {
          const median = median0[i];
          const g = typeGrowth[typeRow + t];
          // (1 + median) x exp(s z) - 1 - base; written as (1 + base) x g when the median is the account's own rate.
          s = median === base ? (1 + base) * g : (1 + median) * (1 + g) - 1 - base;
        }
        if (t === SAVINGS) s += up;
      } else if (followsRates[i]) {
        s = deviation;
        if (base + s < 0) s = -base; // a rate never goes below zero
      }
      shift[row + i] = s;
    }
  }
}

/** Resets the compiled scenario to today's balances and runs the month loop (optionally only to `months`). */
function runTrial(sc: CompiledScenario, classes: ShiftClasses, shared: SharedRows | null, months: number): void {
  const { plan } = sc;
  plan.accounts.balance.set(sc.balance0);
  plan.accounts.monthlyRate.set(sc.rate0);
  plan.accounts.interestThisMonth.fill(0);
  plan.loans.repayment.set(sc.repayment0);
  // Every trial runs through the rate-shift hook (a zero shift leaves a rate exactly as it is).
  plan.rateShift = classes.shift;
  plan.rateShiftColumn = sc.shiftColumn;
  plan.rateShiftWidth = classes.count;
  plan.accountPassRows = sc.ownRows;
  plan.sharedAccountTotals = shared?.totals ?? null;
  plan.sharedReadRows = shared?.readRows ?? null;
  plan.sharedReadBalances = shared?.readBalances ?? null;
  plan.sharedReadSteps = shared?.readSteps ?? null;
  plan.taxYearFigures = false;
  sc.loopScratch.reset();
  const fullMonths = plan.months;
  plan.months = months;
  try {
    runCompiled(sc, sc.loopScratch);
  } finally {
    plan.months = fullMonths;
  }
}

/** Validates the request's shape and returns the batch ranges splitting `trials` into `parts` (sizes differ by <= 1). */
export function splitTrials(trials: number, parts: number): Array<{ first_trial: number; count: number }> {
  const n = Math.max(1, Math.min(Math.floor(parts), Math.max(1, trials)));
  const out: Array<{ first_trial: number; count: number }> = [];
  let first = 0;
  for (let p = 0; p < n; p++) {
    const count = Math.floor(trials / n) + (p < trials % n ? 1 : 0);
    out.push({ first_trial: first, count });
    first += count;
  }
  return out;
}

/**
 * A request prepared once (validated, every scenario compiled) to run any number of trial ranges without
 * repeating that work: a worker that reports progress runs its share in several small ranges. Opaque.
 */
export type PreparedTrials = { readonly kind: 'prepared-trials' };

type PreparedState = Prepared & { kind: 'prepared-trials'; streams: TrialStreams | null };

/**
 * Validates the request and the profile and compiles every scenario (EngineInputError on bad input). `profile` may be
 * a KeptProfile (keepProfile), whose validation, compiled events and plans earlier requests made are reused.
 */
export function prepareTrials(profile: unknown, request: UncertaintyRequest): PreparedTrials {
  const p = prepare(profile, request);
  const state: PreparedState = {
    ...p,
    kind: 'prepared-trials',
    streams: p.model.random ? new TrialStreams(p.seed) : null,
  };
  return state;
}

/** How many account rows each trial runs once for every scenario of the request (SharedRows; benchmarks, tests). */
export function sharedRowCount(prepared: PreparedTrials): number {
  return (prepared as PreparedState).shared?.rows.length ?? 0;
}

/**
 * Trials [first_trial, first_trial + count) of every scenario of the request, one batch per scenario in compare's
 * order. Trial k's market depends only on (seed, k), and every scenario gets the same one. Throws EngineInputError
 * on bad input (the profile as compare checks it; the request under $options; the range under $range).
 * `simulator` is accepted for symmetry with compare; each compiled scenario keeps its own buffers.
 */
export function runTrialBatch(
  profile: unknown,
  request: UncertaintyRequest,
  range: { first_trial: number; count: number },
  simulator?: Simulator,
): TrialBatch[] {
  void simulator;
  return runPreparedTrials(prepareTrials(profile, request), range);
}

/** runTrialBatch on a prepared request: the same batches, without validating and compiling again. */
export function runPreparedTrials(
  prepared: PreparedTrials,
  range: { first_trial: number; count: number },
): TrialBatch[] {
  const p = prepared as PreparedState;
  const { first_trial: first, count } = range;
  if (!Number.isInteger(first) || !Number.isInteger(count) || first < 0 || count < 0) {
    throw new EngineInputError([
      { path: '$range', message: 'first_trial and count must be whole numbers, at least 0' },
    ]);
  }
  if (first + count > p.request.trials) {
    throw new EngineInputError([
      { path: '$range', message: `trials ${first}..${first + count - 1} are beyond the request's ${p.request.trials}` },
    ]);
  }
  ensureHeld(p.held);
  const { months, model, sampleSteps, sampleDeflators, goalStep } = p;
  const samples = sampleSteps.length;
  const goal = p.request.goal ?? null;
  const batches: TrialBatch[] = p.scenarios.map((sc) => ({
    scenario_id: sc.scenario_id,
    name: sc.name,
    first_trial: first,
    count,
    seed: p.seed,
    sample_months: p.sampleMonths.slice(),
    net_worth: new Float64Array(count * samples),
    real_net_worth: new Float64Array(count * samples),
    shortfall_first_step: new Int32Array(count).fill(-1),
    goal_reached: new Uint8Array(count),
  }));
  const path = allocateMarketPath(months);
  const streams = p.streams;
  streams?.seek(first);
  if (!model.random) drawMarketPath(model, null, path);
  for (let trial = 0; trial < count; trial++) {
    if (streams) drawMarketPath(model, streams.next(), path);
    const deflatorFactor = path.deflatorFactor;
    fillClassShifts(p.shiftClasses, path, model, months, p.ratesUpMonths);
    const shared = p.shared;
    if (shared) {
      const first = p.scenarios[0];
      shared.balance.set(shared.balance0);
      sharedAccountPass(
        first.plan,
        shared.rows,
        shared.balance,
        first.rate0,
        p.shiftClasses.shift,
        first.shiftColumn,
        p.shiftClasses.count,
        shared.totals,
        shared.readSlot,
        shared.readRows.length,
        shared.readBalances,
      );
    }
    for (let s = 0; s < p.scenarios.length; s++) {
      const sc = p.scenarios[s];
      const out = batches[s];
      let goalValue = NaN;
      const accountGoal = goal !== null && sc.goalRow >= 0;
      if (accountGoal && goalStep < months) {
        // The account's balance at the goal month: run to it first (the loop keeps only the final balances).
        runTrial(sc, p.shiftClasses, p.shared, goalStep);
        const v = goalStep === 0 ? sc.balance0[sc.goalRow] : sc.plan.accounts.balance[sc.goalRow];
        goalValue = cents(sc.goalIsDebt ? -v : v);
      }
      runTrial(sc, p.shiftClasses, p.shared, months);
      if (accountGoal && goalStep === months) {
        const v = sc.plan.accounts.balance[sc.goalRow];
        goalValue = cents(sc.goalIsDebt ? -v : v);
      }
      const { netWorth, liquidCash } = sc.columns;
      const offset = trial * samples;
      for (let j = 0; j < samples; j++) {
        const k = sampleSteps[j];
        const nominal = cents(netWorth[k]);
        out.net_worth[offset + j] = nominal;
        out.real_net_worth[offset + j] = cents(nominal * sampleDeflators[j] * deflatorFactor[k]);
      }
      // A shortfall as the compare screen finds it: liquid cash below zero at a month end (or as_of), in cents.
      for (let k = 0; k <= months; k++) {
        if (liquidCash[k] < -0.004 && cents(liquidCash[k]) < -0.005) {
          out.shortfall_first_step[trial] = k;
          break;
        }
      }
      if (goal) {
        if (sc.goalRow < 0) goalValue = cents(netWorth[goalStep]);
        // A goal in today's dollars compares the value deflated by the trial's own prices.
        if (goal.real) goalValue = cents(goalValue * p.goalDeflator * deflatorFactor[goalStep]);
        const reached = sc.goalIsDebt ? goalValue <= goal.amount : goalValue >= goal.amount;
        out.goal_reached[trial] = reached ? 1 : 0;
      }
    }
  }
  return batches;
}

function percentileSeries(columns: Float64Array[], samples: number, trials: number): PercentileSeries {
  const series: PercentileSeries = { p10: [], p25: [], p50: [], p75: [], p90: [] };
  const keys = ['p10', 'p25', 'p50', 'p75', 'p90'] as const;
  const column = new Float64Array(trials);
  for (let j = 0; j < samples; j++) {
    let n = 0;
    for (const values of columns) {
      for (let k = j; k < values.length; k += samples) column[n++] = values[k];
    }
    // Selection, not a full sort: five order statistics of each column are all a percentile needs.
    quantilesInPlace(column, PERCENTILES).forEach((q, i) => series[keys[i]].push(cents(q)));
  }
  return series;
}

/**
 * The merged result of every batch (each runTrialBatch call's array, in any order): percentiles over all the
 * trials, so the figures are the same however the trials were split. Throws when the batches do not cover
 * trials 0..trials-1 of each scenario exactly once.
 */
export function mergeTrialBatches(request: UncertaintyRequest, batches: TrialBatch[][]): UncertaintyResult {
  const parsed = parseOrThrow(UncertaintyRequestSchema, request, '$options');
  const nonEmpty = batches.filter((b) => b.length > 0);
  if (nonEmpty.length === 0) throw new Error('mergeTrialBatches: no batches');
  const scenarioCount = nonEmpty[0].length;
  const scenarios: ScenarioUncertainty[] = [];
  let seed = parsed.seed ?? 0;
  for (let s = 0; s < scenarioCount; s++) {
    const parts = nonEmpty.map((b) => b[s]).sort((a, b) => a.first_trial - b.first_trial);
    const head = parts[0];
    seed = head.seed ?? seed;
    let next = 0;
    for (const part of parts) {
      if (part.scenario_id !== head.scenario_id)
        throw new Error('mergeTrialBatches: batches list scenarios differently');
      if (part.first_trial !== next) throw new Error(`mergeTrialBatches: trial ${next} is missing or repeated`);
      next += part.count;
    }
    if (next !== parsed.trials) throw new Error(`mergeTrialBatches: ${next} trials merged, ${parsed.trials} requested`);
    const samples = head.sample_months.length;
    const trials = next;
    let short = 0;
    let reached = 0;
    const firstCounts = new Map<number, number>();
    for (const part of parts) {
      for (let t = 0; t < part.count; t++) {
        const k = part.shortfall_first_step[t];
        if (k >= 0) {
          short++;
          firstCounts.set(k, (firstCounts.get(k) ?? 0) + 1);
        }
        reached += part.goal_reached[t];
      }
    }
    let likely = -1;
    let likelyCount = 0;
    for (const [k, c] of firstCounts) {
      if (c > likelyCount || (c === likelyCount && k < likely)) {
        likely = k;
        likelyCount = c;
      }
    }
    scenarios.push({
      scenario_id: head.scenario_id,
      name: head.name,
      trials,
      sample_months: head.sample_months.slice(),
      nominal: percentileSeries(
        parts.map((b) => b.net_worth),
        samples,
        trials,
      ),
      real: percentileSeries(
        parts.map((b) => b.real_net_worth),
        samples,
        trials,
      ),
      shortfall_probability: short / trials,
      shortfall_most_likely_first_month: likely < 0 ? null : monthOfStep(parsed.as_of, likely),
      goal_probability: parsed.goal ? reached / trials : null,
    });
  }
  const stress = parsed.stress
    ? { name: parsed.stress.name, ...(parsed.stress.event_id ? { event_id: parsed.stress.event_id } : {}) }
    : null;
  return { as_of: parsed.as_of, years: parsed.years, trials: parsed.trials, seed, stress, scenarios };
}

/** YYYY-MM of snapshot k (k = 0: the month of as_of). */
function monthOfStep(asOf: string, k: number): IsoMonth {
  return monthOfIndex(monthIndexOf(asOf) + k);
}

/** The whole request in one batch on this thread (the CLI, tests): the same figures as any split. */
export function runUncertainty(
  profile: unknown,
  request: UncertaintyRequest,
  simulator?: Simulator,
): UncertaintyResult {
  const parsed = parseOrThrow(UncertaintyRequestSchema, request, '$options');
  return mergeTrialBatches(request, [
    runTrialBatch(profile, request, { first_trial: 0, count: parsed.trials }, simulator),
  ]);
}
