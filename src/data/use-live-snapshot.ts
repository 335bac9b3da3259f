// A screen's live read of the user's Dexie database: one snapshot read in a transaction, re-read whenever the
// tables change, turned into the screen's view model (memoised); a failed read becomes an error state to retry.
import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo } from 'react';

export type LiveData<D> = { status: 'loading' } | { status: 'error' } | { status: 'ready'; data: D };

type LoadState<S> = { status: 'loading' } | { status: 'error' } | { status: 'ready'; snapshot: S };

/**
 * `read` and `build` must be stable (module-level functions); `attempt` re-runs a failed read ('Try again').
 * `failure` is the text logged when the read fails.
 */
export function useLiveSnapshot<Db, S, D>(
  db: Db,
  attempt: number,
  read: (db: Db) => Promise<S>,
  build: (snapshot: S) => D,
  failure: string,
): LiveData<D> {
  const state = useLiveQuery<LoadState<S>, LoadState<S>>(
    async () => {
      try {
        return { status: 'ready', snapshot: await read(db) };
      } catch (err) {
        console.error(failure, err);
        return { status: 'error' };
      }
    },
    [db, attempt, read, failure],
    { status: 'loading' },
  );
  const snapshot = state.status === 'ready' ? state.snapshot : null;
  const data = useMemo(() => (snapshot ? build(snapshot) : null), [snapshot, build]);
  if (state.status !== 'ready' || !data) return state.status === 'error' ? { status: 'error' } : { status: 'loading' };
  return { status: 'ready', data };
}
