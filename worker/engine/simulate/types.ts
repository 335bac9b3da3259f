// The simulator's shared shapes, in one module that implements nothing: what a run takes (SimulationSpec), what
// it gives back (SimulationResult, TaxYearFigures), the compiled plan the month loop reads (Plan and its tables),
// and the forecast's own shapes (EventCompiler, ScenarioForecast). Every simulate/ module and every caller of the
// simulator's entry (index.ts) takes them from here, so no two implementation modules need each other's types.
import type { AccountType } from '../model/common';
import type { Assumptions } from '../model/assumptions';
import type { Snapshot } from '../model/comparison';
import type { ScenarioEvent } from '../model/scenario';
import type { AccountFigures, CompileContext, IsoDate, Primitive, PrimitiveFlow } from '../primitives';
import type { StepGrid } from './occurrences';
import type { TraceRecorder } from './trace';

/** The forecast's calendar: step grid, snapshot dates and the Super Guarantee rate of each month. */
export type TimeTables = { grid: StepGrid; stepDates: IsoDate[]; superGuaranteeRate: Float64Array };

/**
 * The base recurring items expanded once for every scenario of a compare: an item is cached when its account
 * is a base account (or the primary cash account, when the base has one); the others are booked per scenario.
 */
export type BaseFlowCache = {
  as_of: IsoDate;
  years: number;
  time: TimeTables;
  accountIds: string[];
  /** The base's primary cash row (-1: none), which `@cash` items were booked to. */
  primaryCash: number;
  /** Per base item: 1 when its booking is in the cache. */
  isCached: Uint8Array;
  /** Per base item: the account row it was booked to (-1: not cached). */
  itemAccount: Int32Array;
  /** Step-major per-account deltas, accountIds.length wide. */
  accountDelta: Float64Array;
  income: Float64Array;
  expense: Float64Array;
};

/** A base account as the simulator needs it (entity sign convention: liabilities owe |current_balance|). */
export type SimAccountInput = AccountFigures;

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

/** One person's figures for one financial year (the year's estimate when the horizon ends inside it). */
export type TaxYearFigures = {
  /** '2026-27'. */
  financial_year: string;
  person: string;
  /** The year's taxable income: actual for a whole year, annualised (plus one-off amounts) at the horizon. */
  taxable_income: number;
  /** The year's tax (income tax less LITO and SAPTO plus Medicare levy) on taxable_income, and its parts. */
  income_tax: number;
  medicare: number;
  /** HELP repayment income and the year's compulsory repayment (0 without a HELP debt). */
  help_repayment_income: number;
  help_repayment: number;
  /** What the forecast charged (tax) and repaid (HELP) in the year's forecast months. */
  tax_charged: number;
  help_repaid: number;
};

/** Per account (one row each): its state during the run and what the loop needs to know about it. */
export type AccountTable = {
  count: number;
  /** Signed value: assets positive, liabilities negative (minus what is owed). Updated month by month. */
  balance: Float64Array;
  kind: Uint8Array;
  /** This month's rate; a loan taking over a debt switches it (RateSwitches). */
  monthlyRate: Float64Array;
  isAsset: Uint8Array;
  /** Counted in liquid_cash (checking and savings assets). */
  isLiquid: Uint8Array;
  /** Transfers out of this account are capped at its balance (a non-cash asset). */
  capsTransfersOut: Uint8Array;
  /** Interest charged on this debt this month (what an interest-only repayment pays, what is deductible). */
  interestThisMonth: Float64Array;
  /**
   * Repaid into this debt by transfers in month repaidMonth[i] (a month index; any other month: nothing yet): a
   * level repayment is fixed on the month's opening principal. The month stamp spares clearing every loan's debt
   * each month for the one month a level repayment is worked out.
   */
  repaidThisMonth: Float64Array;
  repaidMonth: Float64Array;
  /** Per debt: the combined opening balance of its loan's offset accounts this month (0: none). */
  offsetAgainst: Float64Array;
  /** Per debt: the interest its offsets saved this month (the rate on the part of the debt they cover). */
  offsetSavedThisMonth: Float64Array;
  /** 1 for an offset account while its loan is owed: it earns no interest of its own. */
  offsetLinked: Uint8Array;
  /** Per debt: the redraw-enabled loan on it (-1: none). */
  redrawLoan: Int32Array;
};

/** Transfers between the user's own accounts, per step. */
export type TransferTable = {
  count: number;
  from: Int32Array;
  to: Int32Array;
  /** Step-major: the amount of transfer t in step k is amount[k * count + t]. */
  amount: Float64Array;
  /** Step-major like amount: 1 where transfer t moves 'all' (pays a debt off, empties an asset) in step k. */
  moveAll: Uint8Array;
  /**
   * Step k's transfers, in order, are stepTransfers[stepStart[k] .. stepStart[k + 1]): every cell with an amount or
   * 'all' when the table was built. Later changes only clear cells (super preservation) or scale them (a stress
   * test's prices), so the list still holds every transfer that moves money; the loop skips cleared ones.
   */
  stepStart: Int32Array;
  stepTransfers: Int32Array;
};

/** Loans (docs/forecast-model.md section 5): repayments, interest-only periods, deductible interest. */
export type LoanTable = {
  count: number;
  /** The debt account's row. */
  account: Int32Array;
  repaymentFrom: Int32Array;
  monthlyRate: Float64Array;
  /** Month index (calendar.ts) of the loan's first month. */
  startMonth: Int32Array;
  termMonths: Int32Array;
  interestOnlyMonths: Int32Array;
  /** The repayment the loan fixes (NaN: a level repayment, computed when the first one falls due). */
  fixedRepayment: Float64Array;
  /** The level repayment once computed (NaN until then): filled in by the month loop. */
  repayment: Float64Array;
  /** Whose taxable income the deductible interest reduces (-1: not deductible). */
  taxpayer: Int32Array;
  deductibleShare: Float64Array;
  /** The loans with a taxpayer (deductible interest), in loan order. */
  deductibleLoans: Int32Array;
  /** A second taxpayer of a shared deduction (-1: none), and the part of the deduction that is theirs (0..1). */
  taxpayer2: Int32Array;
  share2: Float64Array;
  /** Interest is deductible in month indices [deductibleFromMonth, deductibleEndMonth). */
  deductibleFromMonth: Int32Array;
  deductibleEndMonth: Int32Array;
  /** The first month index in which the loan no longer repays (a later loan on its account took over). */
  endMonth: Int32Array;
  /** Offset accounts of loan l: rows offsetRows[offsetStart[l] .. offsetStart[l + 1]). */
  offsetStart: Int32Array;
  offsetRows: Int32Array;
  /** The loans with offset accounts, in loan order (the month loop visits only these for offsets). */
  offsetLoans: Int32Array;
  /** The debts of those loans and their offset rows, each once: what the loop clears each month before adding up. */
  offsetDebts: Int32Array;
  offsetRowSet: Int32Array;
  /** Extra repayments may be drawn back (redraw). */
  redraw: Uint8Array;
  /** Paid ahead of schedule and not drawn back yet: what a redraw may take (updated by the month loop). */
  redrawAvailable: Float64Array;
  /** Step-major: interest the offset accounts saved loan l in step k, offsetSaving[k * count + l] (month loop). */
  offsetSaving: Float64Array;
};

/** HELP debts (primitives' help_debt): repaid from each person's repayment income by the tax settlement. */
export type HelpTable = { count: number; account: Int32Array; payer: Int32Array };

/**
 * Per-person tax inputs (docs/forecast-engine.md, Tax and super). Arrays are per taxpayer (index as in
 * Plan.taxableIncome), per step where they are series.
 */
export type TaxPlan = {
  /** Taxpayer ids ('self', 'partner', or another id a template used), by index. */
  ids: string[];
  /** The once-dated part of taxableIncome (a capital gain, one PPL payment): taxed at the margin, not annualised. */
  taxableOnce: Float64Array[];
  /** Reportable super contributions (salary sacrifice), for HELP repayment income. */
  reportableSuper: Float64Array[];
  /** Net investment income (assessable and deductible flows, deductions by adjustment), for net investment losses. */
  investment: Float64Array[];
  /**
   * The first financial year's months before the forecast: 0 when step 1 is a July (no earlier months), else the
   * months from July to the step-1 month; the year is then annualised over whole months from July.
   */
  firstYearMonthsBefore: number;
  /** Per taxpayer: taxable income of the first financial year before as_of (entered or estimated), and the part of
   * it that is reportable super and net investment income. */
  priorTaxable: Float64Array;
  priorSuper: Float64Array;
  priorInvestment: Float64Array;
  /** Per taxpayer: the average tax rate the prior income was taxed at (tax on the annual rate / the annual rate). */
  priorRateIncome: Float64Array;
  /** Per taxpayer: 1 when the prior income was entered (ytd_taxable_income): it already counts its deductions. */
  priorEntered: Uint8Array;
  /** Share of the first financial year's days up to as_of (for deductible loan interest before as_of). */
  priorShare: number;
  /** Family: a spouse in the plan or dependent children (the Medicare levy's family thresholds apply). */
  family: boolean;
  children: number;
  help: HelpTable;
  /**
   * Per taxpayer: the date they reach Age Pension age ('' when their birth date is unknown): from the financial
   * year it falls in they have SAPTO and the seniors' Medicare thresholds (docs/au-rules.md, SAPTO). Optional
   * for plans built by hand in tests.
   */
  pensionAgeDate?: string[];
  /** A spouse in the plan: SAPTO's couple rate. */
  couple?: boolean;
  /** Dependent children joining (delta +1) or leaving (-1) the count from a month index, sorted by month. */
  childChanges?: { month: Int32Array; delta: Int8Array };
};

/** A later loan on an account sets the account's rate from its start: sorted by step. */
export type RateSwitches = { count: number; step: Int32Array; account: Int32Array; monthlyRate: Float64Array };

export type Plan = {
  /** Months forecast: steps 1..months, snapshot 0 is as_of. */
  months: number;
  /** Month index (calendar.ts) of the month containing as_of: step k is month asOfMonth + k. */
  asOfMonth: number;
  stepDates: IsoDate[];
  accounts: AccountTable;
  /** Row stride of accountDelta: at least accounts.count. */
  accountStride: number;
  /** Step-major per-account money from flows (and opening balances of accounts opened later). */
  accountDelta: Float64Array;
  /** The shared base recurring items' deltas (BaseFlowCache), baseAccountCount wide, or null. */
  baseAccountDelta: Float64Array | null;
  baseAccountCount: number;
  /** Per step: income and expenses from flows (before growth, interest and tax). */
  flowIncome: Float64Array;
  flowExpense: Float64Array;
  /** Per taxpayer, per step: taxable income. */
  taxableIncome: Float64Array[];
  /** Per-person tax inputs besides taxableIncome: once-dated income, HELP, the first year's income before as_of. */
  tax: TaxPlan;
  /** Where tax is charged (-1 when nobody is taxed). */
  primaryCash: number;
  transfers: TransferTable;
  loans: LoanTable;
  rateSwitches: RateSwitches;
  /**
   * Optional per-step change to each account's monthly rate, added to monthlyRate in the growth-and-interest
   * pass: how a Monte Carlo trial or a stress test moves returns and rates (docs/uncertainty.md). Step-major,
   * rateShiftWidth wide; account i takes column rateShiftColumn[i] (accounts that move alike share a column, and
   * the scenarios of a run share one table). Absent or null (every deterministic run): no change.
   */
  rateShift?: Float64Array | null;
  /** With rateShift: each account's column in it. */
  rateShiftColumn?: Int32Array | null;
  /** With rateShift: its columns per step. */
  rateShiftWidth?: number;
  /**
   * The rows the month loop's growth-and-interest pass visits (absent or null: every row), and per step the
   * SHARED_TOTALS_WIDTH totals of the rows it skips (month-loop.ts sharedAccountPass): the scenarios of a Monte
   * Carlo trial run the rows they all hold alike, and that nothing else in the loop reads or moves, only once.
   */
  accountPassRows?: Int32Array | null;
  sharedAccountTotals?: Float64Array | null;
  /**
   * Skipped rows some later step of the loop reads but never moves (each person's super, which the retirement
   * phase totals at 30 June), and per step their balances after the pass (sharedReadRows.length wide, step-major,
   * written by sharedAccountPass): the loop copies them in after its own pass at each step sharedReadSteps marks
   * and at its last step, so every reader, and the final balances, see them current.
   */
  sharedReadRows?: Int32Array | null;
  sharedReadBalances?: Float64Array | null;
  sharedReadSteps?: Uint8Array | null;
  /**
   * False: the run's caller never reads the tax settlement's figures per financial year (a Monte Carlo trial),
   * so their income tax and Medicare levy are not worked out at each year's end. Absent: they are.
   */
  taxYearFigures?: boolean;
  /** Records the movements of step traceStep (trace.ts); null in a normal run (traceStep -1). */
  trace: TraceRecorder | null;
  traceStep: number;
  /** Super caps, account-based pensions and the Age Pension (retirement.ts); null when none applies. */
  retirement?: RetirementPlan | null;
};

/** An account-based pension: its super row, where it pays, and its state during the run. */
export type Pension = {
  row: number;
  payTo: number;
  birth: IsoDate | null;
  startStep: number;
  startDate: IsoDate;
  /** Monthly growth in pension phase, and its excess over the accumulation rate the month loop applies. */
  pensionMonthly: number;
  uplift: number;
  /** Per step: scheduled transfers out of the account to non-super accounts (a chosen drawdown). */
  scheduledOut: Float64Array;
  active: boolean;
  /** The balance in retirement phase (the rest of the account stays in accumulation). */
  part: number;
  minimum: number;
  drawn: number;
  monthsLeft: number;
};

/** One Age Pension claimant: whose taxable income it joins, from which step, and paydays per step. */
export type Claimant = {
  payer: number;
  person: number;
  startStep: number;
  paydays: Uint8Array;
  /** What this run added to the payer's taxable income per step (taken back out when a run starts again). */
  added: Float64Array;
  /** The Work Bonus income bank (nil at as_of: what was banked before the forecast is not known). */
  bank: number;
};

export type RetirementPlan = {
  warnings: string[];
  cash: number;
  asOfMonth: number;
  stepDates: IsoDate[];
  /** Per taxpayer: name, concessional contributions per step, super rows, the total super balance at 30 June. */
  payerNames: string[];
  concessional: Array<Float64Array | undefined>;
  employment: Array<Float64Array | undefined>;
  superRowsOf: Int32Array[];
  tsbAtFyStart: Float64Array;
  tsbAtJune: Float64Array;
  unused: Array<Map<number, number>>;
  /** The opening total super balance and entered unused caps: each run starts from them (a plan may run many times). */
  tsb0: Float64Array;
  unused0: Array<Map<number, number>>;
  /** Warnings are given once per plan, however many times it runs. */
  excessWarned: Uint8Array;
  capWarned: boolean;
  fyFirstStep: number;
  fyStart: number;
  pensions: Pension[];
  /** Age Pension (none when nobody reaches pension age within the horizon). */
  claimants: Claimant[];
  couple: boolean;
  /** The household's rent a fortnight in today's dollars (Rent Assistance for non-homeowners); 0: none. */
  rent: number;
  homeowner: boolean | null;
  rowClass: Uint8Array;
  /** Per row: the person whose super it is (index into people), -1 when not super. */
  rowPerson: Int32Array;
  /** Per person: the step they reach Age Pension age (Infinity: never, or birth date unknown). */
  pensionAgeStep: Float64Array;
  /** Per step: the inflation index of the Age Pension's dollar figures since as_of. */
  index: Float64Array | null;
};

/**
 * One simulator: owns the scratch buffers its runs reuse (so repeated runs do not feed the garbage
 * collector). Runs are synchronous and return plain objects that never point into the buffers, so any
 * number of instances can run side by side or interleaved in one worker, and one instance can run any
 * sequence of specs.
 */
export type Simulator = { run: (spec: SimulationSpec) => SimulationResult };

/** A template compiler for a whole event (the templates module's compileEvent). */
export type EventCompiler = ((event: ScenarioEvent, ctx: CompileContext) => Primitive[]) & {
  /** The id materialiseEvent gives the entity declared by primitive `key` of event `eventId`. */
  entityId?: (eventId: string, key: string) => string;
};

export type ScenarioSummaryFigures = {
  current_net_worth: number;
  projected_net_worth: number;
  total_change: number;
  from_cash_flow: number;
  from_growth: number;
};

export type ScenarioForecast = {
  scenario_id: string;
  name: string;
  is_baseline: boolean;
  as_of: string;
  years: number;
  /** Every month: snapshot 0 at as_of, then 12 x years month ends. */
  snapshots: Snapshot[];
  summary: ScenarioSummaryFigures;
  /** Things the engine worked around (a reference to a deleted account, ...). */
  warnings: string[];
  /** Each person's tax, Medicare levy and HELP figures per financial year (present when anyone is taxed). */
  tax_years?: TaxYearFigures[];
};
