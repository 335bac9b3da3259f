// The Household section's form: people as the form holds them, and the checks (with messages naming the person and
// the field) that make the assumptions' people valid before they are saved.
import type { AssumptionsInput, Person, PersonId } from '../../../worker/engine/index';

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
