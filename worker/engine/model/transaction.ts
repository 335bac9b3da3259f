// Bank transaction entities (docs/transactions.md): a transaction as imported from a statement, the import batch
// it came from (so a whole import can be undone) and the payee rules that categorise later imports.
// Money is whole cents (integers) here, never a float of dollars: statements are summed by the tens of thousands.
import { z } from 'zod';
import { IdSchema, IsoDateSchema, STORED_FIELDS, UpdatedAtSchema } from './common';

/** An optional reference or key: a non-empty string of at most 200 characters, absent stored as null. */
const NullableIdSchema = z
  .string({ error: 'must be a string' })
  .min(1, 'must not be empty')
  .max(200, 'must be at most 200 characters')
  .nullable()
  .optional()
  .transform((v) => v ?? null);

/** Whole cents, signed; at most $10bn in size (a statement row, not a forecast figure). */
export const CentsSchema = z
  .number({ error: 'must be a whole number of cents' })
  .int('must be a whole number of cents')
  .refine((n) => Math.abs(n) <= 1e12, 'must be at most $10,000,000,000 in size');

export const TransactionSchema = z.object({
  id: IdSchema,
  account_id: IdSchema,
  /** The day the bank dated it (YYYY-MM-DD). */
  date: IsoDateSchema,
  /** Money out negative, money in positive. */
  amount_cents: CentsSchema,
  /** The bank's description exactly as imported (or typed). */
  description: z.string().max(500, 'must be at most 500 characters'),
  /** Normalised from the description on import; the user may edit it. */
  payee: z.string().max(200, 'must be at most 200 characters'),
  category_id: z.string().nullable().optional(),
  note: z.string().max(1000, 'must be at most 1000 characters').nullable().optional(),
  /** The bank's own id (OFX FITID, Westpac serial, ...) when the file has one. */
  bank_id: z.string().max(200).nullable().optional(),
  /** The running balance the file printed after this row, when it has one. */
  balance_cents: CentsSchema.nullable().optional(),
  /** The import batch it came from; null for a transaction typed by hand. */
  batch_id: z.string().nullable().optional(),
  /** Dedupe fingerprint of the imported row (docs/transactions.md); null for hand-typed rows. */
  fingerprint: z.string().max(200).nullable().optional(),
  /** The other half of a transfer between two of the user's accounts: counts as neither income nor expense. */
  transfer_id: z.string().nullable().optional(),
  /** The recurring item (plan) this transaction is an occurrence of, once matched or linked. */
  recurring_item_id: z.string().nullable().optional(),
  reconciled: z.boolean(),
  updated_at: UpdatedAtSchema,
});
export type Transaction = z.infer<typeof TransactionSchema>;

/**
 * What a client sends to create or replace a transaction: the id and sync stamp are set for it. Text rules:
 * the description is kept as the bank wrote it (not trimmed); the payee and note are trimmed, a blank note is
 * null; unset links are null; reconciled defaults to false.
 */
export const TransactionInputSchema = TransactionSchema.omit(STORED_FIELDS).extend({
  payee: z.string({ error: 'must be a string' }).trim().max(200, 'must be at most 200 characters'),
  note: z
    .string({ error: 'must be a string' })
    .max(1000, 'must be at most 1000 characters')
    .nullable()
    .optional()
    .transform((v) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null)),
  category_id: NullableIdSchema,
  bank_id: NullableIdSchema,
  balance_cents: CentsSchema.nullable()
    .optional()
    .transform((v) => v ?? null),
  batch_id: NullableIdSchema,
  fingerprint: NullableIdSchema,
  transfer_id: NullableIdSchema,
  recurring_item_id: NullableIdSchema,
  reconciled: z.boolean().default(false),
});
export type TransactionInput = z.input<typeof TransactionInputSchema>;

export const StatementFormatSchema = z.enum(['csv', 'ofx', 'qif', 'manual']);
export type StatementFormat = z.infer<typeof StatementFormatSchema>;

/** One confirmed import of one or more files into one account; undoing it deletes its transactions. */
export const ImportBatchSchema = z.object({
  id: IdSchema,
  account_id: IdSchema,
  /** When the user confirmed the import (ISO timestamp). */
  imported_at: z.string(),
  file_names: z.array(z.string().max(300)).max(50),
  format: StatementFormatSchema,
  /** The recognised bank layout ('commbank', 'westpac', ..., 'generic', 'mapped'). */
  bank: z.string().max(50),
  row_count: z.number().int().min(0),
  skipped_count: z.number().int().min(0),
  first_date: IsoDateSchema.nullable().optional(),
  last_date: IsoDateSchema.nullable().optional(),
  updated_at: UpdatedAtSchema,
});
export type ImportBatch = z.infer<typeof ImportBatchSchema>;

/** What a client sends to record an import batch (the id and sync stamp are set for it). */
export const ImportBatchInputSchema = ImportBatchSchema.omit(STORED_FIELDS).extend({
  first_date: IsoDateSchema.nullable()
    .optional()
    .transform((v) => v ?? null),
  last_date: IsoDateSchema.nullable()
    .optional()
    .transform((v) => v ?? null),
});
export type ImportBatchInput = z.input<typeof ImportBatchInputSchema>;

/** Remembers the category the user gave a payee; applied to later imports (exact payee match, case-insensitive). */
export const PayeeRuleSchema = z.object({
  id: IdSchema,
  payee: z.string().trim().min(1, 'must not be empty').max(200, 'must be at most 200 characters'),
  category_id: IdSchema,
  updated_at: UpdatedAtSchema,
});
export type PayeeRule = z.infer<typeof PayeeRuleSchema>;

/** What a client sends to create or change a payee rule. */
export const PayeeRuleInputSchema = PayeeRuleSchema.omit(STORED_FIELDS);
export type PayeeRuleInput = z.input<typeof PayeeRuleInputSchema>;
