// Shared pieces for template compilers: tolerant parameter readers (never NaN, never throw), primitive
// keys, account references, the small loan/property building blocks and cross-field rules several templates reuse.
import {
  PRIMARY_CASH,
  type AccountRef,
  type AccountType,
  type CompileContext,
  type Frequency,
  type IsoDate,
  type Primitive,
  type PrimitiveAdjustFlow,
  type PrimitiveAccount,
  type PrimitiveFlow,
  type PrimitiveTaxAdjustment,
  type Schedule,
} from '../primitives';
import { addDays, isIsoDate } from '../au/dates';
import { cents, PERIODS_PER_YEAR } from '../money';

/**
 * An account the event opens: empty, in the event's month; or, with a `baselineBalance` (a baseline event
 * describing today), holding that balance from the start. Loans, mortgages and cards are liabilities; `annual_rate`
 * undefined leaves the assumptions' rate for the type.
 */
export function openAccount(
  ctx: CompileContext,
  key: string,
  name: string,
  account_type: AccountType,
  annual_rate: number | undefined,
  baselineBalance: number | null = null,
): PrimitiveAccount {
  return {
    kind: 'account',
    key,
    name,
    account_type,
    is_asset: account_type !== 'loan' && account_type !== 'mortgage' && account_type !== 'credit_card',
    opening_balance: baselineBalance ?? 0,
    ...(baselineBalance === null ? { opens: ctx.trigger_month } : {}),
    ...(annual_rate === undefined ? {} : { annual_rate }),
  };
}

/** Stops a recurring item of the user's from `from` (its last day is the day before): rent, pay or a repayment the
 * event replaces. */
export function stopItem(ctx: CompileContext, local: string, target: string, from: IsoDate): PrimitiveAdjustFlow {
  return { kind: 'adjust_flow', key: key(ctx, local), target, from, end_date: dayBefore(from) };
}

/** A parameter that fails validation: the field's name and a message for the user. */
export type ParameterError = { field: string; message: string };

/** What a compiler may read: the contract's context plus an optional category resolver (see materialise.ts). */
export type TemplateContext = CompileContext & {
  /** Maps a category name hint ('Salary', 'Childcare', ...) and type to one of the user's category ids. */
  resolveCategory?: (hint: string, type: 'income' | 'expense') => string | null;
};

export type Params = Readonly<Record<string, unknown>>;

/** A finite number from a parameter (numbers or numeric strings), else the fallback. */
export function num(params: Params, name: string, fallback = 0): number {
  const v = params[name];
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN;
  return Number.isFinite(n) ? n : fallback;
}

/** A number or null when the parameter is empty (for optional overrides such as a duty amount). */
export function optNum(params: Params, name: string): number | null {
  const v = params[name];
  if (v === null || v === undefined || v === '') return null;
  const n = typeof v === 'number' ? v : typeof v === 'string' ? Number(v) : Number.NaN;
  return Number.isFinite(n) ? n : null;
}

export function str(params: Params, name: string, fallback = ''): string {
  const v = params[name];
  return typeof v === 'string' && v !== '' ? v : fallback;
}

export function bool(params: Params, name: string, fallback = false): boolean {
  const v = params[name];
  if (typeof v === 'boolean') return v;
  if (v === 'true') return true;
  if (v === 'false') return false;
  return fallback;
}

/** A real YYYY-MM-DD date, else the fallback. */
export function date(params: Params, name: string, fallback: IsoDate): IsoDate {
  const v = params[name];
  return isIsoDate(v) ? v : fallback;
}

export function optDate(params: Params, name: string): IsoDate | null {
  const v = params[name];
  return isIsoDate(v) ? v : null;
}

/** The end_date parameter, or null when the event is permanent (is_permanent, true by default). */
export function endUnlessPermanent(params: Params): IsoDate | null {
  return bool(params, 'is_permanent', true) ? null : optDate(params, 'end_date');
}

export function clamp(n: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, Number.isFinite(n) ? n : lo));
}

/** `${event id}:${local}`: keys of everything an event declares, unique across events. */
export function key(ctx: CompileContext, local: string): string {
  return `${ctx.event_id}:${local}`;
}

/** The first day of the event's month. */
export function triggerDate(ctx: CompileContext): IsoDate {
  return `${ctx.trigger_month}-01`;
}

export function dayBefore(d: IsoDate): IsoDate {
  return addDays(d, -1);
}

/** A picked account id if it names one of the user's accounts, else the fallback (the main cash account). */
export function accountRef(ctx: CompileContext, id: unknown, fallback: AccountRef = PRIMARY_CASH): AccountRef {
  return typeof id === 'string' && ctx.accounts.some((a) => a.id === id) ? id : fallback;
}

export function findAccount(ctx: CompileContext, id: unknown) {
  return typeof id === 'string' ? ctx.accounts.find((a) => a.id === id) : undefined;
}

export function findItem(ctx: CompileContext, id: unknown) {
  return typeof id === 'string' ? ctx.recurring_items.find((r) => r.id === id) : undefined;
}

export function firstAccountOfType(ctx: CompileContext, type: AccountType) {
  return ctx.accounts.find((a) => a.account_type === type);
}

/** The default rate for an account type from the assumptions. */
export function assumedRate(ctx: CompileContext, type: AccountType): number {
  const r = ctx.assumptions.account_type_rates[type];
  return Number.isFinite(r) ? r : 0;
}

export function isFrequency(v: unknown): v is Frequency {
  return typeof v === 'string' && v in PERIODS_PER_YEAR;
}

export function frequency(params: Params, name: string, fallback: Frequency = 'monthly'): Frequency {
  const v = params[name];
  return isFrequency(v) ? v : fallback;
}

/** An annual amount expressed per period of `freq`, in cents. */
export function perPeriod(annual: number, freq: Frequency): number {
  return cents(annual / PERIODS_PER_YEAR[freq]);
}

export function category(ctx: TemplateContext, hint: string, type: 'income' | 'expense'): string | null {
  return ctx.resolveCategory ? ctx.resolveCategory(hint, type) : null;
}

export function once(d: IsoDate): Schedule {
  return { type: 'once', date: d };
}

export function recurring(freq: Frequency, start: IsoDate, end: IsoDate | null = null): Schedule {
  return { type: 'recurring', frequency: freq, start_date: start, end_date: end };
}

/** A flow, skipped (empty list) when its amount is zero so events never carry empty flows. */
export function flow(
  ctx: TemplateContext,
  local: string,
  f: Pick<PrimitiveFlow, 'name' | 'account' | 'amount' | 'schedule' | 'indexation_rate' | 'tax'> & { category: string },
): PrimitiveFlow[] {
  const amount = cents(f.amount);
  if (amount === 0) return [];
  const out: PrimitiveFlow = {
    kind: 'flow',
    key: key(ctx, local),
    name: f.name,
    account: f.account,
    amount,
    schedule: f.schedule,
    category_id: category(ctx, f.category, amount > 0 ? 'income' : 'expense'),
  };
  if (f.indexation_rate !== undefined && Number.isFinite(f.indexation_rate) && f.indexation_rate !== 0)
    out.indexation_rate = f.indexation_rate;
  if (f.tax) out.tax = f.tax;
  return [out];
}

/** A transfer between the user's own accounts, skipped when the amount is zero. */
export function transfer(
  ctx: CompileContext,
  local: string,
  t: { name: string; from: AccountRef; to: AccountRef; amount: number | 'all'; schedule: Schedule },
): Primitive[] {
  if (t.amount !== 'all') {
    const amount = cents(t.amount);
    if (!(amount > 0)) return [];
    return [
      { kind: 'transfer', key: key(ctx, local), name: t.name, from: t.from, to: t.to, amount, schedule: t.schedule },
    ];
  }
  return [
    {
      kind: 'transfer',
      key: key(ctx, local),
      name: t.name,
      from: t.from,
      to: t.to,
      amount: 'all',
      schedule: t.schedule,
    },
  ];
}

/** A tax-only adjustment (taxable income, no money), skipped when the amount is zero. */
export function taxAdjustment(
  ctx: CompileContext,
  local: string,
  t: { name: string; taxpayer: string; amount: number; schedule: Schedule },
): PrimitiveTaxAdjustment[] {
  const amount = cents(t.amount);
  if (amount === 0 || !Number.isFinite(amount)) return [];
  return [
    { kind: 'tax_adjustment', key: key(ctx, local), name: t.name, taxpayer: t.taxpayer, amount, schedule: t.schedule },
  ];
}

/** Taxpayer id from the 'taxpayer' parameter: 'self' or 'partner' ('both' reads as 'self': see taxpayerShares). */
export function taxpayer(params: Params): string {
  return str(params, 'taxpayer', 'self') === 'partner' ? 'partner' : 'self';
}

/** Who an investment's income and deductions belong to, with shares: one person, or 50/50 for 'both'. */
export function taxpayerShares(params: Params): Array<{ taxpayer: string; share: number }> {
  return str(params, 'taxpayer', 'self') === 'both'
    ? [
        { taxpayer: 'self', share: 0.5 },
        { taxpayer: 'partner', share: 0.5 },
      ]
    : [{ taxpayer: taxpayer(params), share: 1 }];
}

/**
 * The super account for SG or contributions: the picked one; else the user's first own super account (no
 * scenario_event_id); else the first one a baseline event materialised (ctx.baseline_event_ids; "My Super"
 * in the baseline); else, when the context does not say which events are the baseline's, the first super
 * account of any kind; else none. An account another scenario's event materialised is never the default: it
 * does not exist in this scenario.
 */
export function superAccount(ctx: CompileContext, params: Params, name = 'super_account_id'): AccountRef | undefined {
  const picked = findAccount(ctx, params[name]);
  if (picked) return picked.id;
  const supers = ctx.accounts.filter((a) => a.account_type === 'superannuation' && a.is_asset);
  const own = supers.find((a) => !a.scenario_event_id);
  if (own) return own.id;
  const baseline = ctx.baseline_event_ids;
  if (baseline) return supers.find((a) => a.scenario_event_id && baseline.includes(a.scenario_event_id))?.id;
  return supers[0]?.id;
}

/** Interest-only years are at most the loan term. */
export function interestOnlyWithinTerm(v: Params): ParameterError[] {
  if (
    v.interest_only_years != null &&
    v.loan_term_years != null &&
    num(v, 'interest_only_years') > num(v, 'loan_term_years')
  ) {
    return [{ field: 'interest_only_years', message: 'Interest-only years cannot be more than the loan term' }];
  }
  return [];
}
