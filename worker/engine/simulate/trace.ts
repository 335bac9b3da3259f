// The trace recorder: an optional observer of every movement of money in ONE step of the month loop, so a
// month's cash flow and capital growth can be explained part by part (docs/forecast-engine.md, The trace).
// A normal run has none: the loop then only compares the step once per month and allocates nothing.
import type { AccountType } from '../model/common';
import type { IsoDate } from '../primitives';

/**
 * Which snapshot figure an entry is part of. Every entry of a step in 'cash_flow' sums to that step's
 * cash_flow and every one in 'capital_growth' to its capital_growth (forecast-model.md section 4).
 * 'transfer': money moved between two of the user's own accounts (a repayment, a deposit): net worth unchanged.
 * 'taxable': a change to someone's taxable income that moves no money (a capital gain, deductible interest):
 * only the tax it causes, recorded separately, reaches cash_flow.
 * 'info': a figure that explains another and moves nothing itself (a loan's interest saved by its offset).
 */
export type TraceBucket = 'cash_flow' | 'capital_growth' | 'transfer' | 'taxable' | 'info';

/**
 * What moved. The simulator records: 'growth' (a growth asset's change in value), 'interest' (earned on cash
 * or money lent, charged on a debt), 'flow' (one flow primitive's occurrences this month, on its own account),
 * 'super_contribution' (a salary's, PPL's or sacrifice's contribution less contributions tax, into super),
 * 'opening_balance' (an account opening this month with a balance), 'tax' (one taxpayer's tax this month),
 * 'tax_adjustment' and 'deductible_interest' (taxable income only), 'transfer', 'repayment' (a loan's
 * scheduled repayment). Further kinds may be added by new movements; consumers show unknown kinds by name.
 */
export type TraceKind =
  | 'growth'
  | 'interest'
  | 'flow'
  | 'super_contribution'
  | 'opening_balance'
  | 'tax'
  | 'tax_adjustment'
  | 'deductible_interest'
  | 'transfer'
  | 'repayment'
  | (string & {});

export type TraceEntry = {
  kind: TraceKind;
  bucket: TraceBucket;
  /**
   * Signed dollars, unrounded. cash_flow and capital_growth: + income or growth, - expense or loss.
   * transfer: the amount moved from `account` to `to_account` (>= 0). taxable: + assessable, - deductible.
   */
  amount: number;
  /** The flow's, transfer's or adjustment's name and primitive key (accounts are named by their row in TraceContext). */
  name?: string;
  key?: string;
  /** The account row the amount is booked to (a transfer's source). */
  account?: number;
  /** A transfer's or repayment's destination row. */
  to_account?: number;
  /** The loan (index in TraceContext.loans). */
  loan?: number;
  /** The taxpayer (index in TraceContext.taxpayers). */
  payer?: number;
  /** The tax tag's kind of a taxed flow ('salary', 'ppl', 'assessable', ...). */
  tax_kind?: string;
  /**
   * Named figures behind the amount, shown as detail and never summed into the month's totals: a tax's
   * components and working, a repayment's interest and principal, a super contribution's gross and tax.
   */
  parts?: Record<string, number>;
  /** The date whose rules were applied (tax: the month's last day, which fixes the financial year). */
  rule_date?: IsoDate;
};

/** Names for the row and index numbers entries carry; given once, when the plan is compiled. */
export type TraceContext = {
  step: number;
  date: IsoDate;
  accounts: ReadonlyArray<{ key: string; name: string; account_type: AccountType; is_asset: boolean }>;
  taxpayers: ReadonlyArray<string>;
  loans: ReadonlyArray<{ key: string; scope: string | null; account: number; repayment_from: number }>;
  transfers: ReadonlyArray<{ key: string; name: string; scope: string | null }>;
};

/** Records one step's movements. `step` is fixed for the run (1..months); nothing is recorded for other steps. */
export type TraceRecorder = {
  readonly step: number;
  /** Called once by the compile step, before any entry. */
  begin(context: TraceContext): void;
  record(entry: TraceEntry): void;
};

/** A recorder that keeps every entry in order (what explainMonth uses; handy in tests). */
export function createTraceLog(step: number): TraceRecorder & {
  context: TraceContext | null;
  entries: TraceEntry[];
} {
  const log = {
    step,
    context: null as TraceContext | null,
    entries: [] as TraceEntry[],
    begin(context: TraceContext) {
      log.context = context;
    },
    record(entry: TraceEntry) {
      log.entries.push(entry);
    },
  };
  return log;
}
