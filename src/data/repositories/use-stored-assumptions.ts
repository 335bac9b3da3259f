// The assumptions record for a form that edits part of it (the profile's household, the guided start's household):
// read once per database; the form fills its fields from it and saves the whole record back.
import { useEffect, useState } from 'react';
import type { AssumptionsInput } from '../../../worker/engine/index';
import type { WyrdDb } from '../db';
import { getAssumptions } from './assumptions';

/**
 * The stored record: undefined while it loads, then the record (null when there is none yet). `fill` copies it into
 * the form's fields when it arrives. setStored keeps it current after a save.
 */
export function useStoredAssumptions(db: WyrdDb, fill: (stored: AssumptionsInput | null) => void) {
  const [stored, setStored] = useState<AssumptionsInput | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    getAssumptions(db).then(
      (a) => {
        if (!live) return;
        setStored(a);
        fill(a);
      },
      // Closed under the screen (sign-out) once it is gone: nothing to say. Otherwise the form stays unfilled
      // (stored stays undefined, so nothing is saved over what could not be read) and the reason is logged.
      (err: unknown) => {
        if (live) console.error('Failed to read the assumptions', err);
      },
    );
    return () => {
      live = false;
    };
    // Read once per database: a new fill each render must not re-read (and overwrite what the user typed).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [db]);
  return [stored, setStored] as const;
}
