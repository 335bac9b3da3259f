// Smart Create's household readings, applied to every template after its own reader: who an event is for
// ('my partner', 'our'), an offset account, 'retire at 65' dated by a birth date, and relative pay changes
// ('a 10% pay rise') worked from the user's recurring salary item (docs/smart-create.md).
import type { IsoDate, IsoMonth } from '../primitives';
import { addMonths } from '../au/dates';
import { cents, formatDollars } from '../money';
import { grossFromNet } from '../au/take-home';
import { after, before, type PromptContext } from './reading';
import type { Token } from './tokens';

/** A person in the plan, as the assumptions hold them (docs/data-layer.md); only the birth date is read. */
export type SmartCreatePerson = { id: string; name: string; birth_date: string | null };

/** A recurring item of the user's, as Smart Create reads it for today's pay. */
export type SmartCreateItem = {
  id: string;
  name: string;
  amount: number;
  frequency: string;
  is_active: boolean;
  /** The item's category name, when known ('Salary'). */
  category_name?: string | null;
};

export type HouseholdData = {
  today: IsoDate;
  people?: ReadonlyArray<SmartCreatePerson>;
  recurring_items?: ReadonlyArray<SmartCreateItem>;
};

/** What the household readings add: parameters (the template's reader wins), a month, notes for the user. */
export type HouseholdReading = {
  defaults: Record<string, unknown>;
  overrides: Record<string, unknown>;
  trigger_month?: IsoMonth;
  notes: string[];
};

const BOTH_RE =
  /\b(?:our|ours|we|we're|we'd|we'll|us|together|jointly)\b|\b(?:my\s+)?(?:partner|wife|husband|spouse)\s+and\s+i\b|\bi\s+and\s+my\s+(?:partner|wife|husband|spouse)\b/;
const PARTNER_RE = /\bmy\s+(?:partner|wife|husband|spouse)\b|\b(?:partner|wife|husband|spouse)'?s\b/;

/** Who the prompt's part is about: both of a couple ('our', 'we'), the partner ('my partner'), else null. */
export function whoFor(text: string): 'both' | 'partner' | null {
  if (BOTH_RE.test(text)) return 'both';
  if (PARTNER_RE.test(text)) return 'partner';
  return null;
}

const PERIODS: Readonly<Record<string, number>> = { weekly: 52, fortnightly: 26, monthly: 12, quarterly: 4, yearly: 1 };
const SALARY_ITEM_RE = /\b(?:salary|salaries|wages?|pay|payroll|paycheque|paycheck)\b/i;
const NOT_SALARY_RE = /\b(?:rent|rental|interest|dividends?|centrelink|pension|refund|bonus|gift|side|freelance)\b/i;
const PARTNER_ITEM_RE = /\bpartner\b|\bwife\b|\bhusband\b|\bspouse\b/i;

/** The person's current pay item: the largest salary item (the partner's: one named so, else the second). */
function salaryItem(items: ReadonlyArray<SmartCreateItem>, partner: boolean): SmartCreateItem | undefined {
  const label = (i: SmartCreateItem) => `${i.name} ${i.category_name ?? ''}`;
  const salaries = items
    .filter((i) => i.is_active && i.amount > 0 && SALARY_ITEM_RE.test(label(i)) && !NOT_SALARY_RE.test(label(i)))
    .sort((a, b) => b.amount * (PERIODS[b.frequency] ?? 12) - a.amount * (PERIODS[a.frequency] ?? 12));
  const named = salaries.find((i) => PARTNER_ITEM_RE.test(i.name));
  if (partner) return named ?? salaries.find((i) => i !== salaries[0]);
  return salaries.find((i) => i !== named);
}

/**
 * A relative pay change ('a 10% pay rise', 'a 5% pay cut', 'a $10k raise') as the new gross salary: today's
 * gross pay (the recurring salary item, grossed up from take-home pay unless named gross) changed by it.
 */
function payChange(ctx: PromptContext, data: HouseholdData, partner: boolean, out: HouseholdReading): void {
  const CHANGE = /^(?:\w+\s+)?(?:pay\s+|salary\s+|wage\s+)?(rise|raise|increase|bump|cut|drop|decrease|reduction)\b/;
  const pct = ctx.percents.find((p) => CHANGE.test(after(ctx, p, 3)));
  const amount = pct ? undefined : ctx.amounts.find((a) => !a.freq && CHANGE.test(after(ctx, a, 3)));
  const change = pct ?? amount;
  if (!change) return;
  const down = /\b(?:cut|drop|decrease|reduction)\b/.test(after(ctx, change, 3));
  const item = data.recurring_items ? salaryItem(data.recurring_items, partner) : undefined;
  if (!item) {
    out.notes.push(
      `Enter the new salary: a ${pct ? `${pct.value}%` : 'pay'} ${down ? 'cut' : 'rise'} needs today's pay, and no salary item was found.`,
    );
    return;
  }
  const annual = item.amount * (PERIODS[item.frequency] ?? 12);
  const gross = /\bgross\b|before\s+tax/i.test(item.name) ? annual : grossFromNet(annual, data.today);
  const sign = down ? -1 : 1;
  const next = pct ? gross * (1 + (sign * pct.value) / 100) : gross + sign * (amount?.value ?? 0);
  out.overrides.gross_annual_salary = cents(Math.max(0, next));
  out.overrides.current_salary_item = item.id;
  if (item.frequency === 'weekly' || item.frequency === 'fortnightly' || item.frequency === 'monthly')
    out.overrides.pay_frequency = item.frequency;
  out.notes.push(
    `New salary worked from ${item.name}: about ${formatDollars(gross)} a year gross today, ${pct ? `${down ? 'less' : 'plus'} ${pct.value}%` : `${down ? 'less' : 'plus'} ${formatDollars(amount?.value ?? 0)}`}.`,
  );
}

const RETIRE_AGE_RE =
  /\bretir\w*\b[^.;!?]{0,40}?\b(?:at|aged?|when\s+(?:i|we|she|he|they)(?:\s+am|'m|\s+turns?|\s+reach(?:es)?|\s+hit)?)\s+(?:the\s+age\s+of\s+|age\s+)?(\d{2})\b/;

/** 'retire at 65': the month the person turns 65, from their birth date; else a note asking for it. */
function retirementAge(ctx: PromptContext, data: HouseholdData, partner: boolean, out: HouseholdReading): void {
  const m = RETIRE_AGE_RE.exec(ctx.text);
  if (!m) return;
  const age = Number(m[1]);
  if (!(age >= 40 && age <= 80)) return;
  const who = partner ? 'partner' : 'self';
  const person = data.people?.find((p) => p.id === who);
  const birth = person?.birth_date;
  if (birth && /^\d{4}-\d{2}-\d{2}$/.test(birth)) {
    out.trigger_month = addMonths(birth.slice(0, 7), age * 12);
    return;
  }
  out.notes.push(
    `Add ${partner ? "your partner's" : 'your'} birth date (Assumptions, people in the plan) to date 'retire at ${age}': until then the event is in the month shown.`,
  );
}

/**
 * The household readings of one template's part of the prompt. `params` are the template's parameter names
 * (and select options) so only what the template takes is suggested.
 */
export function readHousehold(
  ctx: PromptContext,
  templateId: string,
  params: ReadonlyArray<{ name: string; options?: ReadonlyArray<{ value: string }> | null }>,
  data: HouseholdData,
): HouseholdReading {
  const out: HouseholdReading = { defaults: {}, overrides: {}, notes: [] };
  const has = (name: string, value?: string) =>
    params.some((p) => p.name === name && (value === undefined || (p.options ?? []).some((o) => o.value === value)));
  const who = whoFor(ctx.text);
  if (who && has('buyer', who)) out.defaults.buyer = who;
  if (who && has('taxpayer', who)) out.defaults.taxpayer = who;
  if (/\boffset\b/.test(ctx.text) && has('offset_account_id')) {
    const deposit = ctx.amounts.find((a) => !a.freq && isOffsetAmount(ctx, a));
    if (deposit && has('new_offset_deposit')) out.overrides.new_offset_deposit = deposit.value;
    else
      out.notes.push(
        'Pick the account to use as the offset (or enter a deposit for a new offset account) in the form.',
      );
  }
  if (templateId === 'job_income_change') payChange(ctx, data, who === 'partner', out);
  if (/\bretir/.test(ctx.text)) retirementAge(ctx, data, who === 'partner', out);
  return out;
}

/** Amounts a template's own reader should leave alone: an offset deposit is not a price or a deposit. */
export function isOffsetAmount(ctx: PromptContext, tok: Token): boolean {
  return (
    /\boffset\b/.test(before(ctx, tok, 5)) ||
    /^(?:\w+\s+)?(?:in|into)\s+(?:an?\s+|the\s+|my\s+|our\s+)?offset\b/.test(after(ctx, tok, 4))
  );
}
