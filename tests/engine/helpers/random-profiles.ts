// Random profiles for the engine's property tests and the compare snapshot (fast-check arbitraries): accounts,
// recurring items, raw-primitive events, template events from the real catalogue and modifications.
import fc from 'fast-check';
import {
  ACCOUNT_TYPES,
  FREQUENCIES,
  TEMPLATES,
  dayNumber,
  defaultEventCompiler,
  validateTemplateParameters,
  dayNumberToDate,
  monthOfIndex,
  type EventCompiler,
  type Primitive,
  type Template,
  type TemplateParameter,
} from '../../../worker/engine/index';

const BASE_DAY = dayNumber(2020, 1, 1);
const date = fc.integer({ min: 0, max: 365 * 25 }).map((n) => dayNumberToDate(BASE_DAY + n));
const month = fc.integer({ min: 2020 * 12, max: 2045 * 12 }).map(monthOfIndex);
const money = fc
  .double({ min: -2e6, max: 2e6, noNaN: true, noDefaultInfinity: true })
  .map((x) => Math.round(x * 100) / 100);
const small = fc
  .double({ min: -20000, max: 20000, noNaN: true, noDefaultInfinity: true })
  .map((x) => Math.round(x * 100) / 100);
const rate = fc.double({ min: -30, max: 40, noNaN: true, noDefaultInfinity: true });
const freq = fc.constantFrom(...FREQUENCIES);
const accType = fc.constantFrom(...ACCOUNT_TYPES);

const account = (i: number) =>
  fc.record({
    id: fc.constant(`a${i}`),
    name: fc.constant(`Account ${i}`),
    account_type: accType,
    current_balance: money,
    is_asset: fc.boolean(),
    annual_rate: fc.option(rate, { nil: undefined }),
  });

const ref = fc.constantFrom('a0', 'a1', 'a2', 'a3', '@cash', 'k0', 'k1', 'missing');
const schedule = fc.oneof(
  fc.record({ type: fc.constant('once' as const), date }),
  fc.record({
    type: fc.constant('recurring' as const),
    frequency: freq,
    start_date: date,
    end_date: fc.option(date, { nil: null }),
  }),
);
const taxTag = fc.option(
  fc.oneof(
    fc.record({
      kind: fc.constantFrom('salary' as const, 'ppl' as const),
      taxpayer: fc.constantFrom('p1', 'p2'),
      super_account: fc.option(ref, { nil: undefined }),
    }),
    fc.record({
      kind: fc.constant('ppl' as const),
      taxpayer: fc.constantFrom('p1', 'p2'),
      super_account: fc.option(ref, { nil: undefined }),
      birth_date: date,
    }),
    fc.record({
      kind: fc.constantFrom('assessable' as const, 'deductible' as const),
      taxpayer: fc.constantFrom('p1', 'p2'),
    }),
    fc.record({
      kind: fc.constant('salary_sacrifice' as const),
      taxpayer: fc.constantFrom('p1', 'p2'),
      super_account: ref,
    }),
  ),
  { nil: undefined },
);

const primitive: fc.Arbitrary<Primitive> = fc.oneof(
  fc.record({
    kind: fc.constant('account' as const),
    key: fc.constantFrom('k0', 'k1'),
    name: fc.constantFrom('Car', 'House', 'Loan'),
    account_type: accType,
    is_asset: fc.boolean(),
    opening_balance: fc.double({ min: 0, max: 2e6, noNaN: true }),
    opens: fc.option(month, { nil: undefined }),
    annual_rate: fc.option(rate, { nil: undefined }),
  }),
  fc.record({
    kind: fc.constant('flow' as const),
    key: fc.constantFrom('f0', 'f1', 'f2'),
    name: fc.constant('Flow'),
    account: ref,
    amount: small,
    schedule,
    indexation_rate: fc.option(fc.double({ min: -5, max: 10, noNaN: true }), { nil: undefined }),
    tax: taxTag,
  }),
  fc.record({
    kind: fc.constant('transfer' as const),
    key: fc.constant('t'),
    name: fc.constant('Transfer'),
    from: ref,
    to: ref,
    amount: fc.oneof(fc.constant('all' as const), small),
    schedule,
  }),
  fc.record({
    kind: fc.constant('loan' as const),
    key: fc.constant('l'),
    account: ref,
    annual_rate: fc.double({ min: 0, max: 20, noNaN: true }),
    start: month,
    term_months: fc.integer({ min: 1, max: 480 }),
    interest_only_months: fc.option(fc.integer({ min: 0, max: 120 }), { nil: undefined }),
    repayment_from: ref,
    fixed_repayment: fc.option(fc.double({ min: 0, max: 10000, noNaN: true }), { nil: undefined }),
    deductible_share: fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: undefined }),
    taxpayer: fc.option(fc.constantFrom('p1', 'p2'), { nil: undefined }),
    deductible_until: fc.option(date, { nil: undefined }),
  }),
  fc.record({
    kind: fc.constant('tax_adjustment' as const),
    key: fc.constant('tax'),
    name: fc.constant('Tax adjustment'),
    taxpayer: fc.constantFrom('p1', 'p2'),
    amount: small,
    schedule,
  }),
  fc.record({
    kind: fc.constant('adjust_flow' as const),
    key: fc.constant('adj'),
    target: fc.constantFrom('r0', 'r1', 'f0', 'f1', 'none'),
    from: date,
    amount: fc.option(small, { nil: undefined }),
    end_date: fc.option(date, { nil: null }),
  }),
);

const recurring = (i: number) =>
  fc.record({
    id: fc.constant(`r${i}`),
    name: fc.constant(`Item ${i}`),
    amount: small,
    frequency: freq,
    start_date: date,
    end_date: fc.option(date, { nil: null }),
    account_id: ref,
    category_id: fc.constant('c'),
    is_active: fc.boolean(),
  });

const modification = (i: number) =>
  fc.oneof(
    fc.record({
      id: fc.constant(`m${i}`),
      modification_type: fc.constant('add_recurring' as const),
      target_id: fc.constant(null),
      modification_data: fc.record({
        name: fc.constant('Added'),
        amount: small,
        frequency: freq,
        start_date: date,
        end_date: fc.option(date, { nil: null }),
        account_id: ref,
        category_id: fc.constant('c'),
      }),
    }),
    fc.record({
      id: fc.constant(`m${i}`),
      modification_type: fc.constant('modify_recurring' as const),
      target_id: fc.constantFrom('r0', 'r1', 'r2', 'x'),
      modification_data: fc.record({ amount: small }),
    }),
    fc.record({
      id: fc.constant(`m${i}`),
      modification_type: fc.constant('add_one_time' as const),
      target_id: fc.constant(null),
      modification_data: fc.record({
        date,
        amount: small,
        description: fc.constant('One-off'),
        account_id: ref,
        category_id: fc.constant('c'),
      }),
    }),
    fc.record({
      id: fc.constant(`m${i}`),
      modification_type: fc.constant('modify_account' as const),
      target_id: fc.constantFrom('a0', 'a1', 'x'),
      modification_data: fc.record({ balance: money }),
    }),
  );

const event = (scenario: string, i: number) =>
  fc.record({
    id: fc.constant(`${scenario}-e${i}`),
    scenario_id: fc.constant(scenario),
    name: fc.constant(`Event ${i}`),
    trigger_month: month,
    template_id: fc.constant('raw'),
    template_parameters: fc.record({ primitives: fc.array(primitive, { maxLength: 6 }) }),
  });

/** A random value for one template parameter, within its declared range (amounts skewed small). */
function paramValue(p: TemplateParameter): fc.Arbitrary<unknown> {
  switch (p.type) {
    case 'decimal':
    case 'integer': {
      const min = p.min_value ?? 0;
      const max = Math.min(p.max_value ?? 1e6, min + 3e6);
      return fc.double({ min: 0, max: 1, noNaN: true }).map((u) => {
        const x = min + (max - min) * u ** 3;
        return p.type === 'integer' ? Math.round(x) : Math.round(x * 100) / 100;
      });
    }
    case 'boolean':
      return fc.boolean();
    case 'select':
      return fc.constantFrom(...(p.options ?? []).map((o) => o.value));
    case 'date':
      return date;
    case 'recurring_item':
      return fc.constantFrom('r0', 'r1', 'r2', null);
    case 'text':
      return p.name.includes('account_id') ? fc.constantFrom('a0', 'a1', 'a2', 'a3', null) : fc.constant('Thing');
  }
}

const templateEvent = (scenario: string, i: number, templates: Template[]) =>
  fc.constantFrom(...templates).chain((t) =>
    fc.record({
      id: fc.constant(`${scenario}-t${i}`),
      scenario_id: fc.constant(scenario),
      name: fc.constant(t.name),
      trigger_month: month,
      template_id: fc.constant(t.template_id),
      template_parameters: fc.record(Object.fromEntries(t.parameters.map((p) => [p.name, paramValue(p)]))),
    }),
  );

export const CATALOGUE = TEMPLATES.filter((t) => t.template_id !== 'baseline');
const BASELINE_CATALOGUE = CATALOGUE.filter((t) => t.supports_baseline);

export const kept = new Map<string, number>();

/** Template events whose random parameters pass the catalogue's own validation (others are dropped). */
export function valid<
  T extends { template_id: string; template_parameters: Record<string, unknown>; trigger_month: string },
>(events: T[], isBaseline: boolean): T[] {
  return events.filter((e) => {
    const t = TEMPLATES.find((x) => x.template_id === e.template_id) as Template;
    const ok =
      validateTemplateParameters(t, e.template_parameters, { is_baseline: isBaseline, trigger_month: e.trigger_month })
        .length === 0;
    if (ok) kept.set(e.template_id, (kept.get(e.template_id) ?? 0) + 1);
    return ok;
  });
}

export const profileArb = fc
  .record({
    nAccounts: fc.integer({ min: 0, max: 4 }),
    nItems: fc.integer({ min: 0, max: 3 }),
  })
  .chain(({ nAccounts, nItems }) =>
    fc.record({
      as_of: fc.integer({ min: 365 * 4, max: 365 * 15 }).map((n) => dayNumberToDate(BASE_DAY + n)),
      years: fc.integer({ min: 1, max: 30 }),
      accounts: fc.tuple(...Array.from({ length: nAccounts }, (_, i) => account(i))),
      recurring_items: fc.tuple(...Array.from({ length: nItems }, (_, i) => recurring(i))),
      baselineEvents: fc.array(event('s0', 0), { maxLength: 1 }),
      events: fc.tuple(event('s1', 0), event('s1', 1)).map((e) => e.slice(0, 2)),
      templateEvents: fc
        .array(templateEvent('s1', 0, CATALOGUE), { maxLength: 3 })
        .map((es) => es.map((e, i) => ({ ...e, id: `s1-t${i}` }))),
      baselineTemplateEvents: fc
        .array(templateEvent('s0', 0, BASELINE_CATALOGUE), { maxLength: 2 })
        .map((es) => es.map((e, i) => ({ ...e, id: `s0-t${i}` }))),
      modifications: fc.tuple(modification(0), modification(1), modification(2)),
      assumptions: fc.record({
        account_type_rates: fc.record({
          checking: rate,
          savings: rate,
          property: rate,
          mortgage: fc.double({ min: 0, max: 25, noNaN: true }),
        }),
      }),
    }),
  );

/** Raw-primitive events carry their primitives; template events go through the real catalogue. */
export const mixed: EventCompiler = (e, ctx) =>
  e.template_id === 'raw' ? ((e.template_parameters.primitives ?? []) as Primitive[]) : defaultEventCompiler(e, ctx);

export type RandomProfile = typeof profileArb extends fc.Arbitrary<infer P> ? P : never;

/** The two-scenario profile (base and one what-if) the property test forecasts from one random draw. */
export function toProfile(p: RandomProfile) {
  return {
    assumptions: p.assumptions,
    accounts: p.accounts,
    recurring_items: p.recurring_items,
    scenarios: [
      {
        id: 's0',
        name: 'Baseline',
        is_baseline: true,
        events: [...p.baselineEvents, ...valid(p.baselineTemplateEvents, true)],
        modifications: [],
      },
      {
        id: 's1',
        name: 'What if',
        is_baseline: false,
        events: [...p.events, ...valid(p.templateEvents, false)],
        modifications: p.modifications,
      },
    ],
  };
}
