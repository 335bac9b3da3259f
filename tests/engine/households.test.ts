// Households, tax on the year's real income, HELP from modelled income, offset and redraw (issue 12 items 1-3,
// 7b). Every expected figure is hand arithmetic written out here from the rules in docs/au-rules.md, never the
// engine's own tax functions.
import { describe, expect, it } from 'vitest';
import {
  AssumptionsInputSchema,
  DEFAULT_ASSUMPTIONS,
  createTraceLog,
  forecast,
  resolveAssumptions,
  simulate,
  type Assumptions,
  type Person,
  type Primitive,
  type SimulationSpec,
  type Snapshot,
} from '../../worker/engine/index';

const ZERO: Assumptions = {
  ...DEFAULT_ASSUMPTIONS,
  account_type_rates: Object.fromEntries(
    Object.keys(DEFAULT_ASSUMPTIONS.account_type_rates).map((k) => [k, 0]),
  ) as Assumptions['account_type_rates'],
};

const CASH = { id: 'cash', name: 'Cash', account_type: 'checking' as const, is_asset: true, current_balance: 0 };

function run(
  primitives: Primitive[],
  opts: {
    asOf?: string;
    years?: number;
    accounts?: SimulationSpec['accounts'];
    people?: Person[];
    children?: number;
    rates?: Partial<Assumptions['account_type_rates']>;
  } = {},
) {
  return simulate({
    as_of: opts.asOf ?? '2026-06-30',
    years: opts.years ?? 1,
    assumptions: {
      ...ZERO,
      account_type_rates: { ...ZERO.account_type_rates, ...(opts.rates ?? {}) },
      people: opts.people ?? ZERO.people,
      dependent_children: opts.children ?? 0,
    },
    accounts: opts.accounts ?? [CASH],
    base: [],
    groups: [{ scope: 'ev', primitives }],
  });
}

const sum = (s: ReadonlyArray<Snapshot>, from: number, to: number, f: (x: Snapshot) => number) =>
  s.slice(from, to + 1).reduce((t, x) => t + f(x), 0);

function salary(
  monthly: number,
  start: string,
  end: string | null,
  taxpayer = 'self',
  extra: Partial<Extract<Primitive, { kind: 'flow' }>> = {},
): Primitive {
  return {
    kind: 'flow',
    key: `salary-${taxpayer}`,
    name: 'Salary',
    account: 'cash',
    amount: monthly,
    schedule: { type: 'recurring', frequency: 'monthly', start_date: start, end_date: end },
    tax: { kind: 'salary', taxpayer },
    ...extra,
  };
}

// 2026-27 by hand (docs/au-rules.md): 15% over $18,200, 30% over $45,000, 37% over $135,000, 45% over $190,000;
// LITO $700 less 5c/$ over $37,500 and 1.5c/$ over $45,000; Medicare 2% (2025-26 single thresholds $28,011 /
// $35,013 carried forward, UNCONFIRMED).
//   T(60,000)  = 0.15 x 26,800 + 0.30 x 15,000 = 8,520; LITO 700 - 375 - 225 = 100; Medicare 1,200 -> 9,620
//   T(120,000) = 4,020 + 0.30 x 75,000 = 26,520; LITO 0; Medicare 2,400 -> 28,920
//   T(100,000) = 4,020 + 0.30 x 55,000 = 20,520; LITO 0; Medicare 2,000 -> 22,520

describe('people in the assumptions', () => {
  it('default to one person, and existing records without people keep working', () => {
    expect(resolveAssumptions(null).people).toEqual([{ id: 'self', name: 'Me', birth_date: null }]);
    expect(resolveAssumptions({ inflation_rate: 3 }).dependent_children).toBe(0);
    const couple = resolveAssumptions({
      people: [
        { id: 'self', name: 'Alex', birth_date: '1990-04-02' },
        { id: 'partner', name: 'Sam', birth_date: null },
      ],
    });
    expect(couple.people.map((p) => p.id)).toEqual(['self', 'partner']);
  });

  it('reject a household without "self", with the same person twice or with three people', () => {
    const bad = (people: unknown) => AssumptionsInputSchema.safeParse({ people }).success;
    expect(bad([{ id: 'partner', name: 'Sam', birth_date: null }])).toBe(false);
    expect(
      bad([
        { id: 'self', name: 'A', birth_date: null },
        { id: 'self', name: 'B', birth_date: null },
      ]),
    ).toBe(false);
    expect(bad([{ id: 'self', name: '  ', birth_date: null }])).toBe(false);
    expect(bad([{ id: 'self', name: 'A', birth_date: '2026-02-30' }])).toBe(false);
    expect(bad([])).toBe(false);
    expect(bad([{ id: 'self', name: 'A', birth_date: null }])).toBe(true);
  });
});

describe("tax on the year's real income", () => {
  it('a $120k salary that stops on 31 December is taxed as $60k for the year (whole year forecast)', () => {
    const s = run([salary(10_000, '2026-07-15', '2026-12-31')]).snapshots;
    expect(sum(s, 1, 12, (x) => x.tax)).toBeCloseTo(9_620, 1);
  });

  it('first partial year: income before as_of comes from the running items, and only later tax is charged', () => {
    // as_of 20 Nov 2026: paid 15 Jul..15 Nov before as_of (5 x $10,000 = $50,000, as if run since 1 July), then
    // 15 Dec. The year: $60,000, tax 9,620. Withheld before as_of at the $120k rate: 50,000 x 28,920 / 120,000 =
    // 12,050. So the forecast's months of 2026-27 (Dec..Jun) get a refund of 2,430.
    const r = run([salary(10_000, '2025-01-15', '2026-12-31')], { asOf: '2026-11-20', years: 2 });
    expect(sum(r.snapshots, 1, 7, (x) => x.tax)).toBeCloseTo(-2_430, 1);
    const fy = r.tax_years!.find((y) => y.financial_year === '2026-27')!;
    expect(fy.taxable_income).toBeCloseTo(60_000, 2);
    expect(fy.income_tax + fy.medicare).toBeCloseTo(9_620, 1);
  });

  it('a steady salary pays the same tax every month of a first partial year', () => {
    // $100k a year from long ago: each forecast month's tax is 22,520 / 12.
    const s = run([salary(100_000 / 12, '2020-01-15', null)], { asOf: '2026-11-20', years: 1 }).snapshots;
    for (let k = 1; k <= 7; k++) expect(s[k].tax).toBeCloseTo(22_520 / 12, 1);
  });

  it('year-to-date income entered by the person replaces the estimate', () => {
    // $40,000 to 20 Nov (143 days of 365 in 2026-27), then Dec's $10,000: the year's income is $50,000.
    //   T(50,000) = 4,020 + 0.30 x 5,000 = 5,520; LITO 700 - 375 - 75 = 250; Medicare 1,000 -> 6,270.
    // Withheld on the $40,000 at its yearly rate 40,000 x 365 / 143 = 102,097.90:
    //   T = 4,020 + 0.30 x 57,097.90 = 21,149.37; Medicare 2,041.96 -> 23,191.33; x 40,000 / 102,097.90 = 9,085.88.
    const ytd: Person = {
      id: 'self',
      name: 'Me',
      birth_date: null,
      ytd_taxable_income: 40_000,
      ytd_date: '2026-11-20',
    };
    const r = run([salary(10_000, '2025-01-15', '2026-12-31')], { asOf: '2026-11-20', years: 1, people: [ytd] });
    const rateIncome = (40_000 * 365) / 143;
    const taxAtRate = 4_020 + 0.3 * (rateIncome - 45_000) + 0.02 * rateIncome;
    const withheld = (40_000 * taxAtRate) / rateIncome;
    expect(withheld).toBeCloseTo(9_085.88, 1);
    expect(sum(r.snapshots, 1, 7, (x) => x.tax)).toBeCloseTo(6_270 - withheld, 0);
  });

  it('a one-off capital gain in the last partial year is taxed at the margin, not annualised', () => {
    // Horizon ends Dec 2027 inside 2027-28 (14% band). Salary $60k a year; a $30,000 gain in Sep 2027.
    // 2027-28: T(60,000) = 0.14 x 26,800 + 4,500 = 8,252; LITO 100; Medicare 1,200 -> 9,352.
    //          T(90,000) = 3,752 + 0.30 x 45,000 = 17,252; LITO 0; Medicare 1,800 -> 19,052.
    // Jul..Dec 2027 (6 months): 9,352 x 6 / 12 + (19,052 - 9,352) = 4,676 + 9,700 = 14,376.
    const gain: Primitive = {
      kind: 'tax_adjustment',
      key: 'gain',
      name: 'Capital gain',
      taxpayer: 'self',
      amount: 30_000,
      schedule: { type: 'once', date: '2027-09-10' },
    };
    const r = run([salary(5_000, '2026-07-15', null), gain], { asOf: '2026-12-31', years: 1 }).snapshots;
    // Steps 7..12 are Jul..Dec 2027.
    expect(sum(r, 7, 12, (x) => x.tax)).toBeCloseTo(14_376, 1);
  });
});

describe('couples: each person taxed separately, Medicare levy family thresholds', () => {
  const couple: Person[] = [
    { id: 'self', name: 'Alex', birth_date: null },
    { id: 'partner', name: 'Sam', birth_date: null },
  ];

  it('a couple with $100k and $60k pays the two single taxes', () => {
    const r = run([salary(100_000 / 12, '2026-07-15', null), salary(5_000, '2026-07-15', null, 'partner')], {
      people: couple,
    });
    expect(sum(r.snapshots, 1, 12, (x) => x.tax)).toBeCloseTo(22_520 + 9_620, 1);
    const fy = r.tax_years!.filter((y) => y.financial_year === '2026-27');
    expect(fy.map((y) => y.person)).toEqual(['self', 'partner']);
  });

  it('family income under the family threshold reduces the levy, shared by taxable income', () => {
    // Family threshold 2025-26 row (UNCONFIRMED, used for 2026-27): $47,238. Self $40,000, partner $10,000:
    // family $50,000. Reduction 0.02 x 47,238 - 0.08 x 2,762 = 944.76 - 220.96 = 723.80; self's share 40/50 =
    // 579.04. Partner: under the single threshold, no levy, so their share 144.76 passes to self (Medicare Levy
    // Act s 8; before it was modelled self paid 220.96): self's levy 800 - 723.80 = 76.20.
    // Self's income tax: 0.15 x 21,800 = 3,270 less LITO (700 - 0.05 x 2,500 = 575) = 2,695.
    const r = run([salary(40_000 / 12, '2026-07-15', null), salary(10_000 / 12, '2026-07-15', null, 'partner')], {
      people: couple,
    });
    const self = r.tax_years!.find((y) => y.person === 'self')!;
    expect(self.medicare).toBeCloseTo(76.2, 2);
    expect(sum(r.snapshots, 1, 12, (x) => x.tax)).toBeCloseTo(2_695 + 76.2, 1);
    // A single person with the same income pays the full levy.
    const single = run([salary(40_000 / 12, '2026-07-15', null)]);
    expect(sum(single.snapshots, 1, 12, (x) => x.tax)).toBeCloseTo(2_695 + 800, 1);
  });

  it('dependent children raise the family threshold: no levy at all', () => {
    // One child: 47,238 + 4,338 = 51,576 >= family income 50,000.
    const r = run([salary(40_000 / 12, '2026-07-15', null), salary(10_000 / 12, '2026-07-15', null, 'partner')], {
      people: couple,
      children: 1,
    });
    expect(r.tax_years!.find((y) => y.person === 'self')!.medicare).toBe(0);
    expect(sum(r.snapshots, 1, 12, (x) => x.tax)).toBeCloseTo(2_695, 1);
  });
});

describe('HELP repayments from modelled income', () => {
  const HELP = {
    id: 'help',
    name: 'HELP debt',
    account_type: 'loan' as const,
    is_asset: false,
    current_balance: -30_000,
    annual_rate: 0,
  };
  const help: Primitive = { kind: 'help_debt', key: 'help', account: 'help', taxpayer: 'self' };

  it('$100k of salary repays 15% of the income over $67,000: $4,950 a year, off the debt', () => {
    const r = run([salary(100_000 / 12, '2026-07-15', null), help], { accounts: [CASH, HELP] });
    const s = r.snapshots;
    expect(s[12].total_liabilities).toBeCloseTo(30_000 - 4_950, 1);
    // A repayment moves money: it is not an expense and not tax.
    expect(sum(s, 1, 12, (x) => x.tax)).toBeCloseTo(22_520, 1);
    expect(r.tax_years![0].help_repayment).toBeCloseTo(4_950, 2);
  });

  it('salary sacrifice is added back: the repayment income stays $100k', () => {
    const sacrifice: Primitive = {
      kind: 'flow',
      key: 'ss',
      name: 'Salary sacrifice',
      account: 'cash',
      amount: -10_000 / 12,
      schedule: { type: 'recurring', frequency: 'monthly', start_date: '2026-07-15', end_date: null },
      tax: { kind: 'salary_sacrifice', taxpayer: 'self', super_account: 'super' },
    };
    const SUPER = {
      id: 'super',
      name: 'Super',
      account_type: 'superannuation' as const,
      is_asset: true,
      current_balance: 0,
    };
    const r = run([salary(100_000 / 12, '2026-07-15', null), sacrifice, help], { accounts: [CASH, HELP, SUPER] });
    expect(r.tax_years![0].taxable_income).toBeCloseTo(90_000, 1);
    expect(r.tax_years![0].help_repayment_income).toBeCloseTo(100_000, 1);
    expect(r.snapshots[12].total_liabilities).toBeCloseTo(30_000 - 4_950, 1);
  });

  it('a debt smaller than the repayment is cleared and never overpaid', () => {
    const r = run([salary(100_000 / 12, '2026-07-15', null), help], {
      accounts: [CASH, { ...HELP, current_balance: -1_000 }],
    });
    expect(r.snapshots[12].total_liabilities).toBe(0);
    expect(r.snapshots[12].liquid_cash).toBeCloseTo(100_000 - 22_520 - 1_000, 1);
  });
});

describe('offset accounts and redraw', () => {
  const LOAN = {
    id: 'home',
    name: 'Home loan',
    account_type: 'mortgage' as const,
    is_asset: false,
    current_balance: -500_000,
  };
  const OFFSET = {
    id: 'offset',
    name: 'Offset',
    account_type: 'savings' as const,
    is_asset: true,
    current_balance: 100_000,
  };
  const loan = (extra: Partial<Extract<Primitive, { kind: 'loan' }>> = {}): Primitive => ({
    kind: 'loan',
    key: 'loan',
    account: 'home',
    annual_rate: 6,
    start: '2026-07',
    term_months: 360,
    repayment_from: 'cash',
    ...extra,
  });

  it('interest is charged on the loan less the offset balance, and the saving is reported', () => {
    // $500,000 at 6%: $2,500 a month; with $100,000 offset: 400,000 x 0.005 = $2,000, saving $500.
    const r = run([loan({ offset_accounts: ['offset'], interest_only_months: 12 })], {
      accounts: [CASH, LOAN, OFFSET],
      rates: { savings: 4 },
    });
    const s = r.snapshots;
    expect(s[1].expenses).toBeCloseTo(2_000, 2);
    expect(s[1].offset_saving).toBeCloseTo(500, 2);
    // The offset account earns no interest of its own while linked.
    expect(s[1].income).toBe(0);
    expect(s[12].liquid_cash).toBeCloseTo(100_000 - 12 * 2_000, 1);
  });

  it('an offset larger than the loan: no interest at all, saving capped at the loan', () => {
    const r = run([loan({ offset_accounts: ['offset'], interest_only_months: 12 })], {
      accounts: [CASH, { ...LOAN, current_balance: -50_000 }, OFFSET],
    });
    expect(r.snapshots[1].expenses).toBe(0);
    expect(r.snapshots[1].offset_saving).toBeCloseTo(250, 2); // 50,000 x 0.005
  });

  it('P&I repayments stay fixed, so an offset shortens the loan', () => {
    const years = 30;
    const plain = run([loan()], { accounts: [CASH, LOAN], years }).snapshots;
    const offset = run([loan({ offset_accounts: ['offset'] })], { accounts: [CASH, LOAN, OFFSET], years }).snapshots;
    const cleared = (s: Snapshot[]) => s.findIndex((x, k) => k > 0 && x.total_liabilities < 0.01);
    // PMT(0.5%, 360, 500,000) = 2,997.75 both ways; without offset the loan clears in the 360th month.
    expect(plain[1].expenses + 0).toBeCloseTo(2_500, 2);
    expect(cleared(plain)).toBe(360);
    expect(cleared(offset)).toBeGreaterThan(0);
    expect(cleared(offset)).toBeLessThan(300);
    // No offset: the snapshots carry no offset figure (output unchanged).
    expect('offset_saving' in plain[1]).toBe(false);
  });

  const extra = (amount: number, date: string, from = 'cash', to = 'home'): Primitive => ({
    kind: 'transfer',
    key: `t-${date}-${from}`,
    name: 'Move',
    from,
    to,
    amount,
    schedule: { type: 'once', date },
  });

  it('redraw gives back at most what was paid ahead of schedule', () => {
    // $10,000 extra in August; asking for $15,000 back in November draws $10,000.
    const io = { interest_only_months: 12, redraw: true };
    const r = run([loan(io), extra(10_000, '2026-08-10'), extra(15_000, '2026-11-10', 'home', 'cash')], {
      accounts: [{ ...CASH, current_balance: 20_000 }, LOAN],
    }).snapshots;
    expect(r[2].total_liabilities).toBeCloseTo(490_000, 2);
    expect(r[5].total_liabilities).toBeCloseTo(500_000, 2);
    // Without redraw the transfer out of the loan is a drawdown, as before: not capped.
    const r2 = run(
      [loan({ interest_only_months: 12 }), extra(10_000, '2026-08-10'), extra(15_000, '2026-11-10', 'home', 'cash')],
      { accounts: [{ ...CASH, current_balance: 20_000 }, LOAN] },
    ).snapshots;
    expect(r2[5].total_liabilities).toBeCloseTo(505_000, 2);
  });

  it('nothing paid ahead: a redraw gives nothing', () => {
    const r = run([loan({ interest_only_months: 12, redraw: true }), extra(5_000, '2026-09-10', 'home', 'cash')], {
      accounts: [CASH, LOAN],
    }).snapshots;
    expect(r[3].total_liabilities).toBeCloseTo(500_000, 2);
  });
});

describe('help_debt template: modelled income by default, an entered income as before', () => {
  const profile = (helpParams: Record<string, unknown>) => ({
    accounts: [
      { id: 'cash', name: 'Cash', account_type: 'checking' as const, is_asset: true, current_balance: 0 },
      { id: 'super', name: 'Super', account_type: 'superannuation' as const, is_asset: true, current_balance: 0 },
    ],
    recurring_items: [],
    categories: [],
    assumptions: { account_type_rates: { checking: 0, superannuation: 0 } },
    scenarios: [
      {
        id: 'base',
        name: 'Now',
        description: '',
        is_baseline: true,
        modifications: [],
        events: [
          {
            id: 'job',
            scenario_id: 'base',
            name: 'Job',
            trigger_month: '2026-07',
            template_id: 'job_income_change',
            template_parameters: { gross_annual_salary: 100_000, pay_frequency: 'monthly', salary_growth_rate: 0 },
          },
          {
            id: 'help',
            scenario_id: 'base',
            name: 'HELP',
            trigger_month: '2026-07',
            template_id: 'help_debt',
            template_parameters: { help_balance: 30_000, indexation_rate: 0, ...helpParams },
          },
        ],
      },
    ],
  });

  it('with no repayment income entered, the salary in the plan sets the repayment: $4,950 in 2026-27', () => {
    const f = forecast(profile({}), { as_of: '2026-06-30', years: 2 });
    expect(f.warnings).toEqual([]);
    // Liabilities: only the HELP debt. 30,000 - 4,950 after the first year.
    expect(f.snapshots[12].total_liabilities).toBeCloseTo(25_050, 1);
    expect(f.tax_years!.find((y) => y.financial_year === '2026-27')!.help_repaid).toBeCloseTo(4_950, 1);
  });

  it('an entered repayment income keeps the scheduled transfers (older events)', () => {
    // $90,000: 15% x 23,000 = 3,450 a year.
    const f = forecast(profile({ repayment_income: 90_000, income_growth_rate: 0 }), {
      as_of: '2026-06-30',
      years: 1,
    });
    expect(f.snapshots[12].total_liabilities).toBeCloseTo(30_000 - 3_450, 1);
  });
});

describe('trace: offset saving, per-person tax and HELP movements are recorded', () => {
  it('a traced month lists the offset saving, each person tax and the HELP repayment', () => {
    const log = createTraceLog(1);
    const HELP = {
      id: 'help',
      name: 'HELP debt',
      account_type: 'loan' as const,
      is_asset: false,
      current_balance: -30_000,
      annual_rate: 0,
    };
    simulate({
      as_of: '2026-06-30',
      years: 1,
      assumptions: ZERO,
      accounts: [
        CASH,
        HELP,
        { id: 'home', name: 'Home loan', account_type: 'mortgage', is_asset: false, current_balance: -500_000 },
        { id: 'offset', name: 'Offset', account_type: 'savings', is_asset: true, current_balance: 100_000 },
      ],
      base: [],
      groups: [
        {
          scope: 'ev',
          primitives: [
            salary(100_000 / 12, '2026-07-15', null),
            { kind: 'help_debt', key: 'help', account: 'help', taxpayer: 'self' },
            {
              kind: 'loan',
              key: 'loan',
              account: 'home',
              annual_rate: 6,
              start: '2026-07',
              term_months: 360,
              interest_only_months: 12,
              repayment_from: 'cash',
              offset_accounts: ['offset'],
            },
          ],
        },
      ],
      trace: log,
    });
    const kinds = log.entries.map((e) => e.kind);
    expect(kinds).toContain('offset_saving');
    expect(log.entries.find((e) => e.kind === 'offset_saving')!.amount).toBeCloseTo(500, 2);
    const tax = log.entries.find((e) => e.kind === 'tax')!;
    expect(tax.amount).toBeCloseTo(-22_520 / 12, 1);
    expect(tax.parts!.year_tax).toBeCloseTo(22_520, 1);
    const help = log.entries.find((e) => e.kind === 'help_repayment')!;
    expect(help.bucket).toBe('transfer');
    expect(help.amount).toBeCloseTo(4_950 / 12, 1);
  });
});

describe("a template's offset option reaches the simulator", () => {
  it('existing_mortgage linked to a savings account: interest on the loan less the offset, saving reported', () => {
    // $400,000 at 6% with $50,000 in the linked account: 350,000 x 0.005 = $1,750 interest, $250 saved.
    const f = forecast(
      {
        accounts: [
          { id: 'cash', name: 'Cash', account_type: 'checking', is_asset: true, current_balance: 0 },
          { id: 'save', name: 'Offset', account_type: 'savings', is_asset: true, current_balance: 50_000 },
          { id: 'home', name: 'Home loan', account_type: 'mortgage', is_asset: false, current_balance: -400_000 },
        ],
        recurring_items: [],
        categories: [],
        scenarios: [
          {
            id: 'base',
            name: 'Now',
            description: '',
            is_baseline: true,
            modifications: [],
            events: [
              {
                id: 'mortgage',
                scenario_id: 'base',
                name: 'Mortgage',
                trigger_month: '2026-07',
                template_id: 'existing_mortgage',
                template_parameters: {
                  debt_account_id: 'home',
                  loan_interest_rate: 6,
                  remaining_term_years: 25,
                  offset_account_id: 'save',
                },
              },
            ],
          },
        ],
      },
      { as_of: '2026-06-30', years: 1 },
    );
    expect(f.warnings).toEqual([]);
    expect(f.snapshots[1].offset_saving).toBeCloseTo(250, 2);
    expect(f.snapshots[1].expenses).toBeCloseTo(1_750, 2);
  });
});
