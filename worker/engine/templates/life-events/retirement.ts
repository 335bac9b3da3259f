// retirement: the salary stops, a yearly income is drawn from super (a transfer: tax-free from 60 and not
// income in the forecast's sense) stepping up each year, and spending changes. By default an account-based
// pension starts (tax-free earnings, at least the minimum drawdown for the person's age; the simulator applies
// it from a `retirement` primitive, docs/forecast-model.md section 9).
import type { CompileContext, IsoDate, Primitive } from '../../primitives';
import { AU_DEFAULTS } from '../../au/defaults';
import { addMonths, isIsoDate } from '../../au/dates';
import { birthdayAt } from '../../au/super';
import { annual, shortMoney } from '../../prompt/reading';
import { defineTemplate } from '../define';
import {
  accountRef,
  bool,
  dayBefore,
  findItem,
  flow,
  key,
  num,
  recurring,
  stopItem,
  str,
  superAccount,
  transfer,
  triggerDate,
} from '../helpers';
import { account, boolean, decimal, integer, item, money, pct, select } from '../parameter-builders';

/** The person's birth date from the assumptions' people (null while unknown). */
function birthDateOf(assumptions: CompileContext['assumptions'], person: string): IsoDate | null {
  const birth = (assumptions.people ?? []).find((p) => p.id === person)?.birth_date;
  return birth && isIsoDate(birth) ? birth : null;
}

/** Drawdown years emitted (one transfer each, since transfers are not indexed). */
const DRAWDOWN_YEARS = 40;

export const retirement = defineTemplate({
  template_id: 'retirement',
  name: 'Retire',
  description:
    'Stop work and draw an income from super (tax-free from 60) through an account-based pension, with a change in spending.',
  icon: '🏖️',
  supports_baseline: false,
  baseline_name: null,
  baseline_description: null,
  group: { name: 'Income & Career', position: 3 },
  parameters: [
    select(
      'person',
      'Who retires?',
      [
        ['self', 'You'],
        ['partner', 'Your partner'],
      ],
      'self',
      {
        help_text:
          "Super, the pension's minimum and the Age Pension follow this person's birth date in the assumptions. Without a birth date, access to super is not checked, the minimum uses the under-65 rate and no Age Pension is forecast.",
      },
    ),
    integer('retirement_age', 'Retire at age', null, {
      min_value: 40,
      max_value: 90,
      help_text: "Optional: retire on this birthday (needs the birth date) instead of the event's month.",
    }),
    item('salary_item', 'Pay that stops', 'income'),
    account('super_account_id', 'Super account to draw from', { help_text: 'Defaults to your first super account.' }),
    boolean('start_pension', 'Start an account-based pension', true, {
      help_text:
        'Moves super (up to the $2 million transfer balance cap) into retirement phase from 60: earnings are tax-free and at least the minimum for your age (4% under 65, rising to 14% from 95) is paid each year.',
    }),
    decimal('annual_drawdown', 'Yearly income drawn from super', 55_000, {
      ...money,
      required: true,
      help_text:
        'With a pension, more is paid when the legal minimum is higher. Super cannot be drawn before 60 and retired, or 65.',
    }),
    decimal('drawdown_growth_rate', 'Yearly increase in drawdown (%)', AU_DEFAULTS.inflation, pct(-10, 20)),
    decimal('spending_change_monthly', 'Change in monthly spending', 0, {
      min_value: -1_000_000,
      max_value: 1_000_000,
      help_text: 'Negative to spend less, positive to spend more.',
    }),
    decimal('rent_fortnightly', 'Rent a fortnight in retirement (renters)', null, {
      ...money,
      help_text:
        "Your household's rent in today's dollars, if you rent: adds Rent Assistance to the Age Pension when you do not own your home (Rent Assistance rates UNCONFIRMED). Leave empty if you own your home.",
    }),
    account('deposit_account_id', 'Paid into', { help_text: 'Defaults to your main cash account.' }),
  ],

  compile(p, ctx) {
    const person = str(p, 'person', 'self') === 'partner' ? 'partner' : 'self';
    const birth = birthDateOf(ctx.assumptions, person);
    const age = num(p, 'retirement_age', 0);
    // Retiring on a birthday when the age and birth date are known; else on the event's month.
    const start = birth !== null && age > 0 ? birthdayAt(birth, Math.round(age)) : triggerDate(ctx);
    // Drawdowns begin on the first of the month, the month after a retirement part-way through a month.
    const drawMonth = start.endsWith('-01') ? start.slice(0, 7) : addMonths(start.slice(0, 7), 1);
    const out: Primitive[] = [];
    const salary = findItem(ctx, p.salary_item);
    if (salary) out.push(stopItem(ctx, 'stop_salary', salary.id, start));
    const superRef = superAccount(ctx, p);
    const cash = accountRef(ctx, p.deposit_account_id);
    const yearly = Math.max(0, num(p, 'annual_drawdown', 0));
    const growth = num(p, 'drawdown_growth_rate', ctx.assumptions.inflation_rate);
    if (superRef && yearly > 0) {
      for (let year = 0; year < DRAWDOWN_YEARS; year++) {
        const from = `${addMonths(drawMonth, year * 12)}-01`;
        const to = dayBefore(`${addMonths(drawMonth, (year + 1) * 12)}-01`);
        out.push(
          ...transfer(ctx, `drawdown_${year + 1}`, {
            name: 'Super pension drawdown',
            from: superRef,
            to: cash,
            amount: (yearly * Math.pow(1 + growth / 100, year)) / 12,
            schedule: recurring('monthly', from, to),
          }),
        );
      }
    }
    if (superRef)
      out.push({
        kind: 'retirement',
        key: key(ctx, 'retirement'),
        person,
        date: start,
        super_account: superRef,
        ...(bool(p, 'start_pension', true) ? { pension: { pay_to: cash } } : {}),
        ...(num(p, 'rent_fortnightly', 0) > 0 ? { rent_fortnightly: num(p, 'rent_fortnightly', 0) } : {}),
      });
    out.push(
      ...flow(ctx, 'spending_change', {
        name: 'Change in spending in retirement',
        account: cash,
        amount: -num(p, 'spending_change_monthly', 0),
        schedule: recurring('monthly', start),
        indexation_rate: ctx.assumptions.inflation_rate,
        category: 'Living expenses',
      }),
    );
    return out;
  },

  smart_create: {
    cues: [{ weight: 10, re: /\bretir(?:e|es|ing|ement)\b|\bstop\s+working\b/ }],
    // Super in retirement is drawn down, not a contribution plan; the salary stops rather than changes.
    supersedes: [{ template: 'superannuation' }, { template: 'job_income_change' }],
    read(ctx) {
      const out: Record<string, unknown> = {};
      const drawdown = ctx.amounts.find((a) => a.freq);
      if (drawdown) out.annual_drawdown = annual(drawdown);
      const at = /\bretir\w*\s+at\s+(?:(?:the\s+)?age\s+(?:of\s+)?)?(\d{2})\b(?!\s*%)/.exec(ctx.text);
      if (at) out.retirement_age = Number(at[1]);
      if (/\b(?:my|our)\s+partner\b[^.;!?]{0,30}\bretir|\b(?:wife|husband|partner)\s+retires?\b/.test(ctx.text))
        out.person = 'partner';
      return out;
    },
    title: (p) =>
      p.annual_drawdown !== undefined
        ? `Retire on ${shortMoney(Number(p.annual_drawdown))} a year`
        : p.retirement_age !== undefined
          ? `Retire at ${Number(p.retirement_age)}`
          : 'Retire',
  },
});
