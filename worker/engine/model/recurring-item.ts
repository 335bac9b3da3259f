// Recurring item entity (docs/product.md section 3): signed amount, positive income, negative expense.
import { z } from 'zod';
import {
  AmountSchema,
  FrequencySchema,
  IdSchema,
  IsoDateSchema,
  NameSchema,
  STORED_FIELDS,
  UpdatedAtSchema,
} from './common';
import { PersonIdSchema } from './household';

export const RecurringItemSchema = z.object({
  id: IdSchema,
  name: z.string(),
  amount: AmountSchema,
  frequency: FrequencySchema,
  start_date: IsoDateSchema,
  end_date: IsoDateSchema.nullable().optional(),
  account_id: z.string(),
  category_id: z.string(),
  is_active: z.boolean(),
  scenario_event_id: z.string().nullable().optional(),
  /**
   * Whose income or expense this is ('self' or 'partner'; absent: 'self'). Gross pay, taxed per person, comes from
   * an event (New Job or Pay Change) whose `taxpayer` parameter names the person; the item it materialises carries
   * that person here. A hand-entered item is take-home pay, not taxed again, and belongs to 'self' unless set.
   */
  person_id: PersonIdSchema.nullable().optional(),
  updated_at: UpdatedAtSchema,
});
export type RecurringItem = z.infer<typeof RecurringItemSchema>;

/**
 * What a client sends to create or update a recurring item (amount signed): the id, sync stamp and event link
 * are set for it. Defaults: frequency monthly, active.
 */
export const RecurringItemInputSchema = RecurringItemSchema.omit({
  ...STORED_FIELDS,
  scenario_event_id: true,
  person_id: true,
}).extend({
  name: NameSchema,
  frequency: FrequencySchema.default('monthly'),
  is_active: z.boolean().default(true),
});
export type RecurringItemInput = z.input<typeof RecurringItemInputSchema>;
