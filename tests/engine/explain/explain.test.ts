// Explain this number: for every month of several profiles (salary with super, a first home with duty and a
// grant, an investment property geared and a home sold with a capital gain, raw primitives at random) the
// breakdown's parts add up to the month's cash_flow and capital_growth to the cent, and tracing a month
// changes nothing the forecast computes (docs/forecast-engine.md, The breakdown).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ASSUMPTIONS,
  EngineInputError,
  simulate,
  type Assumptions,
  compareScenarios,
  createTraceLog,
  dayNumber,
  dayNumberToDate,
  explainMonth,
  explainMonths,
  explainScenariosMonth,
  explainTrace,
  financialYearLabel,
  forecast,
  forecastPrepared,
  monthIndexOf,
  monthOfIndex,
  prepareProfile,
  defaultEventCompiler,
  taxRulesUsed,
  type EventCompiler,
  type ExplainFigure,
  type MonthExplanation,
  type Primitive,
  type ProfileInput,
} from '../../../worker/engine/index';
import { AS_OF, firstHomeProfile, householdProfile, investorProfile, salaryProfile } from './profiles';

const YEARS = 5;
const monthAt = (step: number) => monthOfIndex(monthIndexOf(AS_OF) + step);
const toCents = (x: number) => Math.round(x * 100);

/** The figure's lines add up to each section's total and the sections to the figure, in whole cents. */
function expectExact(figure: ExplainFigure, snapshotFigure: number, where: string): void {
  let sum = 0;
  for (const s of figure.sections) {
    const lines = s.lines.reduce((a, l) => a + toCents(l.amount), 0);
    expect(lines, `${where} ${s.id}`).toBe(toCents(s.total));
    sum += lines;
  }
  expect(sum, where).toBe(toCents(snapshotFigure));
  expect(toCents(figure.total), where).toBe(toCents(snapshotFigure));
}

function checkEveryMonth(profile: ProfileInput): MonthExplanation[] {
  const all: MonthExplanation[] = [];
  const forecasts = new Map(
    (profile.scenarios ?? []).map((s) => [s.id, forecast(profile, { as_of: AS_OF, years: YEARS, scenario_id: s.id })]),
  );
  for (let step = 1; step <= YEARS * 12; step++) {
    const month = monthAt(step);
    for (const e of explainMonths(profile, { as_of: AS_OF, years: YEARS, month, scenario_ids: [] })) {
      const snap = forecasts.get(e.scenario_id)!.snapshots[step];
      const where = `${e.scenario_id} ${month}`;
      expect(e.complete, where).toBe(true);
      expect(e.date).toBe(snap.date);
      expect(e.closing_net_worth).toBe(snap.net_worth);
      expectExact(e.cash_flow, snap.cash_flow, `${where} cash flow`);
      expectExact(e.capital_growth, snap.capital_growth, `${where} growth`);
      expect(Math.abs(e.net_worth_change - e.cash_flow.total - e.capital_growth.total)).toBeLessThanOrEqual(0.02);
      for (const s of [...e.cash_flow.sections, ...e.capital_growth.sections])
        expect(s.lines.some((l) => l.kind === 'unexplained')).toBe(false);
      all.push(e);
    }
  }
  return all;
}

const lines = (e: MonthExplanation) => [...e.cash_flow.sections, ...e.capital_growth.sections].flatMap((s) => s.lines);
const section = (e: MonthExplanation, id: string) => e.cash_flow.sections.find((s) => s.id === id);

describe('explain this number: the parts add up exactly', () => {
  it('salary with super, salary sacrifice, savings interest, growth and depreciation: every month', () => {
    const all = checkEveryMonth(salaryProfile());
    const e = all.find((x) => x.scenario_id === 'raise' && x.month === '2027-10')!;
    const pay = section(e, 'income')!.lines.find((l) => l.label.includes('Salary'))!;
    expect(pay.person).toBe('You');
    expect(pay.amount).toBeGreaterThan(0);
    const sup = section(e, 'super')!.lines;
    expect(sup.length).toBeGreaterThanOrEqual(2); // SG and the sacrifice
    expect(sup.every((l) => l.account === 'Super fund' && /contributions tax/.test(l.note ?? ''))).toBe(true);
    expect(e.taxes).toHaveLength(1);
    expect(e.taxes[0]).toMatchObject({ person: 'You', financial_year: '2027-28' });
    expect(e.taxes[0].rule).toMatch(/^2027-28 resident rates \(income tax table from \d{4}-07-01/);
    expect(toCents(e.taxes[0].this_month)).toBe(-toCents(section(e, 'tax')!.total));
    const growth = e.capital_growth.sections[0].lines.map((l) => l.label);
    expect(growth).toEqual(expect.arrayContaining(['Super fund', 'Shares', 'Car']));
    expect(e.capital_growth.sections[0].lines.find((l) => l.label === 'Car')!.amount).toBeLessThan(0);
    expect(section(e, 'interest')!.lines.map((l) => l.label)).toEqual(
      expect.arrayContaining(['Interest earned on Savings', 'Interest earned on Loan to Sam']),
    );
  });

  it('a first home: the grant in the purchase month, then interest and principal every month', () => {
    const all = checkEveryMonth(firstHomeProfile());
    const buy = all.find((x) => x.scenario_id === 'buy' && x.month === '2027-03')!;
    const gov = section(buy, 'government')!.lines;
    expect(gov.find((l) => /grant/i.test(l.label))!.amount).toBe(10_000);
    expect(buy.transfers.some((t) => /deposit/i.test(t.label))).toBe(true);
    const later = all.find((x) => x.scenario_id === 'buy' && x.month === '2028-05')!;
    expect(later.loans).toHaveLength(1);
    const loan = later.loans[0];
    expect(toCents(loan.interest) + toCents(loan.principal)).toBe(toCents(loan.repayment));
    const interestLine = section(later, 'interest')!.lines.find((l) => l.account === loan.loan)!;
    expect(interestLine.amount).toBe(-loan.interest);
    expect(later.transfers.find((t) => t.kind === 'repayment')!.amount).toBe(loan.repayment);
    expect(lines(later).find((l) => l.kind === 'growth' && /home/i.test(l.label))!.amount).toBeGreaterThan(0);
  });

  it('an investment property negatively geared and a home sold with a capital gain', () => {
    const all = checkEveryMonth(investorProfile());
    const sale = all.find((x) => x.scenario_id === 'invest' && x.month === '2029-08')!;
    const tax = sale.taxes[0];
    expect(tax.taxable_income.find((l) => l.kind === 'tax_adjustment' && /gain/i.test(l.label))!.amount).toBe(
      (1_300_000 * (1 - 0.025) - 700_000) / 2,
    );
    const deductible = tax.taxable_income.find((l) => l.kind === 'deductible_interest')!;
    expect(deductible.amount).toBeLessThan(0);
    expect(tax.taxable_income.reduce((a, l) => a + toCents(l.amount), 0)).toBe(toCents(tax.taxable_this_month));
    expect(sale.transfers.map((t) => t.label)).toEqual(expect.arrayContaining(['Sale of Home']));
    const ip = sale.loans.find((l) => /Investment/.test(l.loan))!;
    expect(ip.deductible_interest).toBe(ip.interest);
    expect(ip.person).toBe('You');
    const purchase = all.find((x) => x.scenario_id === 'invest' && x.month === '2027-02')!;
    expect(section(purchase, 'government')!.lines.find((l) => /duty/.test(l.label))!.amount).toBeLessThan(-20_000);
    const bonus = all.find((x) => x.scenario_id === 'invest' && x.month === '2028-04')!;
    expect(section(bonus, 'income')!.lines.find((l) => l.label === 'Bonus')!.amount).toBe(12_000);
  });

  it('a named couple: tax per person, the offset saving on the mortgage, the partner repaying HELP', () => {
    const all = checkEveryMonth(householdProfile());
    const e = all.find((x) => x.scenario_id === 'study' && x.month === '2027-09')!;
    expect(e.taxes.map((t) => t.person).sort()).toEqual(['Alex', 'Sam']);
    const sam = e.taxes.find((t) => t.person === 'Sam')!;
    expect(sam.help_repayment).toBeGreaterThan(0);
    expect(e.transfers.find((t) => t.kind === 'help_repayment')).toMatchObject({ label: 'HELP repayment: Sam' });
    expect(
      section(e, 'tax')!
        .lines.map((l) => l.label)
        .sort(),
    ).toEqual(['Tax: Alex', 'Tax: Sam']);
    expect(
      section(e, 'income')!
        .lines.filter((l) => /Salary/.test(l.label))
        .map((l) => l.person)
        .sort(),
    ).toEqual(['Alex', 'Sam']);
    const loan = e.loans.find((l) => l.loan === 'Home loan')!;
    expect(loan.offset_saving).toBeGreaterThan(0);
    expect(toCents(loan.interest) + toCents(loan.principal)).toBe(toCents(loan.repayment));
    // The offset account's balance earns no interest of its own: it saves the loan's instead.
    expect(section(e, 'interest')!.lines.some((l) => l.account === 'Offset')).toBe(false);
  });

  it('tracing a month changes no figure of the forecast', () => {
    const profile = investorProfile();
    const prepared = prepareProfile(profile, defaultEventCompiler);
    const options = { as_of: AS_OF, years: YEARS };
    const plain = forecastPrepared(prepared, 'invest', options);
    for (const step of [1, 4, 33, 60]) {
      const log = createTraceLog(step);
      expect(forecastPrepared(prepared, 'invest', options, undefined, log).snapshots).toEqual(plain.snapshots);
      expect(log.context?.step).toBe(step);
      expect(log.entries.length).toBeGreaterThan(0);
    }
  });

  it('one scenario, the base, and bad months and ids', () => {
    const profile = salaryProfile();
    const one = explainMonth(profile, { as_of: AS_OF, years: 2, month: '2027-01', scenario_id: 'raise' });
    expect(one.scenario_id).toBe('raise');
    expect(one.step).toBe(2);
    expect(
      explainMonth({ accounts: [], recurring_items: [], scenarios: [] }, { as_of: AS_OF, years: 1, month: '2026-12' }),
    ).toMatchObject({ scenario_id: 'base', cash_flow: { total: 0, sections: [] }, complete: true });
    const bad = (month: string) => () => explainMonth(profile, { as_of: AS_OF, years: 2, month });
    expect(bad('2026-11')).toThrow(/from 2026-12 to 2028-11/);
    expect(bad('2028-12')).toThrow(EngineInputError);
    expect(bad('2027-13')).toThrow(EngineInputError);
    try {
      bad('2030-01')();
    } catch (err) {
      expect((err as EngineInputError).errors[0].path).toBe('$options.month');
    }
    expect(() => explainMonths(profile, { as_of: AS_OF, years: 2, month: '2027-01', scenario_ids: ['nope'] })).toThrow(
      /no scenario with id "nope"/,
    );
  });

  it('names the financial year and the dated tables the tax used', () => {
    expect(financialYearLabel('2026-06-30')).toBe('2025-26');
    expect(financialYearLabel('2026-07-31')).toBe('2026-27');
    expect(financialYearLabel('2099-12-31')).toBe('2099-00');
    const rules = taxRulesUsed('2026-08-31');
    expect(rules.financial_year).toBe('2026-27');
    expect(rules.tables.income_tax <= '2026-07-01').toBe(true);
    expect(rules.rule).toContain('Medicare levy from');
  });
});

// Random raw primitives (the simulator's whole contract) in a random month: the breakdown is complete.
const BASE_DAY = dayNumber(2024, 1, 1);
const date = fc.integer({ min: 0, max: 365 * 8 }).map((n) => dayNumberToDate(BASE_DAY + n));
const month = fc.integer({ min: 2024 * 12, max: 2031 * 12 }).map(monthOfIndex);
const amount = fc.double({ min: -20000, max: 20000, noNaN: true }).map((x) => Math.round(x * 100) / 100);
const ref = fc.constantFrom('a0', 'a1', 'a2', 'a3', '@cash', 'k0');
const schedule = fc.oneof(
  fc.record({ type: fc.constant('once' as const), date }),
  fc.record({
    type: fc.constant('recurring' as const),
    frequency: fc.constantFrom('weekly', 'fortnightly', 'monthly', 'quarterly', 'yearly' as const),
    start_date: date,
    end_date: fc.option(date, { nil: null }),
  }),
);
const taxTag = fc.option(
  fc.oneof(
    fc.record({
      kind: fc.constantFrom('salary' as const, 'ppl' as const),
      taxpayer: fc.constantFrom('self', 'partner'),
      super_account: fc.option(ref, { nil: undefined }),
    }),
    fc.record({ kind: fc.constantFrom('assessable' as const, 'deductible' as const), taxpayer: fc.constant('self') }),
    fc.record({ kind: fc.constant('salary_sacrifice' as const), taxpayer: fc.constant('self'), super_account: ref }),
  ),
  { nil: undefined },
);
const primitive: fc.Arbitrary<Primitive> = fc.oneof(
  fc.record({
    kind: fc.constant('account' as const),
    key: fc.constant('k0'),
    name: fc.constant('Event account'),
    account_type: fc.constantFrom('property', 'investment', 'superannuation', 'savings', 'loan', 'mortgage' as const),
    is_asset: fc.boolean(),
    opening_balance: fc.double({ min: 0, max: 1e6, noNaN: true }),
    opens: fc.option(month, { nil: undefined }),
    annual_rate: fc.option(fc.double({ min: -20, max: 20, noNaN: true }), { nil: undefined }),
  }),
  fc.record({
    kind: fc.constant('flow' as const),
    key: fc.constantFrom('f0', 'f1'),
    name: fc.constantFrom('Flow A', 'Flow B'),
    account: ref,
    amount,
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
    amount: fc.oneof(fc.constant('all' as const), amount),
    schedule,
  }),
  fc.record({
    kind: fc.constant('loan' as const),
    key: fc.constant('l'),
    account: ref,
    annual_rate: fc.double({ min: 0, max: 15, noNaN: true }),
    start: month,
    term_months: fc.integer({ min: 1, max: 360 }),
    interest_only_months: fc.option(fc.integer({ min: 0, max: 60 }), { nil: undefined }),
    repayment_from: ref,
    deductible_share: fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: undefined }),
    taxpayer: fc.option(fc.constant('self'), { nil: undefined }),
  }),
  fc.record({
    kind: fc.constant('tax_adjustment' as const),
    key: fc.constant('x'),
    name: fc.constant('Adjustment'),
    taxpayer: fc.constantFrom('self', 'partner'),
    amount,
    schedule,
  }),
);
const accountArb = (i: number) =>
  fc.record({
    id: fc.constant(`a${i}`),
    name: fc.constant(`Account ${i}`),
    account_type: fc.constantFrom('checking', 'savings', 'property', 'investment', 'mortgage', 'credit_card' as const),
    current_balance: fc.double({ min: -1e6, max: 1e6, noNaN: true }).map((x) => Math.round(x)),
    is_asset: fc.boolean(),
    annual_rate: fc.option(fc.double({ min: -10, max: 30, noNaN: true }), { nil: undefined }),
  });
const raw: EventCompiler = (e) => (e.template_parameters.primitives ?? []) as Primitive[];

describe('explain this number over random primitives', () => {
  it('is complete and exact in a random month of every scenario', () => {
    fc.assert(
      fc.property(
        fc.tuple(accountArb(0), accountArb(1), accountArb(2), accountArb(3)),
        fc.array(primitive, { maxLength: 8 }),
        fc.array(primitive, { maxLength: 6 }),
        fc.integer({ min: 1, max: 36 }),
        (accounts, basePrims, scenarioPrims, step) => {
          const ev = (scenario: string, primitives: Primitive[]) => ({
            id: `${scenario}-e`,
            scenario_id: scenario,
            name: 'Event',
            trigger_month: '2026-12',
            template_id: 'raw',
            template_parameters: { primitives },
          });
          const profile = {
            accounts,
            recurring_items: [],
            scenarios: [
              { id: 's0', name: 'Base', is_baseline: true, events: [ev('s0', basePrims)], modifications: [] },
              { id: 's1', name: 'What if', is_baseline: false, events: [ev('s1', scenarioPrims)], modifications: [] },
            ],
          };
          const options = { as_of: AS_OF, years: 3, month: monthAt(step), scenario_ids: [] };
          const cmp = compareScenarios(profile, { ...options }, raw);
          for (const e of explainScenariosMonth(profile, options, raw)) {
            const snap = cmp.scenarios.find((s) => s.scenario_id === e.scenario_id)!.snapshots[step];
            expect(e.complete).toBe(true);
            expectExact(e.cash_flow, snap.cash_flow, e.scenario_id);
            expectExact(e.capital_growth, snap.capital_growth, e.scenario_id);
          }
        },
      ),
      { numRuns: 300, seed: 20261123 },
    );
  });
});

// Super through to retirement (caps, Division 293, an account-based pension and the Age Pension) at the
// simulator level: the people and their birth dates reach the simulator through the assumptions.
describe('explain this number in retirement', () => {
  it('every month: salary and sacrifice over the cap, Division 293, the pension drawdown and the Age Pension', () => {
    const monthly = {
      type: 'recurring' as const,
      frequency: 'monthly' as const,
      start_date: '2026-07-01',
      end_date: null,
    };
    const until = (end: string) => ({ ...monthly, end_date: end });
    const spec = {
      as_of: '2026-06-15',
      years: 3,
      assumptions: {
        ...DEFAULT_ASSUMPTIONS,
        people: [{ id: 'self', name: 'Sam', birth_date: '1959-01-15' }],
      } as unknown as Assumptions,
      accounts: [
        { id: 'cash', name: 'Everyday', account_type: 'checking' as const, is_asset: true, current_balance: 20_000 },
        {
          id: 'super',
          name: 'Super',
          account_type: 'superannuation' as const,
          is_asset: true,
          current_balance: 450_000,
        },
      ],
      base: [],
      groups: [
        {
          scope: 'ev',
          primitives: [
            {
              kind: 'flow',
              key: 'salary',
              name: 'Salary',
              account: 'cash',
              amount: 25_000,
              schedule: until('2027-09-30'),
              tax: { kind: 'salary', taxpayer: 'self', super_account: 'super' },
            },
            {
              kind: 'flow',
              key: 'sacrifice',
              name: 'Salary sacrifice',
              account: 'cash',
              // 36,000 SG + 48,000 a year: over the cap by more than 2025-26's unused 30,000 (the year containing
              // as_of, counted from the plan), so 2026-27 has an excess.
              amount: -4_000,
              schedule: until('2027-09-30'),
              tax: { kind: 'salary_sacrifice', taxpayer: 'self', super_account: 'super' },
            },
            { kind: 'flow', key: 'living', name: 'Living costs', account: 'cash', amount: -4_000, schedule: monthly },
            {
              kind: 'retirement',
              key: 'retire',
              person: 'self',
              date: '2027-10-01',
              super_account: 'super',
              pension: { pay_to: 'cash' },
            },
          ] as Primitive[],
        },
      ],
    };
    const plain = simulate(spec).snapshots;
    const seen = new Set<string>();
    for (let step = 1; step <= 36; step++) {
      const log = createTraceLog(step);
      const { snapshots } = simulate({ ...spec, trace: log });
      expect(snapshots).toEqual(plain);
      for (const e of log.entries) seen.add(e.kind);
      const explained = explainTrace(log.context!, log.entries, snapshots[step]);
      expect(explained.complete, `step ${step}`).toBe(true);
      expectExact(explained.cash_flow, snapshots[step].cash_flow, `step ${step} cash flow`);
      expectExact(explained.capital_growth, snapshots[step].capital_growth, `step ${step} growth`);
      const tax = explained.cash_flow.sections.find((s) => s.id === 'tax');
      for (const l of tax?.lines ?? []) expect(l.label).toMatch(/^(Tax: You|Division 293 tax|Tax on excess)/);
    }
    for (const kind of ['division_293_tax', 'excess_concessional_tax', 'pension_drawdown', 'age_pension'])
      expect(seen.has(kind), kind).toBe(true);
  });
});
