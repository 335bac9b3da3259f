// A labelled form field and an on-screen form message (errors use role="alert"), shared by every form.
import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { Input } from './controls';

type FieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  hint?: string;
  /** Called with the new text on every change (the other controls' onValue), in place of onChange. */
  onValue?: (value: string) => void;
};

export function FormField({ label, hint, id, onValue, ...input }: FieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const hintId = hint ? `${inputId}-hint` : undefined;
  return (
    <div className="field">
      <label htmlFor={inputId}>{label}</label>
      <Input
        id={inputId}
        aria-describedby={hintId}
        onChange={onValue ? (event) => onValue(event.target.value) : undefined}
        {...input}
      />
      {hint && (
        <small id={hintId} className="field-hint">
          {hint}
        </small>
      )}
    </div>
  );
}

export function FormMessage({ type, children }: { type: 'error' | 'success' | 'info'; children: ReactNode }) {
  if (!children) return null;
  return (
    <p className={`form-message form-message-${type}`} role={type === 'error' ? 'alert' : 'status'}>
      {children}
    </p>
  );
}
