// en-AU calendar dates as the screens show them ("3 Sept 2026", "September 2026"), written out rather than by
// Intl.DateTimeFormat: a page's first Intl formatter loads the ICU locale data (25-85 ms of the main thread in
// Chromium), which a list of dates would otherwise pay on its first render. tests/ui/dates-format.test.ts holds
// them to what Intl.DateTimeFormat('en-AU') writes.
import { MONTH_NAMES } from '../../../worker/engine/index';

/** en-AU's abbreviated months (CLDR): June, July and Sept are not cut to three letters. */
const EN_AU_SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'June', 'July', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];

/** The year, month (1-12) and day of a YYYY-MM-DD date, or null when it is not one. */
function parts(iso: string): [number, number, number] | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return month >= 1 && month <= 12 && day >= 1 && day <= 31 ? [year, month, day] : null;
}

/** 2026-09-03 as 3 Sept 2026 (a calendar date: no time zone moves it); anything else is returned as given. */
export function formatShortDate(iso: string): string {
  const date = parts(iso);
  if (!date) return iso;
  // Through Date.UTC so an impossible day (31 April) rolls over as Intl's formatting of that Date would.
  const d = new Date(Date.UTC(date[0], date[1] - 1, date[2]));
  return `${d.getUTCDate()} ${EN_AU_SHORT_MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

/** 2026-09 (or any date in it) as September 2026; anything else is returned as given. */
export function formatMonthYear(month: string): string {
  const date = parts(`${month.slice(0, 7)}-01`);
  return date ? `${MONTH_NAMES[date[1] - 1]} ${date[0]}` : month;
}

/** A moment as its local calendar date in words: 3 September 2026; '' when it is not a date. */
export function formatLongLocalDate(moment: Date): string {
  if (Number.isNaN(moment.getTime())) return '';
  return `${moment.getDate()} ${MONTH_NAMES[moment.getMonth()]} ${moment.getFullYear()}`;
}
