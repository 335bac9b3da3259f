// Australian resident personal income tax by financial year: rates, Low Income Tax Offset and Medicare levy
// (docs/au-rules.md). Each rule is one dated table keyed by the 1 July it takes effect.
import type { IsoDate } from '../primitives';
import { atDate, financialYearStart, type DatedTable } from './dated';
import { cents } from '../money';

/** A bracket applies `rate` to each dollar above `over` (up to the next bracket's `over`). */
export type TaxBracket = { over: number; rate: number };

/**
 * The resident brackets from 1 July 2024 (the 2024 "stage 3" rates); later years change only the rate on income
 * from the tax-free threshold to $45,000.
 */
function residentBrackets(firstRate: number): TaxBracket[] {
  return [
    { over: 0, rate: 0 },
    { over: 18_200, rate: firstRate },
    { over: 45_000, rate: 0.3 },
    { over: 135_000, rate: 0.37 },
    { over: 190_000, rate: 0.45 },
  ];
}

/** Resident rates (excluding Medicare levy). Brackets ascending; the first is the tax-free threshold. */
export const INCOME_TAX_RATES: DatedTable<TaxBracket[]> = [
  { from: '2024-07-01', figures: residentBrackets(0.16) },
  // Treasury Laws Amendment (More Cost of Living Relief) Act 2025, Sch 1: 15% from 1 July 2026.
  { from: '2026-07-01', figures: residentBrackets(0.15) },
  // Same Act: 14% from 1 July 2027 on.
  { from: '2027-07-01', figures: residentBrackets(0.14) },
];

/**
 * Low Income Tax Offset: `max` up to `full_to`; reduced by `taper1` per dollar to `mid_to`;
 * then by `taper2` per dollar until nil.
 */
export type LitoRule = { max: number; full_to: number; taper1: number; mid_to: number; taper2: number };

export const LITO: DatedTable<LitoRule> = [
  { from: '2024-07-01', figures: { max: 700, full_to: 37_500, taper1: 0.05, mid_to: 45_000, taper2: 0.015 } },
];

/** Medicare levy: nil to `lower`; 10% (`shade_rate`) of income over `lower` until that reaches `rate` x income. */
export type MedicareRule = { rate: number; lower: number; upper: number; shade_rate: number };

export const MEDICARE_LEVY: DatedTable<MedicareRule> = [
  { from: '2024-07-01', figures: { rate: 0.02, lower: 27_222, upper: 34_027, shade_rate: 0.1 } },
  // 2025-26 single thresholds from a secondary source.
  { from: '2025-07-01', figures: { rate: 0.02, lower: 28_011, upper: 35_013, shade_rate: 0.1 } },
  // UNCONFIRMED: 2026-27 thresholds not yet published; docs/au-rules.md says use 2025-26's. Correct here when known.
  { from: '2026-07-01', figures: { rate: 0.02, lower: 28_011, upper: 35_013, shade_rate: 0.1 } },
];

/**
 * Medicare levy family income thresholds (Medicare Levy Act 1986 s 8): for a person with a spouse or dependent
 * children, no levy while family taxable income is at most `family_lower` + `per_child` x children; above it the
 * family's reduction (levy rate x threshold less (shade rate - levy rate) x the excess) phases out at 1.25 x the
 * threshold, shared between the spouses in proportion to their taxable incomes.
 */
export type MedicareFamilyRule = { family_lower: number; per_child: number };

export const MEDICARE_FAMILY: DatedTable<MedicareFamilyRule> = [
  { from: '2024-07-01', figures: { family_lower: 45_907, per_child: 4_216 } },
  // UNCONFIRMED: 2025-26 family figures indexed like the single threshold (x 28,011 / 27,222); correct from the ATO.
  { from: '2025-07-01', figures: { family_lower: 47_238, per_child: 4_338 } },
];

/**
 * Seniors and Pensioners Tax Offset (ITAA 1997 Subdiv 61-D; docs/au-rules.md, SAPTO): `max` up to rebate income
 * `shade_out`, then reduced by `taper` per dollar above it until nil. Single rate, and the rate for each member
 * of a couple.
 */
export type SaptoRate = { max: number; shade_out: number; taper: number };
export type SaptoRule = { single: SaptoRate; couple: SaptoRate };

export const SAPTO: DatedTable<SaptoRule> = [
  // ATO, 2024-25 on (thresholds raised with the 2024 rate cuts; cut-outs $52,759 single, $43,810 each of a couple).
  // UNCONFIRMED from 2025-26 (the 15% and 14% rates may bring new thresholds): correct here when published.
  {
    from: '2024-07-01',
    figures: {
      single: { max: 2_230, shade_out: 34_919, taper: 0.125 },
      couple: { max: 1_602, shade_out: 30_994, taper: 0.125 },
    },
  },
];

/**
 * The Medicare levy low-income thresholds for a person entitled to SAPTO (Medicare Levy Act 1986 s 7 and s 8):
 * the single rule and the family rule with the seniors' figures (same shape and phase-in as MEDICARE_LEVY and
 * MEDICARE_FAMILY).
 */
export type MedicareSeniorRule = { single: MedicareRule; family: MedicareFamilyRule };

export const MEDICARE_SENIOR: DatedTable<MedicareSeniorRule> = [
  // 2024-25: single $43,020 (upper $53,775; ATO); family $59,886 plus $4,216 a child (Treasury Laws Amendment
  // (More Cost of Living Relief) Act 2025, amending the Medicare Levy Act 1986 with the Budget 2025-26 figures).
  // UNCONFIRMED from 2025-26: not yet published, the 2024-25 figures are held (TAX_UNCONFIRMED).
  {
    from: '2024-07-01',
    figures: {
      single: { rate: 0.02, lower: 43_020, upper: 53_775, shade_rate: 0.1 },
      family: { family_lower: 59_886, per_child: 4_216 },
    },
  },
];

/** Every rule of one financial year, looked up once (the simulator keeps one per year it settles). */
export type TaxYearRules = {
  brackets: TaxBracket[];
  lito: LitoRule;
  medicare: MedicareRule;
  family: MedicareFamilyRule;
  sapto: SaptoRule;
  senior: MedicareSeniorRule;
};

/** A person's SAPTO status for a year: not eligible, eligible and single, eligible and a member of a couple. */
export const SAPTO_NONE = 0;
export const SAPTO_SINGLE = 1;
export const SAPTO_COUPLE = 2;

export function taxYearRules(date: IsoDate): TaxYearRules {
  const fy = financialYearStart(date);
  return {
    brackets: atDate(INCOME_TAX_RATES, fy),
    lito: atDate(LITO, fy),
    medicare: atDate(MEDICARE_LEVY, fy),
    family: atDate(MEDICARE_FAMILY, fy),
    sapto: atDate(SAPTO, fy),
    senior: atDate(MEDICARE_SENIOR, fy),
  };
}

/** The SAPTO entitlement at rebate income `income` for a status (SAPTO_NONE gives 0), before the tax limits it. */
export function saptoEntitlement(income: number, rules: TaxYearRules, status: number): number {
  if (status === SAPTO_NONE) return 0;
  const r = status === SAPTO_COUPLE ? rules.sapto.couple : rules.sapto.single;
  const over = income > r.shade_out ? income - r.shade_out : 0;
  return Math.max(0, r.max - over * r.taper);
}

/** A couple's other member, for what passes between them: their taxable income and SAPTO status. */
export type Spouse = { income: number; status: number };

/**
 * SAPTO transfer between a couple who both have it (ATO, "Transferring the seniors and pensioners tax offset"):
 * the spouse's unused amount is their rebate amount A less (B - SAPTO_TRANSFER.free) x SAPTO_TRANSFER.rate, B
 * their taxable income (A in full when B is at most the free amount; never below nil).
 */
export const SAPTO_TRANSFER = { free: 6_000, rate: 0.15 } as const;

/** The SAPTO a couple member's spouse leaves unused and can transfer (0 unless both have the couple rate). */
export function saptoUnusedBySpouse(status: number, spouse: Spouse | null, rules: TaxYearRules): number {
  if (status !== SAPTO_COUPLE || spouse === null || spouse.status !== SAPTO_COUPLE) return 0;
  const b = safeIncome(spouse.income);
  const a = rules.sapto.couple.max;
  return Math.max(0, b <= SAPTO_TRANSFER.free ? a : a - (b - SAPTO_TRANSFER.free) * SAPTO_TRANSFER.rate);
}

/**
 * Income tax on the brackets less LITO and then SAPTO (both non-refundable: never below zero), unrounded.
 * SAPTO is worked on taxable income (rebate income less its other parts: docs/au-rules.md, SAPTO); a couple
 * member's offset is raised by what their spouse leaves unused (saptoUnusedBySpouse).
 */
export function incomeTaxAfterOffsets(
  taxableIncome: number,
  rules: TaxYearRules,
  status: number,
  spouse: Spouse | null = null,
): number {
  const afterLito = incomeTaxAfterLito(taxableIncome, rules);
  if (status === SAPTO_NONE) return afterLito;
  const income = safeIncome(taxableIncome);
  const transferred = saptoUnusedBySpouse(status, spouse, rules);
  let offset = saptoEntitlement(income, rules, status);
  if (transferred > 0) {
    // UNCONFIRMED: the transferred amount raises the maximum; the shade-out threshold is left as it is.
    const r = rules.sapto.couple;
    offset = Math.max(0, r.max + transferred - Math.max(0, income - r.shade_out) * r.taper);
  }
  return afterLito - Math.min(afterLito, offset);
}

/** Income tax on the brackets alone (before LITO), unrounded. */
export function incomeTaxOnBrackets(taxableIncome: number, rules: TaxYearRules): number {
  return bracketTax(safeIncome(taxableIncome), rules.brackets);
}

/** Income tax on the brackets less the LITO it absorbs (never below zero), unrounded. */
export function incomeTaxAfterLito(taxableIncome: number, rules: TaxYearRules): number {
  const income = safeIncome(taxableIncome);
  const tax = bracketTax(income, rules.brackets);
  return tax - Math.min(tax, litoEntitlement(income, rules.lito));
}

/**
 * A person's Medicare levy, unrounded: the single rule, then for a family (a spouse, or dependent children; pass
 * familyIncome NaN for a single person without children) the family reduction described at MEDICARE_FAMILY.
 */
export function medicareLevyFor(
  taxableIncome: number,
  rules: TaxYearRules,
  familyIncome: number,
  children: number,
  senior = false,
  spouse: Spouse | null = null,
): number {
  const income = safeIncome(taxableIncome);
  // A person entitled to SAPTO has the seniors' thresholds (MEDICARE_SENIOR).
  const single = senior ? rules.senior.single : rules.medicare;
  const familyRule = senior ? rules.senior.family : rules.family;
  const levy = medicareLevy(income, single);
  if (levy === 0 || Number.isNaN(familyIncome)) return levy;
  const family = Math.max(income, safeIncome(familyIncome));
  const threshold = familyRule.family_lower + familyRule.per_child * Math.max(0, children);
  if (family <= threshold) return 0;
  const { rate, shade_rate } = single;
  const reduction = rate * threshold - (shade_rate - rate) * (family - threshold);
  if (reduction <= 0) return levy;
  // The spouse's share of the reduction beyond their own levy passes to this person (Medicare Levy Act 1986
  // s 8(3)-(4)): between them the couple gets the whole reduction while they have levy to take it.
  let passed = 0;
  const spouseIncome = spouse ? safeIncome(spouse.income) : 0;
  if (spouseIncome > 0) {
    const spouseSenior = spouse !== null && spouse.status !== SAPTO_NONE;
    const spouseLevy = medicareLevy(spouseIncome, spouseSenior ? rules.senior.single : rules.medicare);
    passed = Math.max(0, (reduction * spouseIncome) / family - spouseLevy);
  }
  return Math.max(0, levy - (reduction * income) / family - passed);
}

export type PersonalTax = { income_tax: number; lito: number; medicare: number; total: number };

function bracketTax(income: number, brackets: TaxBracket[]): number {
  let tax = 0;
  for (let i = 0; i < brackets.length; i++) {
    const lo = brackets[i].over;
    const hi = i + 1 < brackets.length ? brackets[i + 1].over : Infinity;
    if (income > lo) tax += (Math.min(income, hi) - lo) * brackets[i].rate;
  }
  return tax;
}

/** The LITO entitlement at `income`, before it is limited to the tax it offsets. */
export function litoEntitlement(income: number, rule: LitoRule): number {
  let offset = rule.max;
  if (income > rule.full_to) offset -= (Math.min(income, rule.mid_to) - rule.full_to) * rule.taper1;
  if (income > rule.mid_to) offset -= (income - rule.mid_to) * rule.taper2;
  return Math.max(0, offset);
}

function medicareLevy(income: number, rule: MedicareRule): number {
  if (income <= rule.lower) return 0;
  return Math.min(income * rule.rate, (income - rule.lower) * rule.shade_rate);
}

function safeIncome(taxableIncome: number): number {
  return Number.isFinite(taxableIncome) && taxableIncome > 0 ? taxableIncome : 0;
}

/**
 * Resident personal tax for a year's taxable income, using the rules of the financial year containing `date`.
 * income_tax is the tax on the brackets; lito is the offset actually applied (never more than income_tax,
 * so it cannot make tax negative, and it never reduces Medicare); total = income_tax - lito + medicare.
 * Figures are rounded to cents; a negative or non-finite income is treated as 0.
 */
export function personalTax(taxableIncome: number, date: IsoDate): PersonalTax {
  const income = safeIncome(taxableIncome);
  const fy = financialYearStart(date);
  const incomeTax = bracketTax(income, atDate(INCOME_TAX_RATES, fy));
  const lito = Math.min(incomeTax, litoEntitlement(income, atDate(LITO, fy)));
  const medicare = medicareLevy(income, atDate(MEDICARE_LEVY, fy));
  return {
    income_tax: cents(incomeTax),
    lito: cents(lito),
    medicare: cents(medicare),
    total: cents(incomeTax - lito + medicare),
  };
}

/** The statutory bracket rate on the next dollar (excluding Medicare levy and offsets). */
export function bracketRate(taxableIncome: number, date: IsoDate): number {
  const income = safeIncome(taxableIncome);
  let rate = 0;
  for (const b of atDate(INCOME_TAX_RATES, financialYearStart(date))) if (income >= b.over) rate = b.rate;
  return rate;
}

/**
 * The effective marginal rate of personalTax's total on the next dollar: bracket rate, plus the LITO taper
 * while the offset is being withdrawn (and still fully used), plus the Medicare levy's marginal rate
 * (10% in the shade-in band, 2% above it). Negative gearing and deductions save tax at about this rate.
 */
export function marginalRate(taxableIncome: number, date: IsoDate): number {
  const income = safeIncome(taxableIncome);
  const fy = financialYearStart(date);
  const brackets = atDate(INCOME_TAX_RATES, fy);
  let rate = bracketRate(income, date);

  const lito = atDate(LITO, fy);
  const entitlement = litoEntitlement(income, lito);
  const taxNow = bracketTax(income, brackets);
  if (entitlement > 0 && taxNow >= entitlement) {
    if (income >= lito.full_to && income < lito.mid_to) rate += lito.taper1;
    else if (income >= lito.mid_to) rate += lito.taper2;
  } else if (entitlement > 0 && taxNow < entitlement) {
    rate = 0; // the offset still absorbs all the tax
  }

  const medicare = atDate(MEDICARE_LEVY, fy);
  if (income > medicare.lower) {
    rate +=
      (income - medicare.lower) * medicare.shade_rate < income * medicare.rate ? medicare.shade_rate : medicare.rate;
  }
  return Math.round(rate * 10_000) / 10_000;
}

/** Figures of a financial year still UNCONFIRMED (estimates until published), as bits of one number. */
export const UNCONFIRMED_MEDICARE = 1;
export const UNCONFIRMED_MEDICARE_FAMILY = 2;
export const UNCONFIRMED_SAPTO = 4;
export const UNCONFIRMED_MEDICARE_SENIOR = 8;

/** What each UNCONFIRMED bit names, as the explanation's tax note shows it. */
export const UNCONFIRMED_TAX_FIGURES: ReadonlyArray<[number, string]> = [
  [UNCONFIRMED_MEDICARE, 'Medicare levy low-income thresholds'],
  [UNCONFIRMED_MEDICARE_FAMILY, 'Medicare levy family thresholds'],
  [UNCONFIRMED_SAPTO, 'SAPTO thresholds'],
  [UNCONFIRMED_MEDICARE_SENIOR, "seniors' Medicare levy thresholds"],
];

/**
 * Which of each financial year's tax figures are UNCONFIRMED (docs/au-rules.md): 2025-26's Medicare single
 * thresholds are from a secondary source and its family ones indexed by the engine; SAPTO and the seniors'
 * thresholds from 2025-26 hold 2024-25's; every Medicare threshold from 2026-27 holds 2025-26's.
 */
export const TAX_UNCONFIRMED: DatedTable<number> = [
  { from: '2024-07-01', figures: 0 },
  {
    from: '2025-07-01',
    figures: UNCONFIRMED_MEDICARE | UNCONFIRMED_MEDICARE_FAMILY | UNCONFIRMED_SAPTO | UNCONFIRMED_MEDICARE_SENIOR,
  },
];

/**
 * The UNCONFIRMED figures a person's year of tax depends on (bits above; 0: none): only those whose range the
 * person's income (and the family's) falls in, where an estimate can change the tax. `familyIncome` NaN: not a
 * family; `status` the person's SAPTO status.
 */
export function unconfirmedTaxFigures(
  date: IsoDate,
  taxableIncome: number,
  rules: TaxYearRules,
  familyIncome: number,
  children: number,
  status: number,
): number {
  const marks = atDate(TAX_UNCONFIRMED, financialYearStart(date));
  if (marks === 0) return 0;
  const income = safeIncome(taxableIncome);
  const senior = status !== SAPTO_NONE;
  const single = senior ? rules.senior.single : rules.medicare;
  const familyRule = senior ? rules.senior.family : rules.family;
  let out = 0;
  if (income < single.upper) out |= senior ? UNCONFIRMED_MEDICARE_SENIOR : UNCONFIRMED_MEDICARE;
  if (!Number.isNaN(familyIncome)) {
    // The family reduction reaches nil at 1.25 x the family threshold.
    const threshold = familyRule.family_lower + familyRule.per_child * Math.max(0, children);
    if (Math.max(income, safeIncome(familyIncome)) < 1.25 * threshold)
      out |= senior ? UNCONFIRMED_MEDICARE_SENIOR : UNCONFIRMED_MEDICARE_FAMILY;
  }
  if (senior) {
    const r = status === SAPTO_COUPLE ? rules.sapto.couple : rules.sapto.single;
    if (income < r.shade_out + r.max / r.taper) out |= UNCONFIRMED_SAPTO;
  }
  return out & marks;
}

/** The names of the UNCONFIRMED bits set in `marks`. */
export function unconfirmedTaxNames(marks: number): string[] {
  return UNCONFIRMED_TAX_FIGURES.filter(([bit]) => (marks & bit) !== 0).map(([, name]) => name);
}
