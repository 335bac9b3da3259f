// Turns a save failure into the text the event and template forms show (docs/product.md section 8): the
// server-style detail (array of validation errors, a string, anything else as JSON), else the fallback.
import { DataValidationError, RecordNotFoundError } from '../../../data/repositories/errors';

export const EVENT_SAVE_FALLBACK = 'Failed to save event. Please check your inputs and try again.';
export const TEMPLATE_CREATE_FALLBACK = 'Failed to create scenario. Please check your inputs and try again.';

type ValidationItem = { loc?: unknown; msg?: unknown; message?: unknown };

function isValidationItem(v: unknown): v is ValidationItem {
  return typeof v === 'object' && v !== null && ('msg' in v || 'message' in v);
}

function itemText(item: unknown): string {
  if (!isValidationItem(item)) return typeof item === 'string' ? item : JSON.stringify(item);
  const message = String(item.msg ?? item.message ?? '');
  const loc = Array.isArray(item.loc) ? item.loc.map(String) : [];
  if (loc.length === 0) return message;
  // 'location → path: message': the first loc entry is where (body, query), the rest the field's path.
  const [location, ...path] = loc;
  return path.length ? `${location} → ${path.join('.')}: ${message}` : `${location}: ${message}`;
}

/**
 * The server-style `detail` as one line: an array of validation errors joined with '; ', a string as is,
 * anything else as JSON; empty or missing detail gives the fallback.
 */
export function formatErrorDetail(detail: unknown, fallback: string): string {
  if (detail === undefined || detail === null || detail === '') return fallback;
  if (Array.isArray(detail)) return detail.length ? detail.map(itemText).join('; ') : fallback;
  if (typeof detail === 'string') return detail;
  return JSON.stringify(detail);
}

/** The server-style detail of a thrown error: the local repositories' field errors become validation items. */
export function errorDetail(err: unknown): unknown {
  if (err instanceof DataValidationError)
    return err.errors.map((e) => ({ loc: ['body', ...e.field.split('.')], msg: e.message }));
  if (err instanceof RecordNotFoundError) return err.message;
  if (typeof err === 'object' && err !== null && 'detail' in err) return (err as { detail: unknown }).detail;
  return undefined;
}

/** What a form shows for a failed save. */
export function saveErrorMessage(err: unknown, fallback: string): string {
  return formatErrorDetail(errorDetail(err), fallback);
}
