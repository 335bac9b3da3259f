// A change the user asked for, reported in a toast: the success text when it worked (none where the screen shows
// the result itself); when it failed, the error logged for developers and a plain message for the user.
import { useCallback } from 'react';
import { useToast } from '../../components/toast/ToastProvider';

export type ToastTexts<T> = {
  /** The console line when it fails. */
  log: string;
  /** The toast when it fails. */
  failed: string;
  /** The toast when it worked, from its result. */
  done?: (result: T) => string;
};

/** Resolves true when the work succeeded. */
export type ToastAction = <T>(work: () => Promise<T>, texts: ToastTexts<T>) => Promise<boolean>;

export function useToastAction(): ToastAction {
  const showToast = useToast();
  return useCallback(
    async <T>(work: () => Promise<T>, { log, failed, done }: ToastTexts<T>) => {
      try {
        const result = await work();
        if (done) showToast(done(result), 'success');
        return true;
      } catch (err) {
        console.error(log, err);
        showToast(failed, 'error');
        return false;
      }
    },
    [showToast],
  );
}
