// Scenario, scenario event and modification entities (docs/product.md section 3); a modification's data
// shape is chosen by its modification_type.
import { z } from 'zod';
import {
  AmountSchema,
  DescriptionSchema,
  IdSchema,
  IsoDateSchema,
  IsoMonthSchema,
  NameSchema,
  STORED_FIELDS,
  UpdatedAtSchema,
} from './common';
import { RecurringItemSchema } from './recurring-item';

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

/**
 * What a client sends to create or edit an event: the scenario, id and sync stamp are set for it;
 * trigger_date defaults to the first day of trigger_month and template_parameters to none.
 */
export const ScenarioEventInputSchema = ScenarioEventSchema.omit({ ...STORED_FIELDS, scenario_id: true }).extend({
  name: NameSchema,
  template_parameters: ScenarioEventSchema.shape.template_parameters.optional(),
});
export type ScenarioEventInput = z.input<typeof ScenarioEventInputSchema>;

/** The recurring item an add_recurring modification adds (its own fields, without the entity's id and links). */
export const AddRecurringDataSchema = RecurringItemSchema.pick({
  name: true,
  amount: true,
  frequency: true,
  start_date: true,
  end_date: true,
  account_id: true,
  category_id: true,
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

/** A modification of one type: the shared fields, what it targets (an existing entity, or optionally one) and its data. */
function modificationSchema<T extends string, Target extends z.ZodType, Data extends z.ZodType>(
  type: T,
  target_id: Target,
  data: Data,
) {
  return z.object({ ...modificationBase, modification_type: z.literal(type), target_id, modification_data: data });
}

const OPTIONAL_TARGET = z.string().nullable().optional();

export const AddRecurringModificationSchema = modificationSchema(
  'add_recurring',
  OPTIONAL_TARGET,
  AddRecurringDataSchema,
);
export const ModifyRecurringModificationSchema = modificationSchema(
  'modify_recurring',
  IdSchema,
  ModifyRecurringDataSchema,
);
export const AddOneTimeModificationSchema = modificationSchema('add_one_time', OPTIONAL_TARGET, AddOneTimeDataSchema);
export const ModifyAccountModificationSchema = modificationSchema('modify_account', IdSchema, ModifyAccountDataSchema);

export const ModificationSchema = z.discriminatedUnion('modification_type', [
  AddRecurringModificationSchema,
  ModifyRecurringModificationSchema,
  AddOneTimeModificationSchema,
  ModifyAccountModificationSchema,
]);
export type Modification = z.infer<typeof ModificationSchema>;
export type ModificationType = Modification['modification_type'];
/** One modification type's record, e.g. ModificationOf<'modify_account'>. */
export type ModificationOf<T extends ModificationType> = Extract<Modification, { modification_type: T }>;

/** What a client sends to create or replace a modification: the id, scenario and sync stamp are set for it. */
const inputOmit = { id: true, scenario_id: true, updated_at: true } as const;
export const ModificationInputSchema = z.discriminatedUnion('modification_type', [
  AddRecurringModificationSchema.omit(inputOmit),
  ModifyRecurringModificationSchema.omit(inputOmit),
  AddOneTimeModificationSchema.omit(inputOmit),
  ModifyAccountModificationSchema.omit(inputOmit),
]);
export type ModificationInput = z.input<typeof ModificationInputSchema>;

export const ScenarioSchema = z.object({
  id: IdSchema,
  name: z.string(),
  description: z.string().nullable().optional(),
  is_baseline: z.boolean(),
  created_at: z.string().optional(),
  updated_at: UpdatedAtSchema,
});
export type Scenario = z.infer<typeof ScenarioSchema>;

/** What a client sends to create or update a scenario; is_baseline defaults to false. */
export const ScenarioInputSchema = ScenarioSchema.pick({ name: true, description: true }).extend({
  name: NameSchema,
  description: DescriptionSchema,
  is_baseline: z.boolean().default(false),
});
export type ScenarioInput = z.input<typeof ScenarioInputSchema>;

/** A scenario with its events and modifications, as the API returns it and the backup file stores it. */
export const ScenarioWithChildrenSchema = ScenarioSchema.extend({
  events: z.array(ScenarioEventSchema).default([]),
  modifications: z.array(ModificationSchema).default([]),
});
export type ScenarioWithChildren = z.infer<typeof ScenarioWithChildrenSchema>;
