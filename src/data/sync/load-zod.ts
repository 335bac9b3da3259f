// zod on a task of its own, ahead of the engine's schemas, in the staged load of the engine's models
// (load-engine-models.ts), and zod's first schema construction on the next task (warmZod).
// The load imports this module, not 'zod': a dynamic import of 'zod' itself keeps zod's whole namespace in the
// bundle (every locale's messages, the JSON Schema tools), which tripled its chunk (305 kB instead of about 90).
import { z } from 'zod';

/** One named use, so that the bundle keeps only the parts of zod the schemas use. */
export const zodLoaded = typeof z.object === 'function';

/**
 * Builds and checks one throwaway schema of each kind the engine's models chain (strings and numbers with checks,
 * refinements and transforms, enums, arrays, objects). Most of building the first model module's schemas is zod's
 * own code running for the first time (the same schemas built again take about a seventh of the time), so this
 * runs it on a task of its own.
 */
export function warmZod(): boolean {
  const text = z
    .string({ error: 'text' })
    .trim()
    .min(1, 'min')
    .max(10, 'max')
    .regex(/^\w+$/, 'regex')
    .refine((s) => s !== 'x', 'refine');
  const note = z
    .string()
    .max(10)
    .nullable()
    .optional()
    .transform((s) => s ?? null);
  const amount = z
    .number({ error: 'number' })
    .int()
    .refine((n) => Number.isFinite(n), 'finite');
  const kind = z.enum(['a', 'b']);
  const row = z
    .object({ text, note, amount, kind, list: z.array(amount).max(3), on: z.boolean() })
    .partial({ note: true })
    .extend({ id: z.string().min(1) })
    .superRefine((value, ctx) => {
      if (value.amount < 0) ctx.addIssue({ code: 'custom', message: 'negative' });
    });
  return row.safeParse({ text: 'a', note: null, amount: 1, kind: 'a', list: [1], on: true, id: 'i' }).success;
}
