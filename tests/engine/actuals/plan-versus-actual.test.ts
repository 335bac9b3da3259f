// Plan versus actual on a hand-worked two months (fixed dates): a late and an early bill, a missed bill, unplanned
// spending, a pay rise, a linked occurrence and a transfer; balances from transactions and from running balances;
// re-baselining. Plus a property: a plan followed to the cent has no variance anywhere.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  FREQUENCIES,
  dateToDayNumber,
  dayNumberToDate,
  forEachOccurrence,
  matchOccurrences,
  planVersusActual,
  rebaseline,
  type ActualTransaction,
  type Plan,
  type PlanItem,
} from '../../../worker/engine/index';

const plan: Plan = {
  as_of: '2025-02-28',
  accounts: [
    { id: 'chk', name: 'Everyday', current_balance: 5000 },
    { id: 'sav', name: 'Savings', current_balance: 10000 },
    { id: 'super', name: 'Super', current_balance: 80000 },
  ],
  recurring_items: [
    {
      id: 'pay',
      name: 'Pay',
      amount: 3000,
      frequency: 'fortnightly',
      start_date: '2025-03-06',
      account_id: 'chk',
      category_id: 'salary',
    },
    {
      id: 'rent',
      name: 'Rent',
      amount: -2000,
      frequency: 'monthly',
      start_date: '2025-03-01',
      account_id: 'chk',
      category_id: 'rent',
    },
    {
      id: 'power',
      name: 'Power',
      amount: -300,
      frequency: 'quarterly',
      start_date: '2025-03-20',
      account_id: 'chk',
      category_id: 'power',
    },
    {
      id: 'phone',
      name: 'Phone',
      amount: -60,
      frequency: 'monthly',
      start_date: '2025-03-15',
      account_id: 'chk',
      category_id: 'phone',
    },
  ],
  categories: [
    { id: 'salary', name: 'Salary' },
    { id: 'rent', name: 'Rent' },
    { id: 'power', name: 'Power' },
    { id: 'phone', name: 'Phone' },
    { id: 'groceries', name: 'Groceries' },
  ],
};

function tx(id: string, date: string, cents: number, extra: Partial<ActualTransaction> = {}): ActualTransaction {
  return { id, account_id: 'chk', date, amount_cents: cents, ...extra };
}

const transactions: ActualTransaction[] = [
  tx('t1', '2025-03-03', -200000, { category_id: 'rent' }), // March rent, 2 days late (1 March was a Saturday)
  tx('t2', '2025-03-06', 300000),
  tx('t3', '2025-03-20', 300000),
  tx('t4', '2025-03-17', -34250), // power, 3 days early, no category yet
  tx('t5', '2025-03-10', -18025, { category_id: 'groceries' }), // unplanned
  tx('t6', '2025-03-31', -200000, { category_id: 'rent' }), // April's rent, a day early
  tx('t7', '2025-04-03', 300000),
  tx('t8', '2025-04-17', 310000), // a pay rise
  tx('t9', '2025-04-15', -6000, { recurring_item_id: 'phone' }), // linked by the user
  tx('t10', '2025-03-25', -50000, { transfer_id: 't11' }),
  tx('t11', '2025-03-25', 50000, { account_id: 'sav', transfer_id: 't10' }),
];

describe('matchOccurrences', () => {
  it('matches early and late payments to their own occurrence, and reports missed and unplanned', () => {
    const r = matchOccurrences(plan.recurring_items, transactions, { from: '2025-03-01', to: '2025-04-30' });
    const brief = r.occurrences.map((o) => [o.item_id, o.expected_date, o.transaction_id, o.days_off, o.status]);
    expect(brief).toEqual([
      ['rent', '2025-03-01', 't1', 2, 'late'],
      ['pay', '2025-03-06', 't2', 0, 'on_time'],
      ['phone', '2025-03-15', null, null, 'missed'],
      ['pay', '2025-03-20', 't3', 0, 'on_time'],
      ['power', '2025-03-20', 't4', -3, 'early'],
      ['rent', '2025-04-01', 't6', -1, 'early'],
      ['pay', '2025-04-03', 't7', 0, 'on_time'],
      ['phone', '2025-04-15', 't9', 0, 'on_time'],
      ['pay', '2025-04-17', 't8', 0, 'on_time'],
    ]);
    expect(r.occurrences.find((o) => o.transaction_id === 't9')?.linked).toBe(true);
    // The transfer is neither matched nor unplanned.
    expect(r.unplanned.map((t) => t.id)).toEqual(['t5']);
  });

  it('does not expect what is not due yet, and calls an occurrence pending while its window is open', () => {
    const r = matchOccurrences(plan.recurring_items, transactions.slice(0, 5), {
      from: '2025-03-01',
      to: '2025-04-30',
      as_of: '2025-04-05',
    });
    const april = r.occurrences.filter((o) => o.expected_date >= '2025-04-01');
    // April's rent was paid on 31 March (t6 is not in this list): pending until 8 April; pay on the 3rd too.
    expect(april.map((o) => [o.item_id, o.status])).toEqual([
      ['rent', 'pending'],
      ['pay', 'pending'],
    ]);
  });

  it('never matches a transaction to two occurrences, nor a different account or direction', () => {
    const items: PlanItem[] = [
      { id: 'a', name: 'A', amount: -100, frequency: 'weekly', start_date: '2025-01-06', account_id: 'chk' },
    ];
    const r = matchOccurrences(
      items,
      [
        tx('x', '2025-01-09', -10000),
        tx('y', '2025-01-09', 10000),
        tx('z', '2025-01-09', -10000, { account_id: 'sav' }),
      ],
      { from: '2025-01-01', to: '2025-01-19' },
    );
    expect(r.occurrences.map((o) => [o.expected_date, o.transaction_id])).toEqual([
      ['2025-01-06', 'x'],
      ['2025-01-13', null],
    ]);
    expect(r.unplanned.map((t) => t.id)).toEqual(['y', 'z']);
  });
});

describe('planVersusActual', () => {
  const result = planVersusActual({ plan, transactions }, { from: '2025-03', to: '2025-04', as_of: '2025-04-30' });

  it('compares each month in total: the early rent counts in April, the transfer nowhere', () => {
    const [march, april] = result.months;
    expect(march.month).toBe('2025-03');
    expect(march.income).toEqual({ expected_cents: 600000, actual_cents: 600000, variance_cents: 0 });
    expect(march.expenses).toEqual({ expected_cents: -236000, actual_cents: -252275, variance_cents: -16275 });
    expect(march.net).toEqual({ expected_cents: 364000, actual_cents: 347725, variance_cents: -16275 });
    expect(april.income).toEqual({ expected_cents: 600000, actual_cents: 610000, variance_cents: 10000 });
    expect(april.expenses).toEqual({ expected_cents: -206000, actual_cents: -206000, variance_cents: 0 });
    expect(result.totals.net).toEqual({ expected_cents: 758000, actual_cents: 751725, variance_cents: -6275 });
  });

  it('explains March by category (largest variance first) and by timing', () => {
    const march = result.months[0];
    expect(march.categories.map((c) => [c.name, c.expected_cents, c.actual_cents, c.variance_cents])).toEqual([
      ['Groceries', 0, -18025, -18025],
      ['Phone', -6000, 0, 6000],
      ['Power', -30000, -34250, -4250], // the uncategorised payment takes its item's category
      ['Rent', -200000, -200000, 0],
      ['Salary', 600000, 600000, 0],
    ]);
    expect(march.timing.map((t) => [t.name, t.status, t.days_off])).toEqual([
      ['Rent', 'late', 2],
      ['Phone', 'missed', null],
      ['Power', 'early', -3],
    ]);
    expect(march.unplanned).toEqual([
      { transaction_id: 't5', date: '2025-03-10', amount_cents: -18025, category_id: 'groceries' },
    ]);
    expect(result.months[1].timing.map((t) => [t.name, t.status, t.days_off])).toEqual([['Rent', 'early', -1]]);
  });

  it('compares balances and says how far behind the plan the person is', () => {
    const chk = result.accounts.find((a) => a.account_id === 'chk')!;
    // Planned: 5,000 + March (6,000 - 2,360) + April (6,000 - 2,060) = 12,580.
    expect(chk.months[1]).toEqual({
      month: '2025-04',
      date: '2025-04-30',
      planned_cents: 1258000,
      actual_cents: 1201725,
      variance_cents: -56275,
      source: 'transactions',
    });
    const sav = result.accounts.find((a) => a.account_id === 'sav')!;
    expect(sav.months[1]).toMatchObject({ planned_cents: 1000000, actual_cents: 1050000, variance_cents: 50000 });
    // Super has no transactions: nothing tells its actual balance.
    expect(result.accounts.find((a) => a.account_id === 'super')!.months[1].actual_cents).toBeNull();
    // Behind by $62.75: the net cash-flow variance, as the transfer only moved money between accounts.
    expect(result.headline).toEqual({ ahead_cents: -6275, basis: 'balances', date: '2025-04-30' });
  });

  it('uses the running balance when the statement has one, and the forecast balances when given', () => {
    const withBalance = transactions.map((t) => (t.id === 't11' ? { ...t, balance_cents: 1060000 } : t));
    const r = planVersusActual(
      {
        plan,
        transactions: withBalance,
        planned_balances: [{ account_id: 'sav', month: '2025-04', balance_cents: 1000500 }],
      },
      { from: '2025-04', to: '2025-04' },
    );
    const sav = r.accounts.find((a) => a.account_id === 'sav')!.months[0];
    expect(sav).toMatchObject({
      planned_cents: 1000500,
      actual_cents: 1060000,
      variance_cents: 59500,
      source: 'running_balance',
    });
  });

  it('leaves out the months after as_of', () => {
    const r = planVersusActual({ plan, transactions }, { from: '2025-03', to: '2025-06', as_of: '2025-04-10' });
    expect(r.months.map((m) => m.month)).toEqual(['2025-03', '2025-04']);
    expect(r.headline.date).toBe('2025-04-10');
  });

  it('falls back to the cash-flow variance when no account balance is known', () => {
    const r = planVersusActual(
      { plan: { ...plan, accounts: [] }, transactions },
      { from: '2025-03', to: '2025-04', as_of: '2025-04-30' },
    );
    expect(r.headline).toEqual({ ahead_cents: -6275, basis: 'cash_flow', date: '2025-04-30' });
  });
});

describe('rebaseline', () => {
  it('re-starts from the actual balances and keeps what it replaces', () => {
    const r = rebaseline({ plan, transactions }, { as_of: '2025-04-30' });
    expect(r).toEqual({
      as_of: '2025-04-30',
      previous_as_of: '2025-02-28',
      accounts: [
        {
          account_id: 'chk',
          previous_balance: 5000,
          current_balance: 12017.25,
          change_cents: 701725,
          source: 'transactions',
        },
        {
          account_id: 'sav',
          previous_balance: 10000,
          current_balance: 10500,
          change_cents: 50000,
          source: 'transactions',
        },
        { account_id: 'super', previous_balance: 80000, current_balance: 80000, change_cents: 0, source: 'unchanged' },
      ],
    });
  });

  it("takes the end of the day from a running balance whatever the order of that day's rows", () => {
    const rows = [
      tx('b', '2025-04-29', -2000, { account_id: 'sav', balance_cents: 1047000 }),
      tx('a', '2025-04-29', -1000, { account_id: 'sav', balance_cents: 1049000 }),
      tx('c', '2025-04-30', 500, { account_id: 'sav' }),
    ];
    const r = rebaseline({ plan, transactions: rows }, { as_of: '2025-04-30' });
    expect(r.accounts[1]).toMatchObject({ current_balance: 10475, source: 'running_balance' });
  });
});

describe('plan versus actual: properties', () => {
  it('a plan followed to the cent shows no variance, no timing and nothing unplanned', () => {
    const item = fc.record({
      amount: fc
        .integer({ min: -500000, max: 500000 })
        .filter((c) => c !== 0)
        .map((c) => c / 100),
      frequency: fc.constantFrom(...FREQUENCIES),
      start: fc.integer({ min: 0, max: 400 }),
    });
    fc.assert(
      fc.property(fc.array(item, { minLength: 1, maxLength: 6 }), (specs) => {
        const base = dateToDayNumber('2024-06-01');
        const items: PlanItem[] = specs.map((s, i) => ({
          id: `i${i}`,
          name: `Item ${i}`,
          amount: s.amount,
          frequency: s.frequency,
          start_date: dayNumberToDate(base + s.start),
          account_id: 'chk',
          category_id: `c${i}`,
        }));
        const txs: ActualTransaction[] = [];
        for (const it of items) {
          forEachOccurrence(it, base, dateToDayNumber('2026-12-31'), (day) =>
            txs.push(
              tx(`${it.id}-${day}`, dayNumberToDate(day), Math.round(it.amount * 100), { category_id: it.category_id }),
            ),
          );
        }
        const p: Plan = {
          as_of: '2024-12-31',
          accounts: [{ id: 'chk', current_balance: 1000 }],
          recurring_items: items,
        };
        const r = planVersusActual({ plan: p, transactions: txs.reverse() }, { from: '2025-01', to: '2025-12' });
        for (const m of r.months) {
          expect(m.net.variance_cents).toBe(0);
          expect(m.timing).toEqual([]);
          expect(m.unplanned).toEqual([]);
          for (const c of m.categories) expect(c.variance_cents).toBe(0);
        }
        expect(r.headline).toEqual({ ahead_cents: 0, basis: 'balances', date: '2025-12-31' });
      }),
      { numRuns: 40 },
    );
  });
});

describe('matchOccurrences: properties', () => {
  it('is independent of the order of the transactions and never uses a transaction twice', () => {
    const items: PlanItem[] = [
      { id: 'w', name: 'Weekly', amount: -100, frequency: 'weekly', start_date: '2025-01-06', account_id: 'chk' },
      { id: 'm', name: 'Monthly', amount: -100, frequency: 'monthly', start_date: '2025-01-08', account_id: 'chk' },
      { id: 'f', name: 'Pay', amount: 2500, frequency: 'fortnightly', start_date: '2025-01-02', account_id: 'chk' },
    ];
    const row = fc.record({
      day: fc.integer({ min: 0, max: 120 }),
      cents: fc.constantFrom(-10000, -9000, -12000, 250000, 240000, -500),
      linked: fc.option(fc.constantFrom('w', 'm', 'f'), { nil: null }),
    });
    fc.assert(
      fc.property(fc.array(row, { maxLength: 40 }), fc.integer(), (spec, seed) => {
        const base = dateToDayNumber('2025-01-01');
        const txs = spec.map((r, i) =>
          tx(`t${i}`, dayNumberToDate(base + r.day), r.cents, { recurring_item_id: r.linked }),
        );
        const opts = { from: '2025-01-15', to: '2025-04-15' };
        const r = matchOccurrences(items, txs, opts);
        const used = r.occurrences.flatMap((o) => (o.transaction_id ? [o.transaction_id] : []));
        expect(new Set(used).size).toBe(used.length);
        for (const u of r.unplanned) expect(used).not.toContain(u.id);
        let s = seed >>> 0;
        const shuffled = [...txs];
        for (let i = shuffled.length - 1; i > 0; i--) {
          s = (s * 1664525 + 1013904223) >>> 0;
          const j = s % (i + 1);
          [shuffled[i], shuffled[j]] = [shuffled[j], shuffled[i]];
        }
        expect(matchOccurrences(items, shuffled, opts)).toEqual(r);
      }),
      { numRuns: 60 },
    );
  });
});
