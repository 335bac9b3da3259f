// The Household section's form: people and the retirement settings as the form holds them, and the checks (with
// messages naming the person or row and the field) that make the assumptions valid before they are saved.
import type { AssumptionsInput, Person, PersonId, RetirementAssumptions } from '../../../worker/engine/index';

export type PersonForm = { id: PersonId; name: string; birth_date: string; ytd_income: string; ytd_date: string };
export type HouseholdErrors = Partial<Record<string, string>>;

export const WHO: Record<PersonId, string> = { self: 'You', partner: 'Your partner' };

export function toForm(p: Person): PersonForm {
  return {
    id: p.id,
    name: p.name,
    birth_date: p.birth_date ?? '',
    ytd_income: p.ytd_taxable_income === null || p.ytd_taxable_income === undefined ? '' : String(p.ytd_taxable_income),
    ytd_date: p.ytd_date ?? '',
  };
}

/** Checks the form the way the engine's schema does, with messages that name the person and the field. */
export function validateHousehold(
  people: ReadonlyArray<PersonForm>,
  children: string,
  today: string,
): { errors: HouseholdErrors; value: Pick<AssumptionsInput, 'people' | 'dependent_children'> | null } {
  const errors: HouseholdErrors = {};
  const out: Person[] = [];
  for (const p of people) {
    const who = WHO[p.id];
    const name = p.name.trim();
    if (!name) errors[`${p.id}.name`] = `${who}: enter a name`;
    else if (name.length > 60) errors[`${p.id}.name`] = `${who}: the name must be at most 60 characters`;
    if (p.birth_date && (!/^\d{4}-\d{2}-\d{2}$/.test(p.birth_date) || p.birth_date < '1900-01-01'))
      errors[`${p.id}.birth_date`] = `${who}: enter a birth date on or after 1900`;
    else if (p.birth_date > today) errors[`${p.id}.birth_date`] = `${who}: the birth date cannot be in the future`;
    const income = p.ytd_income.trim() === '' ? null : Number(p.ytd_income);
    if (income !== null && (!Number.isFinite(income) || Math.abs(income) > 1e9))
      errors[`${p.id}.ytd_income`] = `${who}: enter the income so far as a number of dollars`;
    if (p.ytd_date && p.ytd_date > today)
      errors[`${p.id}.ytd_date`] = `${who}: the income-so-far date cannot be in the future`;
    if (p.ytd_date && income === null)
      errors[`${p.id}.ytd_income`] = `${who}: enter the income so far, or clear its date`;
    out.push({
      id: p.id,
      name,
      birth_date: p.birth_date || null,
      ...(income !== null ? { ytd_taxable_income: income, ytd_date: p.ytd_date || null } : {}),
    });
  }
  const kids = children.trim() === '' ? 0 : Number(children);
  if (!Number.isInteger(kids) || kids < 0 || kids > 20)
    errors.children = 'Dependent children must be a whole number from 0 to 20';
  if (Object.keys(errors).length > 0) return { errors, value: null };
  return { errors, value: { people: out, dependent_children: kids } };
}

/** One row of unused concessional cap from a financial year before the forecast, as the form holds it. */
export type CapRowForm = { key: string; person: PersonId; year: string; amount: string };
/** The retirement settings as the form holds them: homeowner 'auto' leaves it to the plan's property accounts. */
export type RetirementForm = { homeowner: 'auto' | 'yes' | 'no'; age_pension: boolean; caps: CapRowForm[] };

export function toRetirementForm(r: RetirementAssumptions | undefined): RetirementForm {
  return {
    homeowner: r?.homeowner === true ? 'yes' : r?.homeowner === false ? 'no' : 'auto',
    age_pension: r?.age_pension !== false,
    caps: (r?.unused_concessional_cap ?? []).map((c, i) => ({
      key: `cap-${i}`,
      person: c.person,
      year: String(c.financial_year),
      amount: String(c.amount),
    })),
  };
}

/** '2023-24' for 2023: the financial year a cap row's starting calendar year names. */
export function financialYearName(year: number): string {
  return `${year}-${String((year + 1) % 100).padStart(2, '0')}`;
}

/**
 * Checks the retirement settings the way the engine's schema does (RetirementAssumptionsSchema), with messages
 * naming the row: each cap row's person must be in the household, its year a financial year that ended before
 * today's (carry-forward reaches back five years; older rows are allowed but unused), no person and year twice.
 * The value is undefined when every setting is the default (nothing to save).
 */
export function validateRetirement(
  form: RetirementForm,
  people: ReadonlyArray<PersonId>,
  today: string,
): { errors: HouseholdErrors; value: RetirementAssumptions | undefined | null } {
  const errors: HouseholdErrors = {};
  const currentStart = Number(today.slice(0, 4)) - (today.slice(5, 7) < '07' ? 1 : 0);
  const caps: NonNullable<RetirementAssumptions['unused_concessional_cap']> = [];
  const seen = new Set<string>();
  if (form.caps.length > 20) errors.caps = 'At most 20 rows of unused cap';
  form.caps.forEach((row, i) => {
    const where = `Unused cap row ${i + 1}`;
    const year = Number(row.year);
    const amount = Number(row.amount.replace(/[$,\s]/g, ''));
    if (!people.includes(row.person)) errors[`cap.${row.key}.person`] = `${where}: add a partner, or choose You`;
    if (row.year.trim() === '' || !Number.isInteger(year) || year < 2018 || year >= currentStart)
      errors[`cap.${row.key}.year`] =
        `${where}: enter the year a past financial year starts, from 2018 to ${currentStart - 1} (2023 for 2023-24)`;
    else if (seen.has(`${row.person}:${year}`))
      errors[`cap.${row.key}.year`] = `${where}: ${financialYearName(year)} is entered twice for this person`;
    seen.add(`${row.person}:${year}`);
    if (row.amount.trim() === '' || !Number.isFinite(amount) || amount < 0 || amount > 1_000_000)
      errors[`cap.${row.key}.amount`] = `${where}: enter an amount from $0 to $1,000,000`;
    caps.push({ person: row.person, financial_year: year, amount });
  });
  if (Object.keys(errors).length > 0) return { errors, value: null };
  const value: RetirementAssumptions = {
    ...(form.homeowner !== 'auto' ? { homeowner: form.homeowner === 'yes' } : {}),
    ...(form.age_pension ? {} : { age_pension: false }),
    ...(caps.length > 0 ? { unused_concessional_cap: caps } : {}),
  };
  return { errors, value: Object.keys(value).length > 0 ? value : undefined };
}
