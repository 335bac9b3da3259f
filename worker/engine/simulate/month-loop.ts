// The month loop (docs/forecast-model.md sections 4-5): one tight pass per month over the compiled plan's typed
// arrays, writing each snapshot figure into a column. No allocation per month; every table is read through
// a local so the optimiser can keep it in a register.
import { personalTax } from '../au/tax';
import { pmt } from './loans';
import { retirementMonth } from './retirement';
import { KIND_DEBT, KIND_GROWTH, type Plan } from './plan';
import type { ScratchArena } from './scratch';
import type { Columns } from './snapshots';
import type { TraceRecorder } from './trace';
import type { IsoDate } from '../primitives';

// Running totals kept current while money moves after the month's main pass.
const ASSETS = 0;
const LIABILITIES = 1;
const LIQUID = 2;

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

/** The traced step's tax for one payer, with the working: year to date, annualised income, the year's tax. */
function traceTax(
  trace: TraceRecorder,
  payer: number,
  taxableThisMonth: number,
  taxableYearToDate: number,
  monthsIntoYear: number,
  annual: number,
  due: number,
  chargedBefore: number,
  date: IsoDate,
): void {
  const year = personalTax(annual > 0 ? annual : 0, date);
  trace.record({
    kind: 'tax',
    bucket: 'cash_flow',
    amount: -(due - chargedBefore),
    payer,
    rule_date: date,
    parts: {
      taxable_this_month: taxableThisMonth,
      taxable_year_to_date: taxableYearToDate,
      months_into_year: monthsIntoYear,
      annualised_income: annual,
      income_tax: year.income_tax,
      lito: year.lito,
      medicare: year.medicare,
      year_tax: annual > 0 ? year.total : 0,
      due_to_date: due,
      charged_before: chargedBefore,
    },
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
export function runMonths(plan: Plan, columns: Columns, scratch: ScratchArena): void {
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
  } = plan.accounts;
  const {
    count: transferCount,
    from: transferFrom,
    to: transferTo,
    amount: transferAmount,
    moveAll,
    anyInStep: anyTransfer,
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
    taxpayer: loanTaxpayer,
    deductibleShare,
    deductibleFromMonth,
    deductibleEndMonth,
    endMonth: loanEnd,
  } = plan.loans;
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

  // Per taxpayer, within the current financial year: taxable income so far, tax charged so far, and the last
  // annualised income with its tax (a steady income annualises to the same figure month after month).
  const taxpayerCount = taxableIncome.length;
  const taxableSoFar = scratch.float64(taxpayerCount);
  const taxCharged = scratch.float64(taxpayerCount);
  const lastAnnualIncome = scratch.float64(taxpayerCount).fill(NaN);
  const lastAnnualTax = scratch.float64(taxpayerCount);
  const totals = scratch.float64(3);
  const retirementOut = scratch.float64(4);

  openingTotals(plan, columns);

  let monthsIntoFinancialYear = 0;
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
    let growth = 0;
    let income = flowIncome[step];
    let expense = flowExpense[step];
    let assets = 0;
    let liabilities = 0;
    let liquid = 0;
    // 1-2. growth and interest on the opening balances, then the month's flows, in one pass.
    const deltaRow = step * accountStride;
    const baseRow = step * baseAccountCount;
    const shiftRow = step * accountCount;
    for (let i = 0; i < accountCount; i++) {
      let v = balance[i];
      const rate = rateShift === null ? monthlyRate[i] : monthlyRate[i] + rateShift[shiftRow + i];
      const accountKind = kind[i];
      if (accountKind === KIND_DEBT) {
        let interest = 0;
        if (v < 0 && rate !== 0) {
          interest = -v * rate;
          v -= interest;
          expense += interest;
          trace?.record({ kind: 'interest', bucket: 'cash_flow', amount: -interest, account: i });
        }
        interestThisMonth[i] = interest;
      } else if (v > 0 && rate !== 0) {
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
    totals[ASSETS] = assets;
    totals[LIABILITIES] = liabilities;
    totals[LIQUID] = liquid;
    const month = asOfMonth + step;
    // Super caps, pensions and the Age Pension (retirement.ts): growth, income, expenses and tax of the month.
    if (plan.retirement) {
      retirementMonth(plan, step, taxableSoFar, totals, retirementOut);
      growth += retirementOut[0];
      income += retirementOut[1];
      expense += retirementOut[2];
      taxColumn[step] = retirementOut[3];
    }
    // 3. tax, settled monthly so each financial year's total is exact.
    if (taxpayerCount > 0) {
      const calendarMonth = month % 12; // 0 = January
      if (calendarMonth === 6 || monthsIntoFinancialYear === 0) {
        monthsIntoFinancialYear = 0;
        taxableSoFar.fill(0);
        taxCharged.fill(0);
      }
      monthsIntoFinancialYear++;
      for (let loan = 0; loan < loanCount; loan++) {
        const payer = loanTaxpayer[loan];
        if (payer >= 0 && month < deductibleEndMonth[loan] && month >= deductibleFromMonth[loan]) {
          taxableSoFar[payer] -= interestThisMonth[loanAccount[loan]] * deductibleShare[loan];
          trace?.record({
            kind: 'deductible_interest',
            bucket: 'taxable',
            amount: -interestThisMonth[loanAccount[loan]] * deductibleShare[loan],
            loan,
            payer,
            parts: { deductible_share: deductibleShare[loan] },
          });
        }
      }
      let taxTotal = 0;
      for (let payer = 0; payer < taxpayerCount; payer++) {
        taxableSoFar[payer] += taxableIncome[payer][step];
        const annual = (taxableSoFar[payer] * 12) / monthsIntoFinancialYear;
        let due = 0;
        if (annual > 0) {
          if (annual !== lastAnnualIncome[payer] || monthsIntoFinancialYear === 1) {
            lastAnnualIncome[payer] = annual;
            lastAnnualTax[payer] = personalTax(annual, stepDates[step]).total;
          }
          due = (lastAnnualTax[payer] * monthsIntoFinancialYear) / 12;
        }
        if (trace)
          traceTax(
            trace,
            payer,
            taxableIncome[payer][step],
            taxableSoFar[payer],
            monthsIntoFinancialYear,
            annual,
            due,
            taxCharged[payer],
            stepDates[step],
          );
        taxTotal += due - taxCharged[payer];
        taxCharged[payer] = due;
      }
      if (taxTotal !== 0) {
        move(balance, isAsset, isLiquid, totals, primaryCash, -taxTotal);
        expense += taxTotal;
        taxColumn[step] = taxTotal + retirementOut[3];
      }
    }
    // 4. transfers between the user's own accounts (never income or expense).
    for (let loan = 0; loan < loanCount; loan++) repaidThisMonth[loanAccount[loan]] = 0;
    if (anyTransfer[step]) {
      const transferRow = step * transferCount;
      for (let t = 0; t < transferCount; t++) {
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
          if (!isAsset[to]) {
            moved = Math.min(moved, Math.max(0, -balance[to]));
            repaidThisMonth[to] += moved;
          }
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
        if (all) {
          let moved = 0;
          if (!isAsset[to]) {
            moved = Math.max(0, -balance[to]);
            repaidThisMonth[to] += moved;
          } else if (isAsset[from]) moved = Math.max(0, balance[from]);
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
          const principal = owed + repaidThisMonth[debt] - interest;
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
}
