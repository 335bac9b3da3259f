// Every state's transfer duty, grants and the Home Guarantee against figures worked independently of the engine
// (fixtures/generate-state-duty.py writes state-duty.json from the published schedules in docs/au-rules.md).
import { describe, expect, it } from 'vitest';
import stateDutyFixture from './fixtures/state-duty.json';
import {
  homeBuyerGrant,
  homeGuaranteeProblems,
  transferDuty,
  type AuState,
  type Region,
} from '../../../worker/engine/au/property';

describe('transfer duty in every state and territory', () => {
  it.each(stateDutyFixture.cases)(
    '$state $price on $date first home $first_home owner-occupier $owner_occupier new $new_home $region',
    (c) => {
      const got = transferDuty(c.state as AuState, c.price, {
        date: c.date,
        firstHome: c.first_home,
        ownerOccupier: c.owner_occupier,
        newHome: c.new_home,
        region: c.region as Region,
        householdIncome: c.household_income,
        dependants: c.dependants,
        vacantLand: c.vacant_land,
      });
      expect(got.duty).toBeCloseTo(c.duty, 2);
    },
  );

  it('covers each state with at least 4 normal and 4 first home cases', () => {
    for (const state of ['NSW', 'VIC', 'QLD', 'WA', 'SA', 'TAS', 'ACT', 'NT']) {
      const cases = stateDutyFixture.cases.filter((c) => c.state === state);
      expect(cases.filter((c) => !c.first_home).length, state).toBeGreaterThanOrEqual(4);
      expect(cases.filter((c) => c.first_home).length, state).toBeGreaterThanOrEqual(2);
    }
  });

  it('names the concession and flags figures not yet confirmed', () => {
    const qld = transferDuty('QLD', 750_000, { date: '2025-10-01', firstHome: true });
    expect(qld.concession).toBe('first home concession');
    expect(qld.unconfirmed.join()).toMatch(/QLD first home concession/);
    const act = transferDuty('ACT', 900_000, { date: '2025-10-01', firstHome: true });
    expect(act).toMatchObject({ duty: 0, concession: 'Home Buyer Concession Scheme' });
    expect(act.unconfirmed.join()).toMatch(/income test assumed/);
    expect(transferDuty('NSW', 900_000, { date: '2025-10-01', firstHome: false }).unconfirmed).toEqual([]);
    expect(transferDuty('NSW', 900_000, { date: '2026-10-01', firstHome: false }).unconfirmed).not.toEqual([]);
  });
});

describe('home buyer grants by state and contract date', () => {
  it.each([
    // state, price, date, first home, new home, grant (docs/au-rules.md "Buying a home")
    ['NSW', 600_000, '2025-10-01', true, true, 10_000],
    ['NSW', 600_100, '2025-10-01', true, true, 0],
    ['VIC', 750_000, '2025-10-01', true, true, 10_000],
    ['VIC', 750_000, '2025-10-01', true, false, 0],
    ['QLD', 749_000, '2026-06-30', true, true, 30_000],
    ['QLD', 749_000, '2026-07-01', true, true, 15_000],
    ['QLD', 760_000, '2026-06-30', true, true, 0],
    ['WA', 750_000, '2025-10-01', true, true, 10_000],
    ['WA', 750_100, '2025-10-01', true, true, 0],
    ['SA', 2_000_000, '2025-10-01', true, true, 15_000],
    ['TAS', 900_000, '2025-10-01', true, true, 10_000],
    ['ACT', 600_000, '2025-10-01', true, true, 0],
    ['NT', 900_000, '2025-10-01', true, true, 50_000],
    ['NT', 500_000, '2025-09-30', true, false, 10_000],
    ['NT', 500_000, '2025-10-01', true, false, 0],
    ['NT', 900_000, '2026-09-30', false, true, 30_000],
    ['NT', 900_000, '2026-10-01', true, true, 10_000],
    ['NSW', 500_000, '2025-10-01', false, true, 0],
  ] as const)('%s %d on %s first home %s new %s: %d', (state, price, date, firstHome, newHome, grant) => {
    expect(homeBuyerGrant(state, price, { date, firstHome, newHome }).amount).toBe(grant);
  });

  it('flags the grants assumed past their announced windows', () => {
    expect(homeBuyerGrant('QLD', 700_000, { date: '2026-10-01', firstHome: true, newHome: true }).unconfirmed).toEqual([
      'QLD grant for contracts from 1 July 2026',
    ]);
  });
});

describe('Home Guarantee Scheme eligibility', () => {
  const base = { state: 'QLD' as const, region: 'rest' as const, date: '2026-10-01', price: 650_000, deposit: 32_500 };
  it('first home buyers within the cap with 5%', () => {
    expect(homeGuaranteeProblems(base)).toEqual([]);
    expect(homeGuaranteeProblems({ ...base, price: 700_100, deposit: 40_000 }).map((p) => p.field)).toEqual([
      'purchase_price',
    ]);
  });
  it('refuses a buyer who is not a first home buyer unless a single parent (2% deposit)', () => {
    expect(homeGuaranteeProblems({ ...base, firstHome: false }).map((p) => p.field)).toEqual(['is_first_home']);
    expect(homeGuaranteeProblems({ ...base, firstHome: false, singleParent: true, deposit: 13_000 })).toEqual([]);
    expect(homeGuaranteeProblems({ ...base, singleParent: true, deposit: 12_900 }).map((p) => p.field)).toEqual([
      'deposit_amount',
    ]);
    expect(
      homeGuaranteeProblems({ ...base, firstHome: false, singleParent: true, jointBuyers: true }).map((p) => p.field),
    ).toEqual(['is_first_home']);
  });
});
