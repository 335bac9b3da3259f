// Shared zod building blocks of the domain model: dates, months, money, rates and the two enums
// (account type, frequency) that primitives.ts also uses, so each is defined exactly once.
import { z } from 'zod';

export const ACCOUNT_TYPES = [
  'checking',
  'savings',
  'investment',
  'mortgage',
  'credit_card',
  'property',
  'loan',
  'superannuation',
] as const;
export const AccountTypeSchema = z.enum(ACCOUNT_TYPES);
export type AccountType = z.infer<typeof AccountTypeSchema>;

export const FREQUENCIES = ['weekly', 'fortnightly', 'monthly', 'quarterly', 'yearly'] as const;
export const FrequencySchema = z.enum(FREQUENCIES);
export type Frequency = z.infer<typeof FrequencySchema>;

/** Largest magnitude accepted for an amount or balance: keeps every 50-year forecast finite. */
export const MAX_AMOUNT = 1e12;

// Days in each month of a common year (one table: validating a profile checks every date in it).
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function isRealDate(value: string): boolean {
  const y = Number(value.slice(0, 4));
  const m = Number(value.slice(5, 7));
  const d = Number(value.slice(8, 10));
  if (m < 1 || m > 12 || d < 1) return false;
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  const days = m === 2 && leap ? 29 : MONTH_DAYS[m - 1];
  return d <= days;
}

/** A real calendar date written YYYY-MM-DD (2027-02-29 is rejected). */
export const IsoDateSchema = z
  .string({ error: 'must be a date written YYYY-MM-DD' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date written YYYY-MM-DD')
  .refine(isRealDate, 'must be a real calendar date');

/** A calendar month written YYYY-MM. */
export const IsoMonthSchema = z
  .string({ error: 'must be a month written YYYY-MM' })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'must be a month written YYYY-MM');

/** A finite amount of dollars (signed where the field says so). */
export const AmountSchema = z
  .number({ error: 'must be a number' })
  .refine((n) => Number.isFinite(n), 'must be a finite number')
  .refine((n) => Math.abs(n) <= MAX_AMOUNT, `must be at most ${MAX_AMOUNT} in size`);

/** A computed figure (an engine result in dollars): any finite number, no size limit. */
export const FiniteNumberSchema = z.number().refine((n) => Number.isFinite(n), 'must be a finite number');

/** A rate in percent a year. Above -100 (a value cannot fall below nothing) and at most 1000. */
export const RateSchema = z
  .number({ error: 'must be a number (percent a year)' })
  .refine((n) => Number.isFinite(n), 'must be a finite number')
  .refine((n) => n > -100 && n <= 1000, 'must be above -100 and at most 1000 (percent a year)');

export const IdSchema = z.string({ error: 'must be a string id' }).min(1, 'must not be empty');

/** Set by the data layer on every write; optional everywhere in the engine. */
export const UpdatedAtSchema = z.string().optional();

/** The fields the data layer sets on every stored entity, left out of what a client sends (`.omit(STORED_FIELDS)`). */
export const STORED_FIELDS = { id: true, updated_at: true } as const;

/** Money as the API carries it: a decimal string with exactly 2 decimals. */
export const DecimalStringSchema = z.string().regex(/^-?\d+\.\d{2}$/, 'must be a decimal string with 2 decimals');

/** Longest name accepted for any entity (accounts, categories, items, scenarios, events). */
export const MAX_NAME_LENGTH = 500;

/** The text rule for every entity name, on the device and the server alike: trimmed, required, bounded. */
export const NameSchema = z
  .string({ error: 'must be a string' })
  .trim()
  .min(1, 'is required')
  .max(MAX_NAME_LENGTH, `must be at most ${MAX_NAME_LENGTH} characters`);

/** Optional short text (an institution): trimmed; blank or absent is stored as null. */
export const OptionalTextSchema = z
  .string()
  .max(2000, 'must be at most 2000 characters')
  .nullable()
  .optional()
  .transform((v) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null));

/** A longer free text (a scenario's description): trimmed; absent is stored as ''. */
export const DescriptionSchema = z
  .string()
  .max(5000, 'must be at most 5000 characters')
  .nullable()
  .optional()
  .transform((v) => (v ?? '').trim());
