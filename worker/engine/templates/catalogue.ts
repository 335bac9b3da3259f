// The life-event template catalogue served to the app as data (the Template shape of docs/templates.md) and
// the chooser's groups, both derived from the template definitions in registry.ts.
import type { Template } from '../model/template';
import { TEMPLATE_GROUP_NAMES, catalogueEntry, type TemplateGroupName } from './define';
import { TEMPLATE_DEFINITIONS, findTemplateDefinition } from './registry';

export { TEMPLATE_GROUP_NAMES, type TemplateGroupName } from './define';

export const TEMPLATES: Template[] = TEMPLATE_DEFINITIONS.map(catalogueEntry);

const BY_ID: ReadonlyMap<string, Template> = new Map(TEMPLATES.map((t) => [t.template_id, t]));

/** The template with this id, or undefined. */
export function getTemplate(id: string): Template | undefined {
  return BY_ID.get(id);
}

/** The chooser's groups, in order, each listing its templates by their position in the group. */
export const TEMPLATE_GROUPS: ReadonlyArray<{ name: TemplateGroupName; template_ids: string[] }> =
  TEMPLATE_GROUP_NAMES.map((name) => ({
    name,
    template_ids: TEMPLATE_DEFINITIONS.filter((d) => d.group?.name === name)
      .sort((a, b) => a.group!.position - b.group!.position)
      .map((d) => d.template_id),
  }));

/** Never offered in the chooser (current_reality and baseline). */
export const HIDDEN_TEMPLATE_IDS: readonly string[] = TEMPLATE_DEFINITIONS.filter((d) => d.group === null).map(
  (d) => d.template_id,
);

/**
 * Whether the event form offers a template: in baseline scenarios the supports_baseline ones, elsewhere the
 * chooser's; the baseline marker never.
 */
export function offeredInEventForm(template_id: string, is_baseline: boolean): boolean {
  const d = findTemplateDefinition(template_id);
  if (!d || d.in_event_form === false) return false;
  return is_baseline ? d.supports_baseline : d.group !== null;
}
