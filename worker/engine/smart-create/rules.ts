// Smart Create matching rules: which templates a prompt describes (keyword and phrase rules with weights),
// and how the extracted values map onto each template's real parameter names.
import type { IsoDate } from '../primitives';
import { addDays, addMonthsToDate } from '../au/dates';
import { cents } from '../money';
import { PER_YEAR, type AmountToken, type DateToken, type DurationToken, type Extraction, type Freq, type PercentToken, type Token } from './extract';

export type TemplateMatch = { template_id: string; weight: number; index: number };

type Rule = { template_id: string; weight: number; re: RegExp };

const PROPERTY_NOUN = '(?:home|house|apartment|unit|townhouse|flat|place|property|condo|villa|duplex|terrace|cottage)';
const CAR_NOUN = '(?:car|ute|suv|vehicle|4wd|tesla|toyota|mazda|hyundai|kia|ford|holden|bmw|audi|mercedes|subaru|volkswagen|vw|nissan|honda|mitsubishi|byd|polestar|volvo|lexus|jeep|ranger|hilux|corolla)';

/** Explicit template phrases weigh 10, strong generic cues 8-9, weaker hints below 8. */
const RULES: readonly Rule[] = [
  { template_id: 'negative_gearing', weight: 10, re: /\bnegative(?:ly)?[\s-]*gear/ },
  { template_id: 'investment_property', weight: 9, re: new RegExp(`\\binvestment\\s+${PROPERTY_NOUN}|\\brental\\s+${PROPERTY_NOUN}|\\brent\\s+(?:it|them|the\\s+\\w+)\\s+out\\b|\\btenants?\\b|\\bproperty\\s+investor|\\binvestor\\s+loan|\\b(?:buy|purchase)\\s+(?:an?\\s+)?(?:property\\s+)?to\\s+rent\\b`) },
  { template_id: 'buy_first_home', weight: 9, re: /\bfirst[\s-]+(?:home|house|apartment|unit|property|place|flat|townhouse)|\bhome\s+guarantee\b|\bfhb\b|\bfirst[\s-]home[\s-]buyer/ },
  { template_id: 'buy_first_home', weight: 8, re: new RegExp(`\\b(?:buy|buying|bought|purchase|purchasing|acquire|get|getting|move\\s+into|upgrade\\s+to)\\b[^.;!?]{0,40}?\\b${PROPERTY_NOUN}\\b`) },
  { template_id: 'interest_only_mortgage', weight: 9, re: /\binterest[\s-]*only\b|\bi\/o\s+loan\b/ },
  { template_id: 'extra_mortgage_repayments', weight: 9, re: /\b(?:extra|additional|more|top[\s-]?up)\b[^.;!?]{0,40}?\b(?:mortgage|home\s+loan|house\s+loan)|\b(?:mortgage|home\s+loan)\b[^.;!?]{0,30}?\b(?:extra|additional|faster|sooner|early|quicker)\b|\bextra\s+(?:mortgage\s+)?repayments?\b|\bpay\s+(?:off|down)\s+(?:the\s+|my\s+|our\s+)?(?:mortgage|home\s+loan)\s+(?:faster|sooner|early|quicker)/ },
  { template_id: 'debt_payoff', weight: 8, re: /\b(?:pay|paying|clear|clearing|wipe|kill|knock|smash|eliminate|get\s+rid\s+of)\b(?:\s+(?:off|down|out))?\b[^.;!?]{0,30}?\b(?:credit\s+cards?|cards?|personal\s+loans?|car\s+loans?|loans?|debts?|overdraft|bnpl|afterpay)\b|\bdebt[\s-]*free\b|\baggressive(?:ly)?\s+(?:pay|debt)|\bdebt\s+(?:payoff|snowball|avalanche)|\blump[\s-]*sum\b/ },
  { template_id: 'job_income_change', weight: 8, re: /\bnew\s+(?:job|role|position|employer)|\bjob\s+offer|\b(?:pay|salary|wage)\s+(?:rise|raise|increase|cut|bump|drop)|\b(?:a|my|our)\s+(?:pay\s+)?(?:rise|raise)\b|\b(?:rise|raise)\s+to\b|\bpromot(?:ion|ed)\b|\bchange\s+(?:jobs?|careers?|roles?)|\bcareer\s+change|\bcontract(?:or)?\s+(?:job|role|work|position)|\b\d+[\s-]*(?:month|year)\s+contract\b|\bpart[\s-]*time\b|\bfull[\s-]*time\b|\bstart\s+(?:a\s+)?(?:new\s+)?(?:job|work|role)\b|\bgo\s+back\s+to\s+work\b|\bquit\s+(?:my|the)\s+job\b/ },
  { template_id: 'job_income_change', weight: 6, re: /\bsalary\b(?![\s-]*sacrific)/ },
  { template_id: 'job_income_change', weight: 5, re: /\bearn(?:s|ing)?\b|\bincome\b|\bwages?\b|\bjob\b/ },
  { template_id: 'parental_leave', weight: 10, re: /\b(?:parental|maternity|paternity|mat|parent|baby|primary\s+carer)\s+leave\b|\btime\s+off\s+(?:work\s+)?(?:for|with)\s+(?:the\s+|a\s+|our\s+)?(?:baby|child|newborn)|\bcareer\s+break\b/ },
  { template_id: 'new_child', weight: 7, re: /\bbab(?:y|ies)\b|\bnewborn\b|\bpregnan|\bexpecting\s+(?:a|our|another|twins|a\s+baby|a\s+child)\b|\btwins\b|\bchildcare\b|\bday\s?care\b|\b(?:have|having|another|second|third|first|new)\s+(?:a\s+)?(?:child|kid)\b|\b(?:child|kid|son|daughter)\s+(?:due|born|arrives?)/ },
  { template_id: 'asset_purchase', weight: 8, re: /\b(?:shares|stocks|etfs?|index\s+funds?|managed\s+funds?|equities|crypto|bitcoin|share\s+portfolio|vanguard|vdhg)\b|\binvest(?:ing|ed)?\b(?![^.;!?]{0,20}\b(?:property|properties|house|unit|apartment)\b)/ },
  { template_id: 'debt_recycling', weight: 10, re: /\bdebt[\s-]*recycl|\brecycl\w*\b[^.;!?]{0,30}?\b(?:debt|loan|mortgage)\b/ },
  { template_id: 'salary_sacrifice', weight: 10, re: /\bsalary[\s-]*sacrific/ },
  { template_id: 'superannuation', weight: 8, re: /\b(?:voluntary|concessional|non[\s-]*concessional|extra|additional|top[\s-]?up|contribut\w*|put|add|deposit|chuck)\b[^.;!?]{0,40}?\bsuper(?:annuation)?\b|\bsuper(?:annuation)?\s+(?:contributions?|top[\s-]?ups?)\b/ },
  { template_id: 'major_purchase', weight: 7, re: /\bwedding\b|\brenovat\w*|\breno\b|\bholiday\b|\bvacation\b|\btrip\b|\btravel\w*|\boverseas\b|\bboat\b|\bcaravan\b|\bcampervan\b|\bmotorhome\b|\bjet\s?ski\b|\b(?:swimming\s+)?pool\b|\bsolar\b|\bkitchen\b|\bbathroom\b|\bextension\b|\blandscaping\b|\bfurniture\b|\bmajor\s+purchase\b|\bbig\s+purchase\b|\bengagement\s+ring\b|\bspend\b/ },
  { template_id: 'retirement', weight: 10, re: /\bretir(?:e|es|ing|ement)\b|\bstop\s+working\b/ },
  { template_id: 'sell_property', weight: 9, re: new RegExp(`\\b(?:sell|selling|sold|offload)\\b[^.;!?]{0,40}?\\b(?:${PROPERTY_NOUN.slice(3, -1)}|investment)\\b|\\bdownsiz`) },
  { template_id: 'inheritance', weight: 10, re: /\binherit\w*|\bwindfall\b|\blott(?:o|ery)\b|\bbequest\b|\bgift\s+from\s+(?:my\s+|our\s+)?(?:parents|family|grandparents|mum|dad)|\b(?:parents|family)\s+(?:are\s+)?(?:giving|gifting)\b/ },
  { template_id: 'help_debt', weight: 10, re: /\bhelp\s+(?:debt|loan|balance)\b|\bhecs\b|\bfee[\s-]help\b|\bstudent\s+(?:debt|loan)s?\b|\b(?:go\s+back\s+to|back\s+to|return\s+to|start|starting)\s+(?:uni|university|study|studying|tafe)\b|\b(?:uni|university)\s+(?:degree|course)\b|\bmba\b|\bmasters\s+degree\b/ },
];

const CAR_RE = new RegExp(`\\b${CAR_NOUN}\\b`);
const CAR_BUY_RE = new RegExp(`\\b(?:buy|buying|purchase|purchasing|finance|financing|get|getting|upgrade|lease|new)\\b[^.;!?]{0,30}?\\b${CAR_NOUN}\\b`);
const CASH_RE = /\b(?:cash|outright|savings|no\s+loan|without\s+(?:a\s+)?loan)\b/;
const BUY_VERB_RE = /\b(?:buy|buying|purchase|purchasing|acquire|get|getting)\b/;

/** The templates a prompt describes, with the strongest cue's weight and position, before ordering. */
export function matchTemplates(prompt: string): TemplateMatch[] {
  // '$1.3m' must not end a phrase at its decimal point (same length, so positions hold).
  const text = prompt.replace(/(\d)\.(\d)/g, '$1,$2');
  const best = new Map<string, TemplateMatch>();
  const add = (template_id: string, weight: number, index: number) => {
    const prev = best.get(template_id);
    if (!prev || weight > prev.weight || (weight === prev.weight && index < prev.index)) best.set(template_id, { template_id, weight, index });
  };
  for (const rule of RULES) {
    const r = rule.re.exec(text);
    if (r) add(rule.template_id, rule.weight, r.index);
  }
  // A car bought with a loan is car_loan; paid in cash, a major purchase.
  const car = CAR_BUY_RE.exec(text);
  if (car && !/\b(?:pay|paying|clear|clearing)\b[^.;!?]{0,20}\bcar\s+loan/.test(text)) add(CASH_RE.test(text) ? 'major_purchase' : 'car_loan', 8, car.index);
  // 'have a baby ... and take 12 months off' is parental leave.
  const off = /\b(?:take|taking|have|having|get|getting)\b[^.;!?]{0,25}?\b(?:weeks?|months?|years?|yrs?)\s+off\b/.exec(text);
  if (off && best.has('new_child')) add('parental_leave', 10, off.index);
  const has = (id: string) => best.has(id);
  const drop = (id: string) => best.delete(id);
  // The buying rules overlap: the most specific one wins.
  if (has('negative_gearing')) drop('investment_property');
  if ((has('investment_property') || has('negative_gearing')) && !/\bfirst[\s-]+home/.test(text)) drop('buy_first_home');
  if (has('investment_property') || has('negative_gearing')) drop('interest_only_mortgage');
  if (has('sell_property') && !BUY_VERB_RE.test(text)) {
    drop('buy_first_home');
    drop('investment_property');
    drop('negative_gearing');
  }
  if (has('sell_property') && has('investment_property') && best.get('investment_property')!.index > best.get('sell_property')!.index && /\bsell\w*\s+(?:the\s+|my\s+|our\s+|an?\s+)?investment/.test(text)) drop('investment_property');
  if (has('debt_recycling')) drop('asset_purchase');
  if (has('salary_sacrifice') || has('retirement')) drop('superannuation');
  if (has('help_debt')) {
    drop('debt_payoff');
    if ((best.get('job_income_change')?.weight ?? 8) < 8) drop('job_income_change');
  }
  if (has('extra_mortgage_repayments') && has('debt_payoff') && !/\blump[\s-]*sum\b/.test(text)) drop('debt_payoff');
  if (has('debt_payoff') && has('extra_mortgage_repayments') && /\blump[\s-]*sum\b/.test(text)) drop('extra_mortgage_repayments');
  if (has('car_loan') || (has('major_purchase') && CAR_RE.test(text))) {
    if (has('debt_payoff') && !/\b(?:pay|paying|clear)\b/.test(text)) drop('debt_payoff');
  }
  if (has('parental_leave') && best.get('job_income_change')) {
    // 'return part-time' describes the return from leave, a parameter of parental_leave.
    if (!/\bnew\s+(?:job|role)|\bpromot|\bpay\s+rise/.test(text)) drop('job_income_change');
  }
  if (has('inheritance')) drop('debt_payoff');
  if (has('retirement')) drop('job_income_change');
  // The weak income hint alone does not make a job change when something stronger matched.
  const job = best.get('job_income_change');
  if (job && job.weight < 8 && best.size > 1) drop('job_income_change');
  if (has('asset_purchase') && (has('superannuation') || has('salary_sacrifice') || has('help_debt'))) drop('asset_purchase');
  return [...best.values()];
}

/** Strong matches (weight 8 or more) first, each tier in the order the prompt mentions them. */
export function orderMatches(matches: TemplateMatch[]): TemplateMatch[] {
  return [...matches].sort((a, b) => {
    const ta = a.weight >= 8 ? 0 : 1;
    const tb = b.weight >= 8 ? 0 : 1;
    return ta - tb || a.index - b.index;
  });
}

// ---------------------------------------------------------------------------------------------------------
// Parameter mapping

export type Segment = { start: number; end: number };

type MapContext = {
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
function before(ctx: MapContext, tok: Token, words = 4): string {
  const prev = ctx.ex.tokens.filter((t) => t.kind !== 'date' && t.end <= tok.start).pop();
  const from = Math.max(prev ? prev.end : 0, tok.start - 60);
  const clause = ctx.text.slice(from, tok.start).split(/[,;:!?]|\.(?!\d)/).pop() ?? '';
  return clause.trim().split(/\s+/).slice(-words).join(' ');
}

/** Words just after a token, stopping at the next number. */
function after(ctx: MapContext, tok: Token, words = 4): string {
  const next = ctx.ex.tokens.find((t) => t.kind !== 'date' && t.start >= tok.end);
  const to = Math.min(next ? next.start : ctx.text.length, tok.end + 60);
  const clause = ctx.text.slice(tok.end, to).split(/[,;:!?]|\.(?!\d)/)[0];
  return clause.trim().split(/\s+/).slice(0, words).join(' ');
}

function near(ctx: MapContext, tok: Token, re: RegExp, b = 4, a = 3): boolean {
  return re.test(before(ctx, tok, b)) || re.test(after(ctx, tok, a));
}

/** An amount per year (no frequency: as written). */
function annual(a: AmountToken): number {
  return cents(a.freq ? a.value * PER_YEAR[a.freq] : a.value);
}

/** An amount and a weekly / fortnightly / monthly frequency, converting any other frequency to monthly. */
function perPeriod(a: AmountToken): { amount: number; freq: 'weekly' | 'fortnightly' | 'monthly' | null } {
  if (!a.freq) return { amount: a.value, freq: null };
  if (a.freq === 'weekly' || a.freq === 'fortnightly' || a.freq === 'monthly') return { amount: a.value, freq: a.freq };
  return { amount: cents((a.value * PER_YEAR[a.freq]) / 12), freq: 'monthly' };
}

function perMonth(a: AmountToken): number {
  return a.freq ? cents((a.value * PER_YEAR[a.freq]) / 12) : a.value;
}

/** A frequency written apart from the amount: 'every month', 'each fortnight', 'weekly'. */
function clauseFreq(ctx: MapContext, a: AmountToken): Freq | null {
  // Up to the next amount: '$12k car loan at $600 a month' gives the month to $600 only.
  const next = ctx.amounts.find((x) => x.start >= a.end);
  const rest = ctx.text.slice(a.end, Math.min(a.end + 60, next ? next.start : Infinity)).split(/[;!?]|\.(?!\d)/)[0];
  const r = /\b(?:every|each|per|a)\s+(week|fortnight|month|year|quarter)\b|\b(weekly|fortnightly|monthly|yearly|annually|quarterly)\b/.exec(rest);
  const word = r?.[1] ?? r?.[2];
  if (!word) return null;
  if (word.startsWith('week')) return 'weekly';
  if (word.startsWith('fortnight')) return 'fortnightly';
  if (word.startsWith('month')) return 'monthly';
  if (word.startsWith('quarter')) return 'quarterly';
  return 'yearly';
}

function withClauseFreq(ctx: MapContext, a: AmountToken): AmountToken {
  return a.freq ? a : { ...a, freq: clauseFreq(ctx, a) };
}

function durationYears(d: DurationToken): number {
  if (d.unit === 'year') return d.value;
  if (d.unit === 'month') return d.value / 12;
  if (d.unit === 'week') return d.value / 52;
  return d.value / 365;
}

function durationMonths(d: DurationToken): number {
  return Math.round(durationYears(d) * 12);
}

function durationWeeks(d: DurationToken): number {
  if (d.unit === 'week') return d.value;
  if (d.unit === 'day') return Math.round(d.value / 7);
  if (d.unit === 'month') return Math.round((d.value * 52) / 12);
  return Math.round(d.value * 52);
}

const DEPOSIT_RE = /\bdeposit\b|\btrade[\s-]*in\b|\bdown\s+payment\b|\bsaved\b/;
const RATE_RE = /\binterest\b|\brate\b|\bfixed\b|\bvariable\b|\bp\.?a\.?\b|\bcomparison\b/;
const RETURN_RE = /\breturns?\b|\bgrowth\b|\bgrow(?:s|ing)?\b|\bgains?\b|\bexpecting\s+(?:a|our|another|twins|a\s+baby|a\s+child)\b|\btwins\b|\byield\b/;
const IO_RE = /\binterest[\s-]*only\b|\bi\/o\b/;
const TERM_RE = /\bloan\b|\bterm\b|\bover\b|\bmortgage\b|\bfinance\b|\bleft\b|\bremaining\b/;
const SALARY_RE = /\bsalary\b|\bearn\w*\b|\bpaying\b|\bpays\b|\bincome\b|\bwage\b|\bpaid\b|\bpackage\b|\bjob\b|\brole\b|\brise\s+to\b|\braise\s+to\b|\bup\s+to\b|\bincrease\s+to\b|\bper\s+annum\b|\bcut\s+to\b/;
const DELTA_RE = /^(?:pay\s+)?(?:rise|raise|increase|bump|more|extra|cut)\b/;

/** The percentage's role from the words right after it, then right before it ('at 6.1%' is a rate). */
function percentRole(ctx: MapContext, p: PercentToken): 'deposit' | 'rate' | 'return' | 'selling' | 'subsidy' | 'management' | 'return_salary' | null {
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

function pickRate(ctx: MapContext): number | undefined {
  const labelled = ctx.percents.find((p) => percentRole(ctx, p) === 'rate');
  if (labelled) return labelled.value;
  const unlabelled = ctx.percents.find((p) => percentRole(ctx, p) === null);
  return unlabelled?.value;
}

function pickReturn(ctx: MapContext): number | undefined {
  const labelled = ctx.percents.find((p) => percentRole(ctx, p) === 'return');
  if (labelled) return labelled.value;
  return ctx.percents.find((p) => percentRole(ctx, p) === null)?.value;
}

function largest(amounts: AmountToken[]): AmountToken | undefined {
  return [...amounts].sort((x, y) => y.value - x.value)[0];
}

function loanTermYears(ctx: MapContext): number | undefined {
  const d = ctx.durations.find((t) => near(ctx, t, TERM_RE, 3, 2) && !near(ctx, t, IO_RE, 5, 2) && t.unit !== 'week' && t.unit !== 'day');
  return d ? Math.round(durationYears(d)) : undefined;
}

function interestOnlyYears(ctx: MapContext): number | undefined {
  const d = ctx.durations.find((t) => near(ctx, t, IO_RE, 9, 2) && (t.unit === 'year' || t.unit === 'month'));
  return d ? Math.round(durationYears(d)) : undefined;
}

/** A fixed period ('for 2 years', '12 month contract'): not permanent, ending the day before it would renew. */
function period(ctx: MapContext, out: Record<string, unknown>): void {
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

function propertyPurchase(ctx: MapContext, investment: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const deposits = ctx.amounts.filter((a) => !a.freq && near(ctx, a, DEPOSIT_RE, 2, 2));
  const rents = ctx.amounts.filter((a) => a.freq && /\brent|\blease|\bincome\b|\bout\s+(?:at|for)$/.test(`${before(ctx, a, 4)} ${after(ctx, a, 2)}`));
  const others = ctx.amounts.filter((a) => !deposits.includes(a) && !rents.includes(a) && !a.freq);
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
  const term = loanTermYears(ctx) ?? (() => {
    const d = ctx.durations.find((t) => t.unit === 'year' && t.value >= 10 && /\bfor$/.test(before(ctx, t, 1)));
    return d?.value;
  })();
  if (term !== undefined) out.loan_term_years = term;
  const growth = ctx.percents.find((p) => percentRole(ctx, p) === 'return');
  if (growth) out.property_growth_rate = growth.value;
  const isNew = /\bnew[\s-]*build\b|\bnewly[\s-]*built\b|\boff[\s-]*the[\s-]*plan\b|\bbrand[\s-]*new\b|\bnew\s+(?:home|house|apartment)\s+build/.test(ctx.text);
  if (investment) {
    const rent = rents[0] ?? (ctx.amounts.find((a) => a.freq === 'weekly') as AmountToken | undefined);
    if (rent) out.weekly_rent = cents(rent.freq ? (rent.value * PER_YEAR[rent.freq]) / PER_YEAR.weekly : rent.value);
    const io = interestOnlyYears(ctx);
    if (io !== undefined) out.interest_only_years = io;
    if (isNew) out.is_new_build = true;
    const mgmt = ctx.percents.find((p) => percentRole(ctx, p) === 'management');
    if (mgmt) out.management_fee_percent = mgmt.value;
  } else {
    if (/\bfirst[\s-]+(?:home|house|apartment|unit|property|place|flat|townhouse)|\bfhb\b|\bhome\s+guarantee\b/.test(ctx.text)) out.is_first_home = true;
    else if (/\b(?:next|second|bigger|forever|family)\s+(?:home|house)\b|\bupgrade\b/.test(ctx.text)) out.is_first_home = false;
    if (isNew) out.is_new_home = true;
    if (/\bhome\s+guarantee\b|\b5%\s+deposit\s+scheme\b/.test(ctx.text)) out.use_home_guarantee = true;
  }
  return out;
}

function jobChange(ctx: MapContext): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const salaries = ctx.amounts.filter((a) => {
    if (DELTA_RE.test(after(ctx, a, 2)) || /\b(?:rise|raise|increase|bump)\s+of$/.test(before(ctx, a, 2))) return false;
    if (/\b(?:take[\s-]*home|after\s+tax|net)\b/.test(`${before(ctx, a, 3)} ${after(ctx, a, 3)}`)) return false;
    return SALARY_RE.test(`${before(ctx, a, 4)} ${after(ctx, a, 2)}`) || a.freq !== null || a.value >= 20_000;
  });
  const salary = salaries[0];
  if (salary) out.gross_annual_salary = annual(salary);
  const paid = /\bpaid\s+(weekly|fortnightly|monthly)\b|\b(weekly|fortnightly|monthly)\s+pay\b/.exec(ctx.text);
  if (paid) out.pay_frequency = paid[1] ?? paid[2];
  const growth = ctx.percents.find((p) => /\b(?:rises?|raises?|increases?|growth)\b/.test(after(ctx, p, 3)) && /\b(?:a|per|each)\s+year\b/.test(after(ctx, p, 6)));
  if (growth) out.salary_growth_rate = growth.value;
  if (/\bpartner'?s?\b|\bmy\s+(?:wife|husband|spouse)\b|\b(?:wife|husband|spouse)\b/.test(ctx.text)) out.taxpayer = 'partner';
  period(ctx, out);
  return out;
}

function parentalLeave(ctx: MapContext): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const employerPaid = ctx.durations.find((d) => /\bemployer\b|\bfull\s+pay\b|\bpaid\s+by\b|\bon\s+full\b/.test(after(ctx, d, 5)) || /\b(?:employer|full\s+pay)\b/.test(before(ctx, d, 3)));
  const leave = ctx.durations.find((d) => d !== employerPaid && d.unit !== 'day');
  if (leave) out.leave_weeks = durationWeeks(leave);
  if (employerPaid) out.employer_paid_weeks = durationWeeks(employerPaid);
  if (ctx.event_date) out.birth_date = ctx.event_date;
  const days = ctx.ex.days_per_week.find((t) => /\b(?:returns?|returning|back|work|part[\s-]*time)\b/.test(ctx.text.slice(Math.max(0, t.start - 40), t.start)));
  if (days) out.return_salary_percent = Math.round((days.value / 5) * 100);
  const pct = ctx.percents.find((p) => percentRole(ctx, p) === 'return_salary');
  if (pct) out.return_salary_percent = Math.round(pct.value);
  if (/\b(?:no|without|not\s+claim\w*)\s+(?:government\s+)?(?:ppl|paid\s+parental\s+leave)\b/.test(ctx.text)) out.claim_ppl = false;
  if (/\bpartner'?s?\b|\b(?:wife|husband|spouse)\b|\bpaternity\b/.test(ctx.text) && /\b(?:my\s+)?(?:partner|wife|husband|spouse)\b/.test(ctx.text)) out.taxpayer = 'partner';
  return out;
}

function newChild(ctx: MapContext): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (ctx.event_date) out.birth_date = ctx.event_date;
  const days = ctx.ex.days_per_week.find((t) => /\b(?:childcare|day\s?care|care)\b/.test(ctx.text.slice(Math.max(0, t.start - 30), t.end + 30)));
  if (days) out.childcare_days_per_week = days.value;
  const fee = ctx.amounts.find((a) => a.freq === 'daily');
  if (fee) out.childcare_daily_fee = fee.value;
  const costs = ctx.amounts.find((a) => a.freq && a.freq !== 'daily' && !/\bchildcare|day\s?care\b/.test(before(ctx, a, 3)));
  if (costs) out.monthly_child_costs = perMonth(costs);
  const subsidy = ctx.percents.find((p) => percentRole(ctx, p) === 'subsidy');
  if (subsidy) out.childcare_subsidy_percent = Math.round(subsidy.value);
  return out;
}

function debtPayoff(ctx: MapContext): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const lump = /\blump[\s-]*sum\b|\bin\s+one\s+(?:go|hit|payment)\b|\ball\s+at\s+once\b/.test(ctx.text);
  const amounts = ctx.amounts.map((a) => withClauseFreq(ctx, a));
  if (lump) {
    out.payoff_strategy = 'lump_sum';
    const a = amounts.find((x) => !x.freq);
    if (a) out.lump_sum_amount = a.value;
    if (ctx.event_date) out.lump_sum_date = ctx.event_date;
  } else {
    const a = amounts.find((x) => x.freq);
    if (a) out.extra_payment_amount = perMonth(a);
    if (ctx.event_date) out.extra_payment_start = ctx.event_date;
  }
  return out;
}

function extraRepayments(ctx: MapContext): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const amounts = ctx.amounts.map((a) => withClauseFreq(ctx, a));
  const a = amounts.find((x) => x.freq) ?? amounts[0];
  if (a) {
    const p = perPeriod(a);
    out.extra_payment_amount = p.amount;
    if (p.freq) out.extra_payment_frequency = p.freq;
  }
  if (ctx.event_date) out.extra_payment_start = ctx.event_date;
  period(ctx, out);
  return out;
}

function interestOnlyMortgage(ctx: MapContext): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const loan = largest(ctx.amounts.filter((a) => !a.freq));
  if (loan) out.loan_amount = loan.value;
  const rate = pickRate(ctx);
  if (rate !== undefined) out.loan_interest_rate = rate;
  const io = interestOnlyYears(ctx);
  if (io !== undefined) out.interest_only_years = io;
  const term = ctx.durations.find((d) => /\b(?:left|remaining|term|to\s+go)\b/.test(`${before(ctx, d, 2)} ${after(ctx, d, 2)}`));
  if (term) out.loan_term_years = Math.round(durationYears(term));
  if (/\binvestment\b/.test(ctx.text)) {
    const share = ctx.percents.find((p) => /\binvest/.test(after(ctx, p, 3)));
    if (share) out.investment_share_percent = Math.round(share.value);
  }
  return out;
}

function sellProperty(ctx: MapContext): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const price = largest(ctx.amounts.filter((a) => !a.freq && !/\b(?:paid|bought|cost)\b/.test(before(ctx, a, 3))));
  if (price) out.expected_sale_price = price.value;
  const costBase = ctx.amounts.find((a) => /\b(?:paid|bought|cost)\b/.test(before(ctx, a, 3)));
  if (costBase) out.cost_base = costBase.value;
  const selling = ctx.percents.find((p) => percentRole(ctx, p) === 'selling');
  if (selling) out.selling_costs_percent = selling.value;
  if (/\binvestment\b|\brental\b|\bholiday\s+home\b/.test(ctx.text)) out.is_main_residence = false;
  else if (/\b(?:our|my)\s+(?:home|house|family\s+home)\b|\bdownsiz/.test(ctx.text)) out.is_main_residence = true;
  return out;
}

function retirement(ctx: MapContext): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const drawdown = ctx.amounts.find((a) => a.freq);
  if (drawdown) out.annual_drawdown = annual(drawdown);
  return out;
}

function helpDebt(ctx: MapContext): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const income = ctx.amounts.find((a) => a.freq === 'yearly' || SALARY_RE.test(before(ctx, a, 3)));
  if (income) out.repayment_income = annual(income);
  const balance = ctx.amounts.find((a) => a !== income && !a.freq);
  if (balance) out.help_balance = balance.value;
  return out;
}

function assetPurchase(ctx: MapContext): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const lump = ctx.amounts.find((a) => !a.freq);
  const regular = ctx.amounts.find((a) => a.freq);
  if (lump) out.purchase_amount = lump.value;
  else if (regular) out.purchase_amount = 0; // only a regular amount was given: nothing invested up front
  if (regular) {
    const p = perPeriod(regular);
    out.regular_contribution = p.amount;
    if (p.freq) out.contribution_frequency = p.freq;
  }
  const ret = pickReturn(ctx);
  if (ret !== undefined) out.expected_return = ret;
  const name = /\b(etfs?|index\s+funds?|managed\s+funds?|shares|stocks|crypto|bitcoin|vdhg|vanguard)\b/.exec(ctx.text);
  if (name) out.asset_name = ASSET_NAMES[name[1].replace(/\s+/g, ' ')] ?? 'Share portfolio';
  return out;
}

const ASSET_NAMES: Readonly<Record<string, string>> = {
  etf: 'ETFs', etfs: 'ETFs', 'index fund': 'Index fund', 'index funds': 'Index funds', 'managed fund': 'Managed fund',
  'managed funds': 'Managed funds', shares: 'Shares', stocks: 'Shares', crypto: 'Crypto', bitcoin: 'Bitcoin', vdhg: 'VDHG', vanguard: 'Vanguard fund',
};

function debtRecycling(ctx: MapContext): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const regular = ctx.amounts.find((a) => a.freq);
  if (regular) out.recycle_amount = perMonth(regular);
  const initial = ctx.amounts.find((a) => !a.freq);
  if (initial) out.initial_amount = initial.value;
  const ret = ctx.percents.find((p) => percentRole(ctx, p) === 'return');
  if (ret) out.investment_return = ret.value;
  const rate = ctx.percents.find((p) => percentRole(ctx, p) === 'rate');
  if (rate) out.investment_loan_rate = rate.value;
  return out;
}

function superannuation(ctx: MapContext): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const regular = ctx.amounts.find((a) => a.freq);
  const lump = ctx.amounts.find((a) => !a.freq);
  if (regular) {
    const p = perPeriod(regular);
    out.voluntary_contribution = p.amount;
    if (p.freq) out.contribution_frequency = p.freq;
  }
  if (lump) out.super_balance = lump.value;
  if (/\bnon[\s-]*concessional\b|\bafter[\s-]*tax\b|\bpost[\s-]*tax\b/.test(ctx.text)) out.contribution_type = 'after_tax';
  else if (/\bconcessional\b|\bbefore[\s-]*tax\b|\bpre[\s-]*tax\b/.test(ctx.text)) out.contribution_type = 'before_tax';
  const ret = ctx.percents.find((p) => percentRole(ctx, p) === 'return');
  if (ret) out.expected_return = ret.value;
  const fund = /\b(australiansuper|australian\s+super|hostplus|rest|unisuper|aware\s+super|cbus|hesta|art|australian\s+retirement\s+trust)\b/.exec(ctx.text);
  if (fund) out.fund_name = fund[1].replace(/\b\w/g, (c) => c.toUpperCase());
  return out;
}

function salarySacrifice(ctx: MapContext): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const a = ctx.amounts.map((x) => withClauseFreq(ctx, x))[0];
  if (a) {
    const p = perPeriod(a);
    out.sacrifice_amount = p.amount;
    if (p.freq) out.sacrifice_frequency = p.freq;
  }
  period(ctx, out);
  return out;
}

function inheritance(ctx: MapContext): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const repay = ctx.amounts.find((a) => /\b(?:pay|repay|pay\s+down|pay\s+off|clear|mortgage|debt|loan)\b/.test(after(ctx, a, 4)) && /\b(?:use|using|put|with)\b/.test(before(ctx, a, 3)));
  const received = largest(ctx.amounts.filter((a) => a !== repay));
  if (received) out.amount = received.value;
  if (repay) out.debt_payment_amount = repay.value;
  return out;
}

const PURCHASE_NAMES: ReadonlyArray<[RegExp, string]> = [
  [/\bwedding\b/, 'Wedding'],
  [/\bengagement\s+ring\b/, 'Engagement ring'],
  [/\bkitchen\b/, 'Kitchen renovation'],
  [/\bbathroom\b/, 'Bathroom renovation'],
  [/\brenovat\w*|\breno\b/, 'Renovation'],
  [/\bextension\b/, 'Extension'],
  [/\b(?:swimming\s+)?pool\b/, 'Pool'],
  [/\bsolar\b/, 'Solar panels'],
  [/\blandscaping\b/, 'Landscaping'],
  [/\bfurniture\b/, 'Furniture'],
  [/\bcaravan\b/, 'Caravan'],
  [/\bcampervan\b|\bmotorhome\b/, 'Campervan'],
  [/\bboat\b/, 'Boat'],
  [/\bjet\s?ski\b/, 'Jet ski'],
  [new RegExp(`\\b${CAR_NOUN}\\b`), 'Car'],
  [/\beurope\b/, 'Trip to Europe'],
  [/\bjapan\b/, 'Trip to Japan'],
  [/\bholiday\b|\bvacation\b|\btrip\b|\btravel\w*|\boverseas\b/, 'Holiday'],
];

const KEEPS_VALUE_RE = /\bcaravan\b|\bcampervan\b|\bmotorhome\b|\bboat\b|\bjet\s?ski\b/;

function majorPurchase(ctx: MapContext): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const name = PURCHASE_NAMES.find(([re]) => re.test(ctx.text));
  if (name) out.purchase_name = name[1];
  const cost = largest(ctx.amounts.filter((a) => !a.freq)) ?? ctx.amounts[0];
  if (cost) out.purchase_amount = cost.freq ? annual(cost) : cost.value;
  if (/\b(?:personal\s+)?loan\b|\bfinance\b|\bborrow\w*\b/.test(ctx.text)) {
    out.payment_method = 'loan';
    const term = loanTermYears(ctx) ?? (() => {
      const d = ctx.durations.find((t) => t.unit === 'year');
      return d ? Math.round(durationYears(d)) : undefined;
    })();
    if (term !== undefined) out.loan_term_years = term;
    const rate = pickRate(ctx);
    if (rate !== undefined) out.loan_interest_rate = rate;
  } else if (CASH_RE.test(ctx.text)) out.payment_method = 'cash';
  if (KEEPS_VALUE_RE.test(ctx.text)) out.keeps_value = true;
  return out;
}

const CAR_NAMES = /\b(tesla|toyota|mazda|hyundai|kia|ford|holden|bmw|audi|mercedes|subaru|volkswagen|nissan|honda|mitsubishi|byd|polestar|volvo|lexus|jeep)\b(?:\s+(model\s+\w|[a-z]+\d*|\w+))?/;

function carLoan(ctx: MapContext): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const deposits = ctx.amounts.filter((a) => !a.freq && near(ctx, a, DEPOSIT_RE, 2, 2));
  const price = largest(ctx.amounts.filter((a) => !a.freq && !deposits.includes(a)));
  if (price) out.car_price = price.value;
  if (deposits[0]) out.deposit_amount = deposits[0].value;
  const rate = pickRate(ctx);
  if (rate !== undefined) out.loan_interest_rate = rate;
  const term = loanTermYears(ctx) ?? (ctx.durations.find((t) => t.unit === 'year') ? Math.round(durationYears(ctx.durations.find((t) => t.unit === 'year')!)) : undefined);
  if (term !== undefined) out.loan_term_years = term;
  const brand = CAR_NAMES.exec(ctx.text);
  if (brand) {
    const noun = /\b(ute|suv|wagon|hatch|sedan)\b/.exec(ctx.text.slice(brand.index, brand.index + 40));
    out.car_name = [brand[1], noun?.[1]].filter(Boolean).map((w) => (w!.length <= 3 ? w!.toUpperCase() : w![0].toUpperCase() + w!.slice(1))).join(' ');
  }
  return out;
}

function negativeOrInvestment(ctx: MapContext): Record<string, unknown> {
  return propertyPurchase(ctx, true);
}

export const MAPPERS: Readonly<Record<string, (ctx: MapContext) => Record<string, unknown>>> = {
  buy_first_home: (ctx) => propertyPurchase(ctx, false),
  investment_property: negativeOrInvestment,
  negative_gearing: negativeOrInvestment,
  interest_only_mortgage: interestOnlyMortgage,
  extra_mortgage_repayments: extraRepayments,
  sell_property: sellProperty,
  job_income_change: jobChange,
  parental_leave: parentalLeave,
  retirement,
  debt_payoff: debtPayoff,
  car_loan: carLoan,
  help_debt: helpDebt,
  asset_purchase: assetPurchase,
  debt_recycling: debtRecycling,
  superannuation,
  salary_sacrifice: salarySacrifice,
  inheritance,
  major_purchase: majorPurchase,
  new_child: newChild,
};

/** The values of one template's part of the prompt, plus its event date and any end date. */
export function buildMapContext(ex: Extraction, segment: Segment, today: IsoDate, fallbackDate: DateToken | null): MapContext {
  const inSeg = (t: Token) => t.start >= segment.start && t.start < segment.end;
  const dates = ex.dates.filter(inSeg);
  const start = dates.find((d) => d.role === 'start') ?? fallbackDate;
  const end = dates.find((d) => d.role === 'end');
  // Only this template's part of the prompt is visible (same length, so token offsets stay valid).
  const text = ' '.repeat(segment.start) + ex.text.slice(segment.start, segment.end) + ' '.repeat(Math.max(0, ex.text.length - segment.end));
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
