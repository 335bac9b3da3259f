// The choice of runner behind a forecast screen: a replacement when tests set one, else the app's forecast worker,
// or the same engine code on the calling thread where there are no workers (tests, and a fallback).
export type ReplaceableRunner<R> = {
  get: () => R;
  /** Replaces the runner (tests); null restores the default. */
  set: (runner: R | null) => void;
  /** Whether a replacement is in place. */
  replaced: () => boolean;
};

export function replaceableRunner<R>(inWorker: R, inProcess: R): ReplaceableRunner<R> {
  let current: R | null = null;
  return {
    get: () => current ?? (typeof Worker === 'undefined' ? inProcess : inWorker),
    set: (runner) => {
      current = runner;
    },
    replaced: () => current !== null,
  };
}
