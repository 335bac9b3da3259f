// The chooser's catalogue access and the Smart Create hand-off between the chooser and the template form
// (router history state), kept in one module so tests can replace the loader.
import { HIDDEN_TEMPLATE_IDS, TEMPLATE_GROUPS, getTemplate, type Template } from '../../../../worker/engine/index';

export type TemplateGroup = { name: string; templates: Template[] };

/** The five groups in order, each with its templates; current_reality and baseline never appear. */
export function loadTemplateGroups(): TemplateGroup[] {
  return TEMPLATE_GROUPS.map((g) => ({
    name: g.name,
    templates: g.template_ids
      .filter((id) => !HIDDEN_TEMPLATE_IDS.includes(id))
      .map((id) => getTemplate(id))
      .filter((t): t is Template => t !== undefined),
  }));
}

/** What Smart Create hands the template form: the first match's parameters and month, the scenario's name. */
export type SmartCreateHandoff = {
  template_id: string;
  parameters: Record<string, unknown>;
  trigger_month?: string;
  scenario_name: string;
  scenario_description: string;
  /** What Smart Create could not settle ('add your birth date', 'pick the offset account'). */
  notes?: string[];
};

export const SMART_CREATE_STATE_KEY = 'wyrdSmartCreate';

/** Reads the hand-off from router history state, if it is for this template. */
export function readHandoff(state: unknown, templateId: string): SmartCreateHandoff | null {
  if (typeof state !== 'object' || state === null) return null;
  const h = (state as Record<string, unknown>)[SMART_CREATE_STATE_KEY];
  if (typeof h !== 'object' || h === null) return null;
  const handoff = h as SmartCreateHandoff;
  return handoff.template_id === templateId ? handoff : null;
}
