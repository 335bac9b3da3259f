// A write started from a list (delete, say) whose outcome is a toast: the success text, or on failure the text
// the caller picks for the error (the error itself is logged for the developer).
import { useCallback } from 'react';
import { useToast } from './ToastProvider';

export function useToastedAction() {
  const showToast = useToast();
  return useCallback(
    async (action: () => Promise<unknown>, success: string, failure: string, message: (err: unknown) => string) => {
      try {
        await action();
        showToast(success, 'success');
      } catch (err) {
        console.error(failure, err);
        showToast(message(err), 'error');
      }
    },
    [showToast],
  );
}
