// Compile step, loans: the loan table (rates, terms, interest-only months, deductible interest) and the
// rate switches when a later loan takes over an account's debt; PMT, the level repayment.
import { addDays, isIsoDate } from '../au/dates';
import { monthIndexOf } from '../calendar';
import type { PrimitiveLoan } from '../primitives';
import { finite } from './flows';
import type { ScratchArena } from './scratch';
import type { LoanTable, RateSwitches } from './types';

/** PMT(r, n, p): the level repayment that clears p in n months at monthly rate r. */
export function pmt(rate: number, months: number, principal: number): number {
  const n = Math.max(1, Math.round(months));
  if (principal <= 0) return 0;
  if (Math.abs(rate) < 1e-12) return principal / n;
  return (principal * rate) / (1 - Math.pow(1 + rate, -n));
}

const NEVER = 0x7fffffff;

export type ScopedLoan = { loan: PrimitiveLoan; scope: string | null };

export type CompiledLoans = {
  loans: LoanTable;
  rateSwitches: RateSwitches;
  /** Per account row: the first loan on it (-1: none); that loan's rate is the debt's from the start. */
  loanOfAccount: Int32Array;
};

/**
 * Resolves each loan's accounts (in order: the debt, then where repayments come from) and taxpayer.
 * A later loan on an account that already has one (a scenario's interest_only_mortgage on the baseline's
 * existing_mortgage, say) takes over from its start month: the earlier one stops repaying (and deducting)
 * then, and the account's interest rate switches to the later loan's.
 */
export function buildLoanTable(
  scoped: ReadonlyArray<ScopedLoan>,
  accountRows: number,
  asOfMonth: number,
  stepCount: number,
  resolve: (ref: string, scope: string | null, what: string) => number,
  taxpayerOf: (name: string) => number,
  scratch: ScratchArena,
  warnings: string[],
): CompiledLoans {
  const count = scoped.length;
  const account = new Int32Array(count);
  const repaymentFrom = new Int32Array(count);
  const monthlyRate = new Float64Array(count);
  const startMonth = new Int32Array(count);
  const termMonths = new Int32Array(count);
  const interestOnlyMonths = new Int32Array(count);
  const fixedRepayment = new Float64Array(count);
  const repayment = new Float64Array(count).fill(NaN);
  const taxpayer = new Int32Array(count).fill(-1);
  const deductibleShare = new Float64Array(count);
  const taxpayer2 = new Int32Array(count).fill(-1);
  const share2 = new Float64Array(count);
  // The first month index whose interest is no longer deductible (deductible_until), else never.
  const deductibleEndMonth = new Int32Array(count).fill(NEVER);
  const deductibleFromMonth = new Int32Array(count).fill(-NEVER);
  const endMonth = new Int32Array(count).fill(NEVER);
  const loanOfAccount = new Int32Array(accountRows).fill(-1);
  const offsetStart = new Int32Array(count + 1);
  const offsetList: number[] = [];
  const redraw = new Uint8Array(count);
  const switches: Array<{ step: number; account: number; loan: number }> = [];
  scoped.forEach(({ loan: l, scope }, li) => {
    const acc = resolve(l.account, scope, `loan ${l.key}`);
    account[li] = acc;
    repaymentFrom[li] = resolve(l.repayment_from, scope, `loan ${l.key}`);
    offsetStart[li] = offsetList.length;
    for (const ref of l.offset_accounts ?? []) {
      const row = resolve(ref, scope, `loan ${l.key} offset`);
      if (row === acc || offsetList.indexOf(row, offsetStart[li]) >= 0) {
        warnings.push(`loan ${l.key}: offset account "${ref}" is the loan or listed twice; ignored`);
        continue;
      }
      offsetList.push(row);
    }
    redraw[li] = l.redraw ? 1 : 0;
    monthlyRate[li] = Math.max(0, finite(l.annual_rate)) / 1200;
    startMonth[li] = monthIndexOf(l.start);
    termMonths[li] = Math.max(1, Math.round(finite(l.term_months)));
    interestOnlyMonths[li] = Math.max(0, Math.round(finite(l.interest_only_months ?? 0)));
    fixedRepayment[li] = l.fixed_repayment !== undefined && l.fixed_repayment > 0 ? finite(l.fixed_repayment) : NaN;
    const joint = jointShares(l, warnings);
    if (l.deductible_share && l.deductible_share > 0 && (l.taxpayer || joint)) {
      deductibleShare[li] = Math.min(1, finite(l.deductible_share));
      taxpayer[li] = taxpayerOf(joint ? joint[0].taxpayer : (l.taxpayer as string));
      if (joint && joint.length > 1) {
        taxpayer2[li] = taxpayerOf(joint[1].taxpayer);
        share2[li] = joint[1].share;
      }
      if (l.deductible_until && isIsoDate(l.deductible_until))
        deductibleEndMonth[li] = monthIndexOf(addDays(l.deductible_until, 1));
    }
    if (loanOfAccount[acc] < 0) loanOfAccount[acc] = li;
    else {
      for (let earlier = 0; earlier < li; earlier++) {
        if (account[earlier] !== acc || endMonth[earlier] <= startMonth[li]) continue;
        endMonth[earlier] = startMonth[li];
        deductibleEndMonth[earlier] = Math.min(deductibleEndMonth[earlier], startMonth[li]);
      }
      deductibleFromMonth[li] = startMonth[li];
      switches.push({ step: startMonth[li] - asOfMonth, account: acc, loan: li });
    }
  });
  offsetStart[count] = offsetList.length;
  const offsetLoans: number[] = [];
  for (let li = 0; li < count; li++) if (offsetStart[li + 1] > offsetStart[li]) offsetLoans.push(li);
  switches.sort((a, b) => a.step - b.step);
  return {
    loans: {
      count,
      account,
      repaymentFrom,
      monthlyRate,
      startMonth,
      termMonths,
      interestOnlyMonths,
      fixedRepayment,
      repayment,
      taxpayer,
      deductibleShare,
      taxpayer2,
      share2,
      deductibleFromMonth,
      deductibleEndMonth,
      endMonth,
      offsetStart,
      offsetRows: Int32Array.from(offsetList),
      offsetLoans: Int32Array.from(offsetLoans),
      offsetDebts: Int32Array.from(new Set(offsetLoans.map((li) => account[li]))),
      offsetRowSet: Int32Array.from(new Set(offsetList)),
      deductibleLoans: Int32Array.from(taxpayer.keys()).filter((li) => taxpayer[li] >= 0),
      redraw,
      redrawAvailable: new Float64Array(count),
      offsetSaving: scratch.float64(offsetList.length > 0 ? count * stepCount : 0),
    },
    rateSwitches: {
      count: switches.length,
      step: Int32Array.from(switches, (s) => s.step),
      account: Int32Array.from(switches, (s) => s.account),
      monthlyRate: Float64Array.from(switches, (s) => monthlyRate[s.loan]),
    },
    loanOfAccount,
  };
}

/**
 * A loan's shared deduction (deductible_taxpayers): at most two distinct taxpayers, their shares made to add up
 * to 1 (the deduction's split, not a part of it: deductible_share says how much is deductible). Null: one taxpayer.
 */
function jointShares(l: PrimitiveLoan, warnings: string[]): Array<{ taxpayer: string; share: number }> | null {
  const list = l.deductible_taxpayers;
  if (!list || list.length === 0) return null;
  const merged: Array<{ taxpayer: string; share: number }> = [];
  for (const t of list) {
    const share = Math.max(0, finite(t.share));
    const same = merged.find((m) => m.taxpayer === t.taxpayer);
    if (same) same.share += share;
    else merged.push({ taxpayer: t.taxpayer, share });
  }
  if (merged.length > 2) warnings.push(`loan ${l.key}: a deduction is shared by at most two people; the rest ignored`);
  const two = merged.slice(0, 2);
  const total = two.reduce((a, t) => a + t.share, 0);
  if (!(total > 0)) return null;
  return two.map((t) => ({ taxpayer: t.taxpayer, share: t.share / total }));
}
