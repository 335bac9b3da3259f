// Buying a home in Australia: transfer (stamp) duty with first-home concessions, First Home Owner Grants,
// the Home Guarantee Scheme and lenders mortgage insurance (docs/au-rules.md). Each rule is one dated table.
import type { IsoDate } from '../primitives';
import { atDate, type DatedTable } from './dated';
import { cents } from '../money';

export const AU_STATES = ['NSW', 'VIC', 'QLD', 'WA', 'SA', 'TAS', 'ACT', 'NT'] as const;
export type AuState = (typeof AU_STATES)[number];

export function isAuState(value: unknown): value is AuState {
  return typeof value === 'string' && (AU_STATES as readonly string[]).includes(value);
}

/** From `over` upwards duty is base + rate x (V - over); with `whole` it is rate x V (VIC's top tier). */
export type DutyBracket = { over: number; base: number; rate: number; whole?: boolean };

/**
 * First home buyer concession. 'nsw_ramp': nil to exempt_to, then (V - exempt_to) x (normal duty at
 * concession_to / (concession_to - exempt_to)) to concession_to. 'linear_share': nil to exempt_to, then
 * normal duty x (V - exempt_to) / (concession_to - exempt_to). Full duty above concession_to.
 */
export type FirstHomeConcession = { exempt_to: number; concession_to: number; shape: 'nsw_ramp' | 'linear_share' };

export type DutySchedule = { brackets: DutyBracket[]; first_home: FirstHomeConcession };

export const NSW_DUTY: DatedTable<DutySchedule> = [
  {
    // Thresholds are indexed each 1 July: UNCONFIRMED for 2026-27 on (add a row when Revenue NSW publishes).
    from: '2025-07-01',
    figures: {
      brackets: [
        { over: 0, base: 0, rate: 0.0125 },
        { over: 17_000, base: 212, rate: 0.015 },
        { over: 37_000, base: 512, rate: 0.0175 },
        { over: 99_000, base: 1_597, rate: 0.035 },
        { over: 372_000, base: 11_152, rate: 0.045 },
        { over: 1_240_000, base: 50_212, rate: 0.055 },
      ],
      first_home: { exempt_to: 800_000, concession_to: 1_000_000, shape: 'nsw_ramp' },
    },
  },
];

export const VIC_DUTY: DatedTable<DutySchedule> = [
  {
    from: '2025-07-01',
    figures: {
      // The general schedule; VIC's principal-place-of-residence concession (to $550k) is not modelled.
      brackets: [
        { over: 0, base: 0, rate: 0.014 },
        { over: 25_000, base: 350, rate: 0.024 },
        { over: 130_000, base: 2_870, rate: 0.06 },
        { over: 960_000, base: 0, rate: 0.055, whole: true },
      ],
      // UNCONFIRMED taper shape: linear is the usual reading of SRO Victoria's sliding scale.
      first_home: { exempt_to: 600_000, concession_to: 750_000, shape: 'linear_share' },
    },
  },
];

function scheduleDuty(price: number, brackets: DutyBracket[]): number {
  let bracket = brackets[0];
  for (const b of brackets) if (price > b.over) bracket = b;
  return bracket.whole ? price * bracket.rate : bracket.base + (price - bracket.over) * bracket.rate;
}

function concessionalDuty(price: number, schedule: DutySchedule): number {
  const { exempt_to, concession_to, shape } = schedule.first_home;
  if (price <= exempt_to) return 0;
  if (price > concession_to) return scheduleDuty(price, schedule.brackets);
  const span = concession_to - exempt_to;
  if (shape === 'nsw_ramp') return (price - exempt_to) * (scheduleDuty(concession_to, schedule.brackets) / span);
  return scheduleDuty(price, schedule.brackets) * ((price - exempt_to) / span);
}

export type DutyMethod = 'nsw' | 'vic' | 'nsw_schedule_proxy';
export type DutyResult = { duty: number; full_duty: number; method: DutyMethod };

/**
 * Transfer duty on a home bought for `price` on `date`. NSW and VIC use their own schedules and first-home
 * concessions; every other state is modelled with NSW's schedule and concession ('nsw_schedule_proxy'):
 * templates let the user enter the exact duty instead.
 */
export function transferDuty(state: AuState, price: number, opts: { date: IsoDate; firstHome: boolean }): DutyResult {
  const v = Number.isFinite(price) && price > 0 ? price : 0;
  const schedule = atDate(state === 'VIC' ? VIC_DUTY : NSW_DUTY, opts.date);
  const full = scheduleDuty(v, schedule.brackets);
  const duty = opts.firstHome ? concessionalDuty(v, schedule) : full;
  const method: DutyMethod = state === 'VIC' ? 'vic' : state === 'NSW' ? 'nsw' : 'nsw_schedule_proxy';
  return { duty: cents(duty), full_duty: cents(full), method };
}

/** First Home Owner Grant for a new home: `amount` if the price is at most `price_cap`. */
export type FhogRule = { amount: number; price_cap: number };

/**
 * Grants by state. States absent from a row have no modelled grant (templates offer an amount override).
 * NSW: $10,000 to $600k (land and build to $750k: use land_and_build_cap). VIC: $10,000 to $750k.
 */
export const FHOG: DatedTable<Partial<Record<AuState, FhogRule & { land_and_build_cap?: number }>>> = [
  {
    from: '2024-07-01',
    figures: {
      NSW: { amount: 10_000, price_cap: 600_000, land_and_build_cap: 750_000 },
      VIC: { amount: 10_000, price_cap: 750_000 },
      // QLD $30,000 for contracts to 30 June 2026; the $750k cap is from Queensland Revenue Office, not docs/au-rules.md.
      QLD: { amount: 30_000, price_cap: 750_000 },
    },
  },
  {
    // UNCONFIRMED: QLD's grant for contracts from 1 July 2026 is not announced; kept at $30,000 until corrected.
    from: '2026-07-01',
    figures: {
      NSW: { amount: 10_000, price_cap: 600_000, land_and_build_cap: 750_000 },
      VIC: { amount: 10_000, price_cap: 750_000 },
      QLD: { amount: 30_000, price_cap: 750_000 },
    },
  },
];

/** The First Home Owner Grant for a new home bought for `price` on `date` (0 if not eligible or not modelled). */
export function firstHomeOwnerGrant(
  state: AuState,
  price: number,
  opts: { date: IsoDate; newHome: boolean; landAndBuild?: boolean },
): number {
  if (!opts.newHome) return 0;
  const rule = atDate(FHOG, opts.date)[state];
  if (!rule) return 0;
  const cap = opts.landAndBuild && rule.land_and_build_cap ? rule.land_and_build_cap : rule.price_cap;
  return price <= cap ? rule.amount : 0;
}

/** Home Guarantee Scheme: minimum deposit and price caps (capital city and regional centres / rest of state). */
export type HomeGuaranteeRule = { min_deposit: number; caps: Record<AuState, { capital: number; rest: number }> };

export const HOME_GUARANTEE: DatedTable<HomeGuaranteeRule> = [
  {
    // Expanded scheme from 1 October 2025: 5% deposit, no LMI, no income caps, unlimited places.
    from: '2025-10-01',
    figures: {
      min_deposit: 0.05,
      caps: {
        NSW: { capital: 1_500_000, rest: 800_000 },
        VIC: { capital: 950_000, rest: 650_000 },
        QLD: { capital: 1_000_000, rest: 700_000 },
        WA: { capital: 850_000, rest: 600_000 },
        SA: { capital: 900_000, rest: 500_000 },
        TAS: { capital: 700_000, rest: 550_000 },
        ACT: { capital: 1_000_000, rest: 1_000_000 },
        NT: { capital: 600_000, rest: 600_000 },
      },
    },
  },
];

export type Region = 'capital' | 'rest';

export function homeGuaranteeRule(date: IsoDate): HomeGuaranteeRule {
  return atDate(HOME_GUARANTEE, date);
}

/** The Home Guarantee price cap for a state and region on `date`. */
export function homeGuaranteeCap(state: AuState, region: Region, date: IsoDate): number {
  return homeGuaranteeRule(date).caps[state][region];
}

/** Whether a purchase qualifies for the Home Guarantee: price within the cap and deposit at least the minimum. */
export function homeGuaranteeEligible(opts: {
  state: AuState;
  region: Region;
  price: number;
  deposit: number;
  date: IsoDate;
}): boolean {
  const rule = homeGuaranteeRule(opts.date);
  return opts.price <= rule.caps[opts.state][opts.region] && opts.deposit >= rule.min_deposit * opts.price - 0.005;
}

/**
 * Lenders mortgage insurance premium as a share of the loan, by LVR band (LVR at most `max_lvr`).
 * Illustrative: the midpoints of docs/au-rules.md's ranges (0.5-1.4% at 81-85%, 1.5-2.5% at 89-90%,
 * 2.6-4.5% at 94-95%); above 95% the top of the last range. Real premiums vary by insurer and loan size.
 */
export const LMI_TABLE: ReadonlyArray<{ max_lvr: number; rate: number }> = [
  { max_lvr: 0.8, rate: 0 },
  { max_lvr: 0.85, rate: 0.0095 },
  { max_lvr: 0.9, rate: 0.02 },
  { max_lvr: 0.95, rate: 0.0355 },
  { max_lvr: Infinity, rate: 0.045 },
];

/** The LMI premium on a loan of `loan` against a property worth `price` (0 at 80% LVR or less). */
export function lmiPremium(loan: number, price: number): number {
  if (!(loan > 0) || !(price > 0)) return 0;
  const lvr = loan / price;
  const band = LMI_TABLE.find((b) => lvr <= b.max_lvr + 1e-9) ?? LMI_TABLE[LMI_TABLE.length - 1];
  return cents(loan * band.rate);
}
