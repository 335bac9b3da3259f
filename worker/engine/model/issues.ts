// Turns zod issues into [{path: '$.accounts[3].current_balance', message}] so every error names its field.
import type { z } from 'zod';

export type FieldError = { path: string; message: string };

export function jsonPath(path: ReadonlyArray<PropertyKey>, root = '$'): string {
  let out = root;
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else if (typeof part === 'string' && /^[A-Za-z_][A-Za-z0-9_]*$/.test(part)) out += `.${part}`;
    else out += `[${JSON.stringify(String(part))}]`;
  }
  return out;
}

/** zod's "expected string, received undefined" reads better as "is required (a string)". */
function friendlier(message: string): string {
  const missing = /^Invalid input: expected (\w+), received undefined$/.exec(message);
  return missing ? `is required (${missing[1]})` : message;
}

export function fieldErrors(error: z.ZodError, root = '$'): FieldError[] {
  return error.issues.map((issue) => ({ path: jsonPath(issue.path, root), message: friendlier(issue.message) }));
}

export function formatFieldErrors(errors: ReadonlyArray<FieldError>): string {
  return errors.map((e) => `${e.path}: ${e.message}`).join('; ');
}

/** Thrown by engine entry points on input that fails the schemas; never on valid input. */
export class EngineInputError extends Error {
  readonly errors: FieldError[];
  constructor(errors: FieldError[]) {
    super(errors.length > 0 ? formatFieldErrors(errors.slice(0, 5)) : 'invalid input');
    this.name = 'EngineInputError';
    this.errors = errors;
  }
}

/** Parse or throw an EngineInputError naming the first problems' paths. */
export function parseOrThrow<T extends z.ZodType>(schema: T, value: unknown, root = '$'): z.infer<T> {
  const result = schema.safeParse(value);
  if (!result.success) throw new EngineInputError(fieldErrors(result.error, root));
  return result.data;
}
