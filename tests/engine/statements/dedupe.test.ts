// De-duplication: exact matches (bank id, fingerprint with occurrence) drop rows; near matches are only proposals.
// Properties: any statement imported twice, or as overlapping halves in either order, gives exactly the rows of
// one import, and genuine repeats (two $4.50 coffees on one day) survive.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  normalisePayee,
  planImport,
  rowFingerprints,
  type ExistingTransaction,
  type ParsedRow,
  type PlannedRow,
} from '../../../worker/engine/index';

const DESCRIPTIONS = ['COFFEE CLUB SYDNEY', 'WOOLWORTHS 1234', 'ATO PAYMENT PLAN', 'INTEREST', 'ACME PTY LTD SALARY'];
const AMOUNTS = [-450, -10000, -4550, 5, 250000];

function row(
  line: number,
  date: string,
  amount: number,
  description: string,
  extra: Partial<ParsedRow> = {},
): ParsedRow {
  return {
    line,
    date,
    amount_cents: amount,
    description,
    payee: normalisePayee(description),
    bank_id: null,
    balance_cents: null,
    ...extra,
  };
}

const isoDay = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);

/** A statement: rows by day (identical rows likely), optionally with a running balance and unique bank ids. */
const statementArb = fc
  .record({
    entries: fc.array(
      fc.record({
        day: fc.integer({ min: 0, max: 20 }),
        amount: fc.constantFrom(...AMOUNTS),
        description: fc.constantFrom(...DESCRIPTIONS),
      }),
      { minLength: 1, maxLength: 40 },
    ),
    balance: fc.boolean(),
    ids: fc.boolean(),
    opening: fc.integer({ min: -100000, max: 100000 }),
  })
  .map(({ entries, balance, ids, opening }) => {
    const sorted = [...entries].sort((a, b) => a.day - b.day);
    let running = opening;
    return sorted.map((e, i) => {
      running += e.amount;
      return row(i + 1, isoDay(e.day), e.amount, e.description, {
        balance_cents: balance ? running : null,
        bank_id: ids ? `FIT${i}` : null,
      });
    });
  });

let nextId = 0;
/** Stores a plan's added rows as the account's transactions would be stored. */
function store(plan: { toAdd: PlannedRow[] }): ExistingTransaction[] {
  return plan.toAdd.map((r) => ({
    id: `t${nextId++}`,
    date: r.date,
    amount_cents: r.amount_cents,
    description: r.description,
    payee: r.payee,
    bank_id: r.bank_id,
    fingerprint: r.fingerprint,
    balance_cents: r.balance_cents,
  }));
}

/** The rows' content as a sorted multiset, to compare "exactly the rows of one import". */
const content = (
  rows: readonly { date: string; amount_cents: number; description: string; balance_cents?: number | null }[],
) => rows.map((r) => `${r.date}|${r.amount_cents}|${r.description}|${r.balance_cents ?? ''}`).sort();

/** Renumbers a file's lines (as its own file) and optionally reverses it (a newest-first export). */
const asFile = (rows: ParsedRow[], reverse = false) =>
  (reverse ? [...rows].reverse() : rows).map((r, i) => ({ ...r, line: i + 1 }));

describe('planImport: exact matches', () => {
  it('two identical coffees on one day are two rows; importing the file again adds nothing', () => {
    const file = [
      row(1, '2026-03-01', -450, 'EFTPOS COFFEE CLUB SYDNEY AU'),
      row(2, '2026-03-01', -450, 'EFTPOS COFFEE CLUB SYDNEY AU'),
    ];
    const first = planImport([], [file]);
    expect(first.toAdd).toHaveLength(2);
    expect(first.toAdd.map((r) => r.fingerprint.slice(-2))).toEqual(['#0', '#1']);
    const again = planImport(store(first), [file]);
    expect(again.toAdd).toEqual([]);
    expect(again.duplicates.map((d) => d.reason)).toEqual([
      'same date, amount, description',
      'same date, amount, description (identical row 2 of its file)',
    ]);
    expect(again.proposed).toEqual([]);
  });

  it('a third identical coffee in a later, longer export of the same day is added', () => {
    const stored = store(
      planImport([], [[row(1, '2026-03-01', -450, 'COFFEE'), row(2, '2026-03-01', -450, 'COFFEE')]]),
    );
    const later = [
      row(1, '2026-03-01', -450, 'COFFEE'),
      row(2, '2026-03-01', -450, 'COFFEE'),
      row(3, '2026-03-01', -450, 'COFFEE'),
    ];
    const plan = planImport(stored, [later]);
    expect(plan.toAdd.map((r) => r.line)).toEqual([3]);
  });

  it('the bank id decides when present; different bank ids keep identical content apart', () => {
    const stored = store(planImport([], [[row(1, '2026-03-01', -500, 'SHOP', { bank_id: 'A' })]]));
    const renamed = planImport(stored, [[row(1, '2026-03-02', -500, 'SHOP (posted)', { bank_id: 'A' })]]);
    expect(renamed.toAdd).toEqual([]);
    expect(renamed.duplicates[0].reason).toBe('same bank id (A)');
    const other = planImport(stored, [[row(1, '2026-03-01', -500, 'SHOP', { bank_id: 'B' })]]);
    expect(other.toAdd).toHaveLength(1);
    expect(other.proposed).toEqual([]);
    // A CSV row without an id matches an OFX row by content.
    const csv = planImport(stored, [[row(1, '2026-03-01', -500, 'SHOP')]]);
    expect(csv.toAdd).toEqual([]);
  });

  it('rows typed by hand are never dropped, only proposed', () => {
    const typed: ExistingTransaction = { id: 'hand', date: '2026-03-01', amount_cents: -12000, description: 'Rent' };
    const plan = planImport([typed], [[row(1, '2026-03-02', -12000, 'RENT PAYMENT REF 1234')]]);
    expect(plan.toAdd).toHaveLength(1);
    expect(plan.proposed).toEqual([
      expect.objectContaining({
        existing_id: 'hand',
        days_apart: 1,
        reason: 'same amount, 1 day apart, similar description ("Rent")',
      }),
    ]);
  });

  it('fingerprints ignore case and spacing of the description, and name the occurrence', () => {
    const [a, b, c] = rowFingerprints([
      row(1, '2026-03-01', -450, 'Coffee  Club'),
      row(2, '2026-03-01', -450, 'COFFEE CLUB'),
      row(3, '2026-03-01', -450, 'COFFEE CLUB', { balance_cents: 100 }),
    ]);
    expect(a.replace('#0', '')).toBe(b.replace('#1', ''));
    expect(a).toMatch(/^f1:2026-03-01:-450:[0-9a-z]+#0$/);
    expect(c.endsWith('#0')).toBe(true);
    expect(c).not.toBe(a);
  });
});

describe('planImport: near matches are proposals only', () => {
  it('a re-dated or re-worded row is proposed, both kept', () => {
    const stored = store(
      planImport(
        [],
        [[row(1, '2026-03-01', -4550, 'PENDING WOOLWORTHS 1234 SYDNEY'), row(2, '2026-03-04', -100, 'X')]],
      ),
    );
    const plan = planImport(stored, [
      [row(1, '2026-03-02', -4550, 'WOOLWORTHS 1234 SYDNEY NSW'), row(2, '2026-03-04', -100, 'X')],
    ]);
    expect(plan.toAdd.map((r) => r.description)).toEqual(['WOOLWORTHS 1234 SYDNEY NSW']);
    expect(plan.proposed).toHaveLength(1);
    expect(plan.proposed[0]).toMatchObject({ existing_id: stored[0].id, days_apart: 1 });
  });

  it('a weekly payment of the same amount is never proposed (window shorter than any cycle)', () => {
    const weeks = (from: number, n: number) =>
      Array.from({ length: n }, (_, i) => row(i + 1, isoDay(from + 7 * i), -10000, 'ATO PAYMENT PLAN'));
    const stored = store(planImport([], [weeks(0, 4)]));
    const plan = planImport(stored, [weeks(28, 4)], { window_days: 99 });
    expect(plan.toAdd).toHaveLength(4);
    expect(plan.proposed).toEqual([]);
  });

  it('daily identical rows either side of two adjoining exports are not proposed', () => {
    const days = (from: number, to: number) =>
      Array.from({ length: to - from + 1 }, (_, i) => row(i + 1, isoDay(from + i), 5, 'CREDIT INTEREST'));
    const stored = store(planImport([], [days(0, 9)]));
    const plan = planImport(stored, [days(10, 19)]);
    expect(plan.toAdd).toHaveLength(10);
    expect(plan.proposed).toEqual([]);
  });

  it('different amounts, far dates or unlike descriptions are not proposed', () => {
    const stored = store(
      planImport([], [[row(1, '2026-03-01', -4550, 'WOOLWORTHS'), row(2, '2026-03-10', -999, 'NETFLIX')]]),
    );
    const plan = planImport(stored, [
      [
        row(1, '2026-03-01', -4551, 'WOOLWORTHS'),
        row(2, '2026-03-01', -4550, 'BUNNINGS'),
        row(3, '2026-03-10', -999, 'NETFLIX.COM'),
        row(4, '2026-03-20', -999, 'NETFLIX'),
      ],
    ]);
    expect(plan.proposed.map((p) => p.incoming.line)).toEqual([3]);
  });
});

describe('planImport: properties', () => {
  it('importing any statement twice gives exactly the rows of one import; genuine repeats survive', () => {
    fc.assert(
      fc.property(statementArb, fc.boolean(), (rows, reverse) => {
        const first = planImport([], [rows]);
        expect(first.toAdd).toHaveLength(rows.length);
        expect(first.proposed).toEqual([]);
        const second = planImport(store(first), [asFile(rows, reverse)]);
        expect(second.toAdd).toEqual([]);
        expect(second.duplicates).toHaveLength(rows.length);
      }),
      { numRuns: 300 },
    );
  });

  it('overlapping halves (whole days) in either order, as two imports or one, give the rows of one import', () => {
    fc.assert(
      fc.property(
        statementArb,
        fc.integer({ min: 0, max: 20 }),
        fc.integer({ min: 0, max: 20 }),
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        (rows, x, y, swap, oneImport, reverseLater) => {
          const [d1, d2] = [Math.min(x, y), Math.max(x, y)];
          const early = asFile(rows.filter((r) => r.date <= isoDay(d2)));
          const late = asFile(rows.filter((r) => r.date >= isoDay(d1)));
          const [a, b] = swap ? [late, early] : [early, late];
          const second = reverseLater ? asFile(b, true) : b;
          let stored: ExistingTransaction[];
          if (oneImport) stored = store(planImport([], [a, second]));
          else {
            const firstStored = store(planImport([], [a]));
            stored = [...firstStored, ...store(planImport(firstStored, [second]))];
          }
          expect(content(stored)).toEqual(content(rows));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('with a running balance, halves split anywhere (even inside a day) give the rows of one import', () => {
    const spending = fc
      .array(fc.record({ day: fc.integer({ min: 0, max: 5 }), amount: fc.constantFrom(-450, -10000) }), {
        minLength: 2,
        maxLength: 30,
      })
      .map((es) => {
        let balance = 100000;
        return [...es]
          .sort((p, q) => p.day - q.day)
          .map((e, i) => row(i + 1, isoDay(e.day), e.amount, 'COFFEE', { balance_cents: (balance += e.amount) }));
      });
    fc.assert(
      fc.property(spending, fc.nat(), fc.nat(), fc.boolean(), (rows, x, y, swap) => {
        const i = x % rows.length;
        const j = y % rows.length;
        const [lo, hi] = [Math.min(i, j), Math.max(i, j)];
        const a = asFile(rows.slice(0, hi + 1));
        const b = asFile(rows.slice(lo));
        const [p, q] = swap ? [b, a] : [a, b];
        const firstStored = store(planImport([], [p]));
        const stored = [...firstStored, ...store(planImport(firstStored, [q]))];
        expect(content(stored)).toEqual(content(rows));
      }),
      { numRuns: 300 },
    );
  });
});
