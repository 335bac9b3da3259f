// The simulator's fast schedule paths agree with plain date stepping (weekly and fortnightly flows booked in runs
// book what one occurrence at a time books), and income/expense stay right when a cached base item is modified.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FREQUENCIES, dayNumber, dayNumberToDate, forecast, occurrencesBetween } from '../../worker/engine/index';
import {
  anniversaryDay,
  bufferSize,
  dayStepCounts,
  makeGrid,
  scheduleOccurrences,
} from '../../worker/engine/simulate/occurrences';
import {
  SUPER_NONE,
  SUPER_PPL,
  SUPER_SALARY,
  SUPER_SALARY_SACRIFICE,
  bookFlow,
  type FlowBook,
  type FlowTax,
} from '../../worker/engine/simulate/flows';
import { CONTRIBUTIONS_TAX_RATE } from '../../worker/engine/au/super';
import { forecastScenario } from '../../worker/engine/simulate/forecast';

const BASE = dayNumber(2024, 1, 1);
const date = fc.integer({ min: 0, max: 365 * 12 }).map((n) => dayNumberToDate(BASE + n));

describe('schedule expansion', () => {
  it('scheduleOccurrences and dayStepCounts match date-by-date stepping', () => {
    fc.assert(
      fc.property(
        date,
        fc.integer({ min: 1, max: 8 }),
        fc.constantFrom(...FREQUENCIES),
        date,
        fc.option(date, { nil: null }),
        (asOf, years, frequency, start, end) => {
          const grid = makeGrid(asOf, years * 12);
          const schedule = { type: 'recurring' as const, frequency, start_date: start, end_date: end };
          const steps = new Int32Array(bufferSize(grid));
          const days = new Int32Array(steps.length);
          const n = scheduleOccurrences(grid, schedule, steps, days);
          const expected = occurrencesBetween(
            schedule,
            dayNumberToDate(grid.asOfDay + 1),
            dayNumberToDate(grid.lastDay),
          );
          expect(Array.from(days.slice(0, n), dayNumberToDate)).toEqual(expected);
          const perStep = new Map<number, number>();
          for (let i = 0; i < n; i++) perStep.set(steps[i], (perStep.get(steps[i]) ?? 0) + 1);
          const cSteps = new Int32Array(steps.length);
          const counts = new Int32Array(steps.length);
          const m = dayStepCounts(grid, schedule, counts, cSteps);
          if (m >= 0) {
            const got = new Map<number, number>();
            for (let i = 0; i < m; i++) got.set(cSteps[i], counts[i]);
            expect(got).toEqual(perStep);
          }
        },
      ),
      { numRuns: 1000, seed: 7 },
    );
  });
  it('modifying a weekly base item keeps income and expenses apart', () => {
    const profile = {
      assumptions: { account_type_rates: { checking: 0 } },
      accounts: [{ id: 'a', name: 'Everyday', account_type: 'checking', current_balance: 0, is_asset: true }],
      recurring_items: [
        {
          id: 'pay',
          name: 'Pay',
          amount: 100,
          frequency: 'weekly',
          start_date: '2027-01-01',
          end_date: null,
          account_id: 'a',
          category_id: 'c',
          is_active: true,
        },
      ],
      scenarios: [
        {
          id: 's',
          name: 'Raise',
          is_baseline: false,
          events: [],
          modifications: [
            { id: 'm', modification_type: 'modify_recurring', target_id: 'pay', modification_data: { amount: 150 } },
          ],
        },
      ],
    };
    const s = forecastScenario(profile, 's', { as_of: '2026-12-31', years: 1 }, null).snapshots;
    expect(s[1]).toMatchObject({ income: 750, expenses: 0, cash_flow: 750 });
    expect(forecast(profile, { as_of: '2026-12-31', years: 1 }).snapshots[1]).toMatchObject({
      income: 500,
      expenses: 0,
    });
  });
});

/** Books a flow one occurrence at a time, dates from plain date stepping: the oracle for bookFlow's runs. */
function bookByOccurrence(
  book: FlowBook,
  flow: {
    amount: number;
    schedule: { frequency: (typeof FREQUENCIES)[number]; start_date: string; end_date: string | null };
    indexation_rate?: number;
  },
  row: number,
  adjustments: ReadonlyArray<{ from: string; amount?: number; end_date?: string | null }>,
  tax: FlowTax,
  sign: number,
): void {
  const { grid } = book;
  const occurrences = occurrencesBetween(
    { ...flow.schedule, type: 'recurring' } as never,
    dayNumberToDate(grid.asOfDay + 1),
    dayNumberToDate(grid.lastDay),
  );
  const [sy, sm, sd] = flow.schedule.start_date.split('-').map(Number);
  const factorPerYear = 1 + (flow.indexation_rate ?? 0) / 100;
  const endDay = Math.min(...adjustments.map((a) => (a.end_date ? dayOf(a.end_date) : Infinity)));
  for (const date of occurrences) {
    const day = dayOf(date);
    if (day > endDay) break;
    let k = 1;
    while (day > grid.stepEnd[k]) k++;
    let amt = flow.amount;
    for (const a of adjustments) if (a.amount !== undefined && day >= dayOf(a.from)) amt = a.amount;
    let years = 0;
    while (factorPerYear !== 1 && day >= anniversaryDay(sy, sm, sd, years + 1)) years++;
    amt *= factorPerYear ** years;
    if (amt === 0) continue;
    book.accountDelta[k * book.accountStride + row] += sign * amt;
    if (amt > 0) book.income[k] += sign * amt;
    else book.expense[k] -= sign * amt;
    if (tax === null) continue;
    tax.taxable[k] += sign * amt;
    if (tax.employment) tax.employment[k] += sign * amt;
    if (tax.extra) tax.extra[k] += sign * amt * tax.extraSign;
    if (tax.superRow < 0) continue;
    const sg = book.superGuaranteeRate[k];
    const toSuper =
      tax.superKind === SUPER_SALARY
        ? amt * sg
        : tax.superKind === SUPER_PPL
          ? Number.isNaN(tax.pplRate)
            ? day >= dayOf('2025-07-01')
              ? amt * sg
              : 0
            : amt * tax.pplRate
          : -amt;
    if (toSuper === 0) continue;
    if (tax.concessional) tax.concessional[k] += sign * toSuper;
    const net = sign * toSuper * (1 - CONTRIBUTIONS_TAX_RATE);
    book.accountDelta[k * book.accountStride + tax.superRow] += net;
    if (toSuper > 0) book.income[k] += net;
    else book.expense[k] -= net;
  }
}

function dayOf(date: string): number {
  const [y, m, d] = date.split('-').map(Number);
  return dayNumber(y, m, d);
}

describe('booking a flow', () => {
  it('books a weekly or fortnightly flow in runs exactly as one occurrence at a time', () => {
    const superKinds = [SUPER_NONE, SUPER_SALARY, SUPER_PPL, SUPER_SALARY_SACRIFICE];
    fc.assert(
      fc.property(
        date,
        fc.integer({ min: 1, max: 6 }),
        fc.constantFrom('weekly' as const, 'fortnightly' as const),
        date,
        fc.option(date, { nil: null }),
        fc.integer({ min: -5000, max: 5000 }),
        fc.constantFrom(0, 3, -2.5, 10),
        fc.array(
          fc.record({
            from: date,
            amount: fc.option(fc.integer({ min: -3000, max: 3000 }), { nil: undefined }),
            end_date: fc.option(date, { nil: null }),
          }),
          { maxLength: 3 },
        ),
        fc.option(
          fc.record({
            superKind: fc.constantFrom(...superKinds),
            pplRate: fc.constantFrom(NaN, 0.12),
            extraSign: fc.constantFrom(0, 1, -1),
            employment: fc.boolean(),
          }),
          { nil: null },
        ),
        fc.constantFrom(1, -1),
        (asOf, years, frequency, start, end, amount, indexation, adjustments, taxShape, sign) => {
          const grid = makeGrid(asOf, years * 12);
          const stepCount = grid.months + 1;
          const make = (): { book: FlowBook; tax: FlowTax } => {
            const steps = new Int32Array(bufferSize(grid));
            const book: FlowBook = {
              grid,
              accountStride: 3,
              accountDelta: new Float64Array(3 * stepCount),
              income: new Float64Array(stepCount),
              expense: new Float64Array(stepCount),
              occurrenceSteps: steps,
              occurrenceDays: new Int32Array(steps.length),
              superGuaranteeRate: Float64Array.from({ length: stepCount }, (_, k) => 0.1 + (k % 5) * 0.005),
            };
            const tax: FlowTax =
              taxShape === null
                ? null
                : {
                    taxable: new Float64Array(stepCount),
                    superRow: taxShape.superKind === SUPER_NONE ? -1 : 2,
                    superKind: taxShape.superKind,
                    pplRate: taxShape.pplRate,
                    concessional: new Float64Array(stepCount),
                    employment: taxShape.employment ? new Float64Array(stepCount) : undefined,
                    once: null,
                    extra: taxShape.extraSign === 0 ? null : new Float64Array(stepCount),
                    extraSign: taxShape.extraSign,
                  };
            return { book, tax };
          };
          const flow = {
            kind: 'flow' as const,
            key: 'f',
            name: 'Flow',
            account: 'a',
            amount,
            schedule: { type: 'recurring' as const, frequency, start_date: start, end_date: end },
            indexation_rate: indexation,
          };
          const adjusted = adjustments.map((a, i) => ({
            kind: 'adjust_flow' as const,
            key: `adj-${i}`,
            target: 'f',
            ...a,
          }));
          const runs = make();
          bookFlow(runs.book, flow, 1, adjusted.length > 0 ? adjusted : undefined, runs.tax, sign);
          const one = make();
          bookByOccurrence(one.book, flow, 1, adjusted, one.tax, sign);
          const close = (got: Float64Array | undefined | null, want: Float64Array | undefined | null) => {
            expect(got === null || got === undefined).toBe(want === null || want === undefined);
            if (!got || !want) return;
            for (let i = 0; i < got.length; i++) expect(Math.abs(got[i] - want[i])).toBeLessThan(1e-6);
          };
          close(runs.book.accountDelta, one.book.accountDelta);
          close(runs.book.income, one.book.income);
          close(runs.book.expense, one.book.expense);
          if (runs.tax && one.tax) {
            close(runs.tax.taxable, one.tax.taxable);
            close(runs.tax.concessional, one.tax.concessional);
            close(runs.tax.employment, one.tax.employment);
            close(runs.tax.extra, one.tax.extra);
          }
        },
      ),
      {
        numRuns: 500,
        seed: 11,
        // PPL paid before 1 July 2025 carries no super: step 1 of a June 2025 as_of runs across that day.
        examples: [
          [
            '2025-06-10',
            1,
            'weekly',
            '2025-01-03',
            null,
            1000,
            0,
            [],
            { superKind: SUPER_PPL, pplRate: NaN, extraSign: 0, employment: false },
            1,
          ],
        ],
      },
    );
  });
});
