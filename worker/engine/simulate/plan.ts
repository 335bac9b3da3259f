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
  /** Interest is deductible in month indices [deductibleFromMonth, deductibleEndMonth). */
  deductibleFromMonth: Int32Array;
  deductibleEndMonth: Int32Array;
  /** The first month index in which the loan no longer repays (a later loan on its account took over). */
  endMonth: Int32Array;
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
