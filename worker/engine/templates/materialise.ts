// The user-visible entities an event creates, from the same compiler the forecast uses: its account
// primitives become Accounts and its recurring flows become Recurring items (scenario_event_id set), with
// ids derived deterministically from the event id and the primitive key.
import {
  PRIMARY_CASH,
  type AccountRef,
  type CompileContext,
  type PrimitiveAccount,
  type PrimitiveFlow,
} from '../primitives';
import type { Account } from '../model/account';
import type { RecurringItem } from '../model/recurring-item';
import { compileEvent, type EventToCompile } from './compile';
import { primaryCashAccount } from '../primary-cash';
import type { TemplateContext } from './helpers';
import { eventEntityId } from './entity-id';

export type CategoryHint = { name: string; type: 'income' | 'expense' };

export type MaterialisedEvent = {
  accounts: Account[];
  recurring_items: RecurringItem[];
  /**
   * For each recurring item id, the category the compiler suggests ('Salary', 'Childcare', ...). When ctx has
   * resolveCategory, its answer is already in category_id; otherwise category_id is '' and the caller maps
   * these hints to the user's categories.
   */
  category_hints: Record<string, CategoryHint>;
};

const HINT_PREFIX = '\u0000hint:';

/**
 * The main cash account's id as the simulator resolves PRIMARY_CASH (primary-cash.ts): the first unlinked
 * asset checking, else savings account; else the same among accounts other events materialised (the
 * simulator's fallback to event accounts); else '' (the simulator's synthetic cash account).
 */
function primaryCashId(ctx: CompileContext): string {
  const unlinked = primaryCashAccount(ctx.accounts);
  if (unlinked) return unlinked.id;
  return primaryCashAccount(ctx.accounts.map((a) => ({ ...a, scenario_event_id: null })))?.id ?? '';
}

/**
 * The accounts and recurring items an event creates. Accounts carry scenario_event_id = event.id, their
 * balance at as_of (liabilities negative: the amount owed is |current_balance|) and their annual_rate.
 * Only recurring flows become recurring items (one-off flows and transfers are not recurring items); an
 * indexed flow shows its first amount. Throws like compileEvent on an unknown template or bad month.
 */
export function materialiseEvent(event: EventToCompile, ctx: CompileContext | TemplateContext): MaterialisedEvent {
  const callerResolver = 'resolveCategory' in ctx ? ctx.resolveCategory : undefined;
  const recording: TemplateContext = { ...ctx, resolveCategory: (hint, type) => `${HINT_PREFIX}${type}:${hint}` };
  const primitives = compileEvent(event, recording);

  const ids = new Map<AccountRef, string>();
  const cash = primaryCashId(ctx);
  const refToId = (ref: AccountRef): string => (ref === PRIMARY_CASH ? cash : (ids.get(ref) ?? ref));

  const accounts: Account[] = [];
  for (const p of primitives) {
    if (p.kind !== 'account') continue;
    const a: PrimitiveAccount = p;
    const id = eventEntityId(event.id, a.key);
    ids.set(a.key, id);
    accounts.push({
      id,
      name: a.name,
      account_type: a.account_type,
      current_balance: a.is_asset ? a.opening_balance : a.opening_balance === 0 ? 0 : -a.opening_balance,
      institution: a.institution ?? null,
      is_asset: a.is_asset,
      scenario_event_id: event.id,
      annual_rate: a.annual_rate ?? null,
    });
  }

  const recurringItems: RecurringItem[] = [];
  const hints: Record<string, CategoryHint> = {};
  for (const p of primitives) {
    if (p.kind !== 'flow' || p.schedule.type !== 'recurring') continue;
    const f: PrimitiveFlow = p;
    const id = eventEntityId(event.id, f.key);
    let categoryId = f.category_id ?? '';
    if (categoryId.startsWith(HINT_PREFIX)) {
      const rest = categoryId.slice(HINT_PREFIX.length);
      const type = rest.startsWith('income:') ? 'income' : 'expense';
      const name = rest.slice(type.length + 1);
      hints[id] = { name, type };
      categoryId = callerResolver?.(name, type) ?? '';
    }
    recurringItems.push({
      id,
      name: f.name,
      amount: f.amount,
      frequency: p.schedule.frequency,
      start_date: p.schedule.start_date,
      end_date: p.schedule.end_date,
      account_id: refToId(f.account),
      category_id: categoryId,
      is_active: true,
      scenario_event_id: event.id,
      // Taxed income belongs to its taxpayer; 'self' is the default and left out.
      ...(f.tax?.taxpayer === 'partner' ? { person_id: 'partner' as const } : {}),
    });
  }
  return { accounts, recurring_items: recurringItems, category_hints: hints };
}
