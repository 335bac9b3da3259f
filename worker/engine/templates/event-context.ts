// The compile context for materialising one saved event, built the same way on the device and on the server so
// both derive the same entities (and ids) from the same data: the user's other accounts and recurring items, the
// baseline's event ids, the resolved assumptions and the mapping from compiler category hints to the user's categories.
import type { Category } from '../model/account';
import { resolveAssumptions, type AssumptionsInput } from '../model/assumptions';
import type { CompileContext } from '../primitives';
import { toContextAccount, toContextRecurringItem } from '../simulate/forecast';

type CategoryHintType = 'income' | 'expense';
export type CategoryResolver = (hint: string, type: CategoryHintType) => string | null;

// The compiler's category hints that are not among the default names, mapped to the closest default.
const CATEGORY_ALIASES: Record<string, string> = {
  housing: 'Mortgage repayments',
  children: 'Childcare',
  'gifts and inheritance': 'Other income',
};

/** Maps a compiler hint to one of the user's categories: same name, an alias, else Other income / Other. */
export function categoryResolver(categories: ReadonlyArray<Pick<Category, 'id' | 'name' | 'type'>>): CategoryResolver {
  const key = (type: string, name: string) => `${type}:${name.toLocaleLowerCase('en-AU')}`;
  const byName = new Map(categories.map((c) => [key(c.type, c.name), c.id]));
  const find = (name: string, type: string) => byName.get(key(type, name));
  return (hint, type) =>
    find(hint, type) ??
    find(CATEGORY_ALIASES[hint.toLocaleLowerCase('en-AU')] ?? '', type) ??
    find(type === 'income' ? 'Other income' : 'Other', type) ??
    null;
}

type ContextSources = {
  event: { id: string; name: string; trigger_month: string };
  scenario: { is_baseline: boolean };
  accounts: ReadonlyArray<Parameters<typeof toContextAccount>[0]>;
  recurring_items: ReadonlyArray<Parameters<typeof toContextRecurringItem>[0] & { scenario_event_id?: string | null }>;
  categories: ReadonlyArray<Pick<Category, 'id' | 'name' | 'type'>>;
  /** Ids of the events of the user's baseline scenarios: their accounts count as the user's current ones. */
  baseline_event_ids: ReadonlyArray<string>;
  /** The user's stored assumptions (null or absent: the engine's defaults). */
  assumptions: AssumptionsInput | null | undefined;
};

export type EventCompileContext = CompileContext & { resolveCategory: CategoryResolver };

/** The context to materialise `event`: everything but the event's own entities, which it regenerates. */
export function eventCompileContext(src: ContextSources): EventCompileContext {
  const own = (r: { scenario_event_id?: string | null }) => r.scenario_event_id === src.event.id;
  return {
    event_id: src.event.id,
    event_name: src.event.name,
    trigger_month: src.event.trigger_month,
    is_baseline: src.scenario.is_baseline,
    assumptions: resolveAssumptions(src.assumptions),
    accounts: src.accounts.filter((a) => !own(a)).map(toContextAccount),
    baseline_event_ids: [...src.baseline_event_ids],
    recurring_items: src.recurring_items.filter((r) => !own(r)).map(toContextRecurringItem),
    resolveCategory: categoryResolver(src.categories),
  };
}
