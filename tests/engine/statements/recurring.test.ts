// Recurring-series detection on hand-worked statements (fixed dates) and its properties: deterministic and
// independent of row order. Accuracy on the labelled synthetic history is in recurring-accuracy.test.ts.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dateToDayNumber, dayNumberToDate, detectRecurring, type SeriesInput } from '../../../worker/engine/index';
import { addDays } from '../../../worker/engine/au/dates';
import { nextBusinessDayNumber } from '../../../worker/engine/au/holidays';
import { syntheticHistory } from './synthetic-year';

let counter = 0;
function row(
  date: string,
  cents: number,
  payee: string,
  account = 'chk',
  extra: Partial<SeriesInput> = {},
): SeriesInput {
  return {
    id: `r${String(counter++).padStart(4, '0')}`,
    account_id: account,
    date,
    amount_cents: cents,
    payee,
    ...extra,
  };
}

function everyDays(first: string, step: number, count: number): string[] {
  const d0 = dateToDayNumber(first);
  return Array.from({ length: count }, (_, k) => dayNumberToDate(d0 + k * step));
}

describe('detectRecurring: hand-worked statements', () => {
  it('finds fortnightly pay, takes the latest level after a rise and projects the next payday', () => {
    // Thursdays from 2025-01-02; a 5% rise from the 7th pay.
    const rows = everyDays('2025-01-02', 14, 12).map((d, k) => row(d, k < 6 ? 285000 : 299250, 'ACME PTY LTD'));
    const [s, ...rest] = detectRecurring(rows, { as_of: '2025-06-10' });
    expect(rest).toEqual([]);
    expect(s).toMatchObject({
      account_id: 'chk',
      payee: 'ACME PTY LTD',
      frequency: 'fortnightly',
      amount_cents: 299250,
      occurrences: 12,
      variable_amount: false,
      // Last pay 2025-06-05 (Thursday); the next is a fortnight on.
      next_date: '2025-06-19',
    });
    expect(s.transaction_ids).toEqual(rows.map((r) => r.id));
    expect(s.confidence).toBeGreaterThan(0.8);
  });

  it('finds monthly rent moved to the next business day, and keeps the schedule on the 1st', () => {
    // The 1st of each month in 2025, moved off weekends: 2025-02-01 Sat -> 02-03, 03-01 Sat -> 03-03, 06-01 Sun -> 06-02.
    const dates = ['2025-01-02', '2025-02-03', '2025-03-03', '2025-04-01', '2025-05-01', '2025-06-02', '2025-07-01'];
    const rows = dates.map((d) => row(d, -240000, 'RAY WHITE RENTALS'));
    const [s] = detectRecurring(rows, { as_of: '2025-07-20' });
    expect(s).toMatchObject({ frequency: 'monthly', amount_cents: -240000, occurrences: 7 });
    // 2025-08-01 is a Friday.
    expect(s.next_date).toBe('2025-08-01');
    // 2025-11-01 is a Saturday: never paid on a weekend before, so expected on Monday the 3rd.
    const later = [
      ...rows,
      ...['2025-08-01', '2025-09-01', '2025-10-01'].map((d) => row(d, -240000, 'RAY WHITE RENTALS')),
    ];
    expect(detectRecurring(later, { as_of: '2025-10-15' })[0].next_date).toBe('2025-11-03');
  });

  it('finds quarterly power with varying amounts (median of the last year) and a weekly debit', () => {
    const power = [
      ['2024-02-12', -41210],
      ['2024-05-13', -35590],
      ['2024-08-12', -52075],
      ['2024-11-12', -30980],
      ['2025-02-12', -44400],
    ] as const;
    const rows = [
      ...power.map(([d, c]) => row(d, c, 'AGL')),
      ...everyDays('2024-12-02', 7, 10).map((d) => row(d, -10000, 'ATO')),
    ];
    const found = detectRecurring(rows, { as_of: '2025-02-20' });
    expect(found.map((s) => [s.payee, s.frequency])).toEqual([
      ['AGL', 'quarterly'],
      ['ATO', 'weekly'],
    ]);
    // The last four: 35590, 52075, 30980, 44400 -> median (35590 + 44400) / 2 = 39995.
    expect(found[0]).toMatchObject({ amount_cents: -39995, variable_amount: true, next_date: '2025-05-12' });
    expect(found[1]).toMatchObject({ amount_cents: -10000, next_date: '2025-02-24', occurrences: 10 });
  });

  it('finds two quarterly bills from one retailer, one of them a gas bill that halves after winter', () => {
    const power = [
      ['2025-01-20', -31240],
      ['2025-04-22', -28910],
      ['2025-07-21', -40175],
      ['2025-10-20', -35000],
    ] as const;
    const gas = [
      ['2025-02-03', -9540],
      ['2025-05-05', -12010],
      ['2025-08-04', -18075],
      ['2025-11-03', -8800],
    ] as const;
    const rows = [...power, ...gas].map(([d, c]) => row(d, c, 'AGL ENERGY'));
    const found = detectRecurring(rows, { as_of: '2026-01-05' });
    expect(found.map((s) => [s.frequency, s.occurrences, s.next_date])).toEqual([
      ['quarterly', 4, '2026-01-20'],
      ['quarterly', 4, '2026-02-03'],
    ]);
  });

  it('finds two series from one payee, and steps over the same payee one-offs', () => {
    const mobile = Array.from({ length: 8 }, (_, k) =>
      row(`2025-${String(k + 1).padStart(2, '0')}-05`, -6500, 'TELSTRA'),
    );
    const internet = Array.from({ length: 8 }, (_, k) =>
      row(`2025-${String(k + 1).padStart(2, '0')}-19`, -8999, 'TELSTRA'),
    );
    const oneOffs = [row('2025-03-11', -4900, 'TELSTRA'), row('2025-06-27', -12900, 'TELSTRA')];
    const found = detectRecurring([...mobile, ...internet, ...oneOffs], { as_of: '2025-08-25' });
    // Same payee and rhythm: ordered by key (its day of month, as text: 'm19' before 'm5').
    expect(found.map((s) => [s.amount_cents, s.frequency, s.occurrences, s.next_date])).toEqual([
      [-8999, 'monthly', 8, '2025-09-19'],
      [-6500, 'monthly', 8, '2025-09-05'],
    ]);
    expect(new Set(found.map((s) => s.key)).size).toBe(2);
  });

  it('tolerates a missed occurrence, needs two years for a yearly bill, and drops a series that ended', () => {
    const months = [1, 2, 3, 5, 6, 7, 8]; // April missed
    const gym = months.map((m) => row(`2025-0${m}-10`, -3290, 'FITNESS FIRST'));
    const rego = [row('2024-03-14', -87050, 'SERVICE NSW'), row('2025-03-14', -87050, 'SERVICE NSW')];
    const cancelled = [1, 2, 3, 4].map((m) => row(`2025-0${m}-22`, -1399, 'SPOTIFY'));
    const found = detectRecurring([...gym, ...rego, ...cancelled], { as_of: '2025-08-20' });
    expect(found.map((s) => [s.payee, s.frequency, s.occurrences, s.next_date])).toEqual([
      ['FITNESS FIRST', 'monthly', 7, '2025-09-10'],
      ['SERVICE NSW', 'yearly', 2, '2026-03-16'], // 2026-03-14 is a Saturday
    ]);
    const gymSeries = found[0];
    const solid = detectRecurring(
      [1, 2, 3, 4, 5, 6, 7, 8].map((m) => row(`2025-0${m}-10`, -3290, 'FITNESS FIRST')),
      { as_of: '2025-08-20' },
    )[0];
    expect(gymSeries.confidence).toBeLessThan(solid.confidence);
  });

  it('tolerates public holidays: moves over Christmas, Boxing Day, Australia Day and Easter are on time', () => {
    // Direct debits due on a day and taken on the next business day (national public holidays included).
    const moved = (d: string) => dayNumberToDate(nextBusinessDayNumber(dateToDayNumber(d)));
    const months = Array.from({ length: 20 }, (_, k) => dayNumberToDate(dateToDayNumber('2025-07-01') + k * 31));
    const on25 = months.map((d) => row(moved(`${d.slice(0, 7)}-25`), -6500, 'HCF HEALTH'));
    const on26 = months.map((d) => row(moved(`${d.slice(0, 7)}-26`), -18000, 'TELSTRA'));
    const fridays = everyDays('2025-11-07', 7, 75).map((d) => row(moved(d), -10000, 'ATO'));
    // Christmas 2025 (Thursday) to Monday 29 December; Boxing Day (Friday) too; Australia Day 2026 to the 27th;
    // Good Friday 2026 to Tuesday 7 April.
    expect(on25.map((r) => r.date)).toContain('2025-12-29');
    expect(on26.map((r) => r.date)).toEqual(expect.arrayContaining(['2025-12-29', '2026-01-27']));
    expect(fridays.map((r) => r.date)).toEqual(expect.arrayContaining(['2025-12-29', '2026-04-07']));

    const upTo = (asOf: string, rows: SeriesInput[]) => rows.filter((r) => r.date <= asOf);
    const found = detectRecurring(upTo('2026-05-01', [...on25, ...on26, ...fridays]), { as_of: '2026-05-01' });
    const by = (payee: string) => found.find((s) => s.payee === payee);
    expect(by('HCF HEALTH')).toMatchObject({
      frequency: 'monthly',
      occurrences: 10,
      key: expect.stringMatching(/m25$/),
    });
    expect(by('TELSTRA')).toMatchObject({ frequency: 'monthly', occurrences: 10, key: expect.stringMatching(/m26$/) });
    expect(by('ATO')).toMatchObject({ frequency: 'weekly', occurrences: 26, key: expect.stringMatching(/d5$/) });
    // A debit moved to the next business day is on time: as regular as the same debits never moved.
    const unmoved = everyDays('2025-11-07', 7, 26).map((d) => row(d, -10000, 'ATO'));
    expect(by('ATO')?.confidence).toBe(detectRecurring(unmoved, { as_of: '2026-05-01' })[0].confidence);

    // Next dates step over the holidays too: Christmas 2026 is a Friday and Boxing Day is observed on Monday 28.
    const nextAfter = (asOf: string, rows: SeriesInput[]) =>
      detectRecurring(upTo(asOf, rows), { as_of: asOf })[0].next_date;
    expect(nextAfter('2026-12-01', on25)).toBe('2026-12-29');
    expect(nextAfter('2026-12-20', fridays)).toBe('2026-12-29');
    expect(nextAfter('2027-01-01', on26)).toBe('2027-01-27'); // Australia Day 2027 is a Tuesday
    expect(nextAfter('2027-03-20', fridays)).toBe('2027-03-30'); // Good Friday 26 March, Easter Monday 29 March
  });

  it('gives the first expected date after as_of even when the rows run past it', () => {
    const rows = [1, 2, 3, 4, 5, 6].map((m) => row(`2026-0${m}-14`, -1699, 'NETFLIX.COM'));
    expect(detectRecurring(rows, { as_of: '2026-03-10' })[0].next_date).toBe('2026-03-14');
    const weekly = everyDays('2026-01-05', 7, 12).map((d) => row(d, -10000, 'ATO'));
    expect(detectRecurring(weekly, { as_of: '2026-02-03' })[0].next_date).toBe('2026-02-09');
  });

  it('ignores transfer-linked rows and keeps accounts and signs apart', () => {
    const transfers = everyDays('2025-01-15', 14, 8).map((d) =>
      row(d, -50000, 'TRANSFER', 'chk', { transfer_id: 'x' }),
    );
    const otherAccount = everyDays('2025-01-15', 14, 8).map((d) => row(d, -5000, 'KIDS SAVER', 'sav'));
    const refunds = everyDays('2025-01-15', 14, 8).map((d) => row(d, 5000, 'KIDS SAVER', 'chk'));
    const found = detectRecurring([...transfers, ...otherAccount, ...refunds], { as_of: '2025-04-30' });
    expect(found.map((s) => [s.account_id, s.amount_cents])).toEqual([
      ['chk', 5000],
      ['sav', -5000],
    ]);
  });

  it('finds nothing in a busy payee with random amounts and dates', () => {
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const rows = Array.from({ length: 400 }, () =>
      row(addDays('2024-01-01', Math.floor(next() * 365)), -Math.round(800 + next() * 25000), 'WOOLWORTHS'),
    );
    expect(detectRecurring(rows, { as_of: '2025-01-01' })).toEqual([]);
  });

  it('ignores zero amounts and returns nothing for no rows', () => {
    expect(detectRecurring([], { as_of: '2025-01-01' })).toEqual([]);
    const zeros = everyDays('2024-01-01', 7, 20).map((d) => row(d, 0, 'NOTHING'));
    expect(detectRecurring(zeros, { as_of: '2025-01-01' })).toEqual([]);
  });
});

describe('detectRecurring: properties', () => {
  const histories = [3, 11, 29].map((seed) => syntheticHistory(seed, 12));

  it('is deterministic and independent of the order of the rows', () => {
    fc.assert(
      fc.property(fc.constantFrom(0, 1, 2), fc.integer(), (h, shuffleSeed) => {
        const { rows, as_of } = histories[h];
        const expected = detectRecurring(rows, { as_of });
        let s = shuffleSeed >>> 0;
        const shuffled = [...rows];
        for (let i = shuffled.length - 1; i > 0; i--) {
          s = (s * 1664525 + 1013904223) >>> 0;
          const j = s % (i + 1);
          [shuffled[i], shuffled[j]] = [shuffled[j], shuffled[i]];
        }
        expect(detectRecurring(shuffled, { as_of })).toEqual(expected);
      }),
      { numRuns: 12 },
    );
  });

  it('gives each series a unique key, next_date after as_of, confidence in 0..1 and ids in date order', () => {
    for (const { rows, as_of } of histories) {
      const found = detectRecurring(rows, { as_of });
      expect(new Set(found.map((s) => s.key)).size).toBe(found.length);
      const dateOf = new Map(rows.map((r) => [r.id, r.date]));
      for (const s of found) {
        expect(s.next_date > as_of).toBe(true);
        expect(s.confidence).toBeGreaterThanOrEqual(0);
        expect(s.confidence).toBeLessThanOrEqual(1);
        expect(s.occurrences).toBe(s.transaction_ids.length);
        const dates = s.transaction_ids.map((id) => dateOf.get(id) ?? '');
        expect([...dates].sort()).toEqual(dates);
      }
    }
  });

  it('never puts a row in two series, and a later as_of keeps the same keys', () => {
    const { rows, as_of } = histories[0];
    const found = detectRecurring(rows, { as_of });
    const ids = found.flatMap((s) => s.transaction_ids);
    expect(new Set(ids).size).toBe(ids.length);
    const later = detectRecurring(rows, { as_of: addDays(as_of, 10) });
    expect(later.map((s) => s.key)).toEqual(found.map((s) => s.key));
  });
});
