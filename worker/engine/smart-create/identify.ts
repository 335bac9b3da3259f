// Smart Create: a deterministic, offline reading of a free-text prompt into templates with parameters, a
// scenario name and a one-sentence description (the shape of POST /scenarios/identify-templates-from-prompt).
import type { IsoDate, IsoMonth } from '../primitives';
import type { Template, TemplateParameter } from '../model/template';
import { getTemplate } from '../templates/catalogue';
import { cents, formatDollarsShortest } from '../money';
import { MONTH_NAMES, MONTH_SHORT_NAMES } from '../calendar';
import { findTemplateDefinition } from '../templates/registry';
import { extractAll } from './extract';
import type { DateToken } from '../prompt/tokens';
import { buildPromptContext } from '../prompt/reading';
import { matchTemplates, orderMatches } from './rules';
import { readHousehold, type SmartCreateItem, type SmartCreatePerson } from '../prompt/household';

/** The AI prompt maximum (docs/product.md section 9). */
export const SMART_CREATE_MAX_LENGTH = 500;

export const SMART_CREATE_MESSAGES = {
  empty: 'Please enter a description of your scenario',
  too_long: `Please keep the description to ${SMART_CREATE_MAX_LENGTH} characters or fewer`,
  no_match: 'No matching templates found. Please provide more details.',
} as const;

export type SmartCreateErrorCode = keyof typeof SMART_CREATE_MESSAGES;

export type IdentifiedTemplate = {
  template_id: string;
  /** Only values read from the prompt, named and typed as the template's parameters; the form fills defaults. */
  parameters: Record<string, unknown>;
  /** Extra to the endpoint's shape: the event's month (the parsed date, else today's month). */
  trigger_month: IsoMonth;
  /** What the reader could not settle and the user should check or add (absent when nothing). */
  notes?: string[];
};

export type IdentifyResult = {
  templates: IdentifiedTemplate[];
  scenario_name: string;
  scenario_description: string;
  /** Present only when templates is empty: why (empty prompt, too long, nothing recognised). */
  error?: { code: SmartCreateErrorCode; message: string };
};

export type IdentifyOptions = {
  today: IsoDate;
  /** The people in the plan (optional): 'retire at 65' is dated by the person's birth date. */
  people?: ReadonlyArray<SmartCreatePerson>;
  /** The user's recurring items (optional): 'a 10% pay rise' is worked from the current salary item. */
  recurring_items?: ReadonlyArray<SmartCreateItem>;
};

function failure(code: SmartCreateErrorCode): IdentifyResult {
  return {
    templates: [],
    scenario_name: '',
    scenario_description: '',
    error: { code, message: SMART_CREATE_MESSAGES[code] },
  };
}

/** Parameters that cannot exceed another (a deposit is part of the price): a part above its whole is dropped. */
const PART_OF: ReadonlyArray<[part: string, whole: string]> = [
  ['deposit_amount', 'purchase_price'],
  ['employer_paid_weeks', 'leave_weeks'],
  ['interest_only_years', 'loan_term_years'],
  ['debt_payment_amount', 'amount'],
];

/**
 * Keeps only values that are valid for the parameter: numbers within min/max (integers whole), booleans,
 * real YYYY-MM-DD dates, select values among the options, text. An invalid value is dropped (the form's
 * default applies) rather than clamped, so nothing the user did not say is invented.
 */
export function sanitiseParameters(template: Template, raw: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const p of template.parameters) {
    if (!(p.name in raw)) continue;
    const v = coerce(p, raw[p.name]);
    if (v !== undefined) out[p.name] = v;
  }
  for (const [part, whole] of PART_OF) {
    const v = out[part];
    const limit = out[whole];
    if (typeof v === 'number' && typeof limit === 'number' && v > limit) delete out[part];
  }
  return out;
}

function coerce(p: TemplateParameter, v: unknown): unknown {
  switch (p.type) {
    case 'decimal':
    case 'integer': {
      if (typeof v !== 'number' || !Number.isFinite(v)) return undefined;
      const n = p.type === 'integer' ? Math.round(v) : cents(v);
      if (p.min_value != null && n < p.min_value) return undefined;
      if (p.max_value != null && n > p.max_value) return undefined;
      return n;
    }
    case 'boolean':
      return typeof v === 'boolean' ? v : undefined;
    case 'date':
      return typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : undefined;
    case 'select':
      return (p.options ?? []).some((o) => o.value === v) ? v : undefined;
    case 'text':
      return typeof v === 'string' && v.length <= 200 && !p.name.includes('account_id') ? v : undefined;
    default:
      return undefined; // recurring_item and account pickers need the user's data: never guessed here
  }
}

/**
 * Reads a prompt into the best-matching templates (best first), their parameters, a short scenario name and
 * a one-sentence description. Deterministic and offline: `today` anchors relative dates ('next July',
 * 'in 2 years'). Never throws: an empty or over-long prompt, or one that matches nothing, returns empty
 * templates with an `error` naming why.
 */
export function identifyTemplatesFromPrompt(prompt: string, opts: IdentifyOptions): IdentifyResult {
  try {
    const text = typeof prompt === 'string' ? prompt : '';
    if (text.trim() === '') return failure('empty');
    if (text.length > SMART_CREATE_MAX_LENGTH) return failure('too_long');
    return identify(text, opts);
  } catch {
    // A parser bug must never break the modal: report no match instead.
    return failure('no_match');
  }
}

/**
 * Where the part of the prompt about the event cued at `cue` begins: the last 'and' / 'then' / comma between
 * the previous cue and this one ('... deposit and take 6 months parental leave' gives '6 months' to the
 * leave), else the cue itself.
 */
function boundary(text: string, previousCue: number, cue: number): number {
  const re = /\b(?:and|then|also|plus|but|while|after\s+that)\b|[,;]|\.(?!\d)/g;
  re.lastIndex = previousCue + 1;
  let at = cue;
  for (let r = re.exec(text); r && r.index < cue; r = re.exec(text)) at = r.index;
  return at;
}

/** A template's reading plus what the name and description need: its date token and its part of the prompt. */
type Entry = IdentifiedTemplate & { date: DateToken | null; text: string };

function identify(prompt: string, opts: IdentifyOptions): IdentifyResult {
  const today = opts.today;
  const ex = extractAll(prompt, today);
  const matches = orderMatches(matchTemplates(ex.text));
  if (matches.length === 0) return failure('no_match');
  // Each strong template reads the part of the prompt from its cue to the next strong cue (by position);
  // a weak hint ('baby' beside 'parental leave') reads the whole prompt and splits nothing.
  const byPosition = matches.filter((m) => m.weight >= 8).sort((a, b) => a.index - b.index);
  const firstStart = ex.dates.find((d) => d.role === 'start') ?? null;
  const entries: Entry[] = [];
  for (const match of matches) {
    const template = findTemplateDefinition(match.template_id);
    const reading = template?.smart_create;
    if (!template || !reading) continue;
    const i = byPosition.indexOf(match);
    const segment =
      i < 0
        ? { start: 0, end: ex.text.length }
        : {
            start: i === 0 ? 0 : boundary(ex.text, byPosition[i - 1].index, byPosition[i].index),
            end:
              i === byPosition.length - 1
                ? ex.text.length
                : boundary(ex.text, byPosition[i].index, byPosition[i + 1].index),
          };
    const ctx = buildPromptContext(ex, segment, today, firstStart);
    // Household readings ('our', 'my partner', offset, ages, relative pay) frame the template's own reading:
    // its reader's values win over who-is-it-for defaults; values worked from the user's data win over both.
    const household = readHousehold(ctx, match.template_id, template.parameters, opts);
    const parameters = sanitiseParameters(template, {
      ...household.defaults,
      ...reading.read(ctx),
      ...household.overrides,
    });
    // A picker is never guessed, but the salary item a pay change was worked from is the user's own.
    if (typeof household.overrides.current_salary_item === 'string')
      parameters.current_salary_item = household.overrides.current_salary_item;
    const date =
      ex.dates.find((d) => d.role === 'start' && d.start >= segment.start && d.start < segment.end) ?? firstStart;
    entries.push({
      template_id: match.template_id,
      parameters,
      trigger_month: household.trigger_month ?? (ctx.event_date ?? today).slice(0, 7),
      ...(household.notes.length > 0 ? { notes: household.notes } : {}),
      date,
      text: ctx.text,
    });
  }
  if (entries.length === 0) return failure('no_match');
  return {
    templates: entries.map(({ template_id, parameters, trigger_month, notes }) => ({
      template_id,
      parameters,
      trigger_month,
      ...(notes ? { notes } : {}),
    })),
    scenario_name: scenarioName(entries),
    scenario_description: scenarioDescription(entries),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Name and description

function monthLabel(month: IsoMonth): string {
  return `${MONTH_SHORT_NAMES[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;
}

function titleOf(entry: Entry): string {
  const template = findTemplateDefinition(entry.template_id);
  return template?.smart_create?.title(entry.parameters, entry.text) ?? template?.name ?? entry.template_id;
}

function scenarioName(entries: Entry[]): string {
  const titles = entries.slice(0, 2).map((e) => titleOf(e));
  const first = entries[0];
  const when = first.date ? ` (${monthLabel(first.trigger_month)})` : '';
  const name = `${titles.join(' + ')}${entries.length > 2 ? ' + more' : ''}${when}`;
  return name.length <= 100 ? name : `${name.slice(0, 97)}...`;
}

/** One parsed fact in words: 'purchase price $750,000', 'first home buyer', 'for your partner'. */
function describeFact(p: TemplateParameter, v: unknown): string {
  const label = p.label
    .replace(/\s*\(.*?\)\s*/g, ' ')
    .replace(/\?$/, '')
    .trim();
  const lower = label[0].toLowerCase() + label.slice(1);
  if (p.name === 'taxpayer') return v === 'partner' ? "for your partner's tax" : 'for your tax';
  if (p.type === 'boolean') return v ? lower : `not ${lower}`;
  if (p.type === 'select') return `${lower} ${(p.options ?? []).find((o) => o.value === v)?.label ?? String(v)}`;
  if (p.type === 'date') {
    const s = String(v);
    return `${lower} ${Number(s.slice(8, 10))} ${MONTH_NAMES[Number(s.slice(5, 7)) - 1]} ${s.slice(0, 4)}`;
  }
  if (p.type === 'decimal' && /rate|percent|return/.test(p.name)) return `${lower} ${v}%`;
  if (p.type === 'integer' && /percent/.test(p.name)) return `${lower} ${v}%`;
  if (p.type === 'decimal') return `${lower} ${formatDollarsShortest(Number(v))}`;
  const unit = /_(years|months|weeks)$/.exec(p.name);
  return `${lower} ${String(v)}${unit && !lower.includes(unit[1]) ? ` ${unit[1]}` : ''}`;
}

function describeEntry(entry: Entry): string {
  const template = getTemplate(entry.template_id);
  if (!template) return entry.template_id;
  const when = entry.date
    ? ` in ${MONTH_NAMES[Number(entry.trigger_month.slice(5, 7)) - 1]} ${entry.trigger_month.slice(0, 4)}`
    : '';
  // Names (what is bought, the fund) read better beside the template's name than as a fact.
  const named = template.parameters.find((p) => p.type === 'text' && entry.parameters[p.name] !== undefined);
  const facts = template.parameters
    .filter((p) => entry.parameters[p.name] !== undefined && p.type !== 'date' && p !== named)
    .map((p) => describeFact(p, entry.parameters[p.name]));
  return `${template.name}${named ? `: ${String(entry.parameters[named.name])}` : ''}${when}${facts.length ? ` (${facts.join(', ')})` : ''}`;
}

function scenarioDescription(entries: Entry[]): string {
  const parts = entries.map(describeEntry);
  const sentence =
    parts.length <= 1 ? parts.join('') : `${parts.slice(0, -1).join('; ')} and ${parts[parts.length - 1]}`;
  return `${sentence}.`;
}
