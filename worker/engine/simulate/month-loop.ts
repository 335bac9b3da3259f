// The month loop (docs/forecast-model.md sections 4-5): one tight pass per month over the compiled plan's typed
// arrays, writing each snapshot figure into a column. No allocation per month; every table is read through
// a local so the optimiser can keep it in a register.
import { pmt } from './loans';
import { retirementMonth } from './retirement';
import { KIND_DEBT, KIND_GROWTH } from './plan';
import type { ScratchArena } from './scratch';
import type { Columns } from './snapshots';
import { TaxSettlement } from './tax-settlement';
import type { Plan } from './types';

// Running totals kept current while money moves after the month's main pass.
const ASSETS = 0;
const LIABILITIES = 1;
const LIQUID = 2;

const NO_COLUMNS = new Int32Array(0);
const NO_BALANCES = new Float64Array(0);
const NO_STEPS = new Uint8Array(0);

/** sharedAccountTotals per step: capital growth, income, expenses, assets, liabilities (negative), liquid cash. */
export const SHARED_TOTALS_WIDTH = 6;

/** Moves `amount` into account i, keeping the running totals (assets, liabilities, liquid) current. */
function move(
  balance: Float64Array,
  isAsset: Uint8Array,
  isLiquid: Uint8Array,
  totals: Float64Array,
  i: number,
  amount: number,
): void {
  balance[i] += amount;
  if (isAsset[i]) {
    totals[ASSETS] += amount;
    if (isLiquid[i]) totals[LIQUID] += amount;
  } else totals[LIABILITIES] -= amount;
}

/** Moves `moved` from one of the user's accounts to another (transfer t), and tells the explain recorder if on. */
function transferBetween(
  balance: Float64Array,
  isAsset: Uint8Array,
  isLiquid: Uint8Array,
  totals: Float64Array,
  trace: Plan['trace'],
  t: number,
  from: number,
  to: number,
  moved: number,
): void {
  move(balance, isAsset, isLiquid, totals, from, -moved);
  move(balance, isAsset, isLiquid, totals, to, moved);
  trace?.record({
    kind: 'transfer',
    bucket: 'transfer',
    amount: moved,
    account: from,
    to_account: to,
    parts: { transfer: t },
  });
}

/** Snapshot 0: today's balances. */
function openingTotals(plan: Plan, columns: Columns): void {
  const { count, balance, isAsset, isLiquid } = plan.accounts;
  let assets = 0;
  let liabilities = 0;
  let liquid = 0;
  for (let i = 0; i < count; i++) {
    const v = balance[i];
    if (isAsset[i]) assets += v;
    else liabilities -= v;
    if (isLiquid[i]) liquid += v;
  }
  columns.totalAssets[0] = assets;
  columns.totalLiabilities[0] = liabilities;
  columns.liquidCash[0] = liquid;
  columns.netWorth[0] = assets - liabilities;
}

/**
 * Runs every month, in this order each month: growth and interest on the opening balances; flows; tax;
 * transfers; scheduled loan repayments. Updates the plan's balances and loan repayments in place.
 */
export function runMonths(plan: Plan, columns: Columns, scratch: ScratchArena): TaxSettlement {
  const {
    months,
    asOfMonth,
    stepDates,
    accountStride,
    accountDelta,
    flowIncome,
    flowExpense,
    taxableIncome,
    primaryCash,
    traceStep,
  } = plan;
  const baseAccountCount = plan.baseAccountCount;
  const baseAccountDelta = plan.baseAccountDelta ?? new Float64Array(0);
  const rateShift = plan.rateShift ?? null;
  const shiftColumn = plan.rateShiftColumn ?? NO_COLUMNS;
  const shiftWidth = plan.rateShiftWidth ?? 0;
  const passRows = plan.accountPassRows ?? null;
  const sharedTotals = plan.sharedAccountTotals ?? null;
  const readRows = plan.sharedReadRows ?? NO_COLUMNS;
  const readBalances = plan.sharedReadBalances ?? NO_BALANCES;
  const readCount = readRows.length;
  const readSteps = plan.sharedReadSteps ?? NO_STEPS;
  const {
    count: accountCount,
    balance,
    kind,
    monthlyRate,
    isAsset,
    isLiquid,
    capsTransfersOut,
    interestThisMonth,
    repaidThisMonth,
    repaidMonth,
    offsetAgainst,
    offsetSavedThisMonth,
    offsetLinked,
    redrawLoan,
  } = plan.accounts;
  const {
    count: transferCount,
    from: transferFrom,
    to: transferTo,
    amount: transferAmount,
    moveAll,
    stepStart: transferStepStart,
    stepTransfers,
  } = plan.transfers;
  const {
    count: loanCount,
    account: loanAccount,
    repaymentFrom,
    monthlyRate: loanRate,
    startMonth: loanStart,
    termMonths,
    interestOnlyMonths,
    fixedRepayment,
    repayment,
    endMonth: loanEnd,
    offsetRows,
    offsetLoans,
    redrawAvailable,
    offsetSaving,
  } = plan.loans;
  const hasOffsets = offsetRows.length > 0;
  const passCount = passRows === null ? accountCount : passRows.length;
  redrawAvailable.fill(0); // a plan may be run again (uncertainty trials): nothing is paid ahead at as_of
  repaidMonth.fill(0); // no month index is 0: nothing repaid by transfers in any month of this run yet
  const { count: switchCount, step: switchStep, account: switchAccount, monthlyRate: switchRate } = plan.rateSwitches;
  const {
    cashFlow,
    capitalGrowth,
    income: incomeColumn,
    expenses: expenseColumn,
    tax: taxColumn,
    totalAssets,
    totalLiabilities,
    liquidCash,
    netWorth,
  } = columns;

  // Per person and financial year: income tax, LITO, Medicare levy and HELP (tax-settlement.ts). Its
  // annualTaxable is each person's taxable income of the year as estimated at the last settled month: in July,
  // before that month is settled, the year that ended (what the super caps and Division 293 need).
  const taxpayerCount = taxableIncome.length;
  const settlement = new TaxSettlement(plan, scratch);
  const taxableOfYear = settlement.annualTaxable;
  const helpCount = plan.tax.help.count;
  const helpAccount = plan.tax.help.account;
  const helpPayer = plan.tax.help.payer;
  const helpMove = settlement.helpMove;
  const totals = scratch.float64(3);
  const retirementOut = scratch.float64(4);
  const offsetSavingColumn = columns.offsetSaving;

  openingTotals(plan, columns);

  let nextSwitch = 0;
  // Switches at or before step 1 were applied when the plan was compiled.
  while (nextSwitch < switchCount && switchStep[nextSwitch] <= 1) nextSwitch++;
  for (let step = 1; step <= months; step++) {
    while (nextSwitch < switchCount && switchStep[nextSwitch] === step) {
      if (kind[switchAccount[nextSwitch]] === KIND_DEBT)
        monthlyRate[switchAccount[nextSwitch]] = switchRate[nextSwitch];
      nextSwitch++;
    }
    // The trace recorder for this step only (null otherwise): `trace?.record(...)` then evaluates nothing.
    const trace = step === traceStep ? plan.trace : null;
    const month = asOfMonth + step;
    // Offset accounts: their opening balances (positive ones) reduce what their loan charges interest on.
    if (hasOffsets) offsetBalances(plan, month);
    let growth = 0;
    let income = flowIncome[step];
    let expense = flowExpense[step];
    let assets = 0;
    let liabilities = 0;
    let liquid = 0;
    // 1-2. growth and interest on the opening balances, then the month's flows, in one pass.
    const deltaRow = step * accountStride;
    const baseRow = step * baseAccountCount;
    const shiftRow = step * shiftWidth;
    for (let j = 0; j < passCount; j++) {
      const i = passRows === null ? j : passRows[j];
      let v = balance[i];
      const rate = rateShift === null ? monthlyRate[i] : monthlyRate[i] + rateShift[shiftRow + shiftColumn[i]];
      const accountKind = kind[i];
      if (accountKind === KIND_DEBT) {
        let interest = 0;
        if (v < 0 && rate !== 0) {
          const offset = offsetAgainst[i];
          if (offset > 0) {
            interest = offset < -v ? (-v - offset) * rate : 0;
            offsetSavedThisMonth[i] = -v * rate - interest;
          } else interest = -v * rate;
          v -= interest;
          expense += interest;
          trace?.record({ kind: 'interest', bucket: 'cash_flow', amount: -interest, account: i });
        }
        interestThisMonth[i] = interest;
      } else if (v > 0 && rate !== 0 && offsetLinked[i] === 0) {
        const gain = v * rate;
        v += gain;
        if (accountKind === KIND_GROWTH) growth += gain;
        else income += gain;
        trace?.record({
          kind: accountKind === KIND_GROWTH ? 'growth' : 'interest',
          bucket: accountKind === KIND_GROWTH ? 'capital_growth' : 'cash_flow',
          amount: gain,
          account: i,
        });
      }
      v += accountDelta[deltaRow + i];
      if (i < baseAccountCount) v += baseAccountDelta[baseRow + i];
      balance[i] = v;
      if (isAsset[i]) {
        assets += v;
        if (isLiquid[i]) liquid += v;
      } else liabilities -= v;
    }
    if (sharedTotals !== null) {
      const row = step * SHARED_TOTALS_WIDTH;
      growth += sharedTotals[row];
      income += sharedTotals[row + 1];
      expense += sharedTotals[row + 2];
      assets += sharedTotals[row + 3];
      liabilities += sharedTotals[row + 4];
      liquid += sharedTotals[row + 5];
    }
    // Shared rows a later step reads (super, for the retirement phase's 30 June total): their balances now.
    if (readCount > 0 && (readSteps[step] === 1 || step === months)) {
      const row = step * readCount;
      for (let x = 0; x < readCount; x++) balance[readRows[x]] = readBalances[row + x];
    }
    totals[ASSETS] = assets;
    totals[LIABILITIES] = liabilities;
    totals[LIQUID] = liquid;
    if (hasOffsets) {
      // The interest the offsets saved each loan this month: the rate on the part of the debt they cover.
      const row = step * loanCount;
      let saved = 0;
      for (let x = 0; x < offsetLoans.length; x++) {
        const loan = offsetLoans[x];
        const debt = loanAccount[loan];
        // Two offset loans on one debt (a takeover) share it: only the one still running has offsets counted.
        const saving = offsetAgainst[debt] > 0 && month < loanEnd[loan] ? offsetSavedThisMonth[debt] : 0;
        offsetSaving[row + loan] = saving;
        saved += saving;
        if (saving !== 0)
          trace?.record({
            kind: 'offset_saving',
            bucket: 'info',
            amount: saving,
            loan,
            account: debt,
            parts: { offset_balance: offsetAgainst[debt] },
          });
      }
      offsetSavingColumn[step] = saved;
    }
    // Super caps, pensions and the Age Pension (retirement.ts): growth, income, expenses and tax of the month.
    if (plan.retirement) {
      retirementMonth(plan, step, taxableOfYear, totals, retirementOut);
      growth += retirementOut[0];
      income += retirementOut[1];
      expense += retirementOut[2];
      taxColumn[step] = retirementOut[3];
    }
    // 3. tax: each person's income tax, LITO, Medicare levy and HELP, settled monthly per financial year.
    if (taxpayerCount > 0) {
      const taxTotal = settlement.settle(step, month, stepDates[step], interestThisMonth, trace);
      if (taxTotal !== 0) {
        move(balance, isAsset, isLiquid, totals, primaryCash, -taxTotal);
        expense += taxTotal;
        taxColumn[step] = taxTotal + retirementOut[3];
      }
      // HELP repayments move money from cash to the debt (or a refund back): never income or expense.
      for (let h = 0; h < helpCount; h++) {
        const amount = helpMove[h];
        if (amount === 0) continue;
        helpMove[h] = 0;
        move(balance, isAsset, isLiquid, totals, primaryCash, -amount);
        move(balance, isAsset, isLiquid, totals, helpAccount[h], amount);
        trace?.record({
          kind: 'help_repayment',
          bucket: 'transfer',
          amount,
          account: primaryCash,
          to_account: helpAccount[h],
          payer: helpPayer[h],
        });
      }
    }
    // 4. transfers between the user's own accounts (never income or expense).
    const transfersEnd = transferStepStart[step + 1];
    if (transferStepStart[step] < transfersEnd) {
      const transferRow = step * transferCount;
      for (let x = transferStepStart[step]; x < transfersEnd; x++) {
        const t = stepTransfers[x];
        const amount = transferAmount[transferRow + t];
        const all = moveAll[transferRow + t];
        if (amount === 0 && all === 0) continue;
        const from = transferFrom[t];
        const to = transferTo[t];
        if (amount > 0) {
          let moved = amount;
          // Out of a non-cash asset (super, investments, property, money lent): never more than it holds, so a
          // drawdown stops when super runs out. Cash may go negative: that shows a shortfall, not lost money.
          if (capsTransfersOut[from]) moved = Math.min(moved, Math.max(0, balance[from]));
          // Redraw: once a redraw loan repays, it lends back only what was paid ahead of schedule.
          const redrawFrom = isAsset[from] ? -1 : redrawLoan[from];
          if (redrawFrom >= 0 && month >= loanStart[redrawFrom]) {
            moved = Math.min(moved, redrawAvailable[redrawFrom]);
            redrawAvailable[redrawFrom] -= moved;
          }
          if (!isAsset[to]) {
            moved = Math.min(moved, Math.max(0, -balance[to]));
            if (repaidMonth[to] !== month) {
              repaidMonth[to] = month;
              repaidThisMonth[to] = 0;
            }
            repaidThisMonth[to] += moved;
            if (redrawLoan[to] >= 0) redrawAvailable[redrawLoan[to]] += moved;
          }
          transferBetween(balance, isAsset, isLiquid, totals, trace, t, from, to, moved);
        }
        if (all) {
          let moved = 0;
          if (!isAsset[to]) {
            moved = Math.max(0, -balance[to]);
            if (repaidMonth[to] !== month) {
              repaidMonth[to] = month;
              repaidThisMonth[to] = 0;
            }
            repaidThisMonth[to] += moved;
            if (redrawLoan[to] >= 0) redrawAvailable[redrawLoan[to]] += moved;
          } else if (isAsset[from]) moved = Math.max(0, balance[from]);
          transferBetween(balance, isAsset, isLiquid, totals, trace, t, from, to, moved);
        }
      }
    }
    // 5. scheduled loan repayments, capped at what is owed.
    for (let loan = 0; loan < loanCount; loan++) {
      const repaymentNumber = month - loanStart[loan] + 1;
      if (repaymentNumber < 1 || month >= loanEnd[loan]) continue;
      const debt = loanAccount[loan];
      const owed = -balance[debt];
      if (!(owed > 0.004)) continue;
      const interest = interestThisMonth[debt];
      let pay: number;
      if (repaymentNumber <= interestOnlyMonths[loan]) pay = interest;
      else {
        if (Number.isNaN(repayment[loan])) {
          const principal = owed + (repaidMonth[debt] === month ? repaidThisMonth[debt] : 0) - interest;
          repayment[loan] = Number.isNaN(fixedRepayment[loan])
            ? pmt(loanRate[loan], termMonths[loan] - (repaymentNumber - 1), principal)
            : fixedRepayment[loan];
          if (!(repayment[loan] > 0)) repayment[loan] = owed;
        }
        pay = repayment[loan];
      }
      if (pay > owed) pay = owed;
      move(balance, isAsset, isLiquid, totals, repaymentFrom[loan], -pay);
      move(balance, isAsset, isLiquid, totals, debt, pay);
      if (trace) {
        const interestPart = Math.min(pay, interest);
        trace.record({
          kind: 'repayment',
          bucket: 'transfer',
          amount: pay,
          account: repaymentFrom[loan],
          to_account: debt,
          loan,
          parts: { interest: interestPart, principal: pay - interestPart },
        });
      }
    }
    capitalGrowth[step] = growth;
    incomeColumn[step] = income;
    expenseColumn[step] = expense;
    cashFlow[step] = income - expense;
    totalAssets[step] = totals[ASSETS];
    totalLiabilities[step] = totals[LIABILITIES];
    liquidCash[step] = totals[LIQUID];
    netWorth[step] = totals[ASSETS] - totals[LIABILITIES];
  }
  return settlement;
}

/**
 * The growth-and-interest pass of runMonths over `rows` only, from `balance` (updated in place), for rows that no
 * loan, offset, transfer, rate switch, tax or retirement step reads or moves: step by step the same arithmetic as
 * the loop's own pass (so each row's balances are the same to the bit), writing per step the rows' totals into
 * `out` (SHARED_TOTALS_WIDTH wide) for runMonths to add (Plan.sharedAccountTotals). `rate` is each row's monthly
 * rate and `shift`, `shiftColumn` and `shiftWidth` the trial's rate shifts, as Plan.rateShift. Row rows[j] with
 * readSlot[j] >= 0 also writes its balance after each step into `readOut` (readWidth wide, step-major) at that
 * slot (Plan.sharedReadBalances).
 */
export function sharedAccountPass(
  plan: Plan,
  rows: Int32Array,
  balance: Float64Array,
  rate: Float64Array,
  shift: Float64Array,
  shiftColumn: Int32Array,
  shiftWidth: number,
  out: Float64Array,
  readSlot: Int32Array,
  readWidth: number,
  readOut: Float64Array,
): void {
  const { months, accountStride, accountDelta, baseAccountCount } = plan;
  const baseAccountDelta = plan.baseAccountDelta ?? new Float64Array(0);
  const { kind, isAsset, isLiquid } = plan.accounts;
  // Row by row, each through every step (its balance stays in a register and its kind is decided once), adding
  // into each step's totals in row order: the same sums, in the same order, as a pass over the rows each step.
  out.fill(0, SHARED_TOTALS_WIDTH, (months + 1) * SHARED_TOTALS_WIDTH);
  for (let j = 0; j < rows.length; j++) {
    const i = rows[j];
    const r0 = rate[i];
    const column = shiftColumn[i];
    const base = i < baseAccountCount;
    const slot = readSlot[j];
    let v = balance[i];
    if (kind[i] === KIND_DEBT) {
      for (let step = 1; step <= months; step++) {
        const r = r0 + shift[step * shiftWidth + column];
        const row = step * SHARED_TOTALS_WIDTH;
        if (v < 0 && r !== 0) {
          const interest = -v * r;
          v -= interest;
          out[row + 2] += interest;
        }
        v += accountDelta[step * accountStride + i];
        if (base) v += baseAccountDelta[step * baseAccountCount + i];
        if (isAsset[i]) {
          out[row + 3] += v;
          if (isLiquid[i]) out[row + 5] += v;
        } else out[row + 4] -= v;
        if (slot >= 0) readOut[step * readWidth + slot] = v;
      }
    } else {
      // Growth rows add to capital growth, the others (cash, money lent) to income.
      const gainAt = kind[i] === KIND_GROWTH ? 0 : 1;
      const totalAt = isAsset[i] ? 3 : 4;
      const liquid = isAsset[i] === 1 && isLiquid[i] === 1;
      for (let step = 1; step <= months; step++) {
        const r = r0 + shift[step * shiftWidth + column];
        const row = step * SHARED_TOTALS_WIDTH;
        if (v > 0 && r !== 0) {
          const gain = v * r;
          v += gain;
          out[row + gainAt] += gain;
        }
        v += accountDelta[step * accountStride + i];
        if (base) v += baseAccountDelta[step * baseAccountCount + i];
        if (totalAt === 3) {
          out[row + 3] += v;
          if (liquid) out[row + 5] += v;
        } else out[row + 4] -= v;
        if (slot >= 0) readOut[step * readWidth + slot] = v;
      }
    }
    balance[i] = v;
  }
}

/**
 * Each offset loan's debt gets the combined positive opening balance of its offset accounts (offsetAgainst), and
 * those accounts are marked to earn no interest of their own while the loan is owed (offsetLinked).
 */
function offsetBalances(plan: Plan, month: number): void {
  const { balance, offsetAgainst, offsetSavedThisMonth, offsetLinked, isAsset } = plan.accounts;
  const { account, offsetStart, offsetRows, endMonth, offsetLoans, offsetDebts, offsetRowSet } = plan.loans;
  // Cleared once each (a debt or an offset row may belong to several loans: a takeover, one account offsetting two).
  for (let x = 0; x < offsetDebts.length; x++) {
    offsetAgainst[offsetDebts[x]] = 0;
    offsetSavedThisMonth[offsetDebts[x]] = 0;
  }
  for (let x = 0; x < offsetRowSet.length; x++) offsetLinked[offsetRowSet[x]] = 0;
  for (let x = 0; x < offsetLoans.length; x++) {
    const loan = offsetLoans[x];
    const debt = account[loan];
    if (month >= endMonth[loan] || !(balance[debt] < 0)) continue;
    let sum = 0;
    for (let j = offsetStart[loan]; j < offsetStart[loan + 1]; j++) {
      const row = offsetRows[j];
      if (!isAsset[row]) continue;
      if (balance[row] > 0) sum += balance[row];
      offsetLinked[row] = 1;
    }
    offsetAgainst[debt] += sum;
  }
}
