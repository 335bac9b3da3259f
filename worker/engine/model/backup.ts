// The backup file (docs/backup-format.md): what the app exports and the CLI and server read.
// Also the engine's input profile, which is the same thing without the version and categories.
import { z } from 'zod';
import { AccountSchema, CategorySchema } from './account';
import { AssumptionsInputSchema } from './assumptions';
import { RecurringItemSchema } from './recurring-item';
import { ScenarioWithChildrenSchema } from './scenario';
import { ImportBatchSchema, PayeeRuleSchema, TransactionSchema } from './transaction';

export const BACKUP_VERSION = 1;

export const ProfileSchema = z.object({
  assumptions: AssumptionsInputSchema.nullable().optional(),
  categories: z.array(CategorySchema).default([]),
  accounts: z.array(AccountSchema),
  recurring_items: z.array(RecurringItemSchema),
  scenarios: z.array(ScenarioWithChildrenSchema).default([]),
});
/** What the engine forecasts: the user's data plus optional assumptions. */
export type Profile = z.infer<typeof ProfileSchema>;
export type ProfileInput = z.input<typeof ProfileSchema>;

export const BackupFileSchema = ProfileSchema.extend({
  version: z.literal(BACKUP_VERSION, { error: `must be ${BACKUP_VERSION}` }),
  categories: z.array(CategorySchema),
  scenarios: z.array(ScenarioWithChildrenSchema),
});
export type BackupFile = z.infer<typeof BackupFileSchema>;

/**
 * Version 2 adds the bank data: transactions (integer cents), import batches and payee rules. A backup
 * without bank data is still written as version 1 (so an older app can read it); both versions import.
 */
export const BACKUP_VERSION_BANK = 2;
export const BackupFileV2Schema = BackupFileSchema.extend({
  version: z.literal(BACKUP_VERSION_BANK, { error: `must be ${BACKUP_VERSION_BANK}` }),
  transactions: z.array(TransactionSchema).default([]),
  import_batches: z.array(ImportBatchSchema).default([]),
  payee_rules: z.array(PayeeRuleSchema).default([]),
});
export type BackupFileV2 = z.infer<typeof BackupFileV2Schema>;
/** Either version, as the app's import reads it. */
export type AnyBackupFile = BackupFile | BackupFileV2;
