// The compiled plan: everything the month loop reads, as flat typed arrays built once per run by compile.ts.
// Per-step tables are step-major (row k holds step k), so the loop walks memory in order.
import type { AccountType } from '../model/common';
import type { IsoDate } from '../primitives';
import type { TraceRecorder } from './trace';
import type { RetirementPlan } from './retirement';

/** How an account earns or costs money each month (docs/forecast-model.md section 5). */
export const KIND_CASH = 0; // checking/savings asset: interest r/12 on a positive balance, in cash_flow
export const KIND_GROWTH = 1; // property/investment/super asset: (1+r)^(1/12) on a positive value, in capital_growth
export const KIND_LENT = 2; // an asset of a debt type (money lent): interest r/12 in cash_flow
export const KIND_DEBT = 3; // a liability: interest r/12 on what is owed, an expense

export const DEBT_TYPES: ReadonlySet<AccountType> = new Set(['mortgage', 'loan', 'credit_card']);
export const GROWTH_TYPES: ReadonlySet<AccountType> = new Set(['property', 'investment', 'superannuation']);
export const CASH_TYPES: ReadonlySet<AccountType> = new Set(['checking', 'savings']);

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
  /** Repaid into this debt by transfers this month: a level repayment is fixed on the month's opening principal. */
  repaidThisMonth: Float64Array;
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
  /** 1 in a step with any transfer. */
  anyInStep: Uint8Array;
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
   * Optional per-step change to each account's monthly rate (step-major, accounts.count wide), added to
   * monthlyRate in the growth-and-interest pass: how a Monte Carlo trial or a stress test moves returns and rates
   * (docs/uncertainty.md). Absent or null (every deterministic run): no change.
   */
  rateShift?: Float64Array | null;
  /** Records the movements of step traceStep (trace.ts); null in a normal run (traceStep -1). */
  trace: TraceRecorder | null;
  traceStep: number;
  /** Super caps, account-based pensions and the Age Pension (retirement.ts); null when none applies. */
  retirement?: RetirementPlan | null;
};
