// The backup file (docs/backup-format.md): what the app exports and the CLI and server read.
// Also the engine's input profile, which is the same thing without the version and categories.
import { z } from 'zod';
import { AccountSchema, CategorySchema } from './account';
import { AssumptionsInputSchema } from './assumptions';
import { RecurringItemSchema } from './recurring-item';
import { ScenarioWithChildrenSchema } from './scenario';

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
