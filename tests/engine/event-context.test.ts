// The event compile context and regeneration plan shared by the device's repositories and the API server.
import { describe, expect, it } from 'vitest';
import { categoryResolver, eventCompileContext, eventEntityChanges, sameRecord } from '../../worker/engine/index';

const categories = [
  { id: 'c-salary', name: 'Salary', type: 'income' as const },
  { id: 'c-other-income', name: 'Other income', type: 'income' as const },
  { id: 'c-mortgage', name: 'Mortgage repayments', type: 'expense' as const },
  { id: 'c-other', name: 'Other', type: 'expense' as const },
];

describe('categoryResolver', () => {
  it('matches by name (any case), then alias, then the Other fallback of the same type', () => {
    const resolve = categoryResolver(categories);
    expect(resolve('salary', 'income')).toBe('c-salary');
    expect(resolve('Housing', 'expense')).toBe('c-mortgage');
    expect(resolve('Gifts and inheritance', 'income')).toBe('c-other-income');
    expect(resolve('Boats', 'expense')).toBe('c-other');
    expect(resolve('Salary', 'expense')).toBe('c-other');
    expect(categoryResolver([])('Salary', 'income')).toBeNull();
  });
});

describe('eventCompileContext', () => {
  it('leaves out the entities the event itself made and resolves the assumptions', () => {
    const account = (id: string, scenario_event_id: string | null) => ({
      id,
      name: id,
      account_type: 'savings' as const,
      current_balance: 100,
      is_asset: true,
      scenario_event_id,
    });
    const ctx = eventCompileContext({
      event: { id: 'e1', name: 'Buy a home', trigger_month: '2027-03' },
      scenario: { is_baseline: false },
      accounts: [account('mine', null), account('made-by-e1', 'e1'), account('made-by-e2', 'e2')],
      recurring_items: [],
      categories,
      baseline_event_ids: ['b1'],
      assumptions: null,
    });
    expect(ctx.accounts.map((a) => a.id)).toEqual(['mine', 'made-by-e2']);
    expect(ctx.baseline_event_ids).toEqual(['b1']);
    expect(ctx.assumptions.inflation_rate).toBeGreaterThan(0);
    expect(ctx.resolveCategory('Salary', 'income')).toBe('c-salary');
  });
});

describe('eventEntityChanges', () => {
  it('writes new and changed rows, leaves unchanged ones (updated_at aside) and removes vanished ones', () => {
    const before = [
      { id: 'a', v: 1, updated_at: 't0' },
      { id: 'b', v: 2, updated_at: 't0' },
      { id: 'c', v: 3, updated_at: 't0' },
    ];
    const after = [
      { id: 'a', v: 1, updated_at: 't1' },
      { id: 'b', v: 20, updated_at: 't1' },
      { id: 'd', v: 4, updated_at: 't1' },
    ];
    const changes = eventEntityChanges(before, after);
    expect(changes.put).toEqual([
      { row: after[1], created: false },
      { row: after[2], created: true },
    ]);
    expect(changes.remove).toEqual(['c']);
  });

  it('treats absent and undefined fields alike', () => {
    expect(sameRecord({ id: 'x', note: undefined }, { id: 'x' })).toBe(true);
    expect(sameRecord({ id: 'x', note: null }, { id: 'x' })).toBe(false);
  });
});
