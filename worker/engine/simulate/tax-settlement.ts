// The month loop's tax step (docs/forecast-engine.md, Tax and super): each person's income tax less LITO and SAPTO plus
// Medicare levy (with the family thresholds for a couple or a family with children) and HELP repayment, per
// financial year on that year's income, settled month by month so each year's total is exact. Allocation-free
// per month: one rules object per financial year, every figure in typed arrays.
import { helpRepayment } from '../au/help';
import {
  incomeTaxAfterLito,
  incomeTaxAfterOffsets,
  incomeTaxOnBrackets,
  medicareLevyFor,
  SAPTO_COUPLE,
  SAPTO_NONE,
  SAPTO_SINGLE,
  taxYearRules,
  unconfirmedTaxFigures,
  type Spouse,
  type TaxYearRules,
} from '../au/tax';
import { financialYearLabel } from '../au/dated';
import { cents } from '../money';
import type { IsoDate } from '../primitives';
import type { ScratchArena } from './scratch';
import type { TraceRecorder } from './trace';
import type { Plan, TaxYearFigures } from './types';

/**
 * A financial year's rules, label and 30 June, by the settled month's date. Every run of a plan (each Monte
 * Carlo trial) starts its years on the same dates: looking them up again per run showed in profiles.
 */
type YearRules = { rules: TaxYearRules; label: string; fyEnd: IsoDate };
const yearRulesByDate = new Map<IsoDate, YearRules>();

function yearRulesOn(date: IsoDate): YearRules {
  let y = yearRulesByDate.get(date);
  if (y === undefined) {
    const label = financialYearLabel(date);
    y = { rules: taxYearRules(date), label, fyEnd: `${Number(label.slice(0, 4)) + 1}-06-30` };
    // Month-end dates only, so this stays small; the bound is a guard.
    if (yearRulesByDate.size >= 4096) yearRulesByDate.clear();
    yearRulesByDate.set(date, y);
  }
  return y;
}

const FIELDS = 8;
const F_TAXABLE = 0;
const F_INCOME_TAX = 1;
const F_MEDICARE = 2;
const F_HELP_INCOME = 3;
const F_HELP = 4;
const F_TAX_CHARGED = 5;
const F_HELP_REPAID = 6;
const F_SEEN = 7;

export class TaxSettlement {
  readonly count: number;
  private readonly plan: Plan;
  // Per person, this financial year.
  private readonly soFar: Float64Array;
  private readonly onceSoFar: Float64Array;
  private readonly superSoFar: Float64Array;
  private readonly investSoFar: Float64Array;
  private readonly charged: Float64Array;
  private readonly withheld: Float64Array;
  private readonly helpPaid: Float64Array;
  private readonly helpWithheld: Float64Array;
  private readonly hasHelp: Uint8Array;
  /** Per person, this financial year: SAPTO_NONE, SAPTO_SINGLE or SAPTO_COUPLE (au/tax.ts). */
  private readonly sapto: Uint8Array;
  /** The year's taxable income as estimated at the last settled month (annualised recurring + one-off). */
  readonly annualTaxable: Float64Array;
  private readonly annualRecurring: Float64Array;
  private readonly lastIncome: Float64Array;
  private readonly lastFamily: Float64Array;
  private readonly lastTax: Float64Array;
  /** This month's HELP movement per help debt (+ repaid to the debt, - refunded): the month loop moves it. */
  readonly helpMove: Float64Array;
  /** Per financial year index (0 = the forecast's first) and person: TaxYearFigures as numbers. */
  private readonly years: Float64Array;
  private readonly yearLabels: string[] = [];
  private rules: TaxYearRules | null = null;
  private monthsElapsed = 0;
  private yearIndex = -1;
  private started = false;
  /** Dependent children this month: the assumptions' count plus new_child births so far (TaxPlan.childChanges). */
  private children: number;
  private childNext = 0;

  constructor(plan: Plan, scratch: ScratchArena) {
    this.plan = plan;
    const n = plan.taxableIncome.length;
    this.count = n;
    this.soFar = scratch.float64(n);
    this.onceSoFar = scratch.float64(n);
    this.superSoFar = scratch.float64(n);
    this.investSoFar = scratch.float64(n);
    this.charged = scratch.float64(n);
    this.withheld = scratch.float64(n);
    this.helpPaid = scratch.float64(n);
    this.helpWithheld = scratch.float64(n);
    this.hasHelp = scratch.uint8(n);
    this.sapto = scratch.uint8(n);
    this.annualTaxable = scratch.float64(n);
    this.annualRecurring = scratch.float64(n);
    this.lastIncome = scratch.float64(n);
    this.lastFamily = scratch.float64(n);
    this.lastTax = scratch.float64(n);
    const help = plan.tax.help;
    this.helpMove = scratch.float64(help.count);
    for (let h = 0; h < help.count; h++) this.hasHelp[help.payer[h]] = 1;
    this.years = scratch.float64((Math.ceil(plan.months / 12) + 2) * n * FIELDS);
    this.children = plan.tax.children;
  }

  /** The index of a person ('self', 'partner') in this settlement, or -1 when nobody by that id is taxed. */
  personIndex(id: string): number {
    return this.plan.tax.ids.indexOf(id);
  }

  /** A person's taxable income for the current financial year, as estimated at the last settled month. */
  taxableIncomeOf(id: string): number {
    const i = this.personIndex(id);
    return i < 0 ? 0 : this.annualTaxable[i];
  }

  private taxOn(p: number, income: number, family: number): number {
    const rules = this.rules as TaxYearRules;
    const status = this.sapto[p];
    return cents(
      incomeTaxAfterOffsets(income, rules, status, this.spouseOf(p)) +
        medicareLevyFor(income, rules, family, this.children, status !== SAPTO_NONE, this.spouseOf(p)),
    );
  }

  /** A couple's other member (their estimated taxable income for the year and SAPTO), for transfers between them. */
  private spouseOf(p: number): Spouse | null {
    if (this.count !== 2) return null;
    const q = 1 - p;
    return { income: this.annualTaxable[q], status: this.sapto[q] };
  }

  /** Who has SAPTO this financial year: Age Pension age reached by its 30 June (docs/au-rules.md, SAPTO). */
  private saptoForYear(fyEnd: IsoDate): void {
    const tax = this.plan.tax;
    const ages = tax.pensionAgeDate;
    for (let p = 0; p < this.count; p++) {
      const at = ages?.[p] ?? '';
      this.sapto[p] = at !== '' && at <= fyEnd ? (tax.couple ? SAPTO_COUPLE : SAPTO_SINGLE) : SAPTO_NONE;
    }
  }

  /** One taxpayer's deductible loan interest for the month (and its trace entry). */
  private deduct(trace: TraceRecorder | null, loan: number, payer: number, deduction: number): void {
    this.soFar[payer] -= deduction;
    this.investSoFar[payer] -= deduction;
    trace?.record({
      kind: 'deductible_interest',
      bucket: 'taxable',
      amount: -deduction,
      loan,
      payer,
      parts: { deductible_share: this.plan.loans.deductibleShare[loan] },
    });
  }

  /**
   * Settles month `step` (calendar month index `month`): returns the household's tax for the month (negative: a
   * refund) and leaves each HELP debt's movement in helpMove.
   */
  settle(
    step: number,
    month: number,
    date: IsoDate,
    interestThisMonth: Float64Array,
    trace: TraceRecorder | null = null,
  ): number {
    const plan = this.plan;
    const tax = plan.tax;
    const n = this.count;
    const loans = plan.loans;
    const firstStep = !this.started;
    if (month % 12 === 6 || firstStep) {
      this.started = true;
      const year = yearRulesOn(date);
      this.rules = year.rules;
      this.saptoForYear(year.fyEnd);
      this.yearIndex++;
      this.yearLabels.push(year.label);
      this.monthsElapsed = firstStep ? tax.firstYearMonthsBefore : 0;
      for (let p = 0; p < n; p++) {
        const prior = firstStep && tax.firstYearMonthsBefore > 0;
        this.soFar[p] = prior ? tax.priorTaxable[p] : 0;
        this.onceSoFar[p] = 0;
        this.superSoFar[p] = prior ? tax.priorSuper[p] : 0;
        this.investSoFar[p] = prior ? tax.priorInvestment[p] : 0;
        this.charged[p] = 0;
        this.withheld[p] = 0;
        this.helpPaid[p] = 0;
        this.helpWithheld[p] = 0;
        this.lastIncome[p] = NaN;
      }
      if (firstStep && tax.firstYearMonthsBefore > 0) this.priorWithheld(month, interestThisMonth);
    }
    this.monthsElapsed++;
    const elapsed = this.monthsElapsed;
    const changes = tax.childChanges;
    if (changes !== undefined && this.childNext < changes.month.length && changes.month[this.childNext] <= month) {
      while (this.childNext < changes.month.length && changes.month[this.childNext] <= month)
        this.children += changes.delta[this.childNext++];
      this.lastIncome.fill(NaN); // the family threshold moved: every person's tax again
    }
    const deductible = loans.deductibleLoans;
    for (let x = 0; x < deductible.length; x++) {
      const loan = deductible[x];
      const payer = loans.taxpayer[loan];
      if (month < loans.deductibleEndMonth[loan] && month >= loans.deductibleFromMonth[loan]) {
        const deduction = interestThisMonth[loans.account[loan]] * loans.deductibleShare[loan];
        // A shared deduction (joint owners): the second taxpayer's part, the rest to the first.
        const second = loans.taxpayer2[loan];
        const part2 = second >= 0 ? deduction * loans.share2[loan] : 0;
        this.deduct(trace, loan, payer, deduction - part2);
        if (second >= 0) this.deduct(trace, loan, second, part2);
      }
    }
    let family = 0;
    for (let p = 0; p < n; p++) {
      this.soFar[p] += plan.taxableIncome[p][step];
      this.onceSoFar[p] += tax.taxableOnce[p][step];
      this.superSoFar[p] += tax.reportableSuper[p][step];
      this.investSoFar[p] += tax.investment[p][step];
      const recurring = ((this.soFar[p] - this.onceSoFar[p]) * 12) / elapsed;
      this.annualRecurring[p] = recurring;
      this.annualTaxable[p] = recurring + this.onceSoFar[p];
      family += this.annualTaxable[p];
    }
    const isFamily = tax.family || this.children > 0;
    if (!isFamily) family = NaN;
    let total = 0;
    const yearRow = this.yearIndex * n * FIELDS;
    for (let p = 0; p < n; p++) {
      const recurring = this.annualRecurring[p];
      if (recurring !== this.lastIncome[p] || (isFamily && family !== this.lastFamily[p])) {
        this.lastIncome[p] = recurring;
        this.lastFamily[p] = family;
        this.lastTax[p] = recurring > 0 ? this.taxOn(p, recurring, family) : 0;
      }
      const once = this.onceSoFar[p];
      const all = once !== 0 ? this.taxOn(p, this.annualTaxable[p], family) : this.lastTax[p];
      // Recurring income's tax pro rata over the year's months; a one-off's extra tax in full when it arrives.
      const target = (this.lastTax[p] * elapsed) / 12 + (all - this.lastTax[p]) - this.withheld[p];
      const due = target - this.charged[p];
      if (trace) this.traceTax(trace, p, step, date, elapsed, family, all, target);
      this.charged[p] = target;
      total += due;
      const row = yearRow + p * FIELDS;
      const years = this.years;
      years[row + F_TAXABLE] = this.annualTaxable[p];
      years[row + F_TAX_CHARGED] += due;
      years[row + F_SEEN] = 1;
      if ((step === plan.months || month % 12 === 5) && plan.taxYearFigures !== false) {
        // The year's figures once, at its last settled month.
        const rules = this.rules as TaxYearRules;
        const income = this.annualTaxable[p];
        const status = this.sapto[p];
        years[row + F_INCOME_TAX] = cents(incomeTaxAfterOffsets(income, rules, status, this.spouseOf(p)));
        years[row + F_MEDICARE] = cents(
          medicareLevyFor(income, rules, family, this.children, status !== SAPTO_NONE, this.spouseOf(p)),
        );
      }
      if (this.hasHelp[p]) this.settleHelp(p, step, month, date, elapsed, row);
    }
    return total;
  }

  /**
   * The traced month's tax for one person, with the working the explanation shows: year to date, the annual
   * estimate and the year's tax by component (Medicare after any family reduction).
   */
  private traceTax(
    trace: TraceRecorder,
    p: number,
    step: number,
    date: IsoDate,
    elapsed: number,
    family: number,
    yearTax: number,
    target: number,
  ): void {
    const rules = this.rules as TaxYearRules;
    const income = this.annualTaxable[p];
    const safe = income > 0 ? income : 0;
    const bracket = incomeTaxOnBrackets(safe, rules);
    const status = this.sapto[p];
    const medicare = medicareLevyFor(safe, rules, family, this.children, status !== SAPTO_NONE, this.spouseOf(p));
    const afterLito = incomeTaxAfterLito(safe, rules);
    // Estimated (UNCONFIRMED) figures this person's tax depends on: the explanation names them.
    const unconfirmed = unconfirmedTaxFigures(date, safe, rules, family, this.children, status);
    trace.record({
      kind: 'tax',
      bucket: 'cash_flow',
      amount: -(target - this.charged[p]),
      payer: p,
      rule_date: date,
      parts: {
        taxable_this_month: this.plan.taxableIncome[p][step],
        taxable_year_to_date: this.soFar[p],
        months_into_year: elapsed,
        annualised_income: income,
        income_tax: bracket,
        lito: bracket - afterLito,
        // Only for a person with SAPTO this year, so other traces keep their parts.
        ...(status !== SAPTO_NONE
          ? { sapto: afterLito - incomeTaxAfterOffsets(safe, rules, status, this.spouseOf(p)) }
          : {}),
        medicare,
        year_tax: yearTax,
        due_to_date: target,
        charged_before: this.charged[p],
        ...(unconfirmed !== 0 ? { unconfirmed } : {}),
      },
    });
  }

  /** HELP repayment income: taxable income plus reportable super plus net investment losses (annualised). */
  private settleHelp(p: number, step: number, month: number, date: IsoDate, elapsed: number, row: number): void {
    const help = this.plan.tax.help;
    const invest = (this.investSoFar[p] * 12) / elapsed;
    const recurring = this.annualRecurring[p] + (this.superSoFar[p] * 12) / elapsed + (invest < 0 ? -invest : 0);
    const once = this.onceSoFar[p];
    const hRecurring = helpRepayment(recurring, date);
    const hAll = once !== 0 ? helpRepayment(recurring + once, date) : hRecurring;
    const target = (hRecurring * elapsed) / 12 + (hAll - hRecurring) - this.helpWithheld[p];
    let due = target - this.helpPaid[p];
    if (due < 0) due = Math.max(due, -this.helpPaid[p]); // a refund of this year's repayments at most
    const balance = this.plan.accounts.balance;
    for (let h = 0; h < help.count; h++) {
      if (help.payer[h] !== p) continue;
      let move = 0;
      if (due > 0) move = Math.min(due, Math.max(0, -balance[help.account[h]]));
      else if (due < 0) move = due;
      this.helpMove[h] = move;
      due -= move;
      this.helpPaid[p] += move;
      this.years[row + F_HELP_REPAID] += move;
    }
    this.years[row + F_HELP_INCOME] = recurring + once;
    if (step === this.plan.months || month % 12 === 5) this.years[row + F_HELP] = hAll;
  }

  /**
   * The first financial year's months before as_of: deductible loan interest in them (estimated from the first
   * month's interest, unless the person entered their income so far), and the tax (and HELP) already withheld
   * on that income at the average rate of its yearly rate.
   */
  private priorWithheld(month: number, interestThisMonth: Float64Array): void {
    const tax = this.plan.tax;
    const loans = this.plan.loans;
    const n = this.count;
    const rateIncome = new Float64Array(n); // once per run
    for (let p = 0; p < n; p++) rateIncome[p] = tax.priorRateIncome[p];
    for (let loan = 0; loan < loans.count; loan++) {
      const payer = loans.taxpayer[loan];
      if (payer < 0 || month - 1 < loans.deductibleFromMonth[loan] || month - 1 >= loans.deductibleEndMonth[loan])
        continue;
      if (loans.startMonth[loan] > month - 1) continue; // a loan drawn after the year began: no interest before
      const yearly = interestThisMonth[loans.account[loan]] * loans.deductibleShare[loan] * 12;
      const second = loans.taxpayer2[loan];
      const part2 = second >= 0 ? yearly * loans.share2[loan] : 0;
      this.priorDeduct(payer, yearly - part2, rateIncome);
      if (second >= 0) this.priorDeduct(second, part2, rateIncome);
    }
    let family = 0;
    for (let p = 0; p < n; p++) family += Math.max(0, rateIncome[p]);
    const isFamily = tax.family || this.children > 0;
    if (!isFamily) family = NaN;
    for (let p = 0; p < n; p++) {
      const prior = this.soFar[p];
      const rate = rateIncome[p];
      if (!(prior > 0) || !(rate > 0)) continue;
      this.withheld[p] = (prior * this.taxOn(p, rate, family)) / rate;
      if (this.hasHelp[p]) this.helpWithheld[p] = (prior * helpRepayment(rate, this.rulesDate())) / rate;
    }
  }

  /** One taxpayer's estimated deductible interest of the first year's months before as_of (yearly: a year's). */
  private priorDeduct(payer: number, yearly: number, rateIncome: Float64Array): void {
    const tax = this.plan.tax;
    this.investSoFar[payer] -= yearly * tax.priorShare;
    if (tax.priorEntered[payer]) return;
    this.soFar[payer] -= yearly * tax.priorShare;
    rateIncome[payer] -= yearly;
  }

  private rulesDate(): IsoDate {
    const label = this.yearLabels[this.yearLabels.length - 1];
    return `${label.slice(0, 4)}-07-01`;
  }

  /** Every person's figures for every financial year the forecast touched. */
  figures(): TaxYearFigures[] {
    const out: TaxYearFigures[] = [];
    const n = this.count;
    const ids = this.plan.tax.ids;
    for (let y = 0; y <= this.yearIndex; y++) {
      for (let p = 0; p < n; p++) {
        const row = (y * n + p) * FIELDS;
        const v = this.years;
        if (!v[row + F_SEEN]) continue;
        out.push({
          financial_year: this.yearLabels[y],
          person: ids[p],
          taxable_income: cents(v[row + F_TAXABLE]),
          income_tax: cents(v[row + F_INCOME_TAX]),
          medicare: cents(v[row + F_MEDICARE]),
          help_repayment_income: cents(v[row + F_HELP_INCOME]),
          help_repayment: cents(v[row + F_HELP]),
          tax_charged: cents(v[row + F_TAX_CHARGED]),
          help_repaid: cents(v[row + F_HELP_REPAID]),
        });
      }
    }
    return out;
  }
}
