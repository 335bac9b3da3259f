// Which dated rule rows a month's tax used: the financial year and each table row's start date, so the
// breakdown can say "2026-27 resident rates (income tax from 2024-07-01, ...)" (docs/au-rules.md).
import { financialYearLabel, financialYearStart, type DatedTable } from '../au/dated';
import { INCOME_TAX_RATES, LITO, MEDICARE_LEVY } from '../au/tax';
import type { IsoDate } from '../primitives';

/** The start date of the row of `table` in force on `date` (the first row's for earlier dates, as atDate). */
export function rowFrom<T>(table: DatedTable<T>, date: IsoDate): IsoDate {
  let chosen = table[0].from;
  for (const row of table) {
    if (row.from <= date) chosen = row.from;
    else break;
  }
  return chosen;
}

export type TaxRulesUsed = {
  financial_year: string;
  /** In words: "2026-27 resident rates (income tax table from 2024-07-01, LITO from ..., Medicare levy from ...)". */
  rule: string;
  /** Each table's row start date. */
  tables: Record<string, IsoDate>;
};

/** The personal tax tables personalTax applies on `date` (it looks them up by the financial year's start). */
export function taxRulesUsed(date: IsoDate): TaxRulesUsed {
  const fy = financialYearStart(date);
  const tables = {
    income_tax: rowFrom(INCOME_TAX_RATES, fy),
    lito: rowFrom(LITO, fy),
    medicare_levy: rowFrom(MEDICARE_LEVY, fy),
  };
  const label = financialYearLabel(date);
  return {
    financial_year: label,
    rule:
      `${label} resident rates (income tax table from ${tables.income_tax}, LITO from ${tables.lito}, ` +
      `Medicare levy from ${tables.medicare_levy})`,
    tables,
  };
}
