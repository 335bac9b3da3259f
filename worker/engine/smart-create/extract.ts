// Smart Create extractors: amounts, percentages, durations, dates (chrono-node, en-AU day/month order) and
// states from a free-text prompt, each with its position so the matcher can read the words around it.
// Only the English locale (en-GB reads day before month, as en-AU does): keeps the other locales out of the bundle.
import { GB as chronoEnGB, type ParsedResult } from 'chrono-node/en';
import type { IsoDate } from '../primitives';
import { MONTH_NAMES } from '../calendar';
import { addDays, addMonths, isIsoDate } from '../au/dates';
import type {
  AmountToken,
  AuState,
  DateToken,
  DaysPerWeekToken,
  DurationToken,
  DurationUnit,
  Extraction,
  Freq,
  PercentToken,
  Span,
  Token,
} from '../prompt/tokens';

const NUMBER_WORDS: Readonly<Record<string, number>> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  fifteen: 15,
  eighteen: 18,
  twenty: 20,
  'twenty-five': 25,
  thirty: 30,
  forty: 40,
  half: 0.5,
};
const NUMBER_WORD_RE =
  'twenty-five|twenty|thirty|forty|eleven|twelve|fifteen|eighteen|one|two|three|four|five|six|seven|eight|nine|ten|half|an|a';

/** Month names in lower case, January first. */
const MONTHS = MONTH_NAMES.map((m) => m.toLowerCase());
const MONTH_RE =
  '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)';

function monthIndex(word: string): number {
  return MONTHS.findIndex((m) => m.startsWith(word.slice(0, 3)));
}

const FREQ_AFTER: ReadonlyArray<[RegExp, Freq]> = [
  [/^\s*(?:(?:a|an|per|each|every|\/)\s*(?:fortnight)|fortnightly|pf\b)/, 'fortnightly'],
  [/^\s*(?:(?:a|per|each|every|\/)\s*(?:week|wk)\b|weekly\b|pw\b|p\/w\b)/, 'weekly'],
  [/^\s*(?:(?:a|per|each|every|\/)\s*(?:month|mth|mo)\b|monthly\b|pm\b|p\/m\b)/, 'monthly'],
  [/^\s*(?:(?:a|per|each|every|\/)\s*quarter\b|quarterly\b)/, 'quarterly'],
  [
    /^\s*(?:(?:a|an|per|each|every|\/)\s*(?:year|yr|annum)\b|p\.?\s?a\.?(?![a-z])|annually\b|yearly\b|annual\b)/,
    'yearly',
  ],
  [/^\s*(?:(?:a|per|each|every|\/)\s*day\b|daily\b)/, 'daily'],
];

/** The text with claimed spans blanked, so later extractors cannot read them twice. */
class Masked {
  chars: string[];
  constructor(text: string) {
    this.chars = [...text];
  }
  get text(): string {
    return this.chars.join('');
  }
  blank(span: Span): void {
    for (let i = span.start; i < span.end; i++) this.chars[i] = ' ';
  }
}

/** Lower-cases without changing the length (so indexes stay valid) and normalises dashes and quotes. */
export function normalisePrompt(prompt: string): string {
  let out = '';
  for (const ch of prompt.normalize('NFKC')) {
    let c = ch;
    if (/[\u2010-\u2015\u2212]/.test(c)) c = '-';
    else if (/[\u2018\u2019\u2032]/.test(c)) c = "'";
    else if (/[\u201c\u201d]/.test(c)) c = '"';
    const lower = c.toLowerCase();
    out += lower.length === 1 ? lower : c;
  }
  return out;
}

function toNumber(raw: string): number {
  return Number(raw.replace(/,/g, ''));
}

const MULTIPLIERS: Readonly<Record<string, number>> = {
  k: 1e3,
  thousand: 1e3,
  grand: 1e3,
  m: 1e6,
  mil: 1e6,
  million: 1e6,
  b: 1e9,
  bn: 1e9,
  billion: 1e9,
};

function freqAfter(text: string, from: number): { freq: Freq; end: number } | null {
  const rest = text.slice(from, from + 24);
  for (const [re, freq] of FREQ_AFTER) {
    const m = re.exec(rest);
    if (m) return { freq, end: from + m[0].length };
  }
  return null;
}

/**
 * Money amounts: '$750k', '750k', '$1.2m', '1.2 million', '750,000', '750,000 dollars', '$85,000 a year',
 * '$500 a month', '$200 per fortnight', '$520/week'. A bare number counts only when it is grouped with
 * commas, at least 1,000 (and not a year), or followed by a frequency; small bare numbers are counts.
 */
export function extractAmounts(m: Masked): AmountToken[] {
  const out: AmountToken[] = [];
  const re =
    /(\$\s?)?(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)(?:\s?(thousand|grand|million|billion|mil|bn|k|m|b)(?![a-z]))?(\s?(?:dollars?|aud|bucks)\b)?/g;
  const text = m.text;
  for (let r = re.exec(text); r; r = re.exec(text)) {
    const [whole, dollar, digits, mult, dollarsWord] = r;
    const start = r.index;
    let end = start + whole.length;
    if (start > 0 && /[\w./-]/.test(text[start - 1])) continue;
    const next = text.slice(end, end + 12);
    if (/^\s?(%|percent|per\s?cent)/.test(next)) continue;
    if (/^[-/]\d/.test(next)) continue;
    if (!mult && /^\s?-?\s?(?:(?:years?|yrs?|months?|mths?|weeks?|wks?|days?|hours?|am|pm)(?![a-z])|:)/.test(next))
      continue;
    const freq = freqAfter(text, end);
    const grouped = digits.includes(',');
    const n = toNumber(digits);
    const yearLike = !dollar && !mult && !grouped && /^\d{4}$/.test(digits) && n >= 1900 && n <= 2100;
    const isMoney = Boolean(
      dollar || mult || dollarsWord || grouped || (n >= 1000 && !yearLike) || (freq && n >= 10 && !yearLike),
    );
    if (!isMoney) continue;
    const value = n * (mult ? MULTIPLIERS[mult] : 1);
    if (freq) end = freq.end;
    out.push({ kind: 'amount', value, freq: freq?.freq ?? null, start, end });
    m.blank({ start, end });
  }
  return out;
}

/** Percentages: '10%', '6.2 %', '15 percent', '5.8 per cent'. */
export function extractPercents(m: Masked): PercentToken[] {
  const out: PercentToken[] = [];
  const re = /(\d+(?:\.\d+)?)\s?(%|percent\b|per\s?cent\b)/g;
  const text = m.text;
  for (let r = re.exec(text); r; r = re.exec(text)) {
    const start = r.index;
    if (start > 0 && /[\w.]/.test(text[start - 1])) continue;
    const end = start + r[0].length;
    out.push({ kind: 'percent', value: Number(r[1]), start, end });
    m.blank({ start, end });
  }
  return out;
}

/** 'childcare 3 days a week', 'return 3 days a week', 'four days per week'. */
export function extractDaysPerWeek(m: Masked): DaysPerWeekToken[] {
  const out: DaysPerWeekToken[] = [];
  const re = new RegExp(`\\b(\\d|${NUMBER_WORD_RE})\\s*days?\\s*(?:a|per|each|every|/)\\s*week\\b`, 'g');
  const text = m.text;
  for (let r = re.exec(text); r; r = re.exec(text)) {
    const value = /\d/.test(r[1]) ? Number(r[1]) : NUMBER_WORDS[r[1]];
    const span = { start: r.index, end: r.index + r[0].length };
    out.push({ kind: 'days_per_week', value, ...span });
    m.blank(span);
  }
  return out;
}

function unitOf(word: string): DurationUnit {
  if (word.startsWith('y')) return 'year';
  if (word.startsWith('m')) return 'month';
  if (word.startsWith('w')) return 'week';
  return 'day';
}

/** Adds a duration to a date: years and months land on the first of the month, weeks and days exactly. */
function addDuration(today: IsoDate, value: number, unit: DurationUnit): { date: IsoDate; exact_day: boolean } {
  if (unit === 'day') return { date: addDays(today, Math.round(value)), exact_day: true };
  if (unit === 'week') return { date: addDays(today, Math.round(value * 7)), exact_day: true };
  const months = Math.round(unit === 'year' ? value * 12 : value);
  return { date: `${addMonths(today.slice(0, 7), months)}-01`, exact_day: false };
}

/**
 * Durations ('6 months', '18 weeks', '2 years', '30-year loan', 'six months', 'a year'). Those after 'in',
 * 'within' or 'after' ('in 2 years', 'in 18 months' time') are relative dates and come back as dates.
 */
export function extractDurations(m: Masked, today: IsoDate): { durations: DurationToken[]; dates: DateToken[] } {
  const durations: DurationToken[] = [];
  const dates: DateToken[] = [];
  const re = new RegExp(
    `\\b(?:(in|within|after)\\s+(?:the\\s+next\\s+|another\\s+)?(?:about\\s+|around\\s+|roughly\\s+|approx(?:imately|\\.)?\\s+|maybe\\s+|just\\s+)?)?(\\d+(?:\\.\\d+)?|${NUMBER_WORD_RE})(?:\\s+and\\s+a\\s+half)?\\s*-?\\s*(years?|yrs?|months?|mths?|weeks?|wks?|days?)(?![a-z])(?:'?s?\\s+time)?`,
    'g',
  );
  const text = m.text;
  for (let r = re.exec(text); r; r = re.exec(text)) {
    const [whole, relative, num, unitWord] = r;
    let value = /\d/.test(num) ? Number(num) : NUMBER_WORDS[num];
    if (/and\s+a\s+half/.test(whole)) value += 0.5;
    const unit = unitOf(unitWord);
    const span = { start: r.index, end: r.index + whole.length };
    // 'a year' after a money amount is a frequency, already taken by the amount; here it is a duration.
    if (relative) dates.push({ kind: 'date', ...addDuration(today, value, unit), role: 'start', ...span });
    else durations.push({ kind: 'duration', value, unit, ...span });
    m.blank(span);
  }
  return { durations, dates };
}

function firstOfYear(year: number): IsoDate {
  return `${year}-01-01`;
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** Dates chrono does not read the way an Australian planner means them; taken before chrono runs. */
function extractSpecialDates(m: Masked, today: IsoDate): DateToken[] {
  const out: DateToken[] = [];
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  const take = (r: RegExpExecArray, date: IsoDate, exact_day = false) => {
    const span = { start: r.index, end: r.index + r[0].length };
    out.push({ kind: 'date', date, exact_day, role: 'start', ...span });
    m.blank(span);
  };
  const rules: Array<[RegExp, (r: RegExpExecArray) => IsoDate | null, boolean?]> = [
    // ISO month or date: 2028-03, 2028-03-15
    [
      /\b(\d{4})-(\d{2})(?:-(\d{2}))?\b/g,
      (r) => {
        const d = `${r[1]}-${r[2]}-${r[3] ?? '01'}`;
        return isIsoDate(d) ? d : null;
      },
    ],
    // next (or the new) financial year: 1 July after today
    [
      /\b(?:next|the\s+new|new|coming|the\s+coming)\s+financial\s+year\b|\bnext\s+fy\b/g,
      () => `${month >= 7 ? year + 1 : year}-07-01`,
    ],
    // early / mid / late 2028, end of next year
    [
      /\b(early|start\s+of|beginning\s+of|mid|mid-|middle\s+of|late|end\s+of)\s*(?:the\s+)?(\d{4}|next\s+year|this\s+year)\b/g,
      (r) => {
        const y = /next/.test(r[2]) ? year + 1 : /this/.test(r[2]) ? year : Number(r[2]);
        const part = r[1];
        const mm = /early|start|beginning/.test(part) ? 1 : /mid/.test(part) ? 7 : 12;
        return `${y}-${pad(mm)}-01`;
      },
    ],
    // March next year
    [new RegExp(`\\b${MONTH_RE}\\s+next\\s+year\\b`, 'g'), (r) => `${year + 1}-${pad(monthIndex(r[1]) + 1)}-01`],
    // next year: the start of next calendar year
    [/\bnext\s+year\b/g, () => firstOfYear(year + 1)],
    [/\b(?:the\s+)?new\s+year\b/g, () => firstOfYear(year + 1)],
    [/\bchristmas\b|\bxmas\b/g, () => (`${year}-12-25` >= today ? `${year}-12-25` : `${year + 1}-12-25`), true],
    // in 2029, by 2029, from 2030 (the preposition stays outside the span)
    [
      /(?<=\b(?:in|by|from|during|until|till|around|before|after|of|starting|start|late|early)\s+)(\d{4})\b/g,
      (r) => {
        const y = Number(r[1]);
        return y >= 1990 && y <= 2100 ? firstOfYear(y) : null;
      },
    ],
  ];
  for (const [re, fn, exact] of rules) {
    const text = m.text;
    for (let r = re.exec(text); r; r = re.exec(text)) {
      const date = fn(r);
      if (date) take(r, date, exact);
    }
  }
  return out;
}

function componentDate(c: ParsedResult['start'], y: number, mo: number): { date: IsoDate; exact_day: boolean } | null {
  const year = c.get('year') ?? y;
  const month = c.get('month') ?? mo;
  const exact = c.isCertain('day') || (!c.isCertain('month') && !c.isCertain('year'));
  const date = `${year}-${pad(month)}-${pad(exact ? (c.get('day') ?? 1) : 1)}`;
  return isIsoDate(date) ? { date, exact_day: exact } : null;
}

/** Dates read by chrono-node's en-GB parser (day before month, as in en-AU), never in the past. */
function extractChronoDates(m: Masked, today: IsoDate): DateToken[] {
  const [y, mo, d] = today.split('-').map(Number);
  const ref = { instant: new Date(Date.UTC(y, mo - 1, d, 12)), timezone: 0 };
  const results = chronoEnGB.parse(m.text, ref, { forwardDate: true });
  const out: DateToken[] = [];
  for (const r of results) {
    const words = r.text.trim();
    const c = r.start;
    if (!c.isCertain('month') && !c.isCertain('day') && !c.isCertain('year') && !c.isCertain('weekday')) continue;
    // 'may' is far more often a verb than a month when nothing marks it as a date.
    if (
      /^may$/.test(words) &&
      !/\b(in|from|by|until|till|since|this|next|of|early|mid|late|end|start|due|starting)\s+$/.test(
        m.text.slice(Math.max(0, r.index - 12), r.index),
      )
    )
      continue;
    if (/^\d+(\.\d+)?$/.test(words)) continue;
    const date = componentDate(c, y, mo);
    if (!date) continue;
    const span = { start: r.index, end: r.index + r.text.length };
    out.push({ kind: 'date', date: date.date, exact_day: date.exact_day, role: 'start', ...span });
    // 'from July 2027 until January 2028' is one chrono range: its end closes the period.
    const endDate = r.end ? componentDate(r.end, y, mo) : null;
    if (endDate)
      out.push({
        kind: 'date',
        date: endDate.date,
        exact_day: endDate.exact_day,
        role: 'end',
        start: span.end - 1,
        end: span.end,
      });
    m.blank(span);
  }
  return out;
}

/** A date written after 'until', 'to' or 'ending' closes a period rather than starting the event. */
function assignDateRoles(text: string, dates: DateToken[]): DateToken[] {
  return dates.map((t) => {
    const before = text.slice(Math.max(0, t.start - 14), t.start);
    return /\b(until|till|til|to|ending|ends?|end\s+of|finishing|through)\s+$/.test(before) &&
      !/\bend\s+of\s+$/.test(before)
      ? { ...t, role: 'end' }
      : t;
  });
}

const STATE_PATTERNS: ReadonlyArray<[RegExp, AuState]> = [
  [/\b(new south wales|sydney|newcastle|wollongong|central coast|byron)\b/, 'NSW'],
  [/\b(victoria|melbourne|geelong|ballarat|bendigo)\b/, 'VIC'],
  [/\b(queensland|brisbane|gold coast|sunshine coast|cairns|townsville|toowoomba)\b/, 'QLD'],
  [/\b(western australia|perth|fremantle)\b/, 'WA'],
  [/\b(south australia|adelaide)\b/, 'SA'],
  [/\b(tasmania|hobart|launceston)\b/, 'TAS'],
  [/\b(australian capital territory|canberra)\b/, 'ACT'],
  [/\b(northern territory|darwin|alice springs)\b/, 'NT'],
];

/** A state or territory named by abbreviation (NSW, VIC, QLD, WA, SA, TAS, ACT, NT), name or capital city. */
export function extractState(original: string, lower: string): AuState | null {
  const abbrev = /\b(NSW|VIC|Vic|QLD|Qld|WA|SA|TAS|Tas|ACT|NT)\b/.exec(original);
  const found: Array<{ index: number; state: AuState }> = [];
  if (abbrev) found.push({ index: abbrev.index, state: abbrev[1].toUpperCase() as AuState });
  const lowerAbbrev = /\b(nsw|qld)\b/.exec(lower);
  if (lowerAbbrev) found.push({ index: lowerAbbrev.index, state: lowerAbbrev[1].toUpperCase() as AuState });
  for (const [re, state] of STATE_PATTERNS) {
    const r = re.exec(lower);
    if (r) found.push({ index: r.index, state });
  }
  found.sort((a, b) => a.index - b.index);
  return found[0]?.state ?? null;
}

/**
 * Every value in the prompt, in one pass with masking: special dates, amounts, percentages, days a week,
 * durations (relative ones become dates) and finally chrono-node for the remaining dates.
 */
export function extractAll(prompt: string, today: IsoDate): Extraction {
  const text = normalisePrompt(prompt);
  const m = new Masked(text);
  // Numeric day/month/year dates first so '3/4/2027' is not read as amounts.
  const slashDates = extractSlashDates(m);
  const special = extractSpecialDates(m, today);
  const amounts = extractAmounts(m);
  const percents = extractPercents(m);
  const days_per_week = extractDaysPerWeek(m);
  const { durations, dates: relative } = extractDurations(m, today);
  const chronoDates = extractChronoDates(m, today);
  const dates = assignDateRoles(
    text,
    [...slashDates, ...special, ...relative, ...chronoDates].sort((a, b) => a.start - b.start),
  );
  const tokens: Token[] = [...amounts, ...percents, ...durations, ...dates, ...days_per_week].sort(
    (a, b) => a.start - b.start,
  );
  return {
    text,
    tokens,
    amounts,
    percents,
    durations,
    dates,
    days_per_week,
    state: extractState(prompt.normalize('NFKC'), text),
  };
}

/** d/m/yyyy and d.m.yyyy, the Australian order. */
function extractSlashDates(m: Masked): DateToken[] {
  const out: DateToken[] = [];
  const re = /\b(\d{1,2})[/.](\d{1,2})[/.](\d{2}|\d{4})\b/g;
  const text = m.text;
  for (let r = re.exec(text); r; r = re.exec(text)) {
    const year = r[3].length === 2 ? 2000 + Number(r[3]) : Number(r[3]);
    const date = `${year}-${pad(Number(r[2]))}-${pad(Number(r[1]))}`;
    if (!isIsoDate(date)) continue;
    const span = { start: r.index, end: r.index + r[0].length };
    out.push({ kind: 'date', date, exact_day: true, role: 'start', ...span });
    m.blank(span);
  }
  return out;
}

export { Masked };
