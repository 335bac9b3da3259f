// Account and Category entities (docs/product.md section 3), plus the optional annual_rate override.
import { z } from 'zod';
import {
  AccountTypeSchema,
  AmountSchema,
  IdSchema,
  NameSchema,
  OptionalTextSchema,
  RateSchema,
  STORED_FIELDS,
  UpdatedAtSchema,
} from './common';

export const AccountSchema = z.object({
  id: IdSchema,
  name: z.string(),
  account_type: AccountTypeSchema,
  /** Assets: the value. Liabilities: the amount owed is |current_balance| (docs/forecast-model.md section 3). */
  current_balance: AmountSchema,
  institution: z.string().nullable().optional(),
  is_asset: z.boolean(),
  scenario_event_id: z.string().nullable().optional(),
  /** Percent a year overriding the assumptions' rate for the account's type; null or absent: the default. */
  annual_rate: RateSchema.nullable().optional(),
  updated_at: UpdatedAtSchema,
});
export type Account = z.infer<typeof AccountSchema>;

/**
 * What a client sends to create or update an account: the id, sync stamp and event link are set for it.
 * Defaults: account_type checking, is_asset true. Name and institution follow the shared text rules.
 */
export const AccountInputSchema = AccountSchema.omit({ ...STORED_FIELDS, scenario_event_id: true }).extend({
  name: NameSchema,
  institution: OptionalTextSchema,
  account_type: AccountTypeSchema.default('checking'),
  is_asset: z.boolean().default(true),
});
export type AccountInput = z.input<typeof AccountInputSchema>;

export const CategoryTypeSchema = z.enum(['income', 'expense']);
export type CategoryType = z.infer<typeof CategoryTypeSchema>;

export const CategorySchema = z.object({
  id: IdSchema,
  name: z.string(),
  type: CategoryTypeSchema,
  updated_at: UpdatedAtSchema,
});
export type Category = z.infer<typeof CategorySchema>;

/** What a client sends to create a category (a rename sends only the name); the name follows the text rules. */
export const CategoryInputSchema = CategorySchema.pick({ name: true, type: true }).extend({ name: NameSchema });
export type CategoryInput = z.infer<typeof CategoryInputSchema>;
