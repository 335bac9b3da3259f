// The people in a plan (docs/forecast-model.md section 7): one or two, 'self' and optionally 'partner'. Income
// items, HELP debts and parental leave belong to a person through their `taxpayer` ('self' | 'partner').
import { z } from 'zod';
import { AmountSchema, IsoDateSchema } from './common';

export const PERSON_IDS = ['self', 'partner'] as const;
export const PersonIdSchema = z.enum(PERSON_IDS, { error: 'must be "self" or "partner"' });
export type PersonId = z.infer<typeof PersonIdSchema>;

export const PersonSchema = z.object({
  id: PersonIdSchema,
  name: z
    .string({ error: 'must be a name' })
    .trim()
    .min(1, 'must not be empty')
    .max(60, 'must be at most 60 characters'),
  birth_date: IsoDateSchema.refine((d) => d >= '1900-01-01', 'must be on or after 1900-01-01').nullable(),
  /**
   * Taxable income already received in the financial year containing as_of, up to `ytd_date` (optional). The
   * forecast's first financial year is taxed on it plus the forecast months, instead of estimating the months
   * before as_of from the current items (docs/forecast-engine.md, Tax and super).
   */
  ytd_taxable_income: AmountSchema.nullable().optional(),
  /** The day `ytd_taxable_income` runs to (absent: as_of). */
  ytd_date: IsoDateSchema.nullable().optional(),
});
export type Person = z.infer<typeof PersonSchema>;

/** One or two people: exactly one 'self', at most one 'partner'. */
export const PeopleSchema = z
  .array(PersonSchema)
  .min(1, 'must list at least one person')
  .max(2, 'must list at most two people (you and a partner)')
  .superRefine((people, ctx) => {
    const selves = people.filter((p) => p.id === 'self').length;
    if (selves !== 1) ctx.addIssue({ code: 'custom', message: 'must include exactly one person with id "self"' });
    if (people.length === 2 && people[0].id === people[1].id)
      ctx.addIssue({ code: 'custom', message: 'must not list the same person twice' });
  });

export const DEFAULT_PERSON: Person = { id: 'self', name: 'Me', birth_date: null };

/** Dependent children for the Medicare levy's family thresholds (docs/au-rules.md). */
export const DependentChildrenSchema = z
  .number({ error: 'must be a whole number' })
  .int('must be a whole number')
  .min(0, 'must be at least 0')
  .max(20, 'must be at most 20');
