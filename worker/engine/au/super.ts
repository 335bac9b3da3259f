// Superannuation rules by date: Super Guarantee rate, contributions tax, contribution caps and carry-forward,
// excess contributions and Division 293 tax, preservation and the transfer balance cap (docs/au-rules.md).
// Each rule is one dated table keyed by the 1 July it takes effect.
import { cents } from '../money';
import type { IsoDate } from '../primitives';
import { atDate, financialYearStart, type DatedTable } from './dated';
import { personalTax } from './tax';

/** Super Guarantee as a fraction of ordinary time earnings, by the date the salary is paid. */
export const SUPER_GUARANTEE: DatedTable<number> = [
  { from: '2023-07-01', figures: 0.11 },
  { from: '2024-07-01', figures: 0.115 },
  { from: '2025-07-01', figures: 0.12 },
];

/** Tax on concessional contributions (SG, salary sacrifice) inside the fund. */
export const CONTRIBUTIONS_TAX_RATE = 0.15;
/** Tax on fund earnings in accumulation phase. */
export const SUPER_EARNINGS_TAX_RATE = 0.15;
/** Division 293: a further 15% where income plus concessional contributions exceed the threshold. */
export const DIVISION_293 = { threshold: 250_000, rate: 0.15 } as const;
/** Age from which super is preserved until (for retirement templates). */
export const PRESERVATION_AGE = 60;

/** Concessional contributions cap per financial year; the non-concessional cap is 4x it. */
export const CONCESSIONAL_CAP: DatedTable<number> = [
  { from: '2024-07-01', figures: 30_000 },
  // 2026-27 figure from a secondary source (indexation to $32,500).
  { from: '2026-07-01', figures: 32_500 },
];

export const NON_CONCESSIONAL_MULTIPLE = 4;

/** The Super Guarantee rate (fraction, e.g. 0.12) for salary paid on `date`. */
export function superGuaranteeRate(date: IsoDate): number {
  return atDate(SUPER_GUARANTEE, date);
}

/** The concessional cap for the financial year containing `date`. */
export function concessionalCap(date: IsoDate): number {
  return atDate(CONCESSIONAL_CAP, financialYearStart(date));
}

/** The non-concessional cap for the financial year containing `date` (4x the concessional cap). */
export function nonConcessionalCap(date: IsoDate): number {
  return concessionalCap(date) * NON_CONCESSIONAL_MULTIPLE;
}

/** Non-concessional contributions may bring forward up to this many years' caps (nonConcessionalYear). */
export const NON_CONCESSIONAL_BRING_FORWARD_YEARS = 3;

/** The age before which (at any time in the first year, so on its 1 July) the bring-forward can be triggered. */
export const BRING_FORWARD_AGE_LIMIT = 75;

/** A bring-forward period under way: its last financial year and the cap left in it. */
export type BringForward = { periodEnd: number; remaining: number };

export type NonConcessionalYear = {
  /** The cap available this year: the annual cap, the bring-forward period's cap left, or nil. */
  available: number;
  excess: number;
  /** Years brought forward when this year triggers a period (2 or 3), else 0. */
  triggered: 0 | 2 | 3;
  /** The period under way after this year (null: none). */
  period: BringForward | null;
};

/**
 * One financial year (starting 1 July `fyStart`) of a person's non-concessional contributions under the cap with
 * its bring-forward (ATO, "Non-concessional contributions cap"). `totalSuperBalance` is at the previous 30 June;
 * the transfer balance cap (TBC) and the annual cap are those of the year. Nil cap when the balance is at least
 * the TBC. Outside a period, contributions above the annual cap trigger a bring-forward when the person is under
 * 75 on 1 July: three years' caps while the balance is under TBC - 2 x cap, two years' under TBC - cap, none
 * otherwise. Inside a period the cap is what is left of the period's (fixed at the trigger year's caps).
 */
export function nonConcessionalYear(
  fyStart: number,
  contributions: number,
  totalSuperBalance: number,
  period: BringForward | null,
  under75 = true,
): NonConcessionalYear {
  const date = `${fyStart}-07-01`;
  const cap = nonConcessionalCap(date);
  const tbc = transferBalanceCap(date);
  const amount = Math.max(0, contributions);
  const inPeriod = period !== null && fyStart <= period.periodEnd ? period : null;
  if (totalSuperBalance >= tbc) return { available: 0, excess: amount, triggered: 0, period: inPeriod };
  if (inPeriod) {
    const left = Math.max(0, inPeriod.remaining - amount);
    const next = fyStart < inPeriod.periodEnd ? { periodEnd: inPeriod.periodEnd, remaining: left } : null;
    return {
      available: inPeriod.remaining,
      excess: Math.max(0, amount - inPeriod.remaining),
      triggered: 0,
      period: next,
    };
  }
  if (amount <= cap || !under75)
    return { available: cap, excess: Math.max(0, amount - cap), triggered: 0, period: null };
  const years = totalSuperBalance < tbc - 2 * cap ? 3 : totalSuperBalance < tbc - cap ? 2 : 1;
  if (years === 1) return { available: cap, excess: amount - cap, triggered: 0, period: null };
  const available = years * cap;
  return {
    available,
    excess: Math.max(0, amount - available),
    triggered: years,
    period: { periodEnd: fyStart + years - 1, remaining: Math.max(0, available - amount) },
  };
}

/**
 * Concessional caps back to 2018-19, the first year whose unused cap may be carried forward. Earlier rows are
 * kept only so carry-forward from an entered year resolves (ATO, "Key superannuation rates and thresholds").
 */
export const CONCESSIONAL_CAP_HISTORY: DatedTable<number> = [
  { from: '2018-07-01', figures: 25_000 },
  { from: '2021-07-01', figures: 27_500 },
  ...CONCESSIONAL_CAP,
];

/**
 * Carry-forward of unused concessional cap: unused amounts of up to five previous financial years (none before
 * 2018-19) may be used in a year when the total super balance at the previous 30 June was under the threshold.
 */
export const CARRY_FORWARD = { first_fy: 2018, years: 5, balance_threshold: 500_000 } as const;

/**
 * General transfer balance cap: the most that may move into retirement phase (account-based pensions). Indexed
 * by CPI in $100,000 steps; a person's own cap is fixed when they first start a pension (proportional indexation
 * afterwards is not modelled).
 */
export const TRANSFER_BALANCE_CAP: DatedTable<number> = [
  { from: '2021-07-01', figures: 1_700_000 },
  { from: '2023-07-01', figures: 1_900_000 },
  { from: '2025-07-01', figures: 2_000_000 },
];

/** Conditions of release modelled: retiring at or after preservation age, or reaching 65 (working or not). */
export const UNCONDITIONAL_RELEASE_AGE = 65;

/** The concessional cap of the financial year starting 1 July `fyStart` (2026 for 2026-27). */
export function concessionalCapOfYear(fyStart: number): number {
  return atDate(CONCESSIONAL_CAP_HISTORY, `${String(fyStart).padStart(4, '0')}-07-01`);
}

/** The general transfer balance cap on `date`. */
export function transferBalanceCap(date: IsoDate): number {
  return atDate(TRANSFER_BALANCE_CAP, date);
}

/**
 * The concessional cap available in financial year `fyStart`: that year's cap plus, when the total super balance
 * at the previous 30 June was under $500,000, the unused cap of the five previous years (`unused` maps a year's
 * start to its unused amount; years before 2018-19 or more than five back are ignored).
 */
export function availableConcessionalCap(
  fyStart: number,
  totalSuperBalance: number,
  unused: ReadonlyMap<number, number>,
): { cap: number; carried: number } {
  const cap = concessionalCapOfYear(fyStart);
  let carried = 0;
  if (totalSuperBalance < CARRY_FORWARD.balance_threshold) {
    for (let y = fyStart - CARRY_FORWARD.years; y < fyStart; y++)
      if (y >= CARRY_FORWARD.first_fy) carried += Math.max(0, unused.get(y) ?? 0);
  }
  return { cap, carried };
}

/**
 * Uses `amount` of carried-forward cap, oldest year first (as the ATO applies it), from `unused` in place.
 * Returns what could not be covered.
 */
export function useCarriedForward(fyStart: number, amount: number, unused: Map<number, number>): number {
  let left = amount;
  for (let y = fyStart - CARRY_FORWARD.years; y < fyStart && left > 0; y++) {
    if (y < CARRY_FORWARD.first_fy) continue;
    const have = unused.get(y) ?? 0;
    const take = Math.min(have, left);
    if (take > 0) unused.set(y, have - take);
    left -= take;
  }
  return left;
}

/**
 * The extra personal tax on excess concessional contributions (since 2021-22): the excess is added to the
 * person's assessable income, taxed at their rates with a non-refundable offset of 15% of the excess for the tax
 * the fund already paid (the offset reduces income tax, never the Medicare levy, and never below nil). The
 * excess concessional contributions charge was abolished from 2021-22. `taxableIncome` excludes the excess.
 */
export function excessConcessionalTax(taxableIncome: number, excess: number, date: IsoDate): number {
  if (!(excess > 0)) return 0;
  const before = personalTax(taxableIncome, date);
  const after = personalTax(Math.max(0, taxableIncome) + excess, date);
  const incomeTaxAfter = Math.max(0, after.income_tax - after.lito - CONTRIBUTIONS_TAX_RATE * excess);
  const extra = incomeTaxAfter + after.medicare - (before.income_tax - before.lito + before.medicare);
  return cents(Math.max(0, extra));
}

/**
 * Division 293 tax: 15% of the lesser of the low-tax contributions (concessional contributions within the cap)
 * and the amount by which income for Division 293 purposes plus those contributions exceeds $250,000.
 * `income` is the Division 293 income (here: taxable income including any excess contributions).
 */
export function division293Tax(income: number, lowTaxContributions: number): number {
  const contributions = Math.max(0, lowTaxContributions);
  const over = Math.max(0, Math.max(0, income) + contributions - DIVISION_293.threshold);
  return cents(DIVISION_293.rate * Math.min(contributions, over));
}

/** Whole years of age on `date` for someone born on `birthDate` (a 29 February birthday falls on 1 March). */
export function ageOn(birthDate: IsoDate, date: IsoDate): number {
  const by = Number(birthDate.slice(0, 4));
  const bm = Number(birthDate.slice(5, 7));
  const bd = Number(birthDate.slice(8, 10));
  const y = Number(date.slice(0, 4));
  const m = Number(date.slice(5, 7));
  const d = Number(date.slice(8, 10));
  let age = y - by;
  if (m < bm || (m === bm && d < bd)) age--;
  return age;
}

/** The date someone born on `birthDate` turns `age` (a 29 February birthday in a common year: 1 March). */
export function birthdayAt(birthDate: IsoDate, age: number): IsoDate {
  const y = Number(birthDate.slice(0, 4)) + age;
  const md = birthDate.slice(5);
  if (md === '02-29' && !(y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0)))
    return `${String(y).padStart(4, '0')}-03-01`;
  return `${String(y).padStart(4, '0')}-${md}`;
}

/**
 * The first day super may be paid out to its member (a condition of release): retiring on or after preservation
 * age (the later of the retirement date and the 60th birthday), or the 65th birthday, whichever is earlier.
 * `retiredOn` null: not retiring in the plan, so only the 65th birthday releases it.
 */
export function releaseDate(birthDate: IsoDate, retiredOn: IsoDate | null): IsoDate {
  const at65 = birthdayAt(birthDate, UNCONDITIONAL_RELEASE_AGE);
  if (retiredOn === null) return at65;
  const at60 = birthdayAt(birthDate, PRESERVATION_AGE);
  const retired = retiredOn > at60 ? retiredOn : at60;
  return retired < at65 ? retired : at65;
}
