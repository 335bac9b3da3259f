// Super through to retirement and the Age Pension in the simulator (docs/forecast-model.md section 9): built once
// per run by the compile step (buildRetirement), then one call a month from the month loop (retirementMonth).
// Rules come from au/super.ts, au/pension-drawdown.ts and au/age-pension.ts; this module only applies them.
import {
  AGE_PENSION_AGE,
  agePensionFigures,
  agePensionRate,
  rentAssistance,
  workBonusFortnight,
} from '../au/age-pension';
import { financialYearOf } from '../au/dated';
import { isIsoDate } from '../au/dates';
import { minimumDrawdown, pensionPhaseRate } from '../au/pension-drawdown';
import {
  BRING_FORWARD_AGE_LIMIT,
  CARRY_FORWARD,
  PRESERVATION_AGE,
  ageOn,
  availableConcessionalCap,
  birthdayAt,
  division293Tax,
  excessConcessionalTax,
  nonConcessionalYear,
  releaseDate,
  transferBalanceCap,
  useCarriedForward,
  type BringForward,
} from '../au/super';
import { dateToDayNumber, dayNumberToDate, monthIndexOf } from '../calendar';
import type { IsoDate, PrimitiveRetirement } from '../primitives';
import { cents, formatDollars } from '../money';
import type { AccountRow } from './accounts';
import type { TraceRecorder } from './trace';
import type { ScopedTransfer } from './transfers';
import type { Claimant, Pension, Plan, RetirementPlan, SimulationSpec, TransferTable } from './types';

/** A person of the plan as the assumptions give them (docs/forecast-model.md section 9). */
type Person = { id: string; birth_date: IsoDate | null };

export type ScopedRetirement = { retirement: PrimitiveRetirement; scope: string | null };

const CLASS_NONE = 0;
const CLASS_FINANCIAL = 1; // cash, investments, money lent: deemed and assessable
const CLASS_OTHER = 2; // depreciating personal assets (an investment with a negative rate, e.g. a car)
const CLASS_PROPERTY = 3;
const CLASS_SUPER = 4;
const CLASS_MORTGAGE = 5;

function peopleOf(spec: SimulationSpec): Person[] {
  // The assumptions' people (one by default); a spec built without them (older callers) has one, birth unknown.
  const given = spec.assumptions.people ?? [];
  if (given.length === 0) return [{ id: 'self', birth_date: null }];
  return given.map((p) => ({ id: p.id, birth_date: p.birth_date && isIsoDate(p.birth_date) ? p.birth_date : null }));
}

/** How a taxpayer is named in a warning. */
function whose(name: string): string {
  return name === 'self' ? 'Your' : name === 'partner' ? "Your partner's" : `${name}'s`;
}

function fyLabel(start: number): string {
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

export type RetirementInput = {
  spec: SimulationSpec;
  rows: ReadonlyArray<AccountRow>;
  resolve: (ref: string, scope: string | null, what: string) => number;
  retirements: ReadonlyArray<ScopedRetirement>;
  transfers: ReadonlyArray<ScopedTransfer>;
  transferTable: TransferTable;
  taxpayerIndex: ReadonlyMap<string, number>;
  taxpayerOf: (name: string) => number;
  concessional: ReadonlyArray<Float64Array | undefined>;
  /** Per taxpayer: gross salary per step (the Work Bonus applies to it). */
  employment: ReadonlyArray<Float64Array | undefined>;
  /** Super row -> the taxpayer whose salary, PPL or sacrifice pays into it (its owner). */
  superOwner: ReadonlyMap<number, string>;
  primaryCash: () => number;
  asOfMonth: number;
  months: number;
  stepDates: IsoDate[];
  warnings: string[];
};

/**
 * The retirement part of the plan, or null when nothing applies (no concessional contributions, no retirement,
 * nobody reaching Age Pension age): the month loop then does nothing extra.
 */
export function buildRetirement(input: RetirementInput): RetirementPlan | null {
  const { spec, rows, resolve, transferTable, stepDates, months, asOfMonth, warnings } = input;
  const people = peopleOf(spec);
  const personIndex = new Map(people.map((p, i) => [p.id, i]));
  const birthOf = (name: string): IsoDate | null => people[personIndex.get(name) ?? -1]?.birth_date ?? null;
  const settings = spec.assumptions.retirement;
  const isSuper = (row: number) => rows[row]?.account_type === 'superannuation' && rows[row].is_asset;
  const lastDate = stepDates[months];

  // Whose super each account is: the retirement primitive's person, else the taxpayer paying into it, else 'self'.
  const owner = new Map<number, string>();
  const retiredOn = new Map<string, IsoDate>();
  const pensionOf: Array<{ r: PrimitiveRetirement; row: number; payTo: number }> = [];
  for (const { retirement: r, scope } of input.retirements) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(r.date)) continue;
    const before = retiredOn.get(r.person);
    if (before === undefined || r.date < before) retiredOn.set(r.person, r.date);
    if (!r.super_account) continue;
    const row = resolve(r.super_account, scope, `retirement ${r.key}`);
    if (!isSuper(row)) continue;
    if (!owner.has(row)) owner.set(row, r.person);
    if (r.pension) pensionOf.push({ r, row, payTo: resolve(r.pension.pay_to, scope, `retirement ${r.key} pension`) });
  }
  for (const [row, name] of input.superOwner) if (!owner.has(row)) owner.set(row, name);
  const ownerOf = (row: number) => owner.get(row) ?? 'self';

  // ---- preservation: transfers out of super before its release are refused ----
  const { count: transferCount, from, to, amount, moveAll } = transferTable;
  // A person whose birth date is unknown: preservation is not checked, a pension's minimum uses the under-65 rate
  // and no Age Pension is forecast. Not a warning here (older plans have no birth dates): the retirement template
  // and docs/forecast-model.md section 9 say so.
  for (let t = 0; t < transferCount; t++) {
    const source = from[t];
    if (!isSuper(source) || isSuper(to[t])) continue;
    const name = ownerOf(source);
    const birth = birthOf(name);
    const transfer = input.transfers[t].transfer;
    if (birth === null) continue;
    const release = releaseDate(birth, retiredOn.get(name) ?? null);
    let refused = 0;
    for (let k = 1; k <= months && stepDates[k] < release; k++) {
      const i = k * transferCount + t;
      if (amount[i] !== 0 || moveAll[i] !== 0) refused++;
      amount[i] = 0;
      moveAll[i] = 0;
    }
    if (refused > 0)
      warnings.push(
        `${transfer.name}: super is preserved until ${release} (retired at ${PRESERVATION_AGE} or over, or aged 65); ${refused} month(s) of transfers out of it before then are refused.`,
      );
  }

  // ---- non-concessional contributions: warned above the cap, with the three-year bring-forward ----
  const nonConcessional = new Map<string, Map<number, number>>();
  for (let t = 0; t < transferCount; t++) {
    if (!isSuper(to[t]) || isSuper(from[t])) continue;
    const name = ownerOf(to[t]);
    const years = nonConcessional.get(name) ?? new Map<number, number>();
    nonConcessional.set(name, years);
    for (let k = 1; k <= months; k++) {
      const v = amount[k * transferCount + t];
      if (v === 0) continue;
      const fy = financialYearOf(stepDates[k]);
      years.set(fy, (years.get(fy) ?? 0) + v);
    }
  }
  const overNcc: string[] = [];
  for (const [name, years] of nonConcessional) {
    // The total super balance at each previous 30 June, estimated before the run: the person's super at as_of
    // plus the after-tax contributions of the years before (growth and concessional contributions not counted).
    let tsb = 0;
    rows.forEach((row, i) => {
      if (isSuper(i) && ownerOf(i) === name && row.opensStep === 0) tsb += Math.max(0, row.value);
    });
    const birth = birthOf(name);
    const fys = [...years.keys()].sort((a, b) => a - b);
    let period: BringForward | null = null;
    for (let fy = fys[0] ?? 0; fys.length > 0 && fy <= fys[fys.length - 1]; fy++) {
      const total = years.get(fy) ?? 0;
      const under75 = birth === null || ageOn(birth, `${fy}-07-01`) < BRING_FORWARD_AGE_LIMIT;
      const year = nonConcessionalYear(fy, total, tsb, period, under75);
      period = year.period;
      tsb += total;
      if (year.excess > 0.005)
        overNcc.push(
          `${whose(name).toLowerCase()} ${formatDollars(total)} in ${fyLabel(fy)} (cap available ${formatDollars(year.available)}, ${formatDollars(year.excess)} over)`,
        );
    }
  }
  if (overNcc.length > 0)
    warnings.push(
      `After-tax super contributions exceed the non-concessional cap, with up to three years' caps brought forward: ${overNcc.slice(0, 3).join(', ')}${overNcc.length > 3 ? ` and ${overNcc.length - 3} more` : ''}. An excess is taxed unless released from the fund.`,
    );

  // ---- account-based pensions ----
  const pensions: Pension[] = [];
  for (const { r, row, payTo } of pensionOf) {
    const birth = birthOf(r.person);
    const at60 = birth !== null ? birthdayAt(birth, PRESERVATION_AGE) : r.date;
    const startDate = r.date > at60 ? r.date : at60;
    const startStep = Math.max(1, monthIndexOf(startDate) - asOfMonth);
    if (startStep > months) continue;
    const acc = Math.max(-99.99, Math.min(1000, rows[row].rate)) / 100;
    const pensionMonthly = Math.pow(1 + pensionPhaseRate(acc * 100) / 100, 1 / 12) - 1;
    const scheduledOut = new Float64Array(months + 1);
    const outOfRow: number[] = [];
    for (let t = 0; t < transferCount; t++) if (from[t] === row && !isSuper(to[t])) outOfRow.push(t);
    // Step by step along the (step-major) transfer table; each step adds its transfers in transfer order.
    if (outOfRow.length > 0)
      for (let k = 1; k <= months; k++) {
        const at = k * transferCount;
        let sum = 0;
        for (const t of outOfRow) sum += amount[at + t];
        scheduledOut[k] = sum;
      }
    pensions.push({
      row,
      payTo,
      birth,
      startStep,
      startDate,
      pensionMonthly,
      uplift: pensionMonthly - (Math.pow(1 + acc, 1 / 12) - 1),
      scheduledOut,
      active: false,
      part: 0,
      minimum: 0,
      drawn: 0,
      monthsLeft: 0,
    });
  }

  // ---- the Age Pension ----
  const claimants: Claimant[] = [];
  const pensionAgeStep = new Float64Array(people.length).fill(Infinity);
  if (settings?.age_pension !== false) {
    const lastDay = dateToDayNumber(lastDate);
    people.forEach((p, i) => {
      if (p.birth_date === null) return;
      const eligible = birthdayAt(p.birth_date, AGE_PENSION_AGE);
      if (eligible > lastDate) return;
      const startStep = Math.max(1, monthIndexOf(eligible) - asOfMonth);
      pensionAgeStep[i] = startStep;
      const paydays = new Uint8Array(months + 1);
      // Paid fortnightly in arrears: the first payday a fortnight after reaching pension age.
      const asOfDay = dateToDayNumber(stepDates[0]);
      for (let d = dateToDayNumber(eligible) + 14; d <= lastDay; d += 14) {
        if (d <= asOfDay) continue;
        const k = monthIndexOf(dayNumberToDate(d)) - asOfMonth;
        if (k >= 1 && k <= months) paydays[k]++;
      }
      claimants.push({
        payer: input.taxpayerOf(p.id),
        person: i,
        startStep,
        paydays,
        added: new Float64Array(months + 1),
        bank: 0,
      });
    });
  }

  const payerCount = Math.max(input.taxpayerIndex.size, input.concessional.length);
  const anyConcessional = input.concessional.some((c) => c !== undefined);
  if (!anyConcessional && pensions.length === 0 && claimants.length === 0) return null;

  const cash = input.primaryCash();
  const payerNames: string[] = new Array(payerCount).fill('');
  for (const [name, i] of input.taxpayerIndex) payerNames[i] = name;
  const superRowsOf: Int32Array[] = payerNames.map(
    (name) => new Int32Array(rows.map((_, row) => row).filter((row) => isSuper(row) && ownerOf(row) === name)),
  );
  const tsbAtFyStart = new Float64Array(payerCount);
  superRowsOf.forEach((list, i) => {
    for (const row of list) tsbAtFyStart[i] += rows[row].opensStep === 0 ? Math.max(0, rows[row].value) : 0;
  });
  const unused = payerNames.map(() => new Map<number, number>());
  for (const entry of settings?.unused_concessional_cap ?? []) {
    const i = input.taxpayerIndex.get(entry.person);
    if (i !== undefined) unused[i].set(entry.financial_year, (unused[i].get(entry.financial_year) ?? 0) + entry.amount);
  }

  const rowClass = new Uint8Array(rows.length + 1).fill(CLASS_FINANCIAL);
  const rowPerson = new Int32Array(rows.length + 1).fill(-1);
  rows.forEach((row, i) => {
    if (!row.is_asset) rowClass[i] = row.account_type === 'mortgage' ? CLASS_MORTGAGE : CLASS_NONE;
    else if (row.account_type === 'property') rowClass[i] = CLASS_PROPERTY;
    else if (row.account_type === 'superannuation') {
      rowClass[i] = CLASS_SUPER;
      rowPerson[i] = personIndex.get(ownerOf(i)) ?? -1;
    } else if (row.account_type === 'investment' && row.rate < 0) rowClass[i] = CLASS_OTHER;
  });

  let index: Float64Array | null = null;
  if (claimants.length > 0) {
    // Rates and thresholds in force on as_of, indexed by inflation at each 20 March and 20 September after it.
    index = new Float64Array(months + 1);
    const half = Math.sqrt(1 + Math.max(-99, spec.assumptions.inflation_rate) / 100);
    let factor = 1;
    for (let k = 0; k <= months; k++) {
      const m = (asOfMonth + k) % 12;
      if (k >= 1 && (m === 2 || m === 8)) factor *= half;
      index[k] = factor;
    }
  }

  return {
    warnings,
    cash,
    asOfMonth,
    stepDates,
    payerNames,
    concessional: Array.from({ length: payerCount }, (_, i) => input.concessional[i]),
    employment: Array.from({ length: payerCount }, (_, i) => input.employment[i]),
    superRowsOf,
    tsbAtFyStart,
    tsbAtJune: new Float64Array(payerCount),
    unused,
    tsb0: Float64Array.from(tsbAtFyStart),
    unused0: unused.map((m) => new Map(m)),
    excessWarned: new Uint8Array(payerCount),
    capWarned: false,
    fyFirstStep: 1,
    // The financial year containing as_of is the first one settled (counted from the plan), even when as_of is
    // in June and the forecast books none of its months (docs/forecast-model.md section 9).
    fyStart: financialYearOf(stepDates[0]),
    pensions,
    claimants,
    couple: people.length >= 2,
    homeowner: settings?.homeowner ?? null,
    rent: Math.max(0, ...input.retirements.map(({ retirement }) => retirement.rent_fortnightly ?? 0)),
    rowClass,
    rowPerson,
    pensionAgeStep,
    index,
  };
}

/**
 * Whether step `step` of a plan whose as_of falls in month index `asOfMonth` is a June, after whose pass the
 * retirement phase totals each person's super (the 30 June balance, for the next year's caps): what a Monte Carlo
 * trial that shares super rows must have copied in by then (uncertainty/run.ts).
 */
export function readsSuperTotal(asOfMonth: number, step: number): boolean {
  return (asOfMonth + step) % 12 === 5;
}

// Running totals the month loop keeps (month-loop.ts): assets, liabilities, liquid cash.
const ASSETS = 0;
const LIABILITIES = 1;
const LIQUID = 2;

function move(plan: Plan, totals: Float64Array, i: number, amount: number): void {
  const { balance, isAsset, isLiquid } = plan.accounts;
  balance[i] += amount;
  if (isAsset[i]) {
    totals[ASSETS] += amount;
    if (isLiquid[i]) totals[LIQUID] += amount;
  } else totals[LIABILITIES] -= amount;
}

/**
 * The financial year (its first calendar year) of month index m (calendar.ts): financialYearOf of any date in that
 * month, without reading a date string (each run of a plan settles some thirty years).
 */
function financialYearOfMonth(m: number): number {
  const year = Math.floor(m / 12);
  return m % 12 >= 6 ? year : year - 1;
}

/** Puts the run state back to as_of, so the same plan can run again (the uncertainty engine's trials). */
function startRun(r: RetirementPlan, plan: Plan): void {
  r.tsbAtFyStart.set(r.tsb0);
  r.tsbAtJune.fill(0);
  r.unused = r.unused0.map((m) => new Map(m));
  r.fyFirstStep = 1;
  r.fyStart = financialYearOfMonth(r.asOfMonth);
  for (const pension of r.pensions) {
    pension.active = false;
    pension.part = 0;
    pension.minimum = 0;
    pension.drawn = 0;
    pension.monthsLeft = 0;
  }
  for (const c of r.claimants) {
    c.bank = 0;
    const taxable = plan.taxableIncome[c.payer];
    for (let k = 0; k < c.added.length; k++) {
      if (c.added[k] !== 0) taxable[k] -= c.added[k];
      c.added[k] = 0;
    }
  }
}

/**
 * Settles the financial year that ended: the concessional cap (with carry-forward), tax on any excess and
 * Division 293 tax, charged to cash in the first month of the next year (when the ATO would assess them).
 * `taxableSoFar` holds each taxpayer's taxable income of the year that ended.
 */
function settleYear(
  r: RetirementPlan,
  plan: Plan,
  step: number,
  taxableSoFar: Float64Array,
  totals: Float64Array,
  out: Float64Array,
  trace: TraceRecorder | null,
): void {
  const fy = r.fyStart;
  const date = `${fy}-07-01`;
  let tax = 0;
  for (let p = 0; p < r.payerNames.length; p++) {
    const cc = r.concessional[p];
    if (cc === undefined) continue;
    let contributions = 0;
    for (let k = r.fyFirstStep; k < step; k++) contributions += cc[k];
    const { cap } = availableConcessionalCap(fy, r.tsbAtFyStart[p], r.unused[p]);
    let excess = 0;
    if (contributions <= cap) r.unused[p].set(fy, cap - contributions);
    else {
      const over = contributions - cap;
      r.unused[p].set(fy, 0);
      excess = r.tsbAtFyStart[p] < CARRY_FORWARD.balance_threshold ? useCarriedForward(fy, over, r.unused[p]) : over;
    }
    const taxable = p < taxableSoFar.length ? taxableSoFar[p] : 0;
    const excessTax = excessConcessionalTax(taxable, excess, date);
    const div293 = division293Tax(taxable + excess, contributions - excess);
    if (excess > 0.005 && !r.excessWarned[p]) {
      r.excessWarned[p] = 1;
      r.warnings.push(
        `${whose(r.payerNames[p])} concessional super contributions of ${formatDollars(contributions)} in ${fyLabel(fy)} exceed the cap by ${formatDollars(excess)}: the excess is taxed at marginal rates less a 15% offset${excessTax > 0 ? ` (${formatDollars(excessTax)})` : ''}.`,
      );
    }
    tax += excessTax + div293;
    if (trace && excessTax !== 0)
      trace.record({
        kind: 'excess_concessional_tax',
        bucket: 'cash_flow',
        name: `Tax on excess concessional contributions, ${fyLabel(fy)}`,
        amount: -excessTax,
        account: r.cash,
        payer: p,
        parts: { contributions, cap, excess, taxable_income: taxable },
        rule_date: date,
      });
    if (trace && div293 !== 0)
      trace.record({
        kind: 'division_293_tax',
        bucket: 'cash_flow',
        name: `Division 293 tax, ${fyLabel(fy)}`,
        amount: -div293,
        account: r.cash,
        payer: p,
        parts: { division_293_income: taxable + excess, low_tax_contributions: contributions - excess },
        rule_date: date,
      });
  }
  if (tax !== 0 && r.cash >= 0) {
    move(plan, totals, r.cash, -tax);
    out[2] += tax;
    out[3] += tax;
  }
}

/**
 * One month of retirement rules, run after the month's growth and flows and before its tax: settles the year at
 * each 1 July, runs account-based pensions and pays the Age Pension. Writes into `out` what the month loop adds:
 * [capital growth, income, expenses, tax]. The Age Pension joins the claimant's taxable income of the month.
 */
export function retirementMonth(
  plan: Plan,
  step: number,
  taxableSoFar: Float64Array,
  totals: Float64Array,
  out: Float64Array,
): void {
  const r = plan.retirement;
  out[0] = 0;
  out[1] = 0;
  out[2] = 0;
  out[3] = 0;
  if (r === null || r === undefined) return;
  if (step === 1) startRun(r, plan);
  const trace = step === plan.traceStep ? plan.trace : null;
  const calendarMonth = (r.asOfMonth + step) % 12; // 0 = January
  const balance = plan.accounts.balance;
  const newYear = calendarMonth === 6 && step > 1;
  // as_of in June: the year containing it has no forecast month, so its unused cap is the whole cap (what was
  // contributed before as_of is not known), settled in the first July; the balance at as_of stays its 30 June one.
  const asOfInJune = calendarMonth === 6 && step === 1;
  if (newYear || asOfInJune) {
    settleYear(r, plan, step, taxableSoFar, totals, out, trace);
    if (newYear) r.tsbAtFyStart.set(r.tsbAtJune);
    r.fyFirstStep = step;
    r.fyStart = financialYearOfMonth(r.asOfMonth + step);
  }

  // ---- account-based pensions ----
  for (const pension of r.pensions) {
    const row = pension.row;
    if (!pension.active) {
      if (step !== pension.startStep) continue;
      const cap = transferBalanceCap(pension.startDate);
      pension.part = Math.min(Math.max(0, balance[row]), cap);
      if (balance[row] > cap && !r.capWarned) {
        r.capWarned = true;
        r.warnings.push(
          `Account-based pension: ${formatDollars(balance[row] - cap)} over the ${formatDollars(cap)} transfer balance cap stays in accumulation (earnings taxed).`,
        );
      }
      pension.active = true;
      const age = pension.birth !== null ? ageOn(pension.birth, pension.startDate) : PRESERVATION_AGE;
      pension.minimum = minimumDrawdown(pension.part, age, pension.startDate, pension.startDate);
      pension.drawn = 0;
      pension.monthsLeft = 12 - ((calendarMonth + 6) % 12);
    } else {
      if (pension.part > balance[row]) pension.part = Math.max(0, balance[row]);
      if (calendarMonth === 6) {
        const date = r.stepDates[step].slice(0, 8) + '01';
        const age = pension.birth !== null ? ageOn(pension.birth, date) : PRESERVATION_AGE;
        pension.minimum = minimumDrawdown(pension.part, age, date);
        pension.drawn = 0;
        pension.monthsLeft = 12;
      }
      // The month loop grew the whole account at the accumulation rate: pension-phase earnings are untaxed.
      if (pension.part > 0 && pension.uplift !== 0) {
        const extra = pension.part * pension.uplift;
        move(plan, totals, row, extra);
        out[0] += extra;
        trace?.record({
          kind: 'pension_earnings',
          bucket: 'capital_growth',
          name: 'Untaxed earnings in pension phase',
          amount: extra,
          account: row,
          parts: { pension_balance: pension.part },
        });
        pension.part *= 1 + pension.pensionMonthly;
      }
    }
    // At least the minimum, spread over the months left in the year; a chosen drawdown counts towards it.
    const scheduled = pension.scheduledOut[step];
    const due = pension.monthsLeft > 0 ? (pension.minimum - pension.drawn) / pension.monthsLeft : 0;
    const topUp = Math.min(Math.max(0, due - scheduled), Math.max(0, balance[row] - scheduled));
    if (topUp > 0) {
      move(plan, totals, row, -topUp);
      move(plan, totals, pension.payTo, topUp);
      trace?.record({
        kind: 'pension_drawdown',
        bucket: 'transfer',
        name: 'Account-based pension: minimum drawdown',
        amount: topUp,
        account: row,
        to_account: pension.payTo,
        parts: { year_minimum: pension.minimum, drawn_before: pension.drawn, chosen_drawdown: scheduled },
      });
    }
    pension.drawn += scheduled + topUp;
    pension.part = Math.max(0, pension.part - scheduled - topUp);
    if (pension.monthsLeft > 0) pension.monthsLeft--;
  }

  // ---- the total super balance at 30 June, for next year's carry-forward ----
  if (readsSuperTotal(r.asOfMonth, step)) {
    for (let p = 0; p < r.superRowsOf.length; p++) {
      let tsb = 0;
      for (const row of r.superRowsOf[p]) tsb += Math.max(0, balance[row]);
      r.tsbAtJune[p] = tsb;
    }
  }

  // ---- the Age Pension ----
  if (r.claimants.length > 0 && r.index !== null) {
    let anyPayday = false;
    for (const c of r.claimants) if (step >= c.startStep && c.paydays[step] > 0) anyPayday = true;
    if (anyPayday) payAgePension(r, plan, step, totals, out, trace);
  }
}

function payAgePension(
  r: RetirementPlan,
  plan: Plan,
  step: number,
  totals: Float64Array,
  out: Float64Array,
  trace: TraceRecorder | null,
): void {
  const { balance, count } = plan.accounts;
  const index = r.index as Float64Array;
  let financial = 0;
  let other = 0;
  let property = 0;
  let mortgages = 0;
  let home = -1;
  let anyProperty = false;
  const pensionPart = new Map<number, number>();
  for (const pension of r.pensions) if (pension.active) pensionPart.set(pension.row, pension.part);
  for (let i = 0; i < count; i++) {
    const v = balance[i];
    const cls = r.rowClass[i];
    if (cls === CLASS_MORTGAGE) mortgages += Math.max(0, -v);
    if (!(v > 0)) continue;
    if (cls === CLASS_FINANCIAL) financial += v;
    else if (cls === CLASS_OTHER) other += v;
    else if (cls === CLASS_PROPERTY) {
      anyProperty = true;
      if (home < 0) home = i;
      property += v;
    } else if (cls === CLASS_SUPER) {
      // Super counts once its owner reaches pension age; an account-based pension counts at any age.
      const person = r.rowPerson[i];
      const counted = person >= 0 && step >= r.pensionAgeStep[person] ? v : Math.min(v, pensionPart.get(i) ?? 0);
      financial += counted;
    }
  }
  const homeowner = r.homeowner ?? anyProperty;
  // The home is exempt; mortgages reduce the other property's value (never below nil).
  const otherProperty = Math.max(0, property - (homeowner && home >= 0 ? balance[home] : 0) - mortgages);
  // A month's income x 12 / 26 a fortnight; a pensioner's salary less the Work Bonus, fortnight by fortnight
  // (the month's paydays) through the income bank: the month's assessed salary is their average.
  let income = 0;
  for (let p = 0; p < plan.taxableIncome.length; p++) income += (plan.taxableIncome[p][step] * 12) / 26;
  for (const c of r.claimants) {
    if (step < c.startStep) continue;
    const salary = Math.max(0, r.employment[c.payer]?.[step] ?? 0);
    const fortnightly = (salary * 12) / 26;
    const n = c.paydays[step];
    let assessed = 0;
    if (n === 0) assessed = workBonusFortnight(fortnightly, 0, r.stepDates[step]).assessed;
    for (let f = 0; f < n; f++) {
      const wb = workBonusFortnight(fortnightly, c.bank, r.stepDates[step]);
      assessed += wb.assessed / n;
      c.bank = wb.bank;
    }
    income -= fortnightly - assessed;
  }
  const f = agePensionFigures(r.stepDates[0], index[step]);
  // Rent Assistance for renters: the rent in today's dollars moves with the indexation like the figures.
  const ra = !homeowner && r.rent > 0 ? rentAssistance(r.rent * index[step], r.couple, r.stepDates[0], index[step]) : 0;
  const assessed = agePensionRate(
    {
      couple: r.couple,
      homeowner,
      assessable_assets: financial + other + otherProperty,
      financial_assets: financial,
      other_income_fortnightly: Math.max(0, income),
      rent_assistance: ra,
    },
    f,
  );
  const rate = assessed.rate;
  if (!(rate > 0)) return;
  let paid = 0;
  for (const c of r.claimants) {
    const n = step >= c.startStep ? c.paydays[step] : 0;
    if (n === 0) continue;
    // Services Australia pays each fortnight's rate in whole cents (money.ts's rounding rule).
    const amount = cents(rate) * n;
    // Rent Assistance is not taxable: the rest of the payment is.
    const taxable = Math.max(0, cents(rate) - cents(ra)) * n;
    plan.taxableIncome[c.payer][step] += taxable;
    c.added[step] += taxable;
    paid += amount;
    if (trace) {
      trace.record({
        kind: 'age_pension',
        bucket: 'cash_flow',
        name: 'Age Pension',
        amount,
        account: r.cash,
        payer: c.payer,
        parts: {
          fortnightly_rate: cents(rate),
          paydays: n,
          income_test: assessed.income_test,
          assets_test: assessed.assets_test,
          assessed_income_fortnightly: assessed.assessed_income,
          assessable_assets: financial + other + otherProperty,
          financial_assets: financial,
          homeowner: homeowner ? 1 : 0,
          index: index[step],
          ...(ra > 0 ? { rent_assistance: ra } : {}),
        },
        rule_date: r.stepDates[0],
      });
      if (taxable !== 0)
        trace.record({ kind: 'age_pension', bucket: 'taxable', name: 'Age Pension', amount: taxable, payer: c.payer });
    }
  }
  if (paid > 0 && r.cash >= 0) {
    move(plan, totals, r.cash, paid);
    out[1] += paid;
  }
}
