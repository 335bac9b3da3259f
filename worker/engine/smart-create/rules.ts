// Smart Create matching: which templates a prompt describes, from the cues, supersessions and weak-hint rules
// each template declares (worker/engine/templates/life-events/*), and the strongest-first order.
import type { MatchView, TemplateMatch } from '../templates/define';
import { TEMPLATE_DEFINITIONS } from '../templates/registry';

/**
 * The order cues are tried in, which is the order of two matches whose cues start at the same character:
 * by template id, so it does not depend on where a template sits in the catalogue.
 */
const BY_ID = [...TEMPLATE_DEFINITIONS].sort((a, b) => (a.template_id < b.template_id ? -1 : 1));

export type { TemplateMatch } from '../templates/define';

/**
 * The templates a prompt describes, with the strongest cue's weight and position: every template's `re` cues,
 * then its `find` cues (templates in id order); then each template, in registry order, absorbs the ones it
 * supersedes; then a template whose best cue is weak and that asks for it is dropped beside any other.
 */
export function matchTemplates(prompt: string): TemplateMatch[] {
  // '$1.3m' must not end a phrase at its decimal point (same length, so positions hold).
  const text = prompt.replace(/(\d)\.(\d)/g, '$1,$2');
  const best = new Map<string, TemplateMatch>();
  const add = (template_id: string, weight: number, index: number) => {
    const prev = best.get(template_id);
    if (!prev || weight > prev.weight || (weight === prev.weight && index < prev.index))
      best.set(template_id, { template_id, weight, index });
  };
  for (const d of BY_ID) {
    for (const cue of d.smart_create?.cues ?? []) {
      if (!('re' in cue)) continue;
      const r = cue.re.exec(text);
      if (r) add(d.template_id, cue.weight, r.index);
    }
  }
  const matchedByRe = new Set(best.keys());
  for (const d of BY_ID) {
    for (const cue of d.smart_create?.cues ?? []) {
      if (!('find' in cue)) continue;
      const index = cue.find(text, (id) => matchedByRe.has(id));
      if (index !== null) add(d.template_id, cue.weight, index);
    }
  }
  const view: MatchView = { text, has: (id) => best.has(id), match: (id) => best.get(id) };
  for (const d of TEMPLATE_DEFINITIONS) {
    for (const rule of d.smart_create?.supersedes ?? []) {
      if (best.has(d.template_id) && best.has(rule.template) && (!rule.when || rule.when(view)))
        best.delete(rule.template);
    }
  }
  for (const d of TEMPLATE_DEFINITIONS) {
    const match = best.get(d.template_id);
    if (d.smart_create?.weak_only_alone && match && match.weight < 8 && best.size > 1) best.delete(d.template_id);
  }
  return [...best.values()];
}

/** Strong matches (weight 8 or more) first, each tier in the order the prompt mentions them. */
export function orderMatches(matches: TemplateMatch[]): TemplateMatch[] {
  return [...matches].sort((a, b) => {
    const ta = a.weight >= 8 ? 0 : 1;
    const tb = b.weight >= 8 ? 0 : 1;
    return ta - tb || a.index - b.index;
  });
}
