// The simulator's fast schedule paths agree with plain date stepping, and income/expense stay right
// when a cached base item is modified.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FREQUENCIES, dayNumber, dayNumberToDate, forecast, occurrencesBetween } from '../../worker/engine/index';
import { bufferSize, dayStepCounts, makeGrid, scheduleOccurrences } from '../../worker/engine/simulate/occurrences';
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
