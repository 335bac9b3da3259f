// The property purchase shared by buy_first_home, investment_property and negative_gearing: a property
// account, a mortgage, deposit and drawdown transfers, duty, LMI, grants and running costs as primitives,
// the deposit rule, and the Smart Create reading of a purchase.
import {
  PRIMARY_CASH,
  type AccountRef,
  type IsoDate,
  type Primitive,
  type PrimitiveFlow,
  type TaxTag,
} from '../primitives';
import { addMonths } from '../au/dates';
import { cents } from '../money';
import {
  homeBuyerGrant,
  homeGuaranteeEligible,
  isAuState,
  lmiPremium,
  transferDuty,
  type AuState,
  type Region,
} from '../au/property';
import {
  bool,
  clamp,
  dayBefore,
  flow,
  key,
  num,
  once,
  openAccount,
  optNum,
  type ParameterError,
  type Params,
  recurring,
  str,
  type TemplateContext,
  transfer,
  triggerDate,
} from './helpers';
import type { ValidateOptions } from './define';
import { offsetOption } from './mortgage';
import { PER_YEAR, type AmountToken } from '../prompt/tokens';
import { isOffsetAmount } from '../prompt/household';
import {
  DEPOSIT_RE,
  before,
  after,
  interestOnlyYears,
  largest,
  loanTermYears,
  near,
  percentRole,
  pickRate,
  type PromptContext,
} from '../prompt/reading';

export type PurchaseOptions = {
  label: string;
  firstHome: boolean;
  newHome: boolean;
  /** The buyer lives in it: owner-occupier duty rates and home buyer grants. */
  ownerOccupier: boolean;
  useHomeGuarantee: boolean;
  /** A single parent or guardian buying alone (the Family Home Guarantee's 2% deposit). */
  singleParent?: boolean;
  region: Region;
  /** Tax tags for running costs (investment properties: deductible), each with its share of the cost. */
  costTags?: Array<{ tag: TaxTag; share: number }>;
  /** Share of loan interest that is deductible, and whose. */
  deductibleShare?: number;
  taxpayer?: string;
  /** Joint owners: each one's share of the deductible interest (replaces taxpayer for the deduction). */
  deductibleTaxpayers?: Array<{ taxpayer: string; share: number }>;
  interestOnlyYears?: number;
  fundingAccount: AccountRef;
  /** Running costs are tagged until this date and untagged after (proposed 2027 negative gearing limits). */
  untagCostsFrom?: IsoDate;
  /** The loan's interest is deductible until this date only (proposed 2027 negative gearing limits). */
  interestDeductibleUntil?: IsoDate;
};

export type PurchaseResult = {
  primitives: Primitive[];
  price: number;
  loan: number;
  duty: number;
  lmi: number;
  grant: number;
  homeGuarantee: boolean;
  /** Rule figures behind the duty or grant not yet confirmed against their sources (docs/au-rules.md). */
  unconfirmed: string[];
  propertyKey: string;
  loanKey: string;
  ongoingStart: IsoDate;
};

/** Splits a flow's schedule at `switchDate`: tagged before it, untagged from it (for the 2027 rules). */
export function splitTag(f: PrimitiveFlow, switchDate: IsoDate | undefined): PrimitiveFlow[] {
  if (!switchDate || !f.tax || f.schedule.type !== 'recurring') return [f];
  const s = f.schedule;
  const { tax: _tax, ...untagged } = f;
  if (s.start_date >= switchDate) return [untagged];
  if (s.end_date !== null && s.end_date < switchDate) return [f];
  const before: PrimitiveFlow = { ...f, schedule: { ...s, end_date: dayBefore(switchDate) } };
  // The untagged half starts a new indexation clock at the switch, so carry the indexed amount forward.
  const months =
    (Number(switchDate.slice(0, 4)) - Number(s.start_date.slice(0, 4))) * 12 +
    Number(switchDate.slice(5, 7)) -
    Number(s.start_date.slice(5, 7));
  const factor = f.indexation_rate ? Math.pow(1 + f.indexation_rate / 100, Math.floor(Math.max(0, months) / 12)) : 1;
  const after: PrimitiveFlow = {
    ...untagged,
    key: `${f.key}:from_2027`,
    amount: cents(f.amount * factor),
    schedule: { ...s, start_date: switchDate },
  };
  return [before, after];
}

/**
 * Compiles a purchase (non-baseline) or an existing holding (baseline: the property at its value, the loan at
 * value minus equity, repayments from this month, no purchase transactions).
 */
export function compilePropertyPurchase(p: Params, ctx: TemplateContext, o: PurchaseOptions): PurchaseResult {
  const price = Math.max(0, num(p, 'purchase_price', 0));
  const deposit = clamp(num(p, 'deposit_amount', 0), 0, price);
  const state: AuState = isAuState(p.state) ? p.state : 'NSW';
  const rate = clamp(num(p, 'loan_interest_rate', 6.2), 0, 100);
  const termMonths = Math.round(clamp(num(p, 'loan_term_years', 30), 1, 50) * 12);
  const ioMonths = Math.round(clamp((o.interestOnlyYears ?? 0) * 12, 0, termMonths));
  const growth = num(p, 'property_growth_rate', ctx.assumptions.account_type_rates.property);
  const inflation = ctx.assumptions.inflation_rate;
  const start = triggerDate(ctx);
  const propertyKey = key(ctx, 'property');
  const loanKey = key(ctx, 'loan');
  const out: Primitive[] = [];
  const baseline = ctx.is_baseline;
  const ongoingStart = baseline ? start : `${addMonths(ctx.trigger_month, 1)}-01`;

  out.push(openAccount(ctx, propertyKey, o.label, 'property', growth, baseline ? cents(price) : null));

  let loan = cents(price - deposit);
  let duty = 0;
  let lmi = 0;
  let grant = 0;
  let homeGuarantee = false;
  let dutyName = `${o.label}: transfer duty`;
  let grantName = 'First Home Owner Grant';
  const unconfirmed: string[] = [];

  if (!baseline) {
    homeGuarantee =
      o.useHomeGuarantee &&
      homeGuaranteeEligible({
        state,
        region: o.region,
        price,
        deposit,
        date: start,
        firstHome: o.firstHome,
        singleParent: o.singleParent,
        jointBuyers: str(p, 'buyer', 'self') === 'both',
      });
    lmi = homeGuarantee ? 0 : lmiPremium(loan, price);
    const entered = optNum(p, 'stamp_duty_amount');
    if (entered !== null) duty = entered;
    else {
      // Vacant land to build on counts as a new home for duty (WA has its own vacant land rates).
      const vacantLand = bool(p, 'is_vacant_land', false);
      const d = transferDuty(state, price, {
        date: start,
        firstHome: o.firstHome,
        newHome: o.newHome || vacantLand,
        vacantLand,
        offThePlanShare: num(p, 'off_the_plan_construction_pct', 0) / 100,
        ownerOccupier: o.ownerOccupier,
        region: o.region,
        householdIncome: optNum(p, 'household_income'),
        dependants: num(p, 'dependants', 0),
      });
      duty = d.duty;
      if (d.concession) dutyName = `${dutyName} (${d.concession})`;
      unconfirmed.push(...d.unconfirmed);
    }
    const enteredGrant = optNum(p, 'grant_amount');
    if (o.firstHome && enteredGrant !== null) grant = enteredGrant;
    else if (o.ownerOccupier) {
      const g = homeBuyerGrant(state, price, { date: start, firstHome: o.firstHome, newHome: o.newHome });
      grant = g.amount;
      if (g.name) grantName = g.name;
      unconfirmed.push(...g.unconfirmed);
    }
    // Figures not yet confirmed show in the names the forecast and the event's details display.
    const flag = (name: string, what: string[]) =>
      what.length > 0 ? `${name} (UNCONFIRMED: ${what.join('; ')})` : name;
    dutyName = flag(
      dutyName,
      unconfirmed.filter((u) => !/grant/.test(u)),
    );
    grantName = flag(
      grantName,
      unconfirmed.filter((u) => /grant/.test(u)),
    );
    const purchase = once(start);
    out.push(
      ...transfer(ctx, 'deposit', {
        name: `${o.label}: deposit`,
        from: o.fundingAccount,
        to: propertyKey,
        amount: deposit,
        schedule: purchase,
      }),
      ...transfer(ctx, 'drawdown', {
        name: `${o.label}: loan drawdown`,
        from: loanKey,
        to: propertyKey,
        amount: loan,
        schedule: purchase,
      }),
      ...flow(ctx, 'stamp_duty', {
        name: dutyName,
        account: o.fundingAccount,
        amount: -Math.max(0, duty),
        schedule: purchase,
        category: 'Stamp duty',
      }),
      ...flow(ctx, 'purchase_costs', {
        name: `${o.label}: buying costs`,
        account: o.fundingAccount,
        amount: -Math.max(0, num(p, 'other_purchase_costs', 0)),
        schedule: purchase,
        category: 'Housing',
      }),
      ...flow(ctx, 'grant', {
        name: grantName,
        account: o.fundingAccount,
        amount: Math.max(0, grant),
        schedule: purchase,
        category: 'Government payments',
      }),
    );
    if (lmi > 0) {
      // LMI is capitalised: an expense paid with money drawn from the loan.
      out.push(
        ...flow(ctx, 'lmi', {
          name: `${o.label}: lenders mortgage insurance`,
          account: o.fundingAccount,
          amount: -lmi,
          schedule: purchase,
          category: 'Housing',
        }),
        ...transfer(ctx, 'lmi_drawdown', {
          name: `${o.label}: LMI added to the loan`,
          from: loanKey,
          to: o.fundingAccount,
          amount: lmi,
          schedule: purchase,
        }),
      );
    }
  }

  const owed = cents(loan + lmi);
  if (owed > 0) {
    const offset = offsetOption(p, ctx, { label: o.label, from: o.fundingAccount });
    out.push(...offset.primitives);
    out.push(openAccount(ctx, loanKey, `${o.label} loan`, 'mortgage', rate, baseline ? owed : null));
    out.push({
      kind: 'loan',
      key: key(ctx, 'repayments'),
      account: loanKey,
      annual_rate: rate,
      start: baseline ? ctx.trigger_month : addMonths(ctx.trigger_month, 1),
      term_months: termMonths,
      ...(ioMonths > 0 ? { interest_only_months: ioMonths } : {}),
      repayment_from: PRIMARY_CASH,
      ...(o.deductibleShare ? { deductible_share: o.deductibleShare, taxpayer: o.taxpayer ?? 'self' } : {}),
      ...(o.deductibleShare && o.deductibleTaxpayers ? { deductible_taxpayers: o.deductibleTaxpayers } : {}),
      ...(o.deductibleShare && o.interestDeductibleUntil ? { deductible_until: o.interestDeductibleUntil } : {}),
      ...offset.loan,
    });
  } else {
    loan = 0;
  }

  const costs: Array<[string, string, number, 'quarterly' | 'yearly' | 'monthly']> = [
    ['council_rates', 'council and water rates', num(p, 'council_rates_annual', 0), 'quarterly'],
    ['insurance', 'insurance', num(p, 'insurance_annual', 0), 'yearly'],
    ['strata', 'strata levies', num(p, 'strata_annual', 0), 'quarterly'],
    ['maintenance', 'maintenance', num(p, 'maintenance_annual', 0), 'monthly'],
  ];
  const periods = { quarterly: 4, yearly: 1, monthly: 12 };
  const tags = o.costTags ?? [];
  for (const [local, name, annual, freq] of costs) {
    // Joint owners' deductions are split into one tagged flow per owner (keys ':partner' for the second).
    const parts = tags.length > 0 ? tags : [undefined];
    parts.forEach((part, i) => {
      for (const f of flow(ctx, i === 0 ? local : `${local}:${part?.tag.taxpayer}`, {
        name: `${o.label}: ${name}`,
        account: PRIMARY_CASH,
        amount: (-Math.max(0, annual) / periods[freq]) * (part?.share ?? 1),
        schedule: recurring(freq, ongoingStart),
        indexation_rate: inflation,
        ...(part ? { tax: part.tag } : {}),
        category: 'Housing',
      })) {
        out.push(...splitTag(f, o.untagCostsFrom));
      }
    });
  }

  return {
    primitives: out,
    price,
    loan,
    duty,
    lmi,
    grant,
    homeGuarantee,
    unconfirmed,
    propertyKey,
    loanKey,
    ongoingStart,
  };
}

/** The deposit (equity in a baseline) is at most the price. */
export function depositWithinPrice(v: Readonly<Record<string, unknown>>, opts: ValidateOptions): ParameterError[] {
  if (num(v, 'deposit_amount') > num(v, 'purchase_price')) {
    return [
      {
        field: 'deposit_amount',
        message: opts.is_baseline
          ? 'Equity cannot be more than the value'
          : 'Deposit cannot be more than the purchase price',
      },
    ];
  }
  return [];
}

/** Smart Create: a purchase's price, deposit (an amount or a percentage of the price), state, loan and growth. */
export function readPropertyPurchase(ctx: PromptContext, investment: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  // An amount put in an offset account is neither the price nor the deposit (household.ts reads it).
  const amounts = ctx.amounts.filter((a) => !isOffsetAmount(ctx, a));
  const deposits = amounts.filter((a) => !a.freq && near(ctx, a, DEPOSIT_RE, 2, 2));
  const rents = amounts.filter(
    (a) => a.freq && /\brent|\blease|\bincome\b|\bout\s+(?:at|for)$/.test(`${before(ctx, a, 4)} ${after(ctx, a, 2)}`),
  );
  const others = amounts.filter((a) => !deposits.includes(a) && !rents.includes(a) && !a.freq);
  const price = largest(others);
  if (price) out.purchase_price = price.value;
  const deposit = deposits[0];
  if (deposit) out.deposit_amount = deposit.value;
  else {
    const pct = ctx.percents.find((p) => percentRole(ctx, p) === 'deposit');
    if (pct && price) out.deposit_amount = cents((price.value * pct.value) / 100);
  }
  if (ctx.ex.state) out.state = ctx.ex.state;
  const rate = pickRate(ctx);
  if (rate !== undefined) out.loan_interest_rate = rate;
  // 'for 30 years' beside a purchase is the loan's term.
  const term =
    loanTermYears(ctx) ??
    (() => {
      const d = ctx.durations.find((t) => t.unit === 'year' && t.value >= 10 && /\bfor$/.test(before(ctx, t, 1)));
      return d?.value;
    })();
  if (term !== undefined) out.loan_term_years = term;
  const growth = ctx.percents.find((p) => percentRole(ctx, p) === 'return');
  if (growth) out.property_growth_rate = growth.value;
  const isNew =
    /\bnew[\s-]*build\b|\bnewly[\s-]*built\b|\boff[\s-]*the[\s-]*plan\b|\bbrand[\s-]*new\b|\bnew\s+(?:home|house|apartment)\s+build/.test(
      ctx.text,
    );
  if (investment) {
    const rent = rents[0] ?? (amounts.find((a) => a.freq === 'weekly') as AmountToken | undefined);
    if (rent) out.weekly_rent = cents(rent.freq ? (rent.value * PER_YEAR[rent.freq]) / PER_YEAR.weekly : rent.value);
    const io = interestOnlyYears(ctx);
    if (io !== undefined) out.interest_only_years = io;
    if (isNew) out.is_new_build = true;
    const mgmt = ctx.percents.find((p) => percentRole(ctx, p) === 'management');
    if (mgmt) out.management_fee_percent = mgmt.value;
  } else {
    if (
      /\bfirst[\s-]+(?:home|house|apartment|unit|property|place|flat|townhouse)|\bfhb\b|\bhome\s+guarantee\b/.test(
        ctx.text,
      )
    )
      out.is_first_home = true;
    else if (/\b(?:next|second|bigger|forever|family)\s+(?:home|house)\b|\bupgrade\b/.test(ctx.text))
      out.is_first_home = false;
    if (isNew) out.is_new_home = true;
    if (/\bhome\s+guarantee\b|\b5%\s+deposit\s+scheme\b/.test(ctx.text)) out.use_home_guarantee = true;
  }
  return out;
}
