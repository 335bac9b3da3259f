// Request bodies: the engine's input schemas (the fields, defaults and text rules the device's repositories use
// too), plus what only a server of record must check at its edge: an optional device-made id and its length.
// Server-owned fields (updated_at, scenario_event_id) are never accepted from clients.
import { z } from 'zod';
import {
  AccountInputSchema as AccountFieldsSchema,
  CategoryInputSchema as CategoryFieldsSchema,
  IdSchema,
  IsoDateSchema,
  MAX_YEARS,
  NameSchema,
  RecurringItemInputSchema as RecurringItemFieldsSchema,
  ScenarioEventInputSchema as EventFieldsSchema,
  ScenarioInputSchema as ScenarioFieldsSchema,
} from '../../worker/engine/index';

/** Longest id accepted from a client (UUIDs are 36). */
export const MAX_ID_LENGTH = 200;
/** An id a client may choose: 1 to MAX_ID_LENGTH characters, no NUL (PostgreSQL text cannot hold one). */
export const ClientIdSchema = IdSchema.max(MAX_ID_LENGTH, `must be at most ${MAX_ID_LENGTH} characters`).refine(
  (s) => !s.includes('\u0000'),
  'must not contain NUL characters',
);

const RequiredIdRef = z
  .string({ error: 'must be a string id' })
  .min(1, 'is required')
  .max(MAX_ID_LENGTH)
  .refine((s) => !s.includes('\u0000'), 'must not contain NUL characters');
export const AccountInputSchema = AccountFieldsSchema.extend({ id: ClientIdSchema.optional() });
export type AccountInput = z.infer<typeof AccountInputSchema>;

export const CategoryInputSchema = CategoryFieldsSchema.extend({ id: ClientIdSchema.optional() });
export type CategoryInput = z.infer<typeof CategoryInputSchema>;

export const RecurringItemInputSchema = RecurringItemFieldsSchema.extend({
  id: ClientIdSchema.optional(),
  end_date: IsoDateSchema.nullable()
    .optional()
    .transform((v) => v ?? null),
  account_id: RequiredIdRef,
  category_id: RequiredIdRef,
});
export type RecurringItemInput = z.infer<typeof RecurringItemInputSchema>;

export const ScenarioInputSchema = ScenarioFieldsSchema.extend({ id: ClientIdSchema.optional() });
export type ScenarioInput = z.infer<typeof ScenarioInputSchema>;

/** PUT /scenarios/{id}: name and description (and optionally the baseline flag); absent fields keep their value. */
export const ScenarioUpdateSchema = ScenarioInputSchema.omit({ id: true, is_baseline: true })
  .partial()
  .extend({
    is_baseline: z.boolean({ error: 'must be true or false' }).optional(),
  });

export const EventInputSchema = EventFieldsSchema.extend({
  id: ClientIdSchema.optional(),
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
  trigger_month: EventFieldsSchema.shape.trigger_month.optional(),
});
