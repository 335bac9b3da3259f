// new_child: everyday costs of a child to 18 and childcare fees net of the Child Care Subsidy between the
// chosen ages, both rising with inflation (only costs from the event month on are counted), and a dependent child
// for the Medicare levy's family threshold.
import { PRIMARY_CASH, type Primitive } from '../../primitives';
import { addMonthsToDate } from '../../au/dates';
import { before, perMonth, percentRole } from '../../prompt/reading';
import { defineTemplate } from '../define';
import { clamp, date, dayBefore, flow, key, num, recurring, triggerDate } from '../helpers';
import { dateParam, decimal, integer, money, pct } from '../parameter-builders';

export const newChild = defineTemplate({
  template_id: 'new_child',
  name: 'Have a Child',
  description: 'The everyday costs of a child to 18 and childcare fees after the Child Care Subsidy until school.',
  icon: '👶',
  supports_baseline: true,
  baseline_name: 'My Child',
  baseline_description: 'A child you already have.',
  group: { name: 'Purchases & Expenses', position: 2 },
  parameters: [
    dateParam('birth_date', 'Birth date', {
      help_text: 'Leave empty to use the first day of the event month.',
      baseline_label: 'Date of birth',
    }),
    decimal('monthly_child_costs', 'Everyday costs (per month)', 900, {
      ...money,
      help_text: 'Food, clothes, activities; to age 18, rising with inflation.',
    }),
    integer('childcare_start_age_months', 'Childcare from age (months)', 12, pct(0, 72)),
    integer('childcare_end_age_months', 'Childcare until age (months)', 60, pct(0, 156)),
    integer('childcare_days_per_week', 'Childcare days a week', 3, pct(0, 5)),
    decimal('childcare_daily_fee', 'Daily fee', 150, money),
    integer('childcare_subsidy_percent', 'Child Care Subsidy (%)', 50, {
      ...pct(0, 100),
      help_text: 'Depends on family income: up to 90%.',
    }),
  ],

  compile(p, ctx) {
    const from = triggerDate(ctx);
    const birth = date(p, 'birth_date', from);
    const inflation = ctx.assumptions.inflation_rate;
    // A dependent child for the Medicare levy's family threshold from the birth until their 21st birthday (a
    // birth on or before the forecast's start is taken to be in the household's dependent children already).
    const out: Primitive[] = [
      { kind: 'dependent_child', key: key(ctx, 'dependent'), from: birth, until: addMonthsToDate(birth, 21 * 12) },
    ];
    const costsStart = birth > from ? birth : from;
    const adult = dayBefore(addMonthsToDate(birth, 18 * 12));
    if (adult >= costsStart) {
      out.push(
        ...flow(ctx, 'child_costs', {
          name: 'Child costs',
          account: PRIMARY_CASH,
          amount: -Math.max(0, num(p, 'monthly_child_costs', 0)),
          schedule: recurring('monthly', costsStart, adult),
          indexation_rate: inflation,
          category: 'Children',
        }),
      );
    }
    const careFrom = addMonthsToDate(birth, clamp(num(p, 'childcare_start_age_months', 12), 0, 216));
    const careTo = dayBefore(addMonthsToDate(birth, clamp(num(p, 'childcare_end_age_months', 60), 0, 216)));
    const careStart = careFrom > from ? careFrom : from;
    const weekly =
      clamp(num(p, 'childcare_days_per_week', 0), 0, 7) *
      Math.max(0, num(p, 'childcare_daily_fee', 0)) *
      (1 - clamp(num(p, 'childcare_subsidy_percent', 0), 0, 100) / 100);
    if (careTo >= careStart) {
      out.push(
        ...flow(ctx, 'childcare', {
          name: 'Childcare (after subsidy)',
          account: PRIMARY_CASH,
          amount: -weekly,
          schedule: recurring('weekly', careStart, careTo),
          indexation_rate: inflation,
          category: 'Childcare',
        }),
      );
    }
    return out;
  },

  validate: (v) =>
    num(v, 'childcare_end_age_months') < num(v, 'childcare_start_age_months')
      ? [{ field: 'childcare_end_age_months', message: 'Childcare must end after it starts' }]
      : [],

  smart_create: {
    cues: [
      {
        weight: 7,
        re: /\bbab(?:y|ies)\b|\bnewborn\b|\bpregnan|\bexpecting\s+(?:a|our|another|twins|a\s+baby|a\s+child)\b|\btwins\b|\bchildcare\b|\bday\s?care\b|\b(?:have|having|another|second|third|first|new)\s+(?:a\s+)?(?:child|kid)\b|\b(?:child|kid|son|daughter)\s+(?:due|born|arrives?)/,
      },
    ],
    read(ctx) {
      const out: Record<string, unknown> = {};
      if (ctx.event_date) out.birth_date = ctx.event_date;
      const days = ctx.ex.days_per_week.find((t) =>
        /\b(?:childcare|day\s?care|care)\b/.test(ctx.text.slice(Math.max(0, t.start - 30), t.end + 30)),
      );
      if (days) out.childcare_days_per_week = days.value;
      const fee = ctx.amounts.find((a) => a.freq === 'daily');
      if (fee) out.childcare_daily_fee = fee.value;
      const costs = ctx.amounts.find(
        (a) => a.freq && a.freq !== 'daily' && !/\bchildcare|day\s?care\b/.test(before(ctx, a, 3)),
      );
      if (costs) out.monthly_child_costs = perMonth(costs);
      const subsidy = ctx.percents.find((p) => percentRole(ctx, p) === 'subsidy');
      if (subsidy) out.childcare_subsidy_percent = Math.round(subsidy.value);
      return out;
    },
    title: () => 'Have a baby',
  },
});
