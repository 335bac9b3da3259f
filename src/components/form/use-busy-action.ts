// One async action at a time with a busy flag (its button shows its busy label and is disabled meanwhile); a failure
// is logged for the developer and reported on screen by the caller's own message.
import { useState } from 'react';

export function useBusyAction() {
  const [busy, setBusy] = useState(false);

  /** Runs `action` while busy; if it throws, logs `failure` with the error and calls onFailure. */
  const run = async (action: () => Promise<void>, failure: string, onFailure: () => void): Promise<void> => {
    setBusy(true);
    try {
      await action();
    } catch (err) {
      console.error(failure, err);
      onFailure();
    } finally {
      setBusy(false);
    }
  };

  return { busy, run };
}
