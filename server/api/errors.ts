// The API's error shapes: 422 with a list of {loc, msg, type} for bad input, {"detail": "..."} for the rest
// (404, 409, 400, 413, 401). Services throw ApiError; the app's onError turns it into the response.
import type { z } from 'zod';
import type { FieldError } from '../../worker/engine/index';

export type ValidationIssue = { loc: Array<string | number>; msg: string; type: string };

export class ApiError extends Error {
  readonly status: 400 | 401 | 404 | 409 | 413 | 422;
  readonly detail: string | ValidationIssue[];
  constructor(status: ApiError['status'], detail: string | ValidationIssue[]) {
    super(typeof detail === 'string' ? detail : detail.map((d) => `${d.loc.join('.')}: ${d.msg}`).join('; '));
    this.name = 'ApiError';
    this.status = status;
    this.detail = detail;
  }
}

export const notFound = (what: string) => new ApiError(404, `${what} not found`);
export const conflict = (message: string) => new ApiError(409, message);

export function invalid(loc: Array<string | number>, msg: string, type = 'value_error'): ApiError {
  return new ApiError(422, [{ loc, msg, type }]);
}

function valueAt(root: unknown, path: ReadonlyArray<PropertyKey>): unknown {
  let v = root;
  for (const key of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<PropertyKey, unknown>)[key];
  }
  return v;
}

/** zod issues as 422 entries under `root` ('body', 'query'); a missing field reads 'is required'. */
export function zodIssues(
  error: z.ZodError,
  input: unknown,
  root: Array<string | number> = ['body'],
): ValidationIssue[] {
  return error.issues.map((issue) => {
    const path = issue.path.map((p) => (typeof p === 'number' ? p : String(p)));
    const missing = issue.code === 'invalid_type' && valueAt(input, issue.path) === undefined;
    return {
      loc: [...root, ...path],
      msg: missing ? 'is required' : issue.message,
      type: missing ? 'missing' : issue.code,
    };
  });
}

/** Parses with the schema or throws a 422 naming every bad field. */
export function parseInput<T extends z.ZodType>(
  schema: T,
  value: unknown,
  root: Array<string | number> = ['body'],
): z.infer<T> {
  const result = schema.safeParse(value);
  if (!result.success) throw new ApiError(422, zodIssues(result.error, value, root));
  return result.data;
}

/** The engine's JSON-path field errors ('$.template_parameters.amount') as 422 entries under `root`. */
export function engineIssues(errors: ReadonlyArray<FieldError>, root: Array<string | number>): ValidationIssue[] {
  return errors.map((e) => {
    const parts = e.path
      .replace(/^\$[^.[]*/, '')
      .split(/\.|\[|\]/)
      .filter(Boolean)
      .map((p) => (/^\d+$/.test(p) ? Number(p) : p.replace(/^"|"$/g, '')));
    return { loc: [...root, ...parts], msg: e.message, type: 'value_error' };
  });
}
