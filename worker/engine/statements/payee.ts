// Payee normalisation (a bank description to the merchant or person it names) and payee rules (the category the
// user gave a payee, applied to later imports). Deterministic and idempotent: normalisePayee(normalisePayee(x))
// equals normalisePayee(x), so a re-import or a re-run never renames a payee again.
import type { PayeeRule } from '../model/transaction';

/** Card, channel and payment-method words in front of the merchant (longest first, matched at the start). */
const PREFIXES = [
  'VISA DEBIT PURCHASE CARD',
  'VISA DEBIT PURCHASE',
  'VISA PURCHASE',
  'VISA DEBIT',
  'MASTERCARD PURCHASE',
  'DEBIT CARD PURCHASE',
  'CARD PURCHASE',
  'EFTPOS PURCHASE',
  'EFTPOS DEBIT',
  'EFTPOS',
  'POS PURCHASE',
  'POS AUTHORISATION',
  'POS',
  'PURCHASE AUTHORISATION',
  'PURCHASE',
  'PENDING',
  'DIRECT DEBIT',
  'DIRECT CREDIT',
  'SALARY DEPOSIT',
  'DEPOSIT',
  'OSKO PAYMENT',
  'OSKO DEPOSIT',
  'INTERNET BPAY',
  'BPAY',
  'RECURRING PAYMENT',
  'PAYMENT TO',
  'PAYMENT FROM',
  'SQ',
  'PAYPAL',
  'PP',
  'ZLR',
  'TST',
];

/** Each prefix with the space that must follow it (built once: stripOnce runs for every row of a statement). */
const PREFIXES_SPACED = PREFIXES.map((p) => `${p} `);

const STATES = new Set(['NSW', 'VIC', 'QLD', 'SA', 'WA', 'TAS', 'NT', 'ACT', 'NS', 'QL', 'VI', 'TA']);
const COUNTRIES = new Set(['AU', 'AUS', 'AUSTRALIA', 'NZ', 'NZL', 'US', 'USA', 'GB', 'GBR', 'IE', 'IRL', 'SG', 'SGP']);
/** Capital cities and the biggest centres, dropped from the end of a description ("NETFLIX.COM MELBOURNE"). */
const CITIES = [
  'SYDNEY',
  'NORTH SYDNEY',
  'MELBOURNE',
  'SOUTH MELBOURNE',
  'BRISBANE',
  'PERTH',
  'ADELAIDE',
  'HOBART',
  'DARWIN',
  'CANBERRA',
  'GOLD COAST',
  'NEWCASTLE',
  'WOLLONGONG',
  'GEELONG',
  'PARRAMATTA',
  'CHATSWOOD',
  'SURRY HILLS',
  'BONDI JUNCTION',
  'FORTITUDE VALLEY',
  'FREMANTLE',
  'DOCKLANDS',
  'RICHMOND',
  'ST KILDA',
  'SOUTHBANK',
  'DUBLIN',
  'LUXEMBOURG',
  'SINGAPORE',
  'LONDON',
  'SAN FRANCISCO',
  'LOS GATOS',
];

/** Each city with the space in front of it (built once, as PREFIXES_SPACED). */
const CITIES_SPACED = CITIES.map((c) => ` ${c}`);

/** Text-level removals: references, card numbers, dates and times, anywhere in the description. */
const REMOVALS: RegExp[] = [
  /\bVALUE DATE:?\s*\d{1,2}\/\d{1,2}\/\d{2,4}/g,
  /\b(?:RECEIPT|REF(?:ERENCE)?|RECEIPT NO|REF NO|TRACE|AUTH|INV(?:OICE)?|TXN|ID)(?: NO| NUMBER)?\.?:?\s*#?\s*[A-Z0-9-]*\d[A-Z0-9-]*/g,
  /\bCARD\s*(?:NO\.?\s*)?[X*\d]*\d{3,4}\b/g,
  /\b(?:\d{4,6}[X*]{2,}\d{2,4}|[X*]{2,}\d{2,6})\b/g,
  /\b\d{1,2}\/\d{1,2}(?:\/\d{2,4})?\b/g,
  /\b(?:DATE\s+)?\d{1,2}\s+(?:JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|NOV|DEC)[A-Z]*\s+\d{2,4}\b/g,
  /\b\d{1,2}:\d{2}(?::\d{2})?(?:\s*[AP]M)?\b/g,
  /\b(?:AUD|USD|NZD|GBP|EUR)\s*\d[\d,]*\.\d{2}\b/g,
  /\b\d{5,}\b/g,
  // Reference-like codes mixing letters and at least three digits ("P1234ABCD").
  /\b(?=[A-Z]*\d[A-Z]*\d[A-Z]*\d)[A-Z0-9]{6,}\b/g,
];

/**
 * Text clean() leaves as it is: capitals, digits and the kept punctuation, in words of at least one letter or digit
 * joined by single spaces. Most descriptions are already this after the first clean, and this one test is cheaper
 * than clean's replaces (payee normalisation runs for every row of a statement).
 */
const ALREADY_CLEAN = /^[&'.@+/-]*[A-Z0-9][A-Z0-9&'.@+/-]*(?: [&'.@+/-]*[A-Z0-9][A-Z0-9&'.@+/-]*)*$/;

/** Upper case, accents folded, only letters/digits/simple punctuation kept, spaces collapsed. */
function clean(text: string): string {
  if (ALREADY_CLEAN.test(text)) return text;
  let out = text.toUpperCase();
  // eslint-disable-next-line no-control-regex
  if (/[^\x00-\x7f]/.test(out)) {
    const folded = text
      .replace(/[\u2018\u2019\u02bc`]/g, "'")
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toUpperCase();
    out = '';
    for (const ch of folded) {
      // Another script's letters are kept only when their case maps round trip (so title case stays reversible).
      if (ch.charCodeAt(0) < 0x80 || (/[\p{L}\p{N}]/u.test(ch) && ch.toLowerCase().toUpperCase() === ch)) out += ch;
      else out += ' ';
    }
  }
  return out
    .replace(/[^A-Z0-9&'.@+/\-\u0080-\uffff]+/g, ' ')
    .replace(/(?:^| )[.'&@+/-]+(?= |$)/g, ' ')
    .replace(/ {2,}/g, ' ')
    .trim();
}

/** Foreign-currency notes run to the end of the description. */
const FOREIGN = /\b(?:FOREIGN CURRENCY AMOUNT|INCL(?:UDES)? FOREIGN)\b.*$/;

/** One pass of the removals below over `text`, which is already clean (the output of clean or of stripOnce). */
function stripOnce(text: string): string {
  const padded = ` ${text} `;
  let s = padded;
  // Every removal needs a digit: most passes after the first have none left, and skip them.
  if (/\d/.test(s)) for (const re of REMOVALS) s = s.replace(re, ' ');
  if (s.includes('FOREIGN')) s = s.replace(FOREIGN, ' ');
  // Nothing removed: cleaning the clean text again would give it back.
  s = s === padded ? text : clean(s);
  for (let i = 0; i < PREFIXES.length; i++) {
    if (s === PREFIXES[i]) break;
    if (s.startsWith(PREFIXES_SPACED[i])) {
      s = s.slice(PREFIXES_SPACED[i].length);
      break;
    }
  }
  const words = s.split(' ');
  // "... SYDNEY NSW AU", "... SURRY HILLS NS AUS": a state code after the name ends the name (with one suburb word).
  while (words.length > 1 && COUNTRIES.has(words[words.length - 1])) words.pop();
  // Only a state code that ends the text (a postcode may follow) is a location: one inside the name is part of it
  // ("SERVICE NSW REGO", "TRANSPORT FOR NSW OPAL"), and so is one straight after the first word ("SERVICE NSW").
  let stateAt = words.length - 1;
  while (stateAt >= 2 && /^\d{4}$/.test(words[stateAt])) stateAt -= 1;
  if (stateAt < 2 || !STATES.has(words[stateAt])) stateAt = -1;
  if (stateAt >= 1) {
    // A store number before the location ends the name ("WOOLWORTHS 1234 BONDI JUNCTION NSW"); else one suburb word.
    const store = words.findLastIndex((w, i) => i >= 1 && i < stateAt && /^\d{2,4}$/.test(w));
    words.length = store >= 1 ? store : stateAt;
    if (store < 1 && words.length > 2) words.pop();
  }
  // "IN KMART", "AT THE BAKERY": a joining word left in front once the channel words are gone.
  if (words.length > 1 && (words[0] === 'IN' || words[0] === 'AT')) words.shift();
  s = words.join(' ');
  for (const city of CITIES_SPACED) {
    if (s.endsWith(city) && s.length > city.length + 1) {
      s = s.slice(0, -city.length);
      break;
    }
  }
  // A store number after the name ("WOOLWORTHS 1234"), and trailing punctuation.
  s = s.replace(/ \d{2,4}$/, '').replace(/[ .*#/-]+$/, '');
  return clean(s);
}

/**
 * Names that are written in capitals (docs/transactions.md, "Payees and payee rules"): acronyms with a vowel, which
 * the rule below cannot tell from a word, and the states (a payee such as "Service NSW").
 */
const ACRONYMS = new Set([
  ...'AAMI ABC AGL AIA AMP ANZ ATM ATO BOQ BUPA CBA GIO IGA ING NAB NRMA RAA RAC RACQ RACT RACV TAB'.split(' '),
  ...'ACT NSW NT QLD SA TAS VIC WA'.split(' '),
]);
/** Short words without a vowel that are abbreviations of words, not initials ("St", "Pty Ltd", "Mt"). */
const WORD_ABBREVIATIONS = new Set('BLVD CNR CT CTR DR LTD MKT MR MRS MS MT NTH PDE PL RD STH ST SVC SVCS'.split(' '));

/**
 * A word stays in capitals when it is a known acronym, two to four letters with no vowel (A, E, I, O, U or Y:
 * "BP", "HCF", "KFC", "JB") that are not an abbreviated word, or initials joined by "&" ("H&M"). It is decided on
 * the upper-cased word, so a payee already cased the same way comes out the same (idempotent).
 */
function staysUpper(word: string): boolean {
  if (ACRONYMS.has(word)) return true;
  if (/^[A-Z]{2,4}$/.test(word)) return !/[AEIOUY]/.test(word) && !WORD_ABBREVIATIONS.has(word);
  return /^[A-Z]{1,2}&[A-Z]{1,2}$/.test(word);
}

function titleCase(text: string): string {
  return text
    .split(' ')
    .map((w) => (w.length <= 1 || staysUpper(w) ? w : w[0] + w.slice(1).toLowerCase()))
    .join(' ');
}

/**
 * The payee a description names: channel words ("VISA PURCHASE", "EFTPOS"), card numbers ("CARD xx1234"),
 * receipt and reference numbers, dates, times, store numbers and the location suffix ("SYDNEY NSW AU") removed,
 * case and spaces collapsed, in title case ("Woolworths"). Never empty for a non-empty description: when nothing
 * is left it keeps the cleaned description.
 */
export function normalisePayee(description: string): string {
  const known = cache.get(description);
  if (known !== undefined) return known;
  const payee = normaliseUncached(description);
  // Statements repeat descriptions; the cache is bounded (cleared when full) and only ever holds pure results.
  if (cache.size >= 20_000) cache.clear();
  cache.set(description, payee);
  return payee;
}

const cache = new Map<string, string>();

function normaliseUncached(description: string): string {
  const c = clean(description);
  if (c === '') return description.replace(/\s+/g, ' ').trim();
  let s = c;
  for (let i = 0; i < 8; i++) {
    const next = stripOnce(s);
    if (next === s) break;
    s = next;
  }
  return titleCase(s === '' ? c : s);
}

/** Payee rules by payee, case-insensitive (the later rule wins when two name the same payee). */
export function payeeRuleIndex(rules: readonly Pick<PayeeRule, 'payee' | 'category_id'>[]): Map<string, string> {
  const index = new Map<string, string>();
  for (const r of rules) index.set(r.payee.trim().toLowerCase(), r.category_id);
  return index;
}

/**
 * Sets category_id from the payee rules (exact payee, case-insensitive) on rows that have no category yet;
 * a row the user already categorised keeps its category. Returns new rows; the input is not changed.
 */
export function applyPayeeRules<T extends { payee: string; category_id?: string | null }>(
  rows: readonly T[],
  rules: readonly Pick<PayeeRule, 'payee' | 'category_id'>[],
): (T & { category_id: string | null })[] {
  const index = payeeRuleIndex(rules);
  return rows.map((r) => ({
    ...r,
    category_id: r.category_id ?? index.get(r.payee.trim().toLowerCase()) ?? null,
  }));
}
