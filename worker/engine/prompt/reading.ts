// What the templates' Smart Create readers share: the part of the prompt a template reads (its values and
// dates), the words around a value, unit conversions, the usual value roles (deposit, rate, return, term)
// and short money for scenario names. Pure string work on extract.ts's tokens.
import type { IsoDate } from '../primitives';
import { addDays, addMonthsToDate } from '../au/dates';
import { cents } from '../money';
import {
  PER_YEAR,
  type AmountToken,
  type DateToken,
  type DurationToken,
  type Extraction,
  type Freq,
  type PercentToken,
  type Token,
} from './tokens';

export const PROPERTY_NOUN =
  '(?:home|house|apartment|unit|townhouse|flat|place|property|condo|villa|duplex|terrace|cottage)';
export const CAR_NOUN =
  '(?:car|ute|suv|vehicle|4wd|tesla|toyota|mazda|hyundai|kia|ford|holden|bmw|audi|mercedes|subaru|volkswagen|vw|nissan|honda|mitsubishi|byd|polestar|volvo|lexus|jeep|ranger|hilux|corolla)';
export const CAR_RE = new RegExp(`\\b${CAR_NOUN}\\b`);
export const CASH_RE = /\b(?:cash|outright|savings|no\s+loan|without\s+(?:a\s+)?loan)\b/;

export type Segment = { start: number; end: number };

export type PromptContext = {
  text: string;
  tokens: Token[];
  amounts: AmountToken[];
  percents: PercentToken[];
  durations: DurationToken[];
  ex: Extraction;
  event_date: IsoDate | null;
  end_date: IsoDate | null;
  today: IsoDate;
};

/** Words just before a token, stopping at the previous number so one value's words are not another's. */
export function before(ctx: PromptContext, tok: Token, words = 4): string {
  const prev = ctx.ex.tokens.filter((t) => t.kind !== 'date' && t.end <= tok.start).pop();
  const from = Math.max(prev ? prev.end : 0, tok.start - 60);
  const clause =
    ctx.text
      .slice(from, tok.start)
      .split(/[,;:!?]|\.(?!\d)/)
      .pop() ?? '';
  return clause.trim().split(/\s+/).slice(-words).join(' ');
}

/** Words just after a token, stopping at the next number. */
export function after(ctx: PromptContext, tok: Token, words = 4): string {
  const next = ctx.ex.tokens.find((t) => t.kind !== 'date' && t.start >= tok.end);
  const to = Math.min(next ? next.start : ctx.text.length, tok.end + 60);
  const clause = ctx.text.slice(tok.end, to).split(/[,;:!?]|\.(?!\d)/)[0];
  return clause.trim().split(/\s+/).slice(0, words).join(' ');
}

export function near(ctx: PromptContext, tok: Token, re: RegExp, b = 4, a = 3): boolean {
  return re.test(before(ctx, tok, b)) || re.test(after(ctx, tok, a));
}

/** An amount per year (no frequency: as written). */
export function annual(a: AmountToken): number {
  return cents(a.freq ? a.value * PER_YEAR[a.freq] : a.value);
}

/** An amount and a weekly / fortnightly / monthly frequency, converting any other frequency to monthly. */
export function perPeriod(a: AmountToken): { amount: number; freq: 'weekly' | 'fortnightly' | 'monthly' | null } {
  if (!a.freq) return { amount: a.value, freq: null };
  if (a.freq === 'weekly' || a.freq === 'fortnightly' || a.freq === 'monthly') return { amount: a.value, freq: a.freq };
  return { amount: cents((a.value * PER_YEAR[a.freq]) / 12), freq: 'monthly' };
}

export function perMonth(a: AmountToken): number {
  return a.freq ? cents((a.value * PER_YEAR[a.freq]) / 12) : a.value;
}

/** A frequency written apart from the amount: 'every month', 'each fortnight', 'weekly'. */
export function clauseFreq(ctx: PromptContext, a: AmountToken): Freq | null {
  // Up to the next amount: '$12k car loan at $600 a month' gives the month to $600 only.
  const next = ctx.amounts.find((x) => x.start >= a.end);
  const rest = ctx.text.slice(a.end, Math.min(a.end + 60, next ? next.start : Infinity)).split(/[;!?]|\.(?!\d)/)[0];
  const r =
    /\b(?:every|each|per|a)\s+(week|fortnight|month|year|quarter)\b|\b(weekly|fortnightly|monthly|yearly|annually|quarterly)\b/.exec(
      rest,
    );
  const word = r?.[1] ?? r?.[2];
  if (!word) return null;
  if (word.startsWith('week')) return 'weekly';
  if (word.startsWith('fortnight')) return 'fortnightly';
  if (word.startsWith('month')) return 'monthly';
  if (word.startsWith('quarter')) return 'quarterly';
  return 'yearly';
}

export function withClauseFreq(ctx: PromptContext, a: AmountToken): AmountToken {
  return a.freq ? a : { ...a, freq: clauseFreq(ctx, a) };
}

export function durationYears(d: DurationToken): number {
  if (d.unit === 'year') return d.value;
  if (d.unit === 'month') return d.value / 12;
  if (d.unit === 'week') return d.value / 52;
  return d.value / 365;
}

export function durationMonths(d: DurationToken): number {
  return Math.round(durationYears(d) * 12);
}

export function durationWeeks(d: DurationToken): number {
  if (d.unit === 'week') return d.value;
  if (d.unit === 'day') return Math.round(d.value / 7);
  if (d.unit === 'month') return Math.round((d.value * 52) / 12);
  return Math.round(d.value * 52);
}

export const DEPOSIT_RE = /\bdeposit\b|\btrade[\s-]*in\b|\bdown\s+payment\b|\bsaved\b/;
export const RATE_RE = /\binterest\b|\brate\b|\bfixed\b|\bvariable\b|\bp\.?a\.?\b|\bcomparison\b/;
export const RETURN_RE =
  /\breturns?\b|\bgrowth\b|\bgrow(?:s|ing)?\b|\bgains?\b|\bexpecting\s+(?:a|our|another|twins|a\s+baby|a\s+child)\b|\btwins\b|\byield\b/;
export const IO_RE = /\binterest[\s-]*only\b|\bi\/o\b/;
export const TERM_RE = /\bloan\b|\bterm\b|\bover\b|\bmortgage\b|\bfinance\b|\bleft\b|\bremaining\b/;
export const SALARY_RE =
  /\bsalary\b|\bearn\w*\b|\bpaying\b|\bpays\b|\bincome\b|\bwage\b|\bpaid\b|\bpackage\b|\bjob\b|\brole\b|\brise\s+to\b|\braise\s+to\b|\bup\s+to\b|\bincrease\s+to\b|\bper\s+annum\b|\bcut\s+to\b/;
export const DELTA_RE = /^(?:pay\s+)?(?:rise|raise|increase|bump|more|extra|cut)\b/;

/** The percentage's role from the words right after it, then right before it ('at 6.1%' is a rate). */
export function percentRole(
  ctx: PromptContext,
  p: PercentToken,
): 'deposit' | 'rate' | 'return' | 'selling' | 'subsidy' | 'management' | 'return_salary' | null {
  const a = after(ctx, p, 3);
  const b = before(ctx, p, 3);
  if (/^(?:\w+\s+)?(?:deposit|down)\b/.test(a)) return 'deposit';
  if (/^(?:\w+\s+)?(?:interest|rate|fixed|variable|p\.?a|comparison)\b/.test(a)) return 'rate';
  if (/^(?:\w+\s+)?(?:returns?|growth|gains?|a\s+year\s+growth|yield)\b/.test(a)) return 'return';
  if (/^(?:\w+\s+)?(?:agent|agents|selling|commission|fees?)\b/.test(a)) return 'selling';
  if (/^(?:\w+\s+)?(?:subsidy|ccs)\b/.test(a)) return 'subsidy';
  if (/^(?:\w+\s+)?(?:management|property\s+management)\b/.test(a)) return 'management';
  if (/\bat$/.test(b) && !/\b(?:return|back|part[\s-]*time)\b/.test(b)) return 'rate';
  if (/\bdeposit(?:\s+of)?$/.test(b)) return 'deposit';
  if (RATE_RE.test(b)) return 'rate';
  if (RETURN_RE.test(b)) return 'return';
  if (/\b(?:agent|selling|commission)\b/.test(b)) return 'selling';
  if (/\b(?:return|back|part[\s-]*time)\b/.test(b)) return 'return_salary';
  return null;
}

export function pickRate(ctx: PromptContext): number | undefined {
  const labelled = ctx.percents.find((p) => percentRole(ctx, p) === 'rate');
  if (labelled) return labelled.value;
  const unlabelled = ctx.percents.find((p) => percentRole(ctx, p) === null);
  return unlabelled?.value;
}

export function pickReturn(ctx: PromptContext): number | undefined {
  const labelled = ctx.percents.find((p) => percentRole(ctx, p) === 'return');
  if (labelled) return labelled.value;
  return ctx.percents.find((p) => percentRole(ctx, p) === null)?.value;
}

export function largest(amounts: AmountToken[]): AmountToken | undefined {
  return [...amounts].sort((x, y) => y.value - x.value)[0];
}

export function loanTermYears(ctx: PromptContext): number | undefined {
  const d = ctx.durations.find(
    (t) => near(ctx, t, TERM_RE, 3, 2) && !near(ctx, t, IO_RE, 5, 2) && t.unit !== 'week' && t.unit !== 'day',
  );
  return d ? Math.round(durationYears(d)) : undefined;
}

export function interestOnlyYears(ctx: PromptContext): number | undefined {
  const d = ctx.durations.find((t) => near(ctx, t, IO_RE, 9, 2) && (t.unit === 'year' || t.unit === 'month'));
  return d ? Math.round(durationYears(d)) : undefined;
}

/** A fixed period ('for 2 years', '12 month contract'): not permanent, ending the day before it would renew. */
export function period(ctx: PromptContext, out: Record<string, unknown>): void {
  const d = ctx.durations.find((t) => /\bfor$/.test(before(ctx, t, 1)) || /^contract\b/.test(after(ctx, t, 1)));
  const start = ctx.event_date ?? `${ctx.today.slice(0, 7)}-01`;
  if (d) {
    out.is_permanent = false;
    out.end_date = addDays(addMonthsToDate(start, durationMonths(d)), -1);
  } else if (ctx.end_date) {
    out.is_permanent = false;
    out.end_date = ctx.end_date;
  }
}

/** The values of one template's part of the prompt, plus its event date and any end date. */
export function buildPromptContext(
  ex: Extraction,
  segment: Segment,
  today: IsoDate,
  fallbackDate: DateToken | null,
): PromptContext {
  const inSeg = (t: Token) => t.start >= segment.start && t.start < segment.end;
  const dates = ex.dates.filter(inSeg);
  const start = dates.find((d) => d.role === 'start') ?? fallbackDate;
  const end = dates.find((d) => d.role === 'end');
  // Only this template's part of the prompt is visible (same length, so token offsets stay valid).
  const text =
    ' '.repeat(segment.start) +
    ex.text.slice(segment.start, segment.end) +
    ' '.repeat(Math.max(0, ex.text.length - segment.end));
  return {
    text,
    tokens: ex.tokens.filter(inSeg),
    amounts: ex.amounts.filter(inSeg),
    percents: ex.percents.filter(inSeg),
    durations: ex.durations.filter(inSeg),
    ex,
    event_date: start ? start.date : null,
    end_date: end ? end.date : null,
    today,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Scenario-name pieces

/** $750k, $1.2m, $500, $85k: short money for names. */
export function shortMoney(n: number): string {
  const abs = Math.abs(n);
  if (abs >= 1e6) return `$${trim(n / 1e6)}m`;
  if (abs >= 1e4 || (abs >= 1e3 && n % 100 === 0)) return `$${trim(n / 1e3)}k`;
  return `$${trim(n)}`;
}

function trim(n: number): string {
  return String(cents(n));
}

const FREQ_WORD: Readonly<Record<string, string>> = { weekly: 'week', fortnightly: 'fortnight', monthly: 'month' };

/** '$500/month': an amount and its frequency for names. */
export function per(amount: unknown, freq: unknown, dflt = 'monthly'): string {
  return `${shortMoney(Number(amount))}/${FREQ_WORD[String(freq ?? dflt)] ?? 'month'}`;
}

const PROPERTY_WORDS = ['apartment', 'townhouse', 'house', 'unit', 'home', 'flat', 'place', 'property'];

/** The property word the prompt used ('apartment', 'house', ...), else the fallback. */
export function propertyWord(text: string, fallback: string): string {
  return PROPERTY_WORDS.find((w) => new RegExp(`\\b${w}\\b`).test(text)) ?? fallback;
}
