// The compile context for materialising one saved event, built the same way on the device and on the server so
// both derive the same entities (and ids) from the same data: the user's other accounts and recurring items, the
// baseline's event ids, the resolved assumptions and the mapping from compiler category hints to the user's categories.
import type { Category } from '../model/account';
import { resolveAssumptions, type AssumptionsInput } from '../model/assumptions';
import type { AccountFigures, CompileContext } from '../primitives';

type ContextAccountSource = Omit<CompileContext['accounts'][number], 'annual_rate' | 'scenario_event_id'> & {
  annual_rate?: number | null;
  scenario_event_id?: string | null;
};
type ContextItemSource = Omit<CompileContext['recurring_items'][number], 'end_date'> & { end_date?: string | null };

/** An account's own figures: what the simulator starts a base account from. */
export function toAccountFigures(a: ContextAccountSource): AccountFigures {
  return {
    id: a.id,
    name: a.name,
    account_type: a.account_type,
    is_asset: a.is_asset,
    current_balance: a.current_balance,
    annual_rate: a.annual_rate ?? null,
  };
}

/** What a template compiler sees of an account (shared by the forecast and the app's event materialisation). */
export function toContextAccount(a: ContextAccountSource): CompileContext['accounts'][number] {
  // toAccountFigures' fields written out, not spread: a compare makes one per account, and the spread showed in
  // its profiles at about 3 microseconds each.
  return {
    id: a.id,
    name: a.name,
    account_type: a.account_type,
    is_asset: a.is_asset,
    current_balance: a.current_balance,
    annual_rate: a.annual_rate ?? null,
    scenario_event_id: a.scenario_event_id ?? null,
  } satisfies AccountFigures & { scenario_event_id: string | null };
}

/** What a template compiler sees of a recurring item. */
export function toContextRecurringItem(r: ContextItemSource): CompileContext['recurring_items'][number] {
  return {
    id: r.id,
    name: r.name,
    amount: r.amount,
    frequency: r.frequency,
    start_date: r.start_date,
    end_date: r.end_date ?? null,
    account_id: r.account_id,
    category_id: r.category_id,
    is_active: r.is_active,
  };
}

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

/** Same record apart from updated_at (and absent fields): an unchanged regeneration writes nothing. */
export function sameRecord(a: object, b: object): boolean {
  const strip = (o: object) =>
    JSON.stringify(
      Object.entries(o)
        .filter(([k, v]) => k !== 'updated_at' && v !== undefined)
        .sort(([x], [y]) => (x < y ? -1 : 1)),
    );
  return strip(a) === strip(b);
}

/** One entity table's part of saving an event: rows to write (new or changed) and ids to remove. */
export type EntityChanges<T> = { put: Array<{ row: T; created: boolean }>; remove: string[] };

/**
 * What re-saving an event changes among the entities it made, given the ones it made before and the ones it makes
 * now: unchanged rows are left alone, so the device and the server record the same (minimal) changes.
 */
export function eventEntityChanges<T extends { id: string }>(
  before: ReadonlyArray<T>,
  after: ReadonlyArray<T>,
): EntityChanges<T> {
  const old = new Map(before.map((r) => [r.id, r]));
  const put: EntityChanges<T>['put'] = [];
  for (const row of after) {
    const previous = old.get(row.id);
    old.delete(row.id);
    if (!previous || !sameRecord(previous, row)) put.push({ row, created: !previous });
  }
  return { put, remove: [...old.keys()] };
}
