// Where the user is in the guided start (the step-by-step set-up): local bookkeeping in the meta table, so a user
// who leaves part-way comes back to the step they were on. The records each step writes go through the ordinary
// repositories (saved and queued for sync as each step is completed, offline too); only the position lives here.
import type { WyrdDb } from './db';

export const GUIDED_START_KEY = 'guided_start';

export const GUIDED_STEPS = ['household', 'accounts', 'money', 'finish'] as const;
export type GuidedStep = (typeof GUIDED_STEPS)[number];

export type GuidedStartProgress = { step: GuidedStep; completed: GuidedStep[] };

const isStep = (value: unknown): value is GuidedStep => GUIDED_STEPS.includes(value as GuidedStep);

/** The saved position, or null when the user has not begun the guided start. */
export async function readGuidedStart(db: WyrdDb): Promise<GuidedStartProgress | null> {
  const value = (await db.meta.get(GUIDED_START_KEY))?.value as Partial<GuidedStartProgress> | undefined;
  if (!value || !isStep(value.step)) return null;
  return { step: value.step, completed: (value.completed ?? []).filter(isStep) };
}

/** Saves the step the user is on, adding `done` to the completed steps. */
export async function saveGuidedStart(db: WyrdDb, step: GuidedStep, done?: GuidedStep): Promise<GuidedStartProgress> {
  return db.transaction('rw', db.meta, async () => {
    const before = await readGuidedStart(db);
    const completed = new Set(before?.completed ?? []);
    if (done) completed.add(done);
    const progress: GuidedStartProgress = { step, completed: GUIDED_STEPS.filter((s) => completed.has(s)) };
    await db.meta.put({ key: GUIDED_START_KEY, value: progress });
    return progress;
  });
}
