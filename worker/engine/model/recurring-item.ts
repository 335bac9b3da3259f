// Recurring item entity (product-spec section 3): signed amount, positive income, negative expense.
import { z } from 'zod';
import { AmountSchema, FrequencySchema, IdSchema, IsoDateSchema, UpdatedAtSchema } from './common';

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
  updated_at: UpdatedAtSchema,
});
export type RecurringItem = z.infer<typeof RecurringItemSchema>;
