// Request bodies, derived once from the engine's entity schemas (the same schemas validate every stored row):
// create inputs take an optional device-made id; server-owned fields (updated_at, scenario_event_id) are not
// accepted from clients. Swap for the engine's own input schemas when it exports them.
import { z } from 'zod';
import {
  AccountSchema,
  AccountTypeSchema,
  CategorySchema,
  FrequencySchema,
  IdSchema,
  IsoDateSchema,
  MAX_YEARS,
  RecurringItemSchema,
  ScenarioEventSchema,
  ScenarioSchema,
} from '../../worker/engine/index';

/** Longest id accepted from a client (UUIDs are 36). */
export const MAX_ID_LENGTH = 200;
/** An id a client may choose: 1 to MAX_ID_LENGTH characters, no NUL (PostgreSQL text cannot hold one). */
export const ClientIdSchema = IdSchema.max(MAX_ID_LENGTH, `must be at most ${MAX_ID_LENGTH} characters`).refine(
  (s) => !s.includes('\u0000'),
  'must not contain NUL characters',
);

const NameSchema = z
  .string({ error: 'must be a string' })
  .trim()
  .min(1, 'is required')
  .max(500, 'must be at most 500 characters');
const RequiredIdRef = z
  .string({ error: 'must be a string id' })
  .min(1, 'is required')
  .max(MAX_ID_LENGTH)
  .refine((s) => !s.includes('\u0000'), 'must not contain NUL characters');
const OptionalText = z
  .string()
  .max(2000)
  .nullable()
  .optional()
  .transform((v) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null));

export const AccountInputSchema = AccountSchema.omit({ id: true, updated_at: true, scenario_event_id: true }).extend({
  id: ClientIdSchema.optional(),
  name: NameSchema,
  account_type: AccountTypeSchema.default('checking'),
  is_asset: z.boolean({ error: 'must be true or false' }).default(true),
  institution: OptionalText,
});
export type AccountInput = z.infer<typeof AccountInputSchema>;

export const CategoryInputSchema = CategorySchema.omit({ updated_at: true }).extend({
  id: ClientIdSchema.optional(),
  name: NameSchema,
});
export type CategoryInput = z.infer<typeof CategoryInputSchema>;

export const RecurringItemInputSchema = RecurringItemSchema.omit({
  id: true,
  updated_at: true,
  scenario_event_id: true,
}).extend({
  id: ClientIdSchema.optional(),
  name: NameSchema,
  frequency: FrequencySchema.default('monthly'),
  end_date: IsoDateSchema.nullable()
    .optional()
    .transform((v) => v ?? null),
  account_id: RequiredIdRef,
  category_id: RequiredIdRef,
  is_active: z.boolean({ error: 'must be true or false' }).default(true),
});
export type RecurringItemInput = z.infer<typeof RecurringItemInputSchema>;

export const ScenarioInputSchema = ScenarioSchema.omit({ id: true, updated_at: true, created_at: true }).extend({
  id: ClientIdSchema.optional(),
  name: NameSchema,
  description: z
    .string()
    .max(5000)
    .nullable()
    .optional()
    .transform((v) => (v ?? '').trim()),
  is_baseline: z.boolean({ error: 'must be true or false' }).default(false),
});
export type ScenarioInput = z.infer<typeof ScenarioInputSchema>;

/** PUT /scenarios/{id}: name and description (and optionally the baseline flag); absent fields keep their value. */
export const ScenarioUpdateSchema = ScenarioInputSchema.omit({ id: true, is_baseline: true })
  .partial()
  .extend({
    is_baseline: z.boolean({ error: 'must be true or false' }).optional(),
  });

export const EventInputSchema = ScenarioEventSchema.omit({ id: true, scenario_id: true, updated_at: true }).extend({
  id: ClientIdSchema.optional(),
  name: NameSchema,
  template_parameters: z.record(z.string(), z.unknown()).default({}),
});
export type EventInput = z.infer<typeof EventInputSchema>;

/** Optional body of POST /scenarios/{id}/clone. */
export const CloneInputSchema = z.object({ id: ClientIdSchema.optional(), name: NameSchema.optional() });

const YearsSchema = z.coerce
  .number({ error: 'must be a whole number of years' })
  .int('must be a whole number of years')
  .min(1, 'must be at least 1')
  .max(MAX_YEARS, `must be at most ${MAX_YEARS}`);

export const ForecastQuerySchema = z.object({ years: YearsSchema.default(5), as_of: IsoDateSchema.optional() });

export const CompareInputSchema = z.object({
  scenario_ids: z.array(RequiredIdRef).min(1, 'select at least one scenario').max(20, 'at most 20 scenarios'),
  forecast_years: YearsSchema.default(5),
  as_of: IsoDateSchema.optional(),
  /** true: the chart's sampled snapshots (every 1, 3 or 6 months) instead of every month. */
  sampled: z.boolean().default(false),
});

export const MonthsQuerySchema = z.object({
  months: z.coerce
    .number({ error: 'must be a whole number of months' })
    .int('must be a whole number of months')
    .min(1, 'must be at least 1')
    .max(120, 'must be at most 120')
    .default(1),
  as_of: IsoDateSchema.optional(),
});

export const PromptInputSchema = z.object({ prompt: z.string({ error: 'must be a string' }) });

/** Scenario fields POST /templates/create-scenario reads from its body; every other key is a parameter value. */
export const TEMPLATE_SCENARIO_FIELDS = [
  'scenario_name',
  'scenario_description',
  'event_name',
  'trigger_month',
] as const;
export const TemplateScenarioFieldsSchema = z.object({
  scenario_name: NameSchema.optional(),
  scenario_description: z.string().max(5000).optional(),
  event_name: NameSchema.optional(),
  trigger_month: ScenarioEventSchema.shape.trigger_month.optional(),
});
