// A loan's interest deduction shared between joint owners (issue 12 follow-up): the loan primitive's
// deductible_taxpayers splits the deductible interest, and investment_property bought by 'both' sets it 50/50.
// Expected figures are hand arithmetic from docs/au-rules.md, never the engine's own tax functions.
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ASSUMPTIONS,
  compileEvent,
  createTraceLog,
  getTemplate,
  simulate,
  withDefaults,
  type Assumptions,
  type Primitive,
} from '../../worker/engine/index';
import { makeContext } from './templates/context';

const ZERO: Assumptions = {
  ...DEFAULT_ASSUMPTIONS,
  account_type_rates: Object.fromEntries(
    Object.keys(DEFAULT_ASSUMPTIONS.account_type_rates).map((k) => [k, 0]),
  ) as Assumptions['account_type_rates'],
  people: [
    { id: 'self', name: 'Alex', birth_date: null },
    { id: 'partner', name: 'Sam', birth_date: null },
  ],
};

const salary = (annual: number, taxpayer: string): Primitive => ({
  kind: 'flow',
  key: `salary-${taxpayer}`,
  name: 'Salary',
  account: 'cash',
  amount: annual / 12,
  schedule: { type: 'recurring', frequency: 'monthly', start_date: '2026-07-15', end_date: null },
  tax: { kind: 'salary', taxpayer },
});

function run(loanTax: Partial<Extract<Primitive, { kind: 'loan' }>>, trace?: ReturnType<typeof createTraceLog>) {
  return simulate({
    as_of: '2026-06-30',
    years: 1,
    assumptions: ZERO,
    accounts: [
      { id: 'cash', name: 'Cash', account_type: 'checking', is_asset: true, current_balance: 0 },
      { id: 'ip', name: 'Investment loan', account_type: 'mortgage', is_asset: false, current_balance: -400_000 },
    ],
    base: [],
    groups: [
      {
        scope: 'ev',
        primitives: [
          salary(100_000, 'self'),
          salary(60_000, 'partner'),
          {
            kind: 'loan',
            key: 'loan',
            account: 'ip',
            annual_rate: 6,
            start: '2026-07',
            term_months: 360,
            interest_only_months: 12,
            repayment_from: 'cash',
            deductible_share: 1,
            taxpayer: 'self',
            ...loanTax,
          },
        ],
      },
    ],
    ...(trace ? { trace } : {}),
  });
}

const taxOf = (r: ReturnType<typeof run>, person: string) =>
  r.tax_years!.find((y) => y.person === person && y.financial_year === '2026-27')!;

// Interest only at 6% on $400,000: $2,000 a month, $24,000 deductible in 2026-27.
// 2026-27: 15% over 18,200, 30% over 45,000; LITO 700 - 5c/$ over 37,500 - 1.5c/$ over 45,000; Medicare 2% (the
// family income is far above the family threshold, so no reduction).
describe('a loan deduction shared by joint owners', () => {
  it('50/50: self taxed on 88,000 (18,680), partner on 48,000 (5,600)', () => {
    // Self: 4,020 + 0.30 x 43,000 = 16,920, no LITO over 66,667, levy 1,760 -> 18,680.
    // Partner: 4,020 + 0.30 x 3,000 = 4,920 less LITO (700 - 375 - 45 = 280) = 4,640, levy 960 -> 5,600.
    const r = run({
      deductible_taxpayers: [
        { taxpayer: 'self', share: 0.5 },
        { taxpayer: 'partner', share: 0.5 },
      ],
    });
    expect(taxOf(r, 'self').taxable_income).toBeCloseTo(88_000, 2);
    expect(taxOf(r, 'partner').taxable_income).toBeCloseTo(48_000, 2);
    expect(taxOf(r, 'self').tax_charged).toBeCloseTo(18_680, 1);
    expect(taxOf(r, 'partner').tax_charged).toBeCloseTo(5_600, 1);
  });

  it('one taxpayer (as before): self on 76,000 (14,840), partner on 60,000 (9,620)', () => {
    // Self: 4,020 + 0.30 x 31,000 = 13,320, levy 1,520 -> 14,840. Partner: 8,520 - LITO 100 + 1,200 = 9,620.
    const r = run({});
    expect(taxOf(r, 'self').tax_charged).toBeCloseTo(14_840, 1);
    expect(taxOf(r, 'partner').tax_charged).toBeCloseTo(9_620, 1);
  });

  it('shares are scaled to add up to 1, and each part is traced with its payer', () => {
    // 3 : 1 -> self 18,000 of the 24,000, partner 6,000, so the partner is taxed on 54,000:
    // 4,020 + 0.30 x 9,000 = 6,720 less LITO (700 - 375 - 135 = 190) = 6,530, levy 1,080 -> 7,610.
    // A month's $2,000 of interest: self 1,500, partner 500.
    const log = createTraceLog(1);
    const r = run(
      {
        deductible_taxpayers: [
          { taxpayer: 'self', share: 3 },
          { taxpayer: 'partner', share: 1 },
        ],
      },
      log,
    );
    expect(taxOf(r, 'partner').taxable_income).toBeCloseTo(54_000, 2);
    expect(taxOf(r, 'partner').tax_charged).toBeCloseTo(7_610, 1);
    const parts = log.entries.filter((e) => e.kind === 'deductible_interest');
    expect(parts.map((e) => [e.payer, Math.round(e.amount * 100) / 100])).toEqual([
      [0, -1_500],
      [1, -500],
    ]);
  });

  it('investment_property bought by both: the loan carries the 50/50 split', () => {
    const t = getTemplate('investment_property')!;
    const loanOf = (who: string) =>
      compileEvent(
        {
          id: 'ev-1',
          name: 'x',
          trigger_month: '2027-03',
          template_id: 'investment_property',
          template_parameters: withDefaults(t, { taxpayer: who }, { is_baseline: false }),
        },
        makeContext(),
      ).find((p) => p.kind === 'loan') as Extract<Primitive, { kind: 'loan' }>;
    expect(loanOf('both').deductible_taxpayers).toEqual([
      { taxpayer: 'self', share: 0.5 },
      { taxpayer: 'partner', share: 0.5 },
    ]);
    expect(loanOf('partner').deductible_taxpayers).toBeUndefined();
    expect(loanOf('partner').taxpayer).toBe('partner');
  });
});
