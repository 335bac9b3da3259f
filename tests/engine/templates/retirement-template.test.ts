// The retirement template: the person, a retirement age from their birth date, the account-based pension
// (a `retirement` primitive for the simulator) and what Smart Create reads (docs/templates.md).
import { describe, expect, it } from 'vitest';
import { DEFAULT_ASSUMPTIONS, type Primitive } from '../../../worker/engine/index';
import { getTemplate } from '../../../worker/engine/templates/catalogue';
import { compileEvent } from '../../../worker/engine/templates/compile';
import { withDefaults } from '../../../worker/engine/templates/parameters';
import { identifyTemplatesFromPrompt } from '../../../worker/engine/smart-create/identify';
import { makeContext } from './context';

function compile(params: Record<string, unknown>, people?: unknown): Primitive[] {
  const t = getTemplate('retirement')!;
  const filled = withDefaults(t, { salary_item: 'ri-salary', ...params }, { is_baseline: false });
  const assumptions = people ? ({ ...DEFAULT_ASSUMPTIONS, people } as typeof DEFAULT_ASSUMPTIONS) : DEFAULT_ASSUMPTIONS;
  return compileEvent(
    {
      id: 'ev-1',
      name: 'Retire',
      scenario_id: 'sc',
      template_id: 'retirement',
      trigger_month: '2027-03',
      template_parameters: filled,
    } as never,
    makeContext({ assumptions }),
  );
}

const byKind = (ps: Primitive[], kind: Primitive['kind']) => ps.filter((p) => p.kind === kind);

describe('retirement template', () => {
  it('starts an account-based pension by default, on the event month without a birth date', () => {
    const ps = compile({});
    expect(byKind(ps, 'retirement')).toEqual([
      {
        kind: 'retirement',
        key: 'ev-1:retirement',
        person: 'self',
        date: '2027-03-01',
        super_account: 'acc-super',
        pension: { pay_to: '@cash' },
      },
    ]);
    expect(byKind(compile({ start_pension: false }), 'retirement')[0]).not.toHaveProperty('pension');
  });

  it('retires on the birthday at the chosen age when the birth date is known', () => {
    const people = [
      { id: 'self', name: 'Sam', birth_date: '1965-08-20' },
      { id: 'partner', name: 'Alex', birth_date: '1963-02-10' },
    ];
    const ps = compile({ retirement_age: 65, person: 'partner' }, people);
    expect(byKind(ps, 'retirement')[0]).toMatchObject({ person: 'partner', date: '2028-02-10' });
    // The salary stops the day before; drawdowns start the next month's first day.
    expect(byKind(ps, 'adjust_flow')[0]).toMatchObject({ end_date: '2028-02-09' });
    expect(ps.find((p) => p.key === 'ev-1:drawdown_1')).toMatchObject({
      schedule: { start_date: '2028-03-01', end_date: '2029-02-28' },
    });
    // Without the birth date the age cannot be placed: the event month stands.
    expect(byKind(compile({ retirement_age: 65 }), 'retirement')[0]).toMatchObject({ date: '2027-03-01' });
  });

  it('Smart Create reads "retire at 65" and a partner retiring', () => {
    const read = (prompt: string) =>
      identifyTemplatesFromPrompt(prompt, { today: '2026-11-21' }).templates.find(
        (t) => t.template_id === 'retirement',
      );
    expect(read('I want to retire at 65')?.parameters).toMatchObject({ retirement_age: 65 });
    expect(read('retire at age 60 on $60k a year')?.parameters).toMatchObject({
      retirement_age: 60,
      annual_drawdown: 60_000,
    });
    expect(read('my partner retires in 2030')?.parameters).toMatchObject({ person: 'partner' });
  });
});
