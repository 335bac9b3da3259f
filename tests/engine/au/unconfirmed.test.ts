// Tax figures still UNCONFIRMED (estimates) are named where they change a person's tax: the explanation's tax
// working for that person and year (docs/au-rules.md, "Resident income tax").
import { describe, expect, it } from 'vitest';
import { DEFAULT_ASSUMPTIONS, simulate, type Assumptions, type Primitive } from '../../../worker/engine/index';
import {
  SAPTO_NONE,
  SAPTO_SINGLE,
  UNCONFIRMED_MEDICARE,
  UNCONFIRMED_MEDICARE_FAMILY,
  UNCONFIRMED_MEDICARE_SENIOR,
  UNCONFIRMED_SAPTO,
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
