// Transfer recognition between the user's own accounts: same size, opposite sign, different accounts, within
// 3 days, one-to-one (closest first), whatever the order of the rows.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findTransferPairs, type TransferInput } from '../../../worker/engine/index';

function t(id: string, account: string, date: string, cents: number, transfer_id: string | null = null): TransferInput {
  return { id, account_id: account, date, amount_cents: cents, transfer_id };
}

describe('findTransferPairs', () => {
  it('pairs money out of one account with the same amount into another within 3 days', () => {
    const rows = [
      t('a', 'chk', '2025-03-03', -50000),
      t('b', 'sav', '2025-03-05', 50000),
      t('c', 'chk', '2025-03-10', -2000),
      t('d', 'sav', '2025-03-14', 2000), // 4 days: not a transfer
      t('e', 'chk', '2025-03-20', -7000),
      t('f', 'chk', '2025-03-20', 7000), // same account: a refund, not a transfer
      t('g', 'sav', '2025-03-21', 7001), // a cent different: no
    ];
    expect(findTransferPairs(rows)).toEqual([{ out_id: 'a', in_id: 'b', days_apart: 2 }]);
  });

  it('takes the closest date first and never uses a row twice', () => {
    const rows = [
      t('out1', 'chk', '2025-05-01', -10000),
      t('out2', 'chk', '2025-05-03', -10000),
      t('in1', 'sav', '2025-05-03', 10000),
      t('in2', 'card', '2025-05-04', 10000),
    ];
    // out2-in1 is 0 days apart (taken first); out1 then takes in2 (3 days), not in1 again.
    expect(findTransferPairs(rows)).toEqual([
      { out_id: 'out2', in_id: 'in1', days_apart: 0 },
      { out_id: 'out1', in_id: 'in2', days_apart: 3 },
    ]);
  });

  it('breaks ties by the earlier money-out date, then by id, and leaves linked rows alone', () => {
    const rows = [
      t('x2', 'chk', '2025-06-02', -500),
      t('x1', 'chk', '2025-06-02', -500),
      t('y', 'sav', '2025-06-02', 500),
      t('z', 'sav', '2025-06-02', 500, 'already'),
    ];
    expect(findTransferPairs(rows)).toEqual([{ out_id: 'x1', in_id: 'y', days_apart: 0 }]);
  });

  it('pairs each row at most once, within the rules, whatever the input order', () => {
    const row = fc.record({
      account: fc.constantFrom('a', 'b', 'c'),
      day: fc.integer({ min: 1, max: 20 }),
      cents: fc.constantFrom(-300, 300, -1000, 1000, 0),
    });
    fc.assert(
      fc.property(fc.array(row, { maxLength: 30 }), fc.integer(), (spec, seed) => {
        const rows = spec.map((r, i) => t(`r${i}`, r.account, `2025-01-${String(r.day).padStart(2, '0')}`, r.cents));
        const pairs = findTransferPairs(rows);
        const byId = new Map(rows.map((r) => [r.id, r]));
        const used = pairs.flatMap((p) => [p.out_id, p.in_id]);
        expect(new Set(used).size).toBe(used.length);
        for (const p of pairs) {
          const a = byId.get(p.out_id)!;
          const b = byId.get(p.in_id)!;
          expect(a.amount_cents).toBeLessThan(0);
          expect(b.amount_cents).toBe(-a.amount_cents);
          expect(a.account_id).not.toBe(b.account_id);
          expect(p.days_apart).toBeLessThanOrEqual(3);
        }
        let s = seed >>> 0;
        const shuffled = [...rows];
        for (let i = shuffled.length - 1; i > 0; i--) {
          s = (s * 1664525 + 1013904223) >>> 0;
          const j = s % (i + 1);
          [shuffled[i], shuffled[j]] = [shuffled[j], shuffled[i]];
        }
        expect(findTransferPairs(shuffled)).toEqual(pairs);
      }),
    );
  });
});
