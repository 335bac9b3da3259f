// The guided start's position (data/guided-start.ts): none until begun, then the step the user is on and the steps
// completed, kept in the meta table so leaving and coming back resumes there.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { WyrdDb } from '../../src/data/db';
import { GUIDED_START_KEY, readGuidedStart, saveGuidedStart } from '../../src/data/guided-start';
import { freshDb } from './helpers';

let db: WyrdDb;

beforeEach(() => {
  db = freshDb('guided');
});

afterEach(async () => {
  await db.delete();
});

describe('guided start position', () => {
  it('is null until begun, then keeps the step and the completed steps in order', async () => {
    expect(await readGuidedStart(db)).toBeNull();
    await saveGuidedStart(db, 'accounts', 'household');
    await saveGuidedStart(db, 'money', 'accounts');
    await saveGuidedStart(db, 'accounts');
    expect(await readGuidedStart(db)).toEqual({ step: 'accounts', completed: ['household', 'accounts'] });
    // Local bookkeeping only: nothing is queued for the server.
    expect(await db.outbox.count()).toBe(0);
  });

  it('ignores a stored value it does not understand', async () => {
    await db.meta.put({ key: GUIDED_START_KEY, value: { step: 'nowhere', completed: ['household'] } });
    expect(await readGuidedStart(db)).toBeNull();
  });
});
