// Buying a home in Australia: transfer (stamp) duty with first-home concessions, First Home Owner Grants,
// the Home Guarantee Scheme and lenders mortgage insurance (docs/au-rules.md). Each rule is one dated table.
import type { IsoDate } from '../primitives';
import { atDate, type DatedTable } from './dated';
import { cents, formatDollars } from '../money';
import { below, upTo, within, type Limit, type LimitTest } from './limits';
import { stateDuty, type AuState, type DutyFacts, type DutyResult, type Region } from './state-duty';

export const AU_STATES = ['NSW', 'VIC', 'QLD', 'WA', 'SA', 'TAS', 'ACT', 'NT'] as const;
export type { AuState, Region, DutyBracket, DutyFacts, DutyResult } from './state-duty';
export { NSW_DUTY, VIC_DUTY, QLD_DUTY, WA_DUTY, SA_DUTY, TAS_DUTY, ACT_DUTY, NT_DUTY } from './state-duty';

export function isAuState(value: unknown): value is AuState {
  return typeof value === 'string' && (AU_STATES as readonly string[]).includes(value);
}

/**
 * Transfer duty on a purchase for `price` on `date` under the state's own schedule and concessions
 * (au/state-duty.ts). Facts left out: an established home, not lived in by the buyer (unless a first home),
 * capital city, income assumed within the ACT's test, no dependants.
 */
export function transferDuty(
  state: AuState,
  price: number,
  opts: Pick<DutyFacts, 'date' | 'firstHome'> & Partial<DutyFacts>,
): DutyResult {
  return stateDuty(state, price, {
    newHome: false,
    ownerOccupier: opts.firstHome,
    region: 'capital',
    householdIncome: null,
    dependants: 0,
    ...opts,
  });
}

/**
 * A home buyer grant for a state: `amount` when the price is within `price_cap` as the law words it (`below`:
 * "less than"; `up_to`: "not more than"; null: no cap). `new_home` grants need a new home; `established` ones an
 * established home. `first_home` false: a grant for buyers who are not first home buyers (the NT's FreshStart).
 * `until`: the last contract date the row's grant covers.
 */
export type GrantRule = {
  name: string;
  amount: number;
  price_cap: Limit | null;
  land_and_build_cap?: Limit;
  home: 'new' | 'established';
  first_home: boolean;
  until?: IsoDate;
  unconfirmed?: string;
};

/** A state's First Home Owner Grant for a new first home (the shape most states share). */
function firstHomeOwnerGrantRule(amount: number, price_cap: Limit | null, more: Partial<GrantRule> = {}): GrantRule {
  return { name: 'First Home Owner Grant', amount, price_cap, home: 'new', first_home: true, ...more };
}

const NSW_GRANT = firstHomeOwnerGrantRule(10_000, upTo(600_000), { land_and_build_cap: upTo(750_000) });
const VIC_GRANT = firstHomeOwnerGrantRule(10_000, upTo(750_000));
// Total value not more than $750,000 south of the 26th parallel ($1m north of it is not modelled).
const WA_GRANT = firstHomeOwnerGrantRule(10_000, upTo(750_000));
// No value cap for contracts from 6 June 2024.
const SA_GRANT = firstHomeOwnerGrantRule(15_000, null);
// UNCONFIRMED: after the $30,000 boost ends (contracts to 30 June 2026) the legislated $15,000 applies
// unless the boost is extended again.
const QLD_GRANT_FROM_JULY_2026 = firstHomeOwnerGrantRule(15_000, below(750_000), {
  unconfirmed: 'QLD grant for contracts from 1 July 2026',
});
// UNCONFIRMED: $10,000 past 30 June 2026 (a $30,000 grant for new builds was promised in 2025).
const TAS_GRANT_FROM_JULY_2026 = firstHomeOwnerGrantRule(10_000, null, {
  unconfirmed: 'TAS grant for contracts from 1 July 2026',
});
// HomeGrown Territory and FreshStart New Home grants for contracts from 1 October 2024, no price cap.
const NT_HOMEGROWN_NEW: GrantRule = {
  name: 'HomeGrown Territory Grant',
  amount: 50_000,
  price_cap: null,
  home: 'new',
  first_home: true,
  until: '2026-09-30',
};
const NT_FRESHSTART: GrantRule = {
  name: 'FreshStart New Home Grant',
  amount: 30_000,
  price_cap: null,
  home: 'new',
  first_home: false,
  until: '2026-09-30',
};

/** The grants from 1 July 2026 (the QLD boost ended; later rows change one state each). */
const GRANTS_FROM_JULY_2026: Record<AuState, GrantRule[]> = {
  NSW: [NSW_GRANT],
  VIC: [VIC_GRANT],
  QLD: [QLD_GRANT_FROM_JULY_2026],
  WA: [WA_GRANT],
  SA: [SA_GRANT],
  TAS: [TAS_GRANT_FROM_JULY_2026],
  // The ACT has no grant: its Home Buyer Concession Scheme waives duty instead.
  ACT: [],
  NT: [NT_HOMEGROWN_NEW, NT_FRESHSTART],
};

/**
 * Grants by state and contract date. A state with no row for a buyer pays no modelled grant (templates accept
 * an entered amount). Sources and dates: docs/au-rules.md.
 */
export const HOME_BUYER_GRANTS: DatedTable<Record<AuState, GrantRule[]>> = [
  {
    from: '2024-07-01',
    figures: {
      ...GRANTS_FROM_JULY_2026,
      // $30,000 for contracts from 20 November 2023 to 30 June 2026. First Home Owner Grant and Other Home
      // Owner Grants Act 2000 (Qld) s 5(6): not an eligible transaction if the consideration is $750,000 or more.
      QLD: [firstHomeOwnerGrantRule(30_000, below(750_000), { until: '2026-06-30' })],
      TAS: [firstHomeOwnerGrantRule(10_000, null)],
      NT: [
        NT_HOMEGROWN_NEW,
        {
          name: 'HomeGrown Territory Grant (established home)',
          amount: 10_000,
          price_cap: null,
          home: 'established',
          first_home: true,
          until: '2025-09-30',
        },
        NT_FRESHSTART,
      ],
    },
  },
  { from: '2026-07-01', figures: GRANTS_FROM_JULY_2026 },
  {
    from: '2026-10-01',
    figures: {
      ...GRANTS_FROM_JULY_2026,
      // UNCONFIRMED: after the HomeGrown grants end (30 September 2026) the NT's legislated $10,000 grant for a
      // new first home is assumed.
      NT: [firstHomeOwnerGrantRule(10_000, null, { unconfirmed: 'NT grant for contracts from 1 October 2026' })],
    },
  },
];

export type GrantResult = { amount: number; name: string | null; unconfirmed: string[] };

/** The home buyer grant a purchase for `price` on `date` receives (amount 0 when none applies). */
export function homeBuyerGrant(
  state: AuState,
  price: number,
  opts: { date: IsoDate; firstHome: boolean; newHome: boolean; landAndBuild?: boolean },
): GrantResult {
  const rules = atDate(HOME_BUYER_GRANTS, opts.date)[state];
  for (const rule of rules) {
    if (rule.first_home !== opts.firstHome || (rule.home === 'new') !== opts.newHome) continue;
    if (rule.until && opts.date > rule.until) continue;
    const cap = opts.landAndBuild && rule.land_and_build_cap ? rule.land_and_build_cap : rule.price_cap;
    if (cap !== null && !within(price, cap)) continue;
    return { amount: rule.amount, name: rule.name, unconfirmed: rule.unconfirmed ? [rule.unconfirmed] : [] };
  }
  return { amount: 0, name: null, unconfirmed: [] };
}

/** The First Home Owner Grant (or the state's grant) for a first home bought for `price` on `date`. */
export function firstHomeOwnerGrant(
  state: AuState,
  price: number,
  opts: { date: IsoDate; newHome: boolean; landAndBuild?: boolean },
): number {
  return homeBuyerGrant(state, price, { ...opts, firstHome: true }).amount;
}

/**
 * Home Guarantee Scheme (Housing Australia): the First Home Guarantee (first home buyers, `min_deposit`) and the
 * Family Home Guarantee (single parents and single legal guardians of at least one dependant, first home or not,
 * `family_min_deposit`), with price caps by state and region (capital city and regional centres / rest of state).
 */
export type HomeGuaranteeRule = {
  min_deposit: number;
  family_min_deposit: number;
  caps: Record<AuState, { capital: number; rest: number }>;
  /** How the caps are worded: Housing Australia's property price caps are "up to" the cap (the cap included). */
  cap_test: LimitTest;
};

export const HOME_GUARANTEE: DatedTable<HomeGuaranteeRule> = [
  {
    // Expanded scheme from 1 October 2025: 5% deposit (2% under the Family Home Guarantee), no LMI, no income
    // caps on the First Home Guarantee, unlimited places; the Regional First Home Buyer Guarantee folded in.
    from: '2025-10-01',
    figures: {
      min_deposit: 0.05,
      family_min_deposit: 0.02,
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
      cap_test: 'up_to',
    },
  },
];

export function homeGuaranteeRule(date: IsoDate): HomeGuaranteeRule {
  return atDate(HOME_GUARANTEE, date);
}

/** The Home Guarantee price cap for a state and region on `date`. */
export function homeGuaranteeCap(state: AuState, region: Region, date: IsoDate): number {
  return homeGuaranteeRule(date).caps[state][region];
}

export type HomeGuaranteeFacts = {
  state: AuState;
  region: Region;
  price: number;
  deposit: number;
  date: IsoDate;
  /** Defaults to true (the First Home Guarantee). */
  firstHome?: boolean;
  /** A single parent or single legal guardian of a dependant (the Family Home Guarantee). */
  singleParent?: boolean;
  /** Two buyers (a couple) cannot use the Family Home Guarantee. */
  jointBuyers?: boolean;
};

export type HomeGuaranteeProblem = { field: 'is_first_home' | 'purchase_price' | 'deposit_amount'; message: string };

/**
 * Why a purchase cannot use the Home Guarantee ([] when it can): the buyer must be a first home buyer or a
 * single parent (Family Home Guarantee), the price within the cap and the deposit at least the minimum.
 */
export function homeGuaranteeProblems(f: HomeGuaranteeFacts): HomeGuaranteeProblem[] {
  const rule = homeGuaranteeRule(f.date);
  const out: HomeGuaranteeProblem[] = [];
  const firstHome = f.firstHome ?? true;
  const family = !!f.singleParent && !f.jointBuyers;
  if (!firstHome && !family)
    out.push({
      field: 'is_first_home',
      message: f.singleParent
        ? 'The Family Home Guarantee is for a single parent buying alone; a couple must be first home buyers'
        : 'The Home Guarantee is only for first home buyers, or single parents under the Family Home Guarantee',
    });
  const cap = rule.caps[f.state][f.region];
  if (!within(f.price, { amount: cap, test: rule.cap_test }))
    out.push({
      field: 'purchase_price',
      message: `Above the Home Guarantee price cap of ${formatDollars(cap)} in ${f.state} (${f.region === 'rest' ? 'rest of state' : 'capital and regional centres'})`,
    });
  // A single parent may use the Family Home Guarantee's 2% deposit, first home or not.
  const minDeposit = family ? rule.family_min_deposit : rule.min_deposit;
  if (f.deposit < minDeposit * f.price - 0.005)
    out.push({
      field: 'deposit_amount',
      message: `The ${family ? 'Family Home Guarantee' : 'Home Guarantee'} needs a deposit of at least ${minDeposit * 100}%`,
    });
  return out;
}

/** Whether a purchase qualifies for the Home Guarantee (see homeGuaranteeProblems). */
export function homeGuaranteeEligible(f: HomeGuaranteeFacts): boolean {
  return homeGuaranteeProblems(f).length === 0;
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
