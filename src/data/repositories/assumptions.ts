// The user's assumptions record (docs/forecast-model.md section 5), kept in the meta table and synced through the
// outbox like an entity ('assumptions' / 'assumptions').
import {
  AssumptionsInputSchema,
  resolveAssumptions,
  type Assumptions,
  type AssumptionsInput,
} from '../../../worker/engine/index';
import type { WyrdDb } from '../db';
import { appendOutbox } from '../outbox';
import { DataValidationError } from './errors';
import { timestamp, zodFieldErrors, type WriteOptions } from './write';

/** meta key of the user's assumptions record (AssumptionsInput). */
export const ASSUMPTIONS_KEY = 'assumptions';

/** The stored overrides, or null when the user has none or the record is unreadable (the engine's defaults apply). */
export async function getAssumptions(db: WyrdDb): Promise<AssumptionsInput | null> {
  const stored = (await db.meta.get(ASSUMPTIONS_KEY))?.value;
  if (stored === undefined || stored === null) return null;
  const parsed = AssumptionsInputSchema.safeParse(stored);
  return parsed.success ? parsed.data : null;
}

/** The stored overrides merged over the engine's defaults. */
export async function getResolvedAssumptions(db: WyrdDb): Promise<Assumptions> {
  return resolveAssumptions(await getAssumptions(db));
}

export async function saveAssumptions(
  db: WyrdDb,
  input: AssumptionsInput,
  opts?: WriteOptions,
): Promise<AssumptionsInput> {
  const at = timestamp(opts);
  const parsed = AssumptionsInputSchema.safeParse({ ...input, updated_at: at });
  if (!parsed.success) throw new DataValidationError('assumptions', zodFieldErrors(parsed.error));
  await db.transaction('rw', [db.meta, db.outbox], async () => {
    await db.meta.put({ key: ASSUMPTIONS_KEY, value: parsed.data });
    await appendOutbox(db, 'assumptions', ASSUMPTIONS_KEY, 'update', parsed.data, at);
  });
  return parsed.data;
}
