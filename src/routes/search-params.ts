// URL search handling: plain `?a=1&a=2` query strings (not TanStack's JSON default) so
// /scenarios/compare?selected=x&selected=y works as the spec writes it, plus each route's validator.

export function parseSearchParams(search: string): Record<string, unknown> {
  const params = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);
  const out: Record<string, unknown> = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    out[key] = values.length > 1 ? values : values[0];
  }
  return out;
}

export function stringifySearchParams(search: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === undefined || item === null) continue;
      params.append(key, typeof item === 'object' ? JSON.stringify(item) : String(item));
    }
  }
  const query = params.toString();
  return query ? `?${query}` : '';
}

const nonEmptyString = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

const flag = (value: unknown): boolean | undefined => (value === true || value === 'true' ? true : undefined);

function withoutUndefined<T extends Record<string, unknown>>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

export type CompareSearch = { selected?: string[]; years?: number };

/** The forecast periods the compare screen offers (its `years` parameter must be one of them). */
const COMPARE_YEARS = [1, 2, 5, 10, 15, 20, 25, 30];

/** `selected` may repeat; keeps non-empty ids in order, without duplicates. `years` is an offered period or absent. */
export function validateCompareSearch(search: Record<string, unknown>): CompareSearch {
  const raw = Array.isArray(search.selected) ? search.selected : search.selected === undefined ? [] : [search.selected];
  const ids = [...new Set(raw.map(nonEmptyString).filter((id): id is string => id !== undefined))];
  const years = Number(search.years);
  return withoutUndefined({
    selected: ids.length ? ids : undefined,
    years: COMPARE_YEARS.includes(years) ? years : undefined,
  });
}

export type ScenarioDetailSearch = { editEvent?: string };

export function validateScenarioDetailSearch(search: Record<string, unknown>): ScenarioDetailSearch {
  return withoutUndefined({ editEvent: nonEmptyString(search.editEvent) });
}

export type LoginSearch = { email?: string; confirmed?: boolean; reset?: boolean };

export function validateLoginSearch(search: Record<string, unknown>): LoginSearch {
  return withoutUndefined({
    email: nonEmptyString(search.email),
    confirmed: flag(search.confirmed),
    reset: flag(search.reset),
  });
}

export type ForgotPasswordSearch = { email?: string; required?: boolean };

export function validateForgotPasswordSearch(search: Record<string, unknown>): ForgotPasswordSearch {
  return withoutUndefined({ email: nonEmptyString(search.email), required: flag(search.required) });
}
