// The compile step: turns a simulation spec (accounts and primitives) into the plan the month loop runs,
// expanding every schedule once into per-step tables. Accounts, flows, transfers and loans each have their
// own module; this one collects the primitives and builds the tables in a fixed order (warnings follow it).
import { AGE_PENSION_AGE } from '../au/age-pension';
import { isIsoDate } from '../au/dates';
import { birthdayAt } from '../au/super';
import { pplSuperRate } from '../au/ppl';
import type {
  Primitive,
  PrimitiveAdjustFlow,
  PrimitiveDependentChild,
  PrimitiveFlow,
  PrimitiveHelpDebt,
  PrimitiveTaxAdjustment,
} from '../primitives';
import { dateToDayNumber, monthIndexOf } from '../calendar';
import { buildAccountTable, collectAccounts, type AccountRow } from './accounts';
import {
  SUPER_NONE,
  SUPER_PPL,
  SUPER_SALARY,
  SUPER_SALARY_SACRIFICE,
  bookFlow,
  finite,
  makeTime,
  type FlowBook,
  type FlowTax,
} from './flows';
import { buildLoanTable, type ScopedLoan } from './loans';
import { buildRetirement, type ScopedRetirement } from './retirement';
import { bufferSize, scheduleOccurrences } from './occurrences';
import { KIND_DEBT } from './plan';
import type { TraceRecorder } from './trace';
import { financialYearStartDay, priorContribution } from './prior-income';
import type { ScratchArena } from './scratch';
import { horizonYears } from './spec';
import { traceFlows, type BookedFlow } from './trace-flows';
import { buildTransferTable, type ScopedTransfer } from './transfers';
import type { BaseFlowCache, LoanTable, Plan, SimulationSpec, TaxPlan } from './types';

type ScopedFlow = { flow: PrimitiveFlow; scope: string | null };
type ScopedAdjustment = { adjustment: PrimitiveAdjustFlow; scope: string | null };
type ScopedHelp = { help: PrimitiveHelpDebt; scope: string | null };

/** The spec's primitives by kind, each with the scope (event id, null for the base) it came from. */
type CollectedPrimitives = {
  flows: ScopedFlow[];
  adjustments: ScopedAdjustment[];
  transfers: ScopedTransfer[];
  loans: ScopedLoan[];
  taxAdjustments: PrimitiveTaxAdjustment[];
  retirements: ScopedRetirement[];
  helpDebts: ScopedHelp[];
  children: PrimitiveDependentChild[];
};

function collectPrimitives(spec: SimulationSpec, baseItems: ReadonlyArray<PrimitiveFlow>): CollectedPrimitives {
  const collected: CollectedPrimitives = {
    flows: [],
    adjustments: [],
    transfers: [],
    loans: [],
    taxAdjustments: [],
    retirements: [],
    helpDebts: [],
    children: [],
  };
  const collect = (primitives: ReadonlyArray<Primitive>, scope: string | null) => {
    for (const p of primitives) {
      if (p.kind === 'flow') collected.flows.push({ flow: p, scope });
      else if (p.kind === 'adjust_flow') collected.adjustments.push({ adjustment: p, scope });
      else if (p.kind === 'transfer') collected.transfers.push({ transfer: p, scope });
      else if (p.kind === 'loan') collected.loans.push({ loan: p, scope });
      else if (p.kind === 'tax_adjustment') collected.taxAdjustments.push(p);
      else if (p.kind === 'retirement') collected.retirements.push({ retirement: p, scope });
      else if (p.kind === 'help_debt') collected.helpDebts.push({ help: p, scope });
      else if (p.kind === 'dependent_child') collected.children.push(p);
    }
  };
  for (const flow of baseItems) collected.flows.push({ flow, scope: null });
  collect(spec.base, null);
  for (const g of spec.groups) collect(g.primitives, g.scope);
  return collected;
}

/**
 * Each flow's adjustments, sorted by date, by the flow's index. An adjustment targets a flow key (its own
 * scope first, then base ids, then a materialised item's event flow); one with no target is a warning.
 */
function matchAdjustments(
  spec: SimulationSpec,
  flows: ReadonlyArray<ScopedFlow>,
  adjustments: ReadonlyArray<ScopedAdjustment>,
  warnings: string[],
) {
  const flowKeyIndex = new Map<string, number>();
  if (adjustments.length > 0) {
    const targets = new Set(adjustments.map((a) => a.adjustment.target));
    flows.forEach((f, i) => {
      if (!targets.has(f.flow.key)) return;
      const k = `${f.scope ?? ''}\u0000${f.flow.key}`;
      if (!flowKeyIndex.has(k)) flowKeyIndex.set(k, i);
    });
  }
  const linkedItem = new Map<string, { id: string; scope: string; name: string }>();
  for (const l of spec.linked_items ?? []) linkedItem.set(l.id, l);
  const adjustmentsOf = new Map<number, PrimitiveAdjustFlow[]>();
  for (const { adjustment: adj, scope } of adjustments) {
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
  return adjustmentsOf;
}

/** Compiles a spec into a plan whose per-run tables come from `scratch` (valid until its next reset). */
export function compilePlan(
  spec: SimulationSpec,
  scratch: ScratchArena,
): { plan: Plan; warnings: string[]; accountRows: ReadonlyArray<AccountRow> } {
  const warnings: string[] = [];
  const years = horizonYears(spec.years);
  const months = years * 12;
  const stepCount = months + 1;
  const cache = spec.base_cache;
  const timeFits = !!cache && cache.as_of === spec.as_of && cache.years === years;
  const time = timeFits && cache ? cache.time : makeTime(spec.as_of, months);
  const { grid, stepDates, superGuaranteeRate } = time;
  const asOfMonth = grid.asOfMonth;

  const accounts = collectAccounts(spec, asOfMonth, months, warnings);
  const { rows, resolve } = accounts;
  const baseItems = spec.base_items ?? [];
  const { flows, adjustments, transfers, loans, taxAdjustments, retirements, helpDebts, children } = collectPrimitives(
    spec,
    baseItems,
  );
  const adjustmentsOf = matchAdjustments(spec, flows, adjustments, warnings);

  const accountStride = rows.length + 1; // room for a synthetic primary cash account created while resolving
  const accountDelta = scratch.float64(accountStride * stepCount);
  const flowIncome = scratch.float64(stepCount);
  const flowExpense = scratch.float64(stepCount);
  const taxpayerIndex = new Map<string, number>();
  const taxableIncome: Float64Array[] = [];
  const taxableOnce: Float64Array[] = [];
  const reportableSuper: Float64Array[] = [];
  const investment: Float64Array[] = [];
  const taxpayerOf = (name: string): number => {
    let i = taxpayerIndex.get(name);
    if (i === undefined) {
      i = taxableIncome.length;
      taxpayerIndex.set(name, i);
      taxableIncome.push(scratch.float64(stepCount));
      taxableOnce.push(scratch.float64(stepCount));
      reportableSuper.push(scratch.float64(stepCount));
      investment.push(scratch.float64(stepCount));
    }
    return i;
  };
  // The first financial year's income before as_of: running flows count as if they had run since 1 July.
  const fyStartDay = financialYearStartDay(grid.asOfDay);
  const firstYearMonthsBefore = (((asOfMonth + 1) % 12) + 6) % 12; // months from July to the step-1 month
  const priorByPayer: Array<{ taxable: number; annual: number; super: number; investment: number }> = [];
  const addPrior = (payer: number, kind: string, c: { prior: number; annual: number }) => {
    const p = (priorByPayer[payer] ??= { taxable: 0, annual: 0, super: 0, investment: 0 });
    p.taxable += c.prior;
    p.annual += c.annual;
    if (kind === 'salary_sacrifice') p.super -= c.prior;
    else if (kind === 'assessable' || kind === 'deductible' || kind === 'adjustment') p.investment += c.prior;
  };

  const concessional: Float64Array[] = [];
  const employment: Float64Array[] = [];
  const superOwner = new Map<number, string>();

  for (const o of accounts.openingFlows) {
    accountDelta[o.step * accountStride + o.row] += o.value;
    if (o.value >= 0) flowIncome[o.step] += o.value;
    else flowExpense[o.step] -= o.value;
  }
  const trace = spec.trace ?? null;
  // Traced runs only: each flow as booked, to be booked again alone for the traced step (trace-flows.ts).
  const booked: BookedFlow[] | null = trace ? [] : null;

  // ---- flows: every occurrence on its real date, into per-step totals ----
  const { steps: occurrenceSteps, days: occurrenceDays } = scratch.occurrenceBuffers(bufferSize(grid));
  const book: FlowBook = {
    grid,
    accountStride,
    accountDelta,
    income: flowIncome,
    expense: flowExpense,
    occurrenceSteps,
    occurrenceDays,
    superGuaranteeRate,
  };
  const sharedBase =
    cache &&
    timeFits &&
    baseCacheFits(cache, spec, baseItems.length, accounts.baseCount, accounts.baseRow, accounts.primaryCashSoFar())
      ? cache
      : null;
  if (sharedBase) {
    for (let k = 0; k < stepCount; k++) {
      flowIncome[k] += sharedBase.income[k];
      flowExpense[k] += sharedBase.expense[k];
    }
  }
  for (let fi = 0; fi < flows.length; fi++) {
    const { flow, scope } = flows[fi];
    const adjusted = adjustmentsOf.get(fi);
    if (sharedBase && fi < baseItems.length && sharedBase.isCached[fi]) {
      booked?.push({ flow, row: sharedBase.itemAccount[fi], adjusted, tax: null, payer: -1 });
      if (!adjusted) continue;
      bookFlow(book, flow, sharedBase.itemAccount[fi], undefined, null, -1); // take the cached booking back out
    }
    const row = resolve(flow.account, scope, `flow ${flow.key}`);
    const tax = flow.tax;
    let flowTax: FlowTax = null;
    if (tax) {
      let superRow = -1;
      let superKind = SUPER_NONE;
      if ((tax.kind === 'salary' || tax.kind === 'ppl' || tax.kind === 'salary_sacrifice') && tax.super_account) {
        superRow = resolve(tax.super_account, scope, `flow ${flow.key} super`);
        superKind = tax.kind === 'salary' ? SUPER_SALARY : tax.kind === 'ppl' ? SUPER_PPL : SUPER_SALARY_SACRIFICE;
      }
      // Super on PPL depends on the child's birth date (from 1 July 2025), not on when each payment falls.
      const pplRate =
        tax.kind === 'ppl' && tax.birth_date && isIsoDate(tax.birth_date) ? pplSuperRate(tax.birth_date) : NaN;
      const payer = taxpayerOf(tax.taxpayer);
      const extra =
        tax.kind === 'salary_sacrifice'
          ? reportableSuper[payer]
          : tax.kind === 'assessable' || tax.kind === 'deductible'
            ? investment[payer]
            : null;
      flowTax = {
        taxable: taxableIncome[payer],
        superRow,
        superKind,
        pplRate,
        once: flow.schedule.type === 'once' ? taxableOnce[payer] : null,
        extra,
        extraSign: tax.kind === 'salary_sacrifice' ? -1 : 1,
      };
      // Concessional contributions by taxpayer and the super account's owner, for the caps (retirement.ts).
      if (superRow >= 0) {
        flowTax.concessional = concessional[payer] ??= scratch.float64(stepCount);
        if (!superOwner.has(superRow)) superOwner.set(superRow, tax.taxpayer);
      }
      if (tax.kind === 'salary') flowTax.employment = employment[payer] ??= scratch.float64(stepCount);
      if (firstYearMonthsBefore > 0)
        addPrior(payer, tax.kind, priorContribution(flow, adjusted, fyStartDay, grid.asOfDay));
    }
    bookFlow(book, flow, row, adjusted, flowTax, 1);
    if (booked && !(sharedBase && fi < baseItems.length && sharedBase.isCached[fi])) {
      booked.push({ flow, row, adjusted, tax: flowTax, payer: tax ? taxpayerOf(tax.taxpayer) : -1 });
    }
  }

  // ---- tax adjustments: taxable income only, no money moves ----
  for (const t of taxAdjustments) {
    const amount = finite(t.amount);
    if (amount === 0) continue;
    const payer = taxpayerOf(t.taxpayer);
    const taxable = taxableIncome[payer];
    const once = t.schedule.type === 'once' ? taxableOnce[payer] : null;
    // A deduction by adjustment (depreciation) is an investment deduction; an assessable one (a gain) is not.
    const invest = amount < 0 ? investment[payer] : null;
    const count = scheduleOccurrences(grid, t.schedule, occurrenceSteps, occurrenceDays);
    for (let o = 0; o < count; o++) {
      const k = occurrenceSteps[o];
      taxable[k] += amount;
      if (once !== null) once[k] += amount;
      if (invest !== null) invest[k] += amount;
      if (trace && k === trace.step) {
        trace.record({
          kind: 'tax_adjustment',
          bucket: 'taxable',
          amount,
          name: t.name,
          key: t.key,
          payer,
        });
      }
    }
    if (firstYearMonthsBefore > 0)
      addPrior(payer, amount < 0 ? 'adjustment' : 'gain', priorContribution(t, undefined, fyStartDay, grid.asOfDay));
  }

  // ---- HELP debts: repaid from the person's repayment income by the tax settlement ----
  const helpAccount = new Int32Array(helpDebts.length);
  const helpPayer = new Int32Array(helpDebts.length);
  helpDebts.forEach(({ help, scope }, h) => {
    helpAccount[h] = resolve(help.account, scope, `help_debt ${help.key}`);
    helpPayer[h] = taxpayerOf(help.taxpayer);
  });

  const transferTable = buildTransferTable(transfers, grid, resolve, scratch);
  const {
    loans: loanTable,
    rateSwitches,
    loanOfAccount,
  } = buildLoanTable(loans, accountStride, asOfMonth, stepCount, resolve, taxpayerOf, scratch, warnings);

  const retirement = buildRetirement({
    spec,
    rows,
    resolve,
    retirements,
    transfers,
    transferTable,
    taxpayerIndex,
    taxpayerOf,
    concessional,
    employment,
    superOwner,
    primaryCash: accounts.primaryCash,
    asOfMonth,
    months,
    stepDates,
    warnings,
  });
  // After the retirement rules, which may add taxpayers (Age Pension claimants).
  const taxPlan = buildTaxPlan(spec, {
    ids: [...taxpayerIndex.keys()],
    taxableOnce,
    reportableSuper,
    investment,
    firstYearMonthsBefore,
    priorByPayer,
    fyStartDay,
    asOfDay: grid.asOfDay,
    helpAccount,
    helpPayer,
    scratch,
    children,
    asOfMonth,
  });
  // Tax is charged to the primary cash account, created now if nothing has needed it yet.
  const primaryCash = taxableIncome.length > 0 ? accounts.primaryCash() : -1;
  if (trace && booked) {
    beginTrace(trace, stepDates, rows, taxpayerIndex, loans, loanTable, transfers);
    for (const o of accounts.openingFlows) {
      if (o.step === trace.step)
        trace.record({ kind: 'opening_balance', bucket: 'cash_flow', amount: o.value, account: o.row });
    }
    traceFlows(trace, time, accountStride, booked, occurrenceSteps, occurrenceDays);
  }
  const accountTable = buildAccountTable(rows, loanOfAccount, loanTable.monthlyRate, scratch);
  for (let l = 0; l < loanTable.count; l++) if (loanTable.redraw[l]) accountTable.redrawLoan[loanTable.account[l]] = l;
  // Loans that took over before the first step set the rate from the start.
  for (let j = 0; j < rateSwitches.count; j++) {
    const account = rateSwitches.account[j];
    if (rateSwitches.step[j] <= 1 && accountTable.kind[account] === KIND_DEBT)
      accountTable.monthlyRate[account] = rateSwitches.monthlyRate[j];
  }
  return {
    plan: {
      months,
      asOfMonth,
      stepDates,
      accounts: accountTable,
      accountStride,
      accountDelta,
      // The cached base bookings are applied in the month loop (step-major, base accounts first).
      baseAccountDelta: sharedBase ? sharedBase.accountDelta : null,
      baseAccountCount: sharedBase ? sharedBase.accountIds.length : 0,
      flowIncome,
      flowExpense,
      taxableIncome,
      tax: taxPlan,
      primaryCash,
      transfers: transferTable,
      loans: loanTable,
      rateSwitches,
      // Every plan has the same shape, so the month loop stays monomorphic.
      rateShift: null,
      rateShiftColumn: null,
      rateShiftWidth: 0,
      accountPassRows: null,
      sharedAccountTotals: null,
      sharedReadRows: null,
      sharedReadBalances: null,
      sharedReadSteps: null,
      trace,
      traceStep: trace ? trace.step : -1,
      retirement,
    },
    warnings,
    // Which account each row is (the uncertainty engine maps rows to return types and goal accounts).
    accountRows: rows,
  };
}

/** The shared base expansion applies when it was built for these base items, accounts and primary cash. */
function baseCacheFits(
  cache: BaseFlowCache,
  spec: SimulationSpec,
  baseItemCount: number,
  baseCount: number,
  baseRow: (id: string) => number | undefined,
  primaryCash: number,
): boolean {
  return (
    cache.isCached.length === baseItemCount &&
    cache.accountIds.length === baseCount &&
    spec.accounts.length === baseCount &&
    cache.accountIds.every((id, i) => baseRow(id) === i) &&
    (cache.primaryCash < 0 || cache.primaryCash === primaryCash)
  );
}

/** Gives the recorder the names behind the row and index numbers its entries carry. */
function beginTrace(
  trace: TraceRecorder,
  stepDates: ReadonlyArray<string>,
  rows: ReadonlyArray<AccountRow>,
  taxpayerIndex: ReadonlyMap<string, number>,
  loans: ReadonlyArray<ScopedLoan>,
  loanTable: LoanTable,
  transfers: ReadonlyArray<ScopedTransfer>,
): void {
  const taxpayers: string[] = [];
  for (const [name, i] of taxpayerIndex) taxpayers[i] = name;
  trace.begin({
    step: trace.step,
    date: stepDates[trace.step] ?? '',
    accounts: rows.map((r) => ({ key: r.key, name: r.name, account_type: r.account_type, is_asset: r.is_asset })),
    taxpayers,
    loans: loans.map((l, i) => ({
      key: l.loan.key,
      scope: l.scope,
      account: loanTable.account[i],
      repayment_from: loanTable.repaymentFrom[i],
    })),
    transfers: transfers.map((t) => ({ key: t.transfer.key, name: t.transfer.name, scope: t.scope })),
  });
}

/**
 * The per-person tax inputs: who is taxed, the Medicare levy's family status (a partner in the plan or
 * dependent children), and the first financial year's income before as_of, entered (a person's
 * ytd_taxable_income, plus the current items' occurrences from its date to as_of) or estimated from the flows
 * running at as_of. The prior income was taxed (withheld) at the average rate of its yearly rate.
 */
function buildTaxPlan(
  spec: SimulationSpec,
  t: {
    ids: string[];
    taxableOnce: Float64Array[];
    reportableSuper: Float64Array[];
    investment: Float64Array[];
    firstYearMonthsBefore: number;
    priorByPayer: Array<{ taxable: number; annual: number; super: number; investment: number } | undefined>;
    fyStartDay: number;
    asOfDay: number;
    helpAccount: Int32Array;
    helpPayer: Int32Array;
    scratch: ScratchArena;
    children: ReadonlyArray<PrimitiveDependentChild>;
    asOfMonth: number;
  },
): TaxPlan {
  const n = t.ids.length;
  const people = spec.assumptions.people ?? [];
  const children = Math.max(0, Math.round(spec.assumptions.dependent_children ?? 0));
  const priorTaxable = t.scratch.float64(n);
  const priorSuper = t.scratch.float64(n);
  const priorInvestment = t.scratch.float64(n);
  const priorRateIncome = t.scratch.float64(n);
  const priorEntered = t.scratch.uint8(n);
  const fyDays = financialYearStartDay(t.fyStartDay + 400) - t.fyStartDay;
  const priorShare = t.firstYearMonthsBefore > 0 ? (t.asOfDay - t.fyStartDay + 1) / fyDays : 0;
  if (t.firstYearMonthsBefore > 0) {
    for (let i = 0; i < n; i++) {
      const p = t.priorByPayer[i];
      let taxable = p?.taxable ?? 0;
      let rateIncome = p?.annual ?? 0;
      const person = people.find((x) => x.id === t.ids[i]);
      const ytd = person?.ytd_taxable_income;
      if (typeof ytd === 'number' && Number.isFinite(ytd)) {
        const toDay = person?.ytd_date ? dateToDayNumber(person.ytd_date) : t.asOfDay;
        if (toDay >= t.fyStartDay && toDay <= t.asOfDay) {
          // The entered figure, then the running items' share of the days from its date to as_of.
          const rest = t.asOfDay - toDay;
          taxable = ytd + ((p?.annual ?? 0) * rest) / fyDays;
          rateIncome = (taxable * fyDays) / (t.asOfDay - t.fyStartDay + 1);
          priorEntered[i] = 1;
        }
      }
      priorTaxable[i] = taxable;
      priorSuper[i] = p?.super ?? 0;
      priorInvestment[i] = p?.investment ?? 0;
      priorRateIncome[i] = rateIncome;
    }
  }
  return {
    ids: t.ids,
    taxableOnce: t.taxableOnce,
    reportableSuper: t.reportableSuper,
    investment: t.investment,
    firstYearMonthsBefore: t.firstYearMonthsBefore,
    priorTaxable,
    priorSuper,
    priorInvestment,
    priorRateIncome,
    priorEntered,
    priorShare,
    family: people.length > 1 || children > 0,
    children,
    pensionAgeDate: t.ids.map((id) => {
      const birth = people.find((x) => x.id === id)?.birth_date;
      return birth && isIsoDate(birth) ? birthdayAt(birth, AGE_PENSION_AGE) : '';
    }),
    couple: people.length > 1,
    childChanges: childChanges(t.children, t.asOfMonth),
    help: { count: t.helpAccount.length, account: t.helpAccount, payer: t.helpPayer },
  };
}

/** Dependent children born after as_of (a new_child event): +1 from the birth month, -1 from the month of until. */
function childChanges(
  children: ReadonlyArray<PrimitiveDependentChild>,
  asOfMonth: number,
): { month: Int32Array; delta: Int8Array } {
  const changes: Array<[number, number]> = [];
  for (const c of children) {
    if (!isIsoDate(c.from)) continue;
    const from = monthIndexOf(c.from.slice(0, 7));
    if (from <= asOfMonth) continue;
    changes.push([from, 1]);
    if (c.until && isIsoDate(c.until) && c.until > c.from) changes.push([monthIndexOf(c.until.slice(0, 7)), -1]);
  }
  changes.sort((a, b) => a[0] - b[0]);
  return { month: Int32Array.from(changes, (c) => c[0]), delta: Int8Array.from(changes, (c) => c[1]) };
}
