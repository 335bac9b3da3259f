// Template and Template parameter entities (docs/product.md section 3), with their baseline overrides.
// Each template is declared in worker/engine/templates/life-events/ (see docs/templates.md).
import { z } from 'zod';

export const TEMPLATE_PARAMETER_TYPES = [
  'recurring_item',
  'select',
  'date',
  'boolean',
  'decimal',
  'integer',
  'text',
] as const;
export const TemplateParameterTypeSchema = z.enum(TEMPLATE_PARAMETER_TYPES);
export type TemplateParameterType = z.infer<typeof TemplateParameterTypeSchema>;

/** A parameter value as stored in an event's template_parameters. */
export const TemplateValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export type TemplateValue = z.infer<typeof TemplateValueSchema>;

export const TemplateOptionSchema = z.object({ value: z.string(), label: z.string() });
export type TemplateOption = z.infer<typeof TemplateOptionSchema>;

export const TemplateParameterSchema = z.object({
  /** Names containing account_id render an account picker. */
  name: z.string().min(1),
  label: z.string(),
  help_text: z.string().nullable().optional(),
  type: TemplateParameterTypeSchema,
  required: z.boolean(),
  default: TemplateValueSchema.optional(),
  options: z.array(TemplateOptionSchema).optional(),
  min_value: z.number().nullable().optional(),
  max_value: z.number().nullable().optional(),
  /** For recurring_item pickers: list only items of this category type. */
  filter_by: z.enum(['income', 'expense']).nullable().optional(),
  baseline_default: TemplateValueSchema.optional(),
  baseline_label: z.string().nullable().optional(),
  baseline_help_text: z.string().nullable().optional(),
  baseline_hidden: z.boolean().optional(),
});
export type TemplateParameter = z.infer<typeof TemplateParameterSchema>;

export const TemplateSchema = z.object({
  template_id: z.string().min(1),
  name: z.string(),
  description: z.string(),
  icon: z.string(),
  parameters: z.array(TemplateParameterSchema),
  supports_baseline: z.boolean(),
  baseline_name: z.string().nullable().optional(),
  baseline_description: z.string().nullable().optional(),
});
export type Template = z.infer<typeof TemplateSchema>;
