// The Age Pension (Services Australia): pension age, maximum rates, the income test with deeming and the assets
// test, dated tables of the figures in force on a date, and the fortnightly rate as the lower of the two tests
// (docs/au-rules.md "Age Pension").
import type { IsoDate } from '../primitives';
import { atDate, type DatedTable } from './dated';

/** Age Pension age for anyone born on or after 1 January 1957. */
export const AGE_PENSION_AGE = 67;

/** Fortnightly figures; couples' figures are combined unless named `_each`. */
export type AgePensionFigures = {
  /** Maximum rate including the pension and energy supplements. */
  max_single: number;
  max_couple_each: number;
  /** Income test: income free area per fortnight, then 50 cents of pension per $1 over it (couples: combined). */
  income_free_single: number;
  income_free_couple: number;
  income_taper: number;
  /** Assets test: full pension up to these assessable assets; then $3 a fortnight per $1,000 over. */
  assets_single_homeowner: number;
  assets_single_non_homeowner: number;
  assets_couple_homeowner: number;
  assets_couple_non_homeowner: number;
  assets_taper_per_dollar: number;
  /** Deeming: financial assets are deemed to earn `deeming_lower` up to the threshold, `deeming_upper` above. */
  deeming_threshold_single: number;
  deeming_threshold_couple: number;
  deeming_lower: number;
  deeming_upper: number;
};

/**
 * Rows by the date the figures were last changed. Payment rates change on 20 March and 20 September; the income
 * free area, assets thresholds and deeming thresholds on 1 July; the deeming rates by ministerial decision.
 * 20 September 2025: maximum rates $1,178.70 single, $888.50 each for a couple; free areas and assets and deeming
 * thresholds from 1 July 2025; deeming 0.75% / 2.75% from 20 September 2025 (after the freeze at 0.25% / 2.25%
 * ended). Figures from secondary summaries of Services Australia's pages. The 20 March 2026 indexation is
 * UNCONFIRMED: not in the table, so later dates use the 20 September 2025 row (indexed by inflation).
 */
export const AGE_PENSION: DatedTable<AgePensionFigures> = [
  {
    from: '2025-09-20',
    figures: {
      max_single: 1_178.7,
      max_couple_each: 888.5,
      income_free_single: 218,
      income_free_couple: 380,
      income_taper: 0.5,
      assets_single_homeowner: 321_500,
      assets_single_non_homeowner: 579_500,
      assets_couple_homeowner: 481_500,
      assets_couple_non_homeowner: 739_500,
      assets_taper_per_dollar: 3 / 1_000,
      deeming_threshold_single: 64_200,
      deeming_threshold_couple: 106_200,
      deeming_lower: 0.0075,
      deeming_upper: 0.0275,
    },
  },
];

/**
 * Work Bonus: this much of a pensioner's employment income a fortnight is not counted in the income test
 * ($300 since 1 December 2022; not indexed). The unused part of a fortnight's concession accrues to the income
 * bank, up to `bank_max` ($11,800), which later fortnights' employment income above the concession uses
 * (workBonusFortnight).
 */
export const WORK_BONUS: DatedTable<{ fortnightly: number; bank_max: number }> = [
  { from: '2022-12-01', figures: { fortnightly: 300, bank_max: 11_800 } },
];

/**
 * One fortnight of the Work Bonus with its income bank: employment income up to the concession is not assessed
 * and the concession's unused part goes to the bank (up to the maximum); income above it is assessed after
 * using the bank. Worked: $100 of work with $11,700 banked assesses nil and banks $11,800 (the cap, not
 * $11,900); $1,000 of work with $500 banked assesses $1,000 - $300 - $500 = $200 and empties the bank.
 */
export function workBonusFortnight(
  employment: number,
  bank: number,
  date: IsoDate,
): { assessed: number; bank: number } {
  const { fortnightly, bank_max } = atDate(WORK_BONUS, date);
  const e = Math.max(0, employment);
  if (e <= fortnightly) return { assessed: 0, bank: Math.min(bank_max, bank + fortnightly - e) };
  const used = Math.min(bank, e - fortnightly);
  return { assessed: e - fortnightly - used, bank: bank - used };
}

/** The employment income a fortnight left after the Work Bonus (without its income bank). */
export function afterWorkBonus(employmentFortnightly: number, date: IsoDate): number {
  return Math.max(0, employmentFortnightly - atDate(WORK_BONUS, date).fortnightly);
}

/** The figures in force on `date`, with every dollar figure (not the rates or tapers) multiplied by `index`. */
export function agePensionFigures(date: IsoDate, index = 1): AgePensionFigures {
  const f = atDate(AGE_PENSION, date);
  if (index === 1) return f;
  return {
    ...f,
    max_single: f.max_single * index,
    max_couple_each: f.max_couple_each * index,
    income_free_single: f.income_free_single * index,
    income_free_couple: f.income_free_couple * index,
    assets_single_homeowner: f.assets_single_homeowner * index,
    assets_single_non_homeowner: f.assets_single_non_homeowner * index,
    assets_couple_homeowner: f.assets_couple_homeowner * index,
    assets_couple_non_homeowner: f.assets_couple_non_homeowner * index,
    deeming_threshold_single: f.deeming_threshold_single * index,
    deeming_threshold_couple: f.deeming_threshold_couple * index,
  };
}

/**
 * Rent Assistance with the Age Pension (Social Security Act 1991, rent assistance module; Services Australia,
 * "Rent Assistance"): for a pensioner who pays private rent and does not own their home, 75 cents for each dollar
 * of rent a fortnight above the threshold, up to the maximum (a couple: the combined threshold and maximum, half
 * each). It is added to the maximum rate before the income and assets tests, and it is not taxable. Thresholds
 * and maximums change on 20 March and 20 September; the forecast indexes them with the other dollar figures.
 * UNCONFIRMED: from a secondary summary of Services Australia's rates (single: more than $149.00, up to $211.20;
 * couple combined: more than $241.40, up to $199.00), dated here 20 March 2025; not yet checked against the page.
 */
export type RentAssistanceFigures = {
  single_threshold: number;
  single_max: number;
  couple_threshold: number;
  couple_max: number;
  rate: number;
  unconfirmed: string;
};

export const RENT_ASSISTANCE: DatedTable<RentAssistanceFigures> = [
  {
    from: '2025-03-20',
    figures: {
      single_threshold: 149,
      single_max: 211.2,
      couple_threshold: 241.4,
      couple_max: 199,
      rate: 0.75,
      unconfirmed: 'Rent Assistance rates (secondary summary)',
    },
  },
];

/**
 * One pensioner's Rent Assistance a fortnight on the household's `rentFortnightly` (figures in force on `date`,
 * dollar figures times `index`). Worked: a single pensioner paying $400 a fortnight gets 0.75 x (400 - 149) =
 * $188.25; $500 gets the maximum $211.20; a couple paying $400 gets 0.75 x (400 - 241.40) = $118.95, $59.475 each.
 */
export function rentAssistance(rentFortnightly: number, couple: boolean, date: IsoDate, index = 1): number {
  const f = atDate(RENT_ASSISTANCE, date);
  const threshold = (couple ? f.couple_threshold : f.single_threshold) * index;
  const max = (couple ? f.couple_max : f.single_max) * index;
  const combined = Math.min(max, Math.max(0, (Math.max(0, rentFortnightly) - threshold) * f.rate));
  return couple ? combined / 2 : combined;
}

/** Yearly deemed income on financial assets (a couple's combined assets against the couple threshold). */
export function deemedIncome(financialAssets: number, couple: boolean, f: AgePensionFigures): number {
  const assets = Math.max(0, financialAssets);
  const threshold = couple ? f.deeming_threshold_couple : f.deeming_threshold_single;
  return Math.min(assets, threshold) * f.deeming_lower + Math.max(0, assets - threshold) * f.deeming_upper;
}

export type AgePensionInput = {
  couple: boolean;
  homeowner: boolean;
  /** Assessable assets (a couple's combined). */
  assessable_assets: number;
  /** Financial assets, deemed (a couple's combined; part of assessable_assets). */
  financial_assets: number;
  /** Other assessable income a fortnight (a couple's combined), e.g. earnings; deemed income is added here. */
  other_income_fortnightly: number;
  /** Rent Assistance a fortnight for one pensioner (rentAssistance), added to the maximum rate; absent: none. */
  rent_assistance?: number;
};

export type AgePensionRate = {
  /** Maximum rate a fortnight for one pensioner (single, or one member of a couple). */
  max_rate: number;
  /** Income a fortnight assessed under the income test (deemed + other; a couple's combined). */
  assessed_income: number;
  /** Rate a fortnight for one pensioner under each test, and the lower of the two (never below nil). */
  income_test: number;
  assets_test: number;
  rate: number;
};

/**
 * One pensioner's Age Pension a fortnight: the lower of the income test and the assets test. A member of a couple
 * gets half the couple's combined rate and half of each reduction, whether or not the partner is a pensioner too.
 * Figures are not rounded (Services Australia rounds each payment to cents; the caller rounds what it pays).
 */
export function agePensionRate(input: AgePensionInput, f: AgePensionFigures): AgePensionRate {
  const share = input.couple ? 0.5 : 1;
  const max = (input.couple ? f.max_couple_each : f.max_single) + Math.max(0, input.rent_assistance ?? 0);
  const income =
    deemedIncome(input.financial_assets, input.couple, f) / 26 + Math.max(0, input.other_income_fortnightly);
  const freeArea = input.couple ? f.income_free_couple : f.income_free_single;
  const incomeTest = Math.max(0, max - share * f.income_taper * Math.max(0, income - freeArea));
  const threshold = input.couple
    ? input.homeowner
      ? f.assets_couple_homeowner
      : f.assets_couple_non_homeowner
    : input.homeowner
      ? f.assets_single_homeowner
      : f.assets_single_non_homeowner;
  const assetsTest = Math.max(
    0,
    max - share * f.assets_taper_per_dollar * Math.max(0, Math.max(0, input.assessable_assets) - threshold),
  );
  return {
    max_rate: max,
    assessed_income: income,
    income_test: incomeTest,
    assets_test: assetsTest,
    rate: Math.min(incomeTest, assetsTest),
  };
}
