// Scenario, scenario event and modification entities (product-spec section 3); a modification's data
// shape is chosen by its modification_type.
import { z } from 'zod';
import { AmountSchema, FrequencySchema, IdSchema, IsoDateSchema, IsoMonthSchema, UpdatedAtSchema } from './common';

export const ScenarioEventSchema = z.object({
  id: IdSchema,
  scenario_id: z.string(),
  name: z.string(),
  trigger_month: IsoMonthSchema,
  trigger_date: IsoDateSchema.nullable().optional(),
  template_id: z.string().min(1, 'must name a template'),
  template_parameters: z.record(z.string(), z.unknown()),
  updated_at: UpdatedAtSchema,
});
export type ScenarioEvent = z.infer<typeof ScenarioEventSchema>;

export const AddRecurringDataSchema = z.object({
  name: z.string(),
  amount: AmountSchema,
  frequency: FrequencySchema,
  start_date: IsoDateSchema,
  end_date: IsoDateSchema.nullable().optional(),
  account_id: z.string(),
  category_id: z.string(),
});
export type AddRecurringData = z.infer<typeof AddRecurringDataSchema>;

export const ModifyRecurringDataSchema = z.object({ amount: AmountSchema });
export type ModifyRecurringData = z.infer<typeof ModifyRecurringDataSchema>;

export const AddOneTimeDataSchema = z.object({
  date: IsoDateSchema,
  amount: AmountSchema,
  description: z.string().optional(),
  account_id: z.string(),
  category_id: z.string(),
});
export type AddOneTimeData = z.infer<typeof AddOneTimeDataSchema>;

export const ModifyAccountDataSchema = z.object({ balance: AmountSchema });
export type ModifyAccountData = z.infer<typeof ModifyAccountDataSchema>;

const modificationBase = {
  id: IdSchema,
  scenario_id: z.string().optional(),
  updated_at: UpdatedAtSchema,
};

export const ModificationSchema = z.discriminatedUnion('modification_type', [
  z.object({
    ...modificationBase,
    modification_type: z.literal('add_recurring'),
    target_id: z.string().nullable().optional(),
    modification_data: AddRecurringDataSchema,
  }),
  z.object({
    ...modificationBase,
    modification_type: z.literal('modify_recurring'),
    target_id: IdSchema,
    modification_data: ModifyRecurringDataSchema,
  }),
  z.object({
    ...modificationBase,
    modification_type: z.literal('add_one_time'),
    target_id: z.string().nullable().optional(),
    modification_data: AddOneTimeDataSchema,
  }),
  z.object({
    ...modificationBase,
    modification_type: z.literal('modify_account'),
    target_id: IdSchema,
    modification_data: ModifyAccountDataSchema,
  }),
]);
export type Modification = z.infer<typeof ModificationSchema>;
export type ModificationType = Modification['modification_type'];

export const ScenarioSchema = z.object({
  id: IdSchema,
  name: z.string(),
  description: z.string().nullable().optional(),
  is_baseline: z.boolean(),
  created_at: z.string().optional(),
  updated_at: UpdatedAtSchema,
});
export type Scenario = z.infer<typeof ScenarioSchema>;

/** A scenario with its events and modifications, as the API returns it and the backup file stores it. */
export const ScenarioWithChildrenSchema = ScenarioSchema.extend({
  events: z.array(ScenarioEventSchema).default([]),
  modifications: z.array(ModificationSchema).default([]),
});
export type ScenarioWithChildren = z.infer<typeof ScenarioWithChildrenSchema>;
