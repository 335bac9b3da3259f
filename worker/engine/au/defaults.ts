// Long-run and late-2026 market figures from docs/au-rules.md, used as template defaults (all user-editable).
// Percent a year unless stated.

export const AU_DEFAULTS = {
  inflation: 2.5,
  wage_growth: 3.7,
  dwelling_growth: 5.4,
  gross_rental_yield: 3.7,
  super_return: 7,
  cash_rate_savings: 4,
  rba_cash_rate: 4.35,
  owner_occupier_rate: 6.2,
  investor_rate: 6.5,
  /** Not in docs/au-rules.md: typical late-2026 figures, documented in docs/templates.md. */
  car_loan_rate: 8.5,
  personal_loan_rate: 11,
  credit_card_rate: 20,
} as const;
