// The save state of an add/edit modal form: the error and its detail line, 'saving' while onSave runs, and the
// failure it rejects with ({ message, detail? }) shown in the form. The modal closes itself on success.
import { useState } from 'react';

export function useModalSave<V>(onSave: (values: V) => Promise<void>, fallback: string) {
  const [error, setError] = useState('');
  const [detail, setDetail] = useState('');
  const [saving, setSaving] = useState(false);

  /** The form's own check failed: show its message. */
  const fail = (message: string) => {
    setError(message);
    setDetail('');
  };

  const save = async (values: V) => {
    setError('');
    setDetail('');
    setSaving(true);
    try {
      await onSave(values);
    } catch (err) {
      const failure = err as { message?: string; detail?: string };
      setError(failure.message ?? fallback);
      setDetail(failure.detail ?? '');
      setSaving(false);
    }
  };

  return { error, detail, saving, fail, save };
}
