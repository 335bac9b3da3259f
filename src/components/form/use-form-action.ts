// The state of a form whose submit calls a service answering { success, error? } (the auth client): its error
// and notice lines, whether the call is running, and one run() that checks, calls and reports.
import { useState } from 'react';

export type ActionResult = { success: boolean; error?: string };

export function useFormAction(initialNotice = '') {
  const [error, setError] = useState('');
  const [notice, setNotice] = useState(initialNotice);
  const [busy, setBusy] = useState(false);

  /**
   * Clears both lines; a non-empty `problem` (the form's own check) is shown instead of calling. Otherwise runs
   * `action` while busy and shows its error (or `fallback`). Resolves with the result when the call succeeded,
   * else null.
   * `stayBusy`: the form is leaving on success, so it stays busy (its button keeps the busy label) meanwhile.
   */
  const run = async <R extends ActionResult>(
    problem: string,
    action: () => Promise<R>,
    fallback: string,
    stayBusy = false,
  ): Promise<R | null> => {
    setError('');
    setNotice('');
    if (problem) {
      setError(problem);
      return null;
    }
    setBusy(true);
    const result = await action();
    if (!result.success || !stayBusy) setBusy(false);
    if (!result.success) setError(result.error ?? fallback);
    return result.success ? result : null;
  };

  return { error, setError, notice, setNotice, busy, run };
}
