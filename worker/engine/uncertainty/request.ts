// The uncertainty request's schema (validated at the boundary like compare's options: field errors under $options).
import { z } from 'zod';
import { AmountSchema, IsoDateSchema } from '../model/common';
import { SeedSchema } from '../model/uncertainty-assumptions';
import { ForecastOptionsSchema } from '../simulate/index';
import type { StressName } from './types';

export const STRESS_NAMES = [
  'crash_first_year',
  'crash_at_event',
  'crash_at_retirement',
  'high_inflation_decade',
  'rates_up_5y',
] as const satisfies ReadonlyArray<StressName>;

/** The most trials one request may ask for (per scenario). */
export const MAX_TRIALS = 100_000;

export const UncertaintyRequestSchema = ForecastOptionsSchema.extend({
  trials: z
    .number({ error: 'must be a whole number of trials' })
    .int('must be a whole number of trials')
    .min(1, 'must be at least 1')
    .max(MAX_TRIALS, `must be at most ${MAX_TRIALS}`),
  seed: SeedSchema.optional(),
  stress: z
    .object({
      name: z.enum(STRESS_NAMES, { error: `must be one of ${STRESS_NAMES.join(', ')}` }),
      event_id: z.string().nullable().optional(),
    })
    .nullable()
    .optional(),
  goal: z
    .object({
      amount: AmountSchema,
      date: IsoDateSchema,
      account_id: z.string().min(1).nullable().optional(),
      real: z.boolean().optional(),
    })
    .nullable()
    .optional(),
  scenario_ids: z.array(z.string()).optional(),
});
