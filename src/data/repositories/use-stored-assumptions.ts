// The assumptions record for a form that edits part of it (the profile's household, the guided start's household):
// read once per database; the form fills its fields from it and saves the whole record back.
import { useEffect, useState } from 'react';
import type { AssumptionsInput } from '../../../worker/engine/index';
import type { WyrdDb } from '../db';
import { getAssumptions } from './assumptions';

/**
 * The stored record: undefined while it loads, then the record (null when there is none yet). `fill` copies it into
 * the form's fields when it arrives. setStored keeps it current after a save. `load.failed` says the read failed
 * (the form shows why and stays unfilled, so nothing is saved over what could not be read); `load.retry` reads
 * again.
 */
export function useStoredAssumptions(db: WyrdDb, fill: (stored: AssumptionsInput | null) => void) {
  const [stored, setStored] = useState<AssumptionsInput | null | undefined>(undefined);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    getAssumptions(db).then(
      (a) => {
        if (!live) return;
        setStored(a);
        fill(a);
      },
      // Closed under the screen (sign-out) once it is gone: nothing to say. Otherwise the reason is logged and
      // the form says it could not read the household.
      (err: unknown) => {
        if (!live) return;
        console.error('Failed to read the assumptions', err);
        setFailed(true);
      },
    );
    return () => {
      live = false;
    };
    // Read once per database (and per retry): a new fill each render must not re-read (and overwrite what the
    // user typed).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [db, attempt]);
  const retry = () => {
    setFailed(false);
    setAttempt((n) => n + 1);
  };
  return [stored, setStored, { failed, retry }] as const;
}
