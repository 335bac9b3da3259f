// Every grant and Home Guarantee limit exactly at, one dollar under and one dollar over, as the law words it
// (docs/au-rules.md, "How each limit is worded"). Duty thresholds' edges are in fixtures/state-duty.json.
import { describe, expect, it } from 'vitest';
import { below, upTo, within } from '../../../worker/engine/au/limits';
import {
  AU_STATES,
  HOME_GUARANTEE,
  homeBuyerGrant,
  homeGuaranteeProblems,
  type AuState,
} from '../../../worker/engine/au/property';

describe('a limit as worded', () => {
  it('"less than" leaves the amount out; "up to and including" takes it in', () => {
    expect([749_999, 750_000, 750_001].map((v) => within(v, below(750_000)))).toEqual([true, false, false]);
    expect([749_999, 750_000, 750_001].map((v) => within(v, upTo(750_000)))).toEqual([true, true, false]);
  });
});

describe('grant price caps at, one dollar under and one dollar over', () => {
  it.each([
    // state, cap, contract date, land and build, grant within, wording
    ['NSW', 600_000, '2025-10-01', false, 10_000, 'up_to'], // "total value must not exceed $600,000"
    ['NSW', 750_000, '2025-10-01', true, 10_000, 'up_to'], // land and build: "not exceed $750,000"
    ['VIC', 750_000, '2025-10-01', false, 10_000, 'up_to'], // "value does not exceed $750,000"
    ['QLD', 750_000, '2025-10-01', false, 30_000, 'below'], // s 5(6): not eligible at "$750,000 or more"
    ['QLD', 750_000, '2026-07-01', false, 15_000, 'below'],
    ['WA', 750_000, '2025-10-01', false, 10_000, 'up_to'], // "total value does not exceed $750,000"
  ] as const)('%s %d on %s (land and build %s)', (state, cap, date, landAndBuild, amount, test) => {
    const grant = (price: number) =>
      homeBuyerGrant(state, price, { date, firstHome: true, newHome: true, landAndBuild }).amount;
    expect(grant(cap - 1)).toBe(amount);
    expect(grant(cap)).toBe(test === 'below' ? 0 : amount);
    expect(grant(cap + 1)).toBe(0);
  });

  it('a $750,000 new first home in Queensland gets no grant; $749,999 gets $30,000 (contracts to 30 June 2026)', () => {
    expect(homeBuyerGrant('QLD', 750_000, { date: '2026-06-30', firstHome: true, newHome: true })).toEqual({
      amount: 0,
      name: null,
      unconfirmed: [],
    });
    expect(homeBuyerGrant('QLD', 749_999, { date: '2026-06-30', firstHome: true, newHome: true }).amount).toBe(30_000);
  });
});

describe('Home Guarantee price caps ("up to" the cap) at, one dollar under and one dollar over', () => {
  const caps = HOME_GUARANTEE[0].figures.caps;
  const cases = AU_STATES.flatMap((state: AuState) =>
    (['capital', 'rest'] as const).map((region) => [state, region, caps[state][region]] as const),
  );
  it.each(cases)('%s %s cap %d', (state, region, cap) => {
    const refused = (price: number) =>
      homeGuaranteeProblems({ state, region, price, deposit: price * 0.1, date: '2025-10-01' }).some(
        (p) => p.field === 'purchase_price',
      );
    expect(refused(cap - 1)).toBe(false);
    expect(refused(cap)).toBe(false);
    expect(refused(cap + 1)).toBe(true);
  });
});
