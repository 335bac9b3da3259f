// The one user-editable assumptions record (docs/forecast-model.md section 5): defaults, the partial
// override a backup file may carry, and the merge of the two.
import { z } from 'zod';
import { ACCOUNT_TYPES, RateSchema, type AccountType } from './common';
import { UncertaintyAssumptionsInputSchema } from './uncertainty-assumptions';
import { DEFAULT_PERSON, DependentChildrenSchema, PeopleSchema } from './household';

const accountTypeRateShape = Object.fromEntries(ACCOUNT_TYPES.map((t) => [t, RateSchema])) as Record<
  AccountType,
  typeof RateSchema
>;

/**
 * Retirement and Age Pension settings (docs/forecast-model.md section 9), all optional. `homeowner` decides the
 * Age Pension assets test's thresholds (absent or null: a homeowner while the plan holds a property account worth
 * more than nil); `age_pension: false` leaves the Age Pension out; `unused_concessional_cap` enters unused cap of
 * financial years before the forecast (by the year's starting calendar year, 2023 for 2023-24) for carry-forward.
 */
export const RetirementAssumptionsSchema = z.object({
  homeowner: z.boolean().nullable().optional(),
  age_pension: z.boolean().optional(),
  unused_concessional_cap: z
    .array(
      z.object({
        person: z.enum(['self', 'partner']),
        financial_year: z.number().int().min(2018).max(2100),
        amount: z.number().finite().min(0).max(1_000_000),
      }),
    )
    .max(20)
    .optional(),
});
export type RetirementAssumptions = z.infer<typeof RetirementAssumptionsSchema>;

export const AssumptionsSchema = z.object({
  /** Percent a year. */
  inflation_rate: RateSchema,
  /** Percent a year; templates that take a salary index it by this unless told otherwise. */
  wage_growth_rate: RateSchema,
  /** Percent a year per account type: growth for property, investment and super; interest for cash and debts. */
  account_type_rates: z.object(accountTypeRateShape),
  retirement: RetirementAssumptionsSchema.optional(),
  /** The people in the plan: 'self', and for a couple 'partner' (model/household.ts). */
  people: PeopleSchema,
  /** Dependent children, for the Medicare levy's family income thresholds. */
  dependent_children: DependentChildrenSchema,
});
export type Assumptions = z.infer<typeof AssumptionsSchema>;

/** What a backup file or a settings screen may carry: any subset, merged over the defaults. */
export const AssumptionsInputSchema = z.object({
  inflation_rate: RateSchema.optional(),
  wage_growth_rate: RateSchema.optional(),
  account_type_rates: z.object(accountTypeRateShape).partial().optional(),
  /** Monte Carlo and stress tests (docs/uncertainty.md); absent: the defaults there. */
  uncertainty: UncertaintyAssumptionsInputSchema.optional(),
  retirement: RetirementAssumptionsSchema.optional(),
  people: PeopleSchema.optional(),
  dependent_children: DependentChildrenSchema.optional(),
  updated_at: z.string().optional(),
});
export type AssumptionsInput = z.infer<typeof AssumptionsInputSchema>;

/**
 * Defaults from docs/au-rules.md "Long-run assumptions": inflation 2.5, wage growth 3.7, dwelling growth 5.4,
 * balanced super about 7 before fees (6.5 after), cash about 4. Debt rates: owner-occupier variable about
 * 6.2; personal loans and cards are typical advertised rates (not from docs/au-rules.md).
 */
export const DEFAULT_ASSUMPTIONS: Assumptions = {
  inflation_rate: 2.5,
  wage_growth_rate: 3.7,
  account_type_rates: {
    checking: 0,
    savings: 4,
    investment: 7,
    superannuation: 6.5,
    property: 5.4,
    mortgage: 6.2,
    loan: 9,
    credit_card: 20,
  },
  people: [DEFAULT_PERSON],
  dependent_children: 0,
};

export function resolveAssumptions(input?: AssumptionsInput | null): Assumptions {
  return {
    inflation_rate: input?.inflation_rate ?? DEFAULT_ASSUMPTIONS.inflation_rate,
    wage_growth_rate: input?.wage_growth_rate ?? DEFAULT_ASSUMPTIONS.wage_growth_rate,
    account_type_rates: { ...DEFAULT_ASSUMPTIONS.account_type_rates, ...(input?.account_type_rates ?? {}) },
    ...(input?.retirement ? { retirement: input.retirement } : {}),
    people: input?.people ?? DEFAULT_ASSUMPTIONS.people,
    dependent_children: input?.dependent_children ?? DEFAULT_ASSUMPTIONS.dependent_children,
  };
}
