// The one helper a life-event template is declared with: its catalogue entry, its place in the chooser, its
// compiler, its cross-field rules and how Smart Create recognises and reads it, all in the template's module.
import type { Template } from '../model/template';
import type { CompileContext, Primitive } from '../primitives';
import type { PromptContext } from '../prompt/reading';
import type { ParameterError, Params, TemplateContext } from './helpers';

export const TEMPLATE_GROUP_NAMES = [
  'Property',
  'Income & Career',
  'Debt & Payments',
  'Investments & Assets',
  'Purchases & Expenses',
] as const;
export type TemplateGroupName = (typeof TEMPLATE_GROUP_NAMES)[number];

export type ValidateOptions = {
  is_baseline: boolean;
  /** When given, picked accounts and recurring items must exist (and debt pickers must be liabilities). */
  accounts?: CompileContext['accounts'];
  recurring_items?: CompileContext['recurring_items'];
  /** When given, an end_date must not be before the event's month. */
  trigger_month?: string;
};

/** The best cue Smart Create found for a template: its weight and where in the prompt it starts. */
export type TemplateMatch = { template_id: string; weight: number; index: number };

/** What a supersession rule may look at: the prompt (lower case) and the templates still matched. */
export type MatchView = {
  text: string;
  has: (template_id: string) => boolean;
  match: (template_id: string) => TemplateMatch | undefined;
};

/**
 * A phrase that names the template, with its weight: explicit template phrases 10, strong generic cues 8-9,
 * weak hints below 8 (a weak template reads the whole prompt and never splits it). `find` cues run after
 * every `re` cue and may look at what those matched ('take 12 months off' is parental leave beside a baby).
 */
export type SmartCreateCue =
  | { weight: number; re: RegExp }
  | { weight: number; find: (text: string, matched: (template_id: string) => boolean) => number | null };

/** This template absorbs `template` when both match (and `when` holds): the overlap is this one's parameter. */
export type Supersession = { template: string; when?: (m: MatchView) => boolean };

export type SmartCreateDefinition = {
  cues: readonly SmartCreateCue[];
  /**
   * Evaluated after matching, template by template in registry order, each rule in the order written; a
   * template already absorbed by an earlier rule absorbs nothing.
   */
  supersedes?: readonly Supersession[];
  /** Its weak cues (below 8) count only when no other template matched: 'income' beside a purchase is not a job. */
  weak_only_alone?: boolean;
  /** The template's parameters from its part of the prompt (only what was said; sanitised afterwards). */
  read: (ctx: PromptContext) => Record<string, unknown>;
  /** A short scenario-name title from the read parameters and the template's part of the prompt. */
  title: (p: Readonly<Record<string, unknown>>, text: string) => string;
};

export type TemplateDefinition<Id extends string = string> = Omit<Template, 'template_id'> & {
  template_id: Id;
  /** Where the template chooser lists it (position within the group); null: never in the chooser. */
  group: { name: TemplateGroupName; position: number } | null;
  /** False: never offered in the event form (the baseline marker). */
  in_event_form?: boolean;
  /** Parameters (defaults filled, hidden ones null) to primitives; pure, never throws. */
  compile: (p: Params, ctx: TemplateContext) => Primitive[];
  /** Cross-field rules, checked once every parameter is valid on its own. */
  validate?: (values: Readonly<Record<string, unknown>>, opts: ValidateOptions) => ParameterError[];
  /** How Smart Create recognises and reads a prompt for this template; absent: never suggested. */
  smart_create?: SmartCreateDefinition;
};

/** Declares a template; the literal id becomes part of the registry's TemplateId union. */
export function defineTemplate<const Id extends string>(definition: TemplateDefinition<Id>): TemplateDefinition<Id> {
  return definition;
}

/** The catalogue entry the app is served (the Template shape), in the catalogue's field order. */
export function catalogueEntry(d: TemplateDefinition): Template {
  return {
    template_id: d.template_id,
    name: d.name,
    description: d.description,
    icon: d.icon,
    supports_baseline: d.supports_baseline,
    baseline_name: d.baseline_name,
    baseline_description: d.baseline_description,
    parameters: d.parameters,
  };
}
