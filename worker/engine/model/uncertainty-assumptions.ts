// The uncertainty assumptions (docs/uncertainty.md): per account type a volatility (and optionally an expected
// return other than the deterministic rate), correlations between the market factors, inflation and rate volatility.
import { z } from 'zod';
import type { AccountType } from './common';

/** The random market factors a trial draws each month (docs/uncertainty.md "Factors"). */
export const MARKET_FACTORS = ['cash', 'investment', 'superannuation', 'property', 'inflation', 'rates'] as const;
export type MarketFactor = (typeof MARKET_FACTORS)[number];

/** The asset account types that follow a market factor (debts and money lent follow 'rates'). */
export const RETURN_TYPES = ['checking', 'savings', 'investment', 'superannuation', 'property'] as const;
export type ReturnAccountType = (typeof RETURN_TYPES)[number] & AccountType;

/** Which factor moves each account type's returns. */
export const FACTOR_OF_TYPE: Record<ReturnAccountType, MarketFactor> = {
  checking: 'cash',
  savings: 'cash',
  investment: 'investment',
  superannuation: 'superannuation',
  property: 'property',
};

/** Percent a year (standard deviation of the annual log return), 0..100. */
const VolatilitySchema = z
  .number({ error: 'must be a number (percent a year)' })
  .refine((n) => Number.isFinite(n) && n >= 0 && n <= 100, 'must be from 0 to 100 (percent a year)');

const ExpectedSchema = z
  .number({ error: 'must be a number (percent a year)' })
  .refine((n) => Number.isFinite(n) && n > -100 && n <= 100, 'must be above -100 and at most 100 (percent a year)');

const ReturnSchema = z.object({
  /** Absent or null: the deterministic rate (the account's own, else the type's in account_type_rates). */
  expected: ExpectedSchema.nullable().optional(),
  volatility: VolatilitySchema.optional(),
});

const pairKeys = MARKET_FACTORS.flatMap((a, i) => MARKET_FACTORS.slice(i + 1).map((b) => `${a}:${b}`));

/** A correlation between two factors, keyed 'a:b' in MARKET_FACTORS order (e.g. 'investment:property'). */
export function correlationKey(a: MarketFactor, b: MarketFactor): string {
  return MARKET_FACTORS.indexOf(a) < MARKET_FACTORS.indexOf(b) ? `${a}:${b}` : `${b}:${a}`;
}

/** A run's random seed: a whole number 0..4294967295. */
export const SeedSchema = z
  .number({ error: 'must be a whole number' })
  .int('must be a whole number')
  .min(0, 'must be at least 0')
  .max(0xffffffff, 'must be at most 4294967295');

export const UncertaintyAssumptionsInputSchema = z.object({
  /** The default seed of every run. */
  seed: SeedSchema.optional(),
  returns: z.object(Object.fromEntries(RETURN_TYPES.map((t) => [t, ReturnSchema.optional()]))).optional(),
  correlations: z
    .record(
      z.string().refine((k) => pairKeys.includes(k), `must be a pair of factors such as "investment:property"`),
      z
        .number({ error: 'must be a number from -1 to 1' })
        .refine((n) => Number.isFinite(n) && n >= -1 && n <= 1, 'must be from -1 to 1'),
    )
    .optional(),
  /** Percentage points a year: the standard deviation of annual inflation. */
  inflation_volatility: VolatilitySchema.optional(),
  /** Percentage points a year: how far debt (and money lent) interest rates wander; 0 keeps them fixed. */
  rate_volatility: VolatilitySchema.optional(),
});
export type UncertaintyAssumptionsInput = z.infer<typeof UncertaintyAssumptionsInputSchema>;

export type UncertaintyAssumptions = {
  seed: number;
  returns: Record<ReturnAccountType, { expected: number | null; volatility: number }>;
  /** Every pair 'a:b' (MARKET_FACTORS order). */
  correlations: Record<string, number>;
  inflation_volatility: number;
  rate_volatility: number;
};

/** Defaults and their sources: docs/uncertainty.md "Default figures". */
export const DEFAULT_UNCERTAINTY: UncertaintyAssumptions = {
  seed: 1,
  returns: {
    checking: { expected: null, volatility: 0 },
    savings: { expected: null, volatility: 1 },
    investment: { expected: null, volatility: 16 },
    superannuation: { expected: null, volatility: 9 },
    property: { expected: null, volatility: 9 },
  },
  correlations: {
    ...Object.fromEntries(pairKeys.map((k) => [k, 0])),
    'cash:superannuation': 0.1,
    'cash:inflation': 0.3,
    'cash:rates': 0.7,
    'investment:superannuation': 0.85,
    'investment:property': 0.2,
    'investment:inflation': -0.1,
    'investment:rates': -0.1,
    'superannuation:property': 0.2,
    'superannuation:inflation': -0.1,
    'superannuation:rates': -0.1,
    'property:inflation': 0.2,
    'property:rates': -0.2,
    'inflation:rates': 0.4,
  },
  inflation_volatility: 1.5,
  rate_volatility: 0,
};

export function resolveUncertaintyAssumptions(input?: UncertaintyAssumptionsInput | null): UncertaintyAssumptions {
  const returns = { ...DEFAULT_UNCERTAINTY.returns };
  for (const t of RETURN_TYPES) {
    const given = input?.returns?.[t];
    if (given) returns[t] = { expected: given.expected ?? null, volatility: given.volatility ?? returns[t].volatility };
  }
  return {
    seed: input?.seed ?? DEFAULT_UNCERTAINTY.seed,
    returns,
    correlations: { ...DEFAULT_UNCERTAINTY.correlations, ...(input?.correlations ?? {}) },
    inflation_volatility: input?.inflation_volatility ?? DEFAULT_UNCERTAINTY.inflation_volatility,
    rate_volatility: input?.rate_volatility ?? DEFAULT_UNCERTAINTY.rate_volatility,
  };
}
