// A seeded synthetic statement history with ground-truth labels, for measuring recurring detection: Australian
// rhythms (fortnightly pay with a rise, monthly rent, quarterly power, yearly rego) buried in everyday noise.
import {
  dateToDayNumber,
  dayNumberToDate,
  civilFromDayNumber,
  dayNumber,
  daysInMonth,
} from '../../../worker/engine/index';
import type { Frequency, SeriesInput } from '../../../worker/engine/index';

export type LabelledSeries = {
  label: string;
  account_id: string;
  payee: string;
  sign: 1 | -1;
  frequency: Frequency;
  ids: string[];
};

export type SyntheticHistory = {
  rows: SeriesInput[];
  labels: LabelledSeries[];
  /** The day after the last generated day. */
  as_of: string;
};

export const CHECKING = 'acc-checking';
export const SAVINGS = 'acc-savings';
export const CARD = 'acc-card';

/** mulberry32: a small seeded generator, so every seed gives the same history. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** National public holidays used to move direct debits (a sample: enough to exercise the shifts). */
const HOLIDAYS = new Set(
  [
    '2024-01-01',
    '2024-01-26',
    '2024-03-29',
    '2024-04-01',
    '2024-04-25',
    '2024-12-25',
    '2024-12-26',
    '2025-01-01',
    '2025-01-27',
    '2025-04-18',
    '2025-04-21',
    '2025-04-25',
    '2025-12-25',
    '2025-12-26',
    '2026-01-01',
    '2026-01-26',
    '2026-04-03',
    '2026-04-06',
    '2026-04-27',
    '2026-12-25',
    '2026-12-28',
  ].map(dateToDayNumber),
);

function isBusinessDay(day: number): boolean {
  const dow = (((day + 4) % 7) + 7) % 7;
  return dow >= 1 && dow <= 5 && !HOLIDAYS.has(day);
}

/** A direct debit or pay run moves to the next business day. */
function nextBusinessDay(day: number): number {
  let d = day;
  while (!isBusinessDay(d)) d++;
  return d;
}

/**
 * Generates `months` months of history from 2024-01-01 for one person: three accounts, about 1,650 rows a year
 * (so three years are about the 5,000 rows of the detection budget).
 * Every labelled series is what a person would accept as a recurring item; noise includes one-offs from the same
 * payees, a busy supermarket, fuel about weekly, and a monthly transfer to savings (transfer-linked, so ignored).
 */
export function syntheticHistory(seed: number, months = 12): SyntheticHistory {
  const rnd = random(seed);
  const startDay = dayNumber(2024, 1, 1);
  const [ey, em] = [2024 + Math.floor(months / 12), (months % 12) + 1];
  const endDay = dayNumber(ey, em, 1) - 1;
  const rows: SeriesInput[] = [];
  const labels: LabelledSeries[] = [];
  let nextId = 0;
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)];
  const between = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));

  function add(account: string, day: number, cents: number, payee: string, transfer = false): string {
    const id = `t${String(nextId++).padStart(6, '0')}`;
    rows.push({
      id,
      account_id: account,
      date: dayNumberToDate(day),
      amount_cents: cents,
      payee,
      transfer_id: transfer ? `x${id}` : null,
    });
    return id;
  }

  function label(
    name: string,
    account: string,
    payee: string,
    sign: 1 | -1,
    frequency: Frequency,
    dates: number[],
    amount: (k: number) => number,
    opts: { missOne?: boolean } = {},
  ): void {
    const inRange = dates.filter((d) => d >= startDay && d <= endDay);
    // A missed occurrence (a failed card charge, a skipped gym fortnight), never the first or the last.
    const skip = opts.missOne && inRange.length > 4 ? between(2, inRange.length - 3) : -1;
    const ids: string[] = [];
    inRange.forEach((d, k) => {
      if (k !== skip) ids.push(add(account, d, sign * amount(k), payee));
    });
    labels.push({ label: name, account_id: account, payee, sign, frequency, ids });
  }

  function everyDays(first: number, period: number, shift: boolean): number[] {
    const out: number[] = [];
    for (let d = first; d <= endDay; d += period) out.push(shift ? nextBusinessDay(d) : d);
    return out;
  }

  function everyMonths(dom: number, step: number, firstMonth: number, shift: boolean, slip = 0): number[] {
    const out: number[] = [];
    for (let m = firstMonth; m < months + 12; m += step) {
      const y = 2024 + Math.floor(m / 12);
      const mm = (m % 12) + 1;
      let d = dayNumber(y, mm, Math.min(dom, daysInMonth(y, mm))) + (slip ? between(0, slip) : 0);
      if (shift) d = nextBusinessDay(d);
      out.push(d);
    }
    return out;
  }

  // Pay: fortnightly on a Thursday, with a rise part-way; the employer also pays one-off reimbursements.
  const payFirst = startDay + ((4 - ((startDay + 4) % 7) + 7) % 7) + 7 * between(0, 1);
  const pay = between(2600, 3400) * 100 + between(0, 99);
  const riseAt = between(6, 14);
  const raised = Math.round(pay * (1 + between(3, 8) / 100));
  label('pay', CHECKING, 'ACME PTY LTD', 1, 'fortnightly', everyDays(payFirst, 14, true), (k) =>
    k < riseAt ? pay : raised,
  );
  // Centrelink Family Tax Benefit, fortnightly on another weekday.
  const ftb = between(180, 320) * 100 + between(0, 99);
  label(
    'centrelink',
    CHECKING,
    'CENTRELINK',
    1,
    'fortnightly',
    everyDays(startDay + between(0, 13), 14, true),
    () => ftb,
  );
  // Rent on the 1st, moved to the next business day.
  const rent = between(1800, 3200) * 100;
  label('rent', CHECKING, 'RAY WHITE RENTALS', -1, 'monthly', everyMonths(1, 1, 0, true), () => rent);
  // Quarterly power and gas from one retailer: two series, amounts varying by up to 30%.
  const power = between(300, 600) * 100;
  label('power', CHECKING, 'AGL', -1, 'quarterly', everyMonths(between(5, 20), 3, 1, true), () =>
    Math.round(power * (0.7 + 0.6 * rnd())),
  );
  const gas = between(120, 220) * 100;
  label('gas', CHECKING, 'AGL', -1, 'quarterly', everyMonths(between(21, 28), 3, 0, true), () =>
    Math.round(gas * (0.7 + 0.6 * rnd())),
  );
  // Phone and internet from one provider, both monthly on the card.
  const mobile = between(35, 80) * 100;
  const internet = between(85, 110) * 100 - 1;
  label('mobile', CARD, 'TELSTRA', -1, 'monthly', everyMonths(between(2, 9), 1, 0, false, 1), () => mobile);
  label('internet', CARD, 'TELSTRA', -1, 'monthly', everyMonths(between(14, 27), 1, 0, false, 1), () => internet);
  // Weekly $100 to the ATO (a payment plan): the debit Actual's dedupe swallows.
  label('ato', CHECKING, 'ATO', -1, 'weekly', everyDays(startDay + between(0, 6), 7, true), () => 10000);
  // Subscriptions on the card: a price rise for one, a missed charge for another.
  const netflixRise = between(3, 9);
  label('netflix', CARD, 'NETFLIX.COM', -1, 'monthly', everyMonths(between(1, 28), 1, 0, false), (k) =>
    k < netflixRise ? 1699 : 1899,
  );
  label('spotify', CARD, 'SPOTIFY', -1, 'monthly', everyMonths(between(1, 28), 1, 0, false), () => 1399, {
    missOne: true,
  });
  label(
    'gym',
    CHECKING,
    'FITNESS FIRST',
    -1,
    'fortnightly',
    everyDays(startDay + between(0, 13), 14, true),
    () => 3290,
    {
      missOne: true,
    },
  );
  // Yearly: rego (fixed) and car insurance (steps up each year).
  const rego = between(700, 950) * 100 + 50;
  label(
    'rego',
    CHECKING,
    'SERVICE NSW',
    -1,
    'yearly',
    everyMonths(between(1, 28), 12, between(0, 11), true),
    () => rego,
  );
  const insurance = between(900, 1600) * 100 + 25;
  label(
    'insurance',
    CARD,
    'NRMA INSURANCE',
    -1,
    'yearly',
    everyMonths(between(1, 28), 12, between(0, 11), false),
    (k) => Math.round(insurance * 1.07 ** k),
  );

  // Noise. Groceries: 2 to 4 shops a week at two supermarkets.
  for (let d = startDay; d <= endDay; d++) {
    if (rnd() < 0.9) add(CARD, d, -between(800, 26000), pick(['WOOLWORTHS', 'COLES']));
    for (let k = 0; k < 4; k++) {
      if (rnd() < 0.6)
        add(CARD, d, -between(450, 2400), pick(['GUZMAN Y GOMEZ', 'CAFE ROMA', 'BOOST JUICE', 'MCDONALDS']));
    }
    if (rnd() < 0.15) add(CARD, d, -between(3500, 11000), 'AMPOL');
    if (rnd() < 0.4) add(CARD, d, -between(500, 40000), pick(['BUNNINGS', 'KMART', 'JB HI-FI', 'CHEMIST WAREHOUSE']));
    if (rnd() < 0.1) add(CHECKING, d, -between(2000, 30000), pick(['DR SMITH', 'UBER', 'AMAZON AU', 'OFFICEWORKS']));
    // The same payees as one-offs: an extra ATO payment, a Telstra accessory, an AGL top-up, a reimbursement.
    if (rnd() < 0.01) add(CHECKING, d, -10000, 'ATO');
    if (rnd() < 0.008) add(CARD, d, -between(2000, 9000), 'TELSTRA');
    if (rnd() < 0.006) add(CHECKING, d, -between(5000, 20000), 'AGL');
    if (rnd() < 0.01) add(CHECKING, d, between(2000, 30000), 'ACME PTY LTD');
    if (rnd() < 0.004) add(CARD, d, -between(2000, 5000), 'NETFLIX.COM');
  }
  // A monthly transfer to savings, linked as a transfer (so detection ignores both halves).
  for (const d of everyMonths(15, 1, 0, true)) {
    if (d < startDay || d > endDay) continue;
    add(CHECKING, d, -50000, 'TRANSFER TO SAVINGS', true);
    add(SAVINGS, d, 50000, 'TRANSFER FROM CHECKING', true);
  }
  const [ay, am, ad] = civilFromDayNumber(endDay + 1);
  return { rows, labels, as_of: dayNumberToDate(dayNumber(ay, am, ad)) };
}
