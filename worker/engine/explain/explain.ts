// Explain this number: one month of one scenario, part by part. The scenario is run again with a trace
// recorder on the chosen step (simulate/trace.ts); its entries become lines grouped into sections whose
// cents add up exactly to the month's cash_flow and capital_growth (docs/forecast-engine.md, The breakdown).
import { z } from 'zod';
import { monthIndexOf, monthOfIndex } from '../calendar';
import { IsoMonthSchema } from '../model/common';
import { EngineInputError, parseOrThrow } from '../model/issues';
import { cents, formatDollarsAndCents } from '../money';
import type { IsoDate, IsoMonth } from '../primitives';
import {
  ForecastOptionsSchema,
  forecastPrepared,
  prepareProfile,
  type ForecastOptions,
  type PreparedProfile,
  createTraceLog,
  type TraceContext,
  type TraceEntry,
  type TraceKind,
  type EventCompiler,
  type Simulator,
  scenarioIdsOf,
} from '../simulate/index';
import { taxRulesUsed } from './rules';
import { unconfirmedTaxNames } from '../au/tax';

export type ExplainSectionId = 'income' | 'government' | 'expenses' | 'super' | 'tax' | 'interest' | 'other' | 'growth';

export type ExplainLine = {
  kind: TraceKind;
  label: string;
  /** Signed dollars to the cent (+ income or growth, - expense or loss); a section's lines add up to its total. */
  amount: number;
  /** Whose it is (a taxed flow's taxpayer, a tax's payer), or null. */
  person: string | null;
  /** The account the money is booked to, or null. */
  account: string | null;
  /** The working in words (en-AU money), or null. */
  note: string | null;
};

export type ExplainSection = { id: ExplainSectionId; title: string; total: number; lines: ExplainLine[] };

/** A snapshot figure and its sections: the sections' totals add up to `total` exactly, in cents. */
export type ExplainFigure = { total: number; sections: ExplainSection[] };

/** One person's tax this month, with the working (each figure rounded to the cent). */
export type TaxExplanation = {
  person: string;
  financial_year: string;
  /** The rule applied, in words, and each table's row start date. */
  rule: string;
  tables: Record<string, IsoDate>;
  /** What made up this month's taxable income (lines add up to taxable_this_month). */
  taxable_income: ExplainLine[];
  taxable_this_month: number;
  taxable_year_to_date: number;
  /** Month n of the financial year (of the forecast's months, in its first, partial year). */
  months_into_year: number;
  /** The year's taxable income as the tax settlement estimates it this month (docs/forecast-engine.md, Tax and super). */
  annualised_income: number;
  /** The tax on the annualised income for a whole year, by component (lito and sapto, when present, are subtracted). */
  year: { income_tax: number; lito: number; medicare_levy: number; total: number } & Record<string, number>;
  /** What is due by this month for the year; less what was charged in the year's earlier months, this month's tax. */
  due_to_date: number;
  charged_before: number;
  /** Tax charged this month (positive; negative is a refund): minus the person's line in the tax section. */
  this_month: number;
  /** This month's compulsory HELP repayment (moved from cash to the HELP debt: not an expense), or null. */
  help_repayment: number | null;
  /** Division 293 tax and tax on excess concessional contributions charged this month (at 1 July), or null. */
  division_293_tax: number | null;
  excess_contributions_tax: number | null;
  /** Tax figures of the year still UNCONFIRMED (estimates) that this person's tax depends on; absent: none. */
  unconfirmed?: string[];
};

/** One debt account with a loan: this month's interest, scheduled repayment and what it repaid of principal. */
export type LoanExplanation = {
  loan: string;
  interest: number;
  repayment: number;
  principal: number;
  /** Interest not charged because of offset accounts, or null when the loan has none. */
  offset_saving: number | null;
  /** Interest deducted from someone's taxable income this month (null: none). */
  deductible_interest: number | null;
  person: string | null;
};

/** Money moved between the user's own accounts: net worth unchanged, so in neither figure. */
export type TransferLine = { kind: TraceKind; label: string; from: string; to: string; amount: number };

export type MonthExplanation = {
  scenario_id: string;
  name: string;
  month: IsoMonth;
  /** The snapshot's date (the month's last day) and its step (1..12 x years). */
  date: IsoDate;
  step: number;
  opening_net_worth: number;
  closing_net_worth: number;
  /** closing - opening; equals cash_flow.total + capital_growth.total within $0.02 (forecast-model.md section 4). */
  net_worth_change: number;
  cash_flow: ExplainFigure;
  capital_growth: ExplainFigure;
  taxes: TaxExplanation[];
  loans: LoanExplanation[];
  transfers: TransferLine[];
  /** False when some movement was not itemised (a 'Not itemised' line holds the difference): a bug to report. */
  complete: boolean;
  warnings: string[];
};

export const ExplainOptionsSchema = ForecastOptionsSchema.extend({
  month: IsoMonthSchema,
  scenario_id: z.string().nullable().optional(),
});
export type ExplainOptions = ForecastOptions & { month: IsoMonth; scenario_id?: string | null };
export type ExplainScenariosOptions = ForecastOptions & { month: IsoMonth; scenario_ids: ReadonlyArray<string> };

const SECTION_TITLES: Record<ExplainSectionId, string> = {
  income: 'Income',
  government: 'Grants, duty and Age Pension',
  expenses: 'Expenses',
  super: 'Super contributions (after contributions tax)',
  tax: 'Tax',
  interest: 'Interest',
  other: 'Other',
  growth: 'Growth by account',
};
const CASH_FLOW_ORDER: ExplainSectionId[] = ['income', 'government', 'expenses', 'super', 'tax', 'interest', 'other'];
const GROWTH_ORDER: ExplainSectionId[] = ['growth', 'other'];

/** Flows that are government money: grants, transfer duty, the Age Pension (by key or name). */
const GOVERNMENT_KEY = /(^|[:_])(grant|fhog|stamp_duty|duty|age_pension)$/;
const GOVERNMENT_NAME = /\b(grant|stamp duty|transfer duty|age pension)\b/i;

/** How a taxpayer is shown: 'self' is You, 'partner' Partner, anything else as given. */
export function personLabel(taxpayer: string | undefined): string | null {
  if (taxpayer === undefined) return null;
  if (taxpayer === 'self') return 'You';
  if (taxpayer === 'partner') return 'Partner';
  return taxpayer;
}

function humanise(kind: string): string {
  const s = kind.replace(/_/g, ' ');
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** The step of `month` in a forecast from asOf, validated: 1 .. 12 x years. */
function stepOf(month: IsoMonth, asOf: IsoDate, years: number): number {
  const step = monthIndexOf(month) - monthIndexOf(asOf);
  const first = monthOfIndex(monthIndexOf(asOf) + 1);
  const last = monthOfIndex(monthIndexOf(asOf) + years * 12);
  if (step < 1 || step > years * 12) {
    throw new EngineInputError([
      { path: '$options.month', message: `must be a month of the forecast, from ${first} to ${last} (got ${month})` },
    ]);
  }
  return step;
}

/** Signed cents; integers, so sums are exact. */
function toCents(dollars: number): number {
  return Math.round(cents(dollars) * 100);
}

/**
 * Rounds each raw amount so the rounded amounts add up to targetCents exactly: each line gets the change in
 * the rounded running sum (so no line is off by more than a cent), and the last running sum is the target.
 */
function roundToTarget(raw: ReadonlyArray<number>, targetCents: number): number[] {
  const out: number[] = [];
  let sum = 0;
  let previous = 0;
  for (let i = 0; i < raw.length; i++) {
    sum += raw[i];
    const running = i === raw.length - 1 ? targetCents : toCents(sum);
    out.push(running - previous);
    previous = running;
  }
  return out;
}

type RawLine = Omit<ExplainLine, 'amount'> & { raw: number; section: ExplainSectionId };

/** Builds a figure's sections; a raw total that misses the snapshot by more than rounding gets a 'Not itemised' line. */
function buildFigure(
  lines: RawLine[],
  order: ReadonlyArray<ExplainSectionId>,
  snapshotFigure: number,
): { figure: ExplainFigure; complete: boolean; lineOf: Map<RawLine, ExplainLine> } {
  let rawSum = 0;
  for (const l of lines) rawSum += l.raw;
  const gap = snapshotFigure - rawSum;
  const complete = Math.abs(gap) <= 0.006;
  const all = lines.slice();
  if (!complete) {
    all.push({
      kind: 'unexplained',
      label: 'Not itemised',
      raw: gap,
      section: 'other',
      person: null,
      account: null,
      note: 'A movement the trace did not itemise: please report it.',
    });
  }
  const sorted: RawLine[] = [];
  for (const id of order) for (const l of all) if (l.section === id) sorted.push(l);
  const rounded = roundToTarget(
    sorted.map((l) => l.raw),
    toCents(snapshotFigure),
  );
  const sections: ExplainSection[] = [];
  const lineOf = new Map<RawLine, ExplainLine>();
  sorted.forEach((l, i) => {
    let section = sections.find((s) => s.id === l.section);
    if (!section) {
      section = { id: l.section, title: SECTION_TITLES[l.section], total: 0, lines: [] };
      sections.push(section);
    }
    const out = finalLine(l, rounded[i]);
    lineOf.set(l, out);
    section.lines.push(out);
    section.total += rounded[i];
  });
  for (const s of sections) s.total /= 100;
  return { figure: { total: cents(snapshotFigure), sections }, complete, lineOf };
}

function nullableCents(x: number | undefined): number | null {
  return x === undefined ? null : cents(x);
}

function finalLine(l: RawLine, amountCents: number): ExplainLine {
  return {
    kind: l.kind,
    label: l.label,
    amount: amountCents / 100,
    person: l.person,
    account: l.account,
    note: l.note,
  };
}

function accountName(ctx: TraceContext, row: number | undefined): string | null {
  if (row === undefined) return null;
  return ctx.accounts[row]?.name ?? null;
}

function payerName(ctx: TraceContext, payer: number | undefined): string | null {
  if (payer === undefined || payer < 0) return null;
  return personLabel(ctx.taxpayers[payer]);
}

const money = formatDollarsAndCents;

/** The line a cash_flow or capital_growth entry becomes. */
function lineOf(ctx: TraceContext, e: TraceEntry): RawLine {
  const account = accountName(ctx, e.account);
  const person = payerName(ctx, e.payer);
  const base = { kind: e.kind, raw: e.amount, person, account, note: null as string | null };
  if (e.bucket === 'capital_growth') {
    // Growth by account: the month loop's growth, plus any further change in value a rule records (untaxed
    // earnings in pension phase, say), named with its account.
    const label =
      e.kind === 'growth' ? (account ?? 'Growth') : `${e.name ?? humanise(e.kind)}${account ? ` (${account})` : ''}`;
    return { ...base, section: 'growth', label };
  }
  switch (e.kind) {
    case 'flow': {
      const government = (e.key !== undefined && GOVERNMENT_KEY.test(e.key)) || GOVERNMENT_NAME.test(e.name ?? '');
      const taxable = e.parts?.taxable;
      const note =
        taxable !== undefined && taxable !== 0 && e.tax_kind
          ? `${humanise(e.tax_kind)}: ${money(taxable)} taxable`
          : null;
      return {
        ...base,
        note,
        label: e.name || 'Flow',
        section: government ? 'government' : e.amount >= 0 ? 'income' : 'expenses',
      };
    }
    case 'super_contribution': {
      const p = e.parts ?? {};
      const note =
        p.contribution !== undefined
          ? `${money(p.contribution)} contributed, less ${money(-(p.contributions_tax ?? 0))} contributions tax (15%)`
          : null;
      return { ...base, note, label: `${e.name ?? 'Contribution'} into ${account ?? 'super'}`, section: 'super' };
    }
    case 'tax':
      return { ...base, label: `Tax: ${person ?? 'taxpayer'}`, section: 'tax' };
    case 'interest': {
      const debt = e.account !== undefined && ctx.accounts[e.account] && !ctx.accounts[e.account].is_asset;
      return {
        ...base,
        label: debt ? `Interest charged on ${account}` : `Interest earned on ${account}`,
        section: 'interest',
      };
    }
    case 'opening_balance':
      return { ...base, label: `${account ?? 'Account'} opens with a balance`, section: 'other' };
    case 'age_pension': {
      const p = e.parts ?? {};
      const note =
        p.fortnightly_rate !== undefined
          ? `${money(p.fortnightly_rate)} a fortnight x ${p.paydays} payday${p.paydays === 1 ? '' : 's'}: the lower of ` +
            `the income test (${money(p.income_test ?? 0)}) and the assets test (${money(p.assets_test ?? 0)})` +
            (p.rent_assistance
              ? `, with Rent Assistance of ${money(p.rent_assistance)} a fortnight in the maximum (not taxed; ` +
                `UNCONFIRMED: Rent Assistance rates from a secondary summary)`
              : '')
          : null;
      return { ...base, note, label: `Age Pension${person ? `: ${person}` : ''}`, section: 'government' };
    }
    case 'division_293_tax':
    case 'excess_concessional_tax': {
      const p = e.parts ?? {};
      const note =
        e.kind === 'division_293_tax'
          ? `15% of the lesser of ${money(p.low_tax_contributions ?? 0)} concessional contributions and the amount of ` +
            `${money(p.division_293_income ?? 0)} income and contributions over $250,000`
          : `Contributions ${money(p.contributions ?? 0)} over the cap of ${money(p.cap ?? 0)} by ${money(p.excess ?? 0)}, ` +
            'taxed at marginal rates less the 15% already paid';
      return { ...base, note, label: `${e.name ?? humanise(e.kind)}${person ? `: ${person}` : ''}`, section: 'tax' };
    }
    default: {
      // A movement a newer rule records: tax-like kinds (HELP, other taxes of a payer) go with tax.
      const taxLike = e.payer !== undefined && /(^|_)(tax|help|levy)($|_)/.test(e.kind);
      const government = GOVERNMENT_NAME.test(e.name ?? '') || /grant|duty|pension/.test(e.kind);
      return {
        ...base,
        label: `${e.name ?? humanise(e.kind)}${taxLike && person ? `: ${person}` : ''}`,
        section: taxLike ? 'tax' : government ? 'government' : 'other',
      };
    }
  }
}

function taxNote(t: TaxExplanation): string {
  const extra = Object.entries(t.year)
    .filter(([k]) => !['income_tax', 'lito', 'sapto', 'medicare_levy', 'total'].includes(k))
    .map(([k, v]) => ` + ${humanise(k)} ${money(v)}`)
    .join('');
  const months = `${t.months_into_year} month${t.months_into_year === 1 ? '' : 's'}`;
  return (
    `${t.rule}: ${money(t.taxable_year_to_date)} taxable in the year's first ${months}, estimated at ` +
    `${money(t.annualised_income)} for the year; income tax ${money(t.year.income_tax)} - LITO ${money(t.year.lito)} ` +
    `${t.year.sapto !== undefined ? `- SAPTO ${money(t.year.sapto)} ` : ''}` +
    `+ Medicare levy ${money(t.year.medicare_levy)}${extra} = ${money(t.year.total)} for the year; due by this month ` +
    `${money(t.due_to_date)}, less ${money(t.charged_before)} charged earlier this year` +
    (t.unconfirmed && t.unconfirmed.length > 0
      ? ` (UNCONFIRMED: ${t.financial_year} ${t.unconfirmed.join(', ')} are estimates until published)`
      : '')
  );
}

/** Tax parts the month loop records besides the working (other rules may add their own, e.g. help, division_293). */
const TAX_WORKING = new Set([
  'taxable_this_month',
  'taxable_year_to_date',
  'months_into_year',
  'annualised_income',
  'year_tax',
  'due_to_date',
  'charged_before',
  'income_tax',
  'lito',
  'sapto',
  'medicare',
  'unconfirmed',
]);

/** Explains the traced step of a run (exported for tests that trace the simulator directly). */
export function explainTrace(
  ctx: TraceContext,
  entries: ReadonlyArray<TraceEntry>,
  figures: { cash_flow: number; capital_growth: number },
): Pick<MonthExplanation, 'cash_flow' | 'capital_growth' | 'taxes' | 'loans' | 'transfers' | 'complete'> {
  const cashLines: RawLine[] = [];
  const growthLines: RawLine[] = [];
  const transfers: TransferLine[] = [];
  const taxEntries: Array<{ entry: TraceEntry; line: RawLine }> = [];
  const helpByPayer = new Map<number, number>();
  const superTaxByPayer = new Map<string, number>();
  const taxableByPayer = new Map<number, RawLine[]>();
  const loanByAccount = new Map<number, LoanExplanation & { interestLine: RawLine | null }>();
  const loansOnAccount = new Map<number, number[]>();
  ctx.loans.forEach((l, i) => loansOnAccount.set(l.account, [...(loansOnAccount.get(l.account) ?? []), i]));
  const loanAt = (row: number): (LoanExplanation & { interestLine: RawLine | null }) | null => {
    if (!loansOnAccount.has(row)) return null;
    let l = loanByAccount.get(row);
    if (!l) {
      l = {
        loan: ctx.accounts[row]?.name ?? 'Loan',
        interest: 0,
        repayment: 0,
        principal: 0,
        offset_saving: null,
        deductible_interest: null,
        person: null,
        interestLine: null,
      };
      loanByAccount.set(row, l);
    }
    return l;
  };
  const addTaxable = (payer: number | undefined, line: RawLine) => {
    if (payer === undefined || payer < 0) return;
    const list = taxableByPayer.get(payer) ?? [];
    list.push(line);
    taxableByPayer.set(payer, list);
  };
  for (const e of entries) {
    if (e.bucket === 'cash_flow') {
      const line = lineOf(ctx, e);
      cashLines.push(line);
      if (e.kind === 'tax') taxEntries.push({ entry: e, line });
      if ((e.kind === 'division_293_tax' || e.kind === 'excess_concessional_tax') && e.payer !== undefined) {
        const k = `${e.kind}\u0000${e.payer}`;
        superTaxByPayer.set(k, (superTaxByPayer.get(k) ?? 0) - e.amount);
      }
      if (e.kind === 'interest' && e.account !== undefined) {
        const loan = loanAt(e.account);
        if (loan) loan.interestLine = line;
      }
      const taxable = e.parts?.taxable;
      if (e.kind === 'flow' && taxable !== undefined && taxable !== 0) {
        addTaxable(e.payer, {
          ...lineOf(ctx, e),
          raw: taxable,
          note: e.tax_kind ? humanise(e.tax_kind) : null,
        });
      }
    } else if (e.bucket === 'capital_growth') {
      growthLines.push(lineOf(ctx, e));
    } else if (e.bucket === 'transfer') {
      if (e.amount === 0) continue;
      const from = accountName(ctx, e.account) ?? 'account';
      const to = accountName(ctx, e.to_account) ?? 'account';
      let label = e.name ?? humanise(e.kind);
      if (e.kind === 'transfer' && e.parts?.transfer !== undefined)
        label = ctx.transfers[e.parts.transfer]?.name ?? label;
      if (e.kind === 'repayment') label = `Repayment of ${to}`;
      if (e.kind === 'help_repayment') {
        label = `HELP repayment${payerName(ctx, e.payer) ? `: ${payerName(ctx, e.payer)}` : ''}`;
        if (e.payer !== undefined) helpByPayer.set(e.payer, (helpByPayer.get(e.payer) ?? 0) + e.amount);
      }
      transfers.push({ kind: e.kind, label, from, to, amount: cents(e.amount) });
      if (e.kind === 'repayment' && e.to_account !== undefined) {
        const loan = loanAt(e.to_account);
        if (loan) {
          loan.repayment += e.amount;
          loan.principal += e.parts?.principal ?? 0;
        }
      }
    } else if (e.bucket === 'taxable') {
      if (e.amount === 0) continue;
      const label =
        e.kind === 'deductible_interest'
          ? `Deductible interest on ${accountName(ctx, e.loan !== undefined ? ctx.loans[e.loan]?.account : undefined) ?? 'a loan'}`
          : (e.name ?? humanise(e.kind));
      addTaxable(e.payer, {
        kind: e.kind,
        label,
        raw: e.amount,
        section: 'tax',
        person: payerName(ctx, e.payer),
        account: null,
        note: null,
      });
      if (e.kind === 'deductible_interest' && e.loan !== undefined) {
        const loan = loanAt(ctx.loans[e.loan].account);
        if (loan) {
          loan.deductible_interest = (loan.deductible_interest ?? 0) + -e.amount;
          loan.person = payerName(ctx, e.payer);
        }
      }
    } else if (e.bucket === 'info' && e.kind === 'offset_saving') {
      const row = e.loan !== undefined ? ctx.loans[e.loan]?.account : e.account;
      const loan = row !== undefined ? loanAt(row) : null;
      if (loan) loan.offset_saving = (loan.offset_saving ?? 0) + e.amount;
    }
  }
  const cash = buildFigure(cashLines, CASH_FLOW_ORDER, figures.cash_flow);
  const growth = buildFigure(growthLines, GROWTH_ORDER, figures.capital_growth);

  const taxes: TaxExplanation[] = taxEntries.map(({ entry: e, line: rawLine }) => {
    const p = e.parts ?? {};
    const person = payerName(ctx, e.payer) ?? 'taxpayer';
    const rules = taxRulesUsed(e.rule_date ?? ctx.date);
    const taxable = taxableByPayer.get(e.payer ?? -1) ?? [];
    let taxableRaw = p.taxable_this_month ?? 0;
    for (const l of taxable) if (l.kind === 'deductible_interest') taxableRaw += l.raw;
    const roundedTaxable = roundToTarget(
      taxable.map((l) => l.raw),
      toCents(taxableRaw),
    );
    const year: TaxExplanation['year'] = {
      income_tax: cents(p.income_tax ?? 0),
      lito: cents(p.lito ?? 0),
      medicare_levy: cents(p.medicare ?? 0),
      total: cents(p.year_tax ?? 0),
      ...(p.sapto !== undefined ? { sapto: cents(p.sapto) } : {}),
    };
    for (const [k, v] of Object.entries(p)) if (!TAX_WORKING.has(k)) year[k] = cents(v);
    const line = cash.lineOf.get(rawLine);
    const t: TaxExplanation = {
      person,
      financial_year: rules.financial_year,
      rule: rules.rule,
      tables: rules.tables,
      taxable_income: taxable.map((l, j) => finalLine(l, roundedTaxable[j])),
      taxable_this_month: cents(taxableRaw),
      taxable_year_to_date: cents(p.taxable_year_to_date ?? 0),
      months_into_year: p.months_into_year ?? 0,
      annualised_income: cents(p.annualised_income ?? 0),
      year,
      due_to_date: cents(p.due_to_date ?? 0),
      charged_before: cents(p.charged_before ?? 0),
      this_month: line ? cents(-line.amount) : cents(-e.amount),
      help_repayment: nullableCents(helpByPayer.get(e.payer ?? -1)),
      division_293_tax: nullableCents(superTaxByPayer.get(`division_293_tax\u0000${e.payer}`)),
      excess_contributions_tax: nullableCents(superTaxByPayer.get(`excess_concessional_tax\u0000${e.payer}`)),
      ...(p.unconfirmed ? { unconfirmed: unconfirmedTaxNames(p.unconfirmed) } : {}),
    };
    if (line) line.note = taxNote(t);
    return t;
  });
  const loans = [...loanByAccount.values()]
    .map(({ interestLine, ...l }) => {
      // The interest line's own rounded amount, so the loan and the Interest section agree to the cent, and
      // principal is the rest of the repayment (the month loop's split: interest first), so they add up too.
      const interest = interestLine ? -(cash.lineOf.get(interestLine)?.amount ?? 0) : 0;
      const repayment = cents(l.repayment);
      return {
        ...l,
        interest,
        repayment,
        principal: l.principal > 0 ? cents(repayment - Math.min(repayment, interest)) : 0,
      };
    })
    .map((l) => ({
      ...l,
      offset_saving: l.offset_saving === null ? null : cents(l.offset_saving),
      deductible_interest: l.deductible_interest === null ? null : cents(l.deductible_interest),
    }))
    .filter((l) => l.interest !== 0 || l.repayment !== 0 || l.offset_saving !== null);
  return {
    cash_flow: cash.figure,
    capital_growth: growth.figure,
    taxes,
    loans,
    transfers,
    complete: cash.complete && growth.complete,
  };
}

/** Explains `month` of one scenario of a prepared profile (null or 'base': the base). */
export function explainPrepared(
  prepared: PreparedProfile,
  scenarioId: string | null,
  options: ForecastOptions & { month: IsoMonth },
  simulator?: Simulator,
): MonthExplanation {
  const step = stepOf(options.month, options.as_of, options.years);
  const log = createTraceLog(step);
  const forecast = forecastPrepared(
    prepared,
    scenarioId,
    { as_of: options.as_of, years: options.years },
    simulator ?? prepared.simulator,
    log,
  );
  const snapshot = forecast.snapshots[step];
  const previous = forecast.snapshots[step - 1];
  const ctx: TraceContext = log.context ?? {
    step,
    date: snapshot.date,
    accounts: [],
    taxpayers: [],
    loans: [],
    transfers: [],
  };
  // The people's names (the household's), where the user gave them; 'self' is You otherwise.
  const names = new Map<string, string>();
  const people = (prepared.profile.assumptions as { people?: ReadonlyArray<{ id: string; name: string }> } | null)
    ?.people;
  for (const p of people ?? []) if (p.name && p.name !== 'Me') names.set(p.id, p.name);
  const named = names.size > 0 ? { ...ctx, taxpayers: ctx.taxpayers.map((t) => names.get(t) ?? t) } : ctx;
  const parts = explainTrace(named, log.entries, snapshot);
  return {
    scenario_id: forecast.scenario_id,
    name: forecast.name,
    month: options.month,
    date: snapshot.date,
    step,
    opening_net_worth: previous.net_worth,
    closing_net_worth: snapshot.net_worth,
    net_worth_change: cents(snapshot.net_worth - previous.net_worth),
    ...parts,
    warnings: forecast.warnings,
  };
}

/** Validates and explains one scenario's month (scenario_id null, absent or 'base': the base). */
export function explainScenarioMonth(
  profileInput: unknown,
  options: ExplainOptions,
  compile: EventCompiler | null,
  simulator?: Simulator,
): MonthExplanation {
  const opts = parseOrThrow(ExplainOptionsSchema, options, '$options');
  const prepared = prepareProfile(profileInput, compile, simulator);
  return explainPrepared(prepared, opts.scenario_id ?? null, opts, simulator);
}

/** The same month of several scenarios (no ids: every scenario, or the base), as the compare screen shows them. */
export function explainScenariosMonth(
  profileInput: unknown,
  options: ExplainScenariosOptions,
  compile: EventCompiler | null,
  simulator?: Simulator,
): MonthExplanation[] {
  const opts = parseOrThrow(
    ForecastOptionsSchema.extend({ month: IsoMonthSchema }),
    { as_of: options.as_of, years: options.years, month: options.month },
    '$options',
  );
  const prepared = prepareProfile(profileInput, compile, simulator);
  const ids = scenarioIdsOf(prepared, options.scenario_ids);
  return ids.map((id) => explainPrepared(prepared, id, opts, simulator));
}
