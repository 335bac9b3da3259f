// Tax figures still UNCONFIRMED (estimates) are named where they change a person's tax: the explanation's tax
// working for that person and year; and what a couple passes between them (docs/au-rules.md, "Resident income tax").
import { describe, expect, it } from 'vitest';
import { DEFAULT_ASSUMPTIONS, simulate, type Assumptions, type Primitive } from '../../../worker/engine/index';
import {
  SAPTO_COUPLE,
  SAPTO_NONE,
  SAPTO_SINGLE,
  UNCONFIRMED_MEDICARE,
  UNCONFIRMED_MEDICARE_FAMILY,
  UNCONFIRMED_MEDICARE_SENIOR,
  UNCONFIRMED_SAPTO,
  incomeTaxAfterOffsets,
  medicareLevyFor,
  saptoUnusedBySpouse,
  taxYearRules,
  unconfirmedTaxFigures,
  unconfirmedTaxNames,
} from '../../../worker/engine/au/tax';
import { explainTrace } from '../../../worker/engine/explain/explain';
import { createTraceLog } from '../../../worker/engine/simulate/trace';

describe('which UNCONFIRMED tax figures a person’s tax depends on', () => {
  const y2026 = taxYearRules('2026-10-01');
  it('none in 2024-25, whose figures are published', () => {
    expect(unconfirmedTaxFigures('2024-10-01', 20_000, taxYearRules('2024-10-01'), NaN, 0, SAPTO_NONE)).toBe(0);
  });
  it('the Medicare thresholds only below the single upper threshold ($35,013) or 1.25 x the family one', () => {
    expect(unconfirmedTaxFigures('2026-10-01', 30_000, y2026, NaN, 0, SAPTO_NONE)).toBe(UNCONFIRMED_MEDICARE);
    expect(unconfirmedTaxFigures('2026-10-01', 35_013, y2026, NaN, 0, SAPTO_NONE)).toBe(0);
    // A couple with $50,000 between them: under 1.25 x $47,238 = $59,047.50.
    expect(unconfirmedTaxFigures('2026-10-01', 25_000, y2026, 50_000, 0, SAPTO_NONE)).toBe(
      UNCONFIRMED_MEDICARE | UNCONFIRMED_MEDICARE_FAMILY,
    );
    expect(unconfirmedTaxFigures('2026-10-01', 60_000, y2026, 120_000, 0, SAPTO_NONE)).toBe(0);
  });
  it('SAPTO and the seniors’ thresholds for a person with SAPTO below the cut-outs', () => {
    expect(unconfirmedTaxFigures('2026-10-01', 40_000, y2026, NaN, 0, SAPTO_SINGLE)).toBe(
      UNCONFIRMED_MEDICARE_SENIOR | UNCONFIRMED_SAPTO,
    );
    // Above the SAPTO cut-out ($52,759) and the seniors' upper threshold ($53,775): nothing estimated matters.
    expect(unconfirmedTaxFigures('2026-10-01', 60_000, y2026, NaN, 0, SAPTO_SINGLE)).toBe(0);
    expect(unconfirmedTaxNames(UNCONFIRMED_MEDICARE | UNCONFIRMED_SAPTO)).toEqual([
      'Medicare levy low-income thresholds',
      'SAPTO thresholds',
    ]);
  });

  it('the explanation of a low-income month in 2026-27 names them; a high income’s does not', () => {
    const explainStep1 = (monthly: number) => {
      const salary: Primitive = {
        kind: 'flow',
        key: 'salary',
        name: 'Salary',
        account: 'cash',
        amount: monthly,
        schedule: { type: 'recurring', frequency: 'monthly', start_date: '2026-07-01', end_date: null },
        tax: { kind: 'salary', taxpayer: 'self' },
      };
      const log = createTraceLog(1);
      const { snapshots } = simulate({
        as_of: '2026-06-15',
        years: 1,
        assumptions: DEFAULT_ASSUMPTIONS as Assumptions,
        accounts: [{ id: 'cash', name: 'Everyday', account_type: 'checking', is_asset: true, current_balance: 0 }],
        base: [],
        groups: [{ scope: 'ev', primitives: [salary] }],
        trace: log,
      });
      return explainTrace(log.context!, log.entries, snapshots[1]).taxes[0];
    };
    // $2,000 a month: $24,000 for the year, under the $35,013 upper threshold.
    const low = explainStep1(2_000);
    expect(low.unconfirmed).toEqual(['Medicare levy low-income thresholds']);
    expect(explainStep1(10_000).unconfirmed).toBeUndefined();
  });
});

describe('what a couple passes between them', () => {
  const y2024 = taxYearRules('2024-10-01');
  it('the spouse’s share of the Medicare family reduction beyond their own levy', () => {
    // 2024-25: family 45,000 + 10,000 = 55,000 over the 45,907 threshold: reduction 2% x 45,907 - 8% x 9,093 =
    // 190.70. The 45,000 earner's single levy 900 less their share 190.70 x 45 / 55 = 156.03, less the spouse's
    // share 34.67 they cannot use (10,000 pays no levy): 900 - 190.70 = 709.30 (743.97 before the transfer).
    const spouse = { income: 10_000, status: SAPTO_NONE };
    expect(medicareLevyFor(45_000, y2024, 55_000, 0, false, spouse)).toBeCloseTo(709.3, 2);
    expect(medicareLevyFor(45_000, y2024, 55_000, 0, false, null)).toBeCloseTo(743.97, 2);
  });
  it('a spouse’s unused SAPTO (ATO: A - (B - $6,000) x 15%) raises the other’s offset', () => {
    const spouse = { income: 10_000, status: SAPTO_COUPLE };
    // Unused: 1,602 - (10,000 - 6,000) x 15% = 1,002 (the ATO's example, with the couple rate).
    expect(saptoUnusedBySpouse(SAPTO_COUPLE, spouse, y2024)).toBeCloseTo(1_002, 6);
    expect(saptoUnusedBySpouse(SAPTO_COUPLE, { income: 5_000, status: SAPTO_COUPLE }, y2024)).toBe(1_602);
    expect(saptoUnusedBySpouse(SAPTO_COUPLE, { income: 5_000, status: SAPTO_NONE }, y2024)).toBe(0);
    // 40,000: tax 3,488 - LITO 575 = 2,913; own SAPTO 1,602 - 12.5% x 9,006 = 476.25; with 1,002 transferred
    // 1,478.25: tax 1,434.75 (2,436.75 without).
    expect(incomeTaxAfterOffsets(40_000, y2024, SAPTO_COUPLE, spouse)).toBeCloseTo(1_434.75, 2);
    expect(incomeTaxAfterOffsets(40_000, y2024, SAPTO_COUPLE, null)).toBeCloseTo(2_436.75, 2);
  });
});
