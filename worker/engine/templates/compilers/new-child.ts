// new_child: everyday costs of a child to 18 and childcare fees net of the Child Care Subsidy between the
// chosen ages, both rising with inflation. Only costs from the event month on are counted.
import { PRIMARY_CASH, type Primitive, type TemplateCompiler } from '../../primitives';
import { addMonthsToDate } from '../../au/dates';
import { clamp, date, dayBefore, flow, num, recurring, triggerDate, type TemplateContext } from '../helpers';

export const compileNewChild: TemplateCompiler = (p, ctx: TemplateContext) => {
  const from = triggerDate(ctx);
  const birth = date(p, 'birth_date', from);
  const inflation = ctx.assumptions.inflation_rate;
  const out: Primitive[] = [];
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
  const weekly = clamp(num(p, 'childcare_days_per_week', 0), 0, 7) * Math.max(0, num(p, 'childcare_daily_fee', 0)) * (1 - clamp(num(p, 'childcare_subsidy_percent', 0), 0, 100) / 100);
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
};
