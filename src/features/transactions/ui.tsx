// The form controls the transaction screens use, in one place: thin wrappers over the native elements with the
// app's classes over the shared controls (src/components/form), so every screen of this feature gets the app's one
// look, labels and keyboard behaviour.
import { useId, type ComponentProps, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';
import { Button as SharedButton, Input, Select } from '../../components/form/controls';

type Variant = 'primary' | 'ghost' | 'danger' | 'link';

export function Button({
  variant = 'ghost',
  className,
  type = 'button',
  ...rest
}: ComponentProps<'button'> & { variant?: Variant }) {
  const cls =
    variant === 'danger'
      ? 'button button-ghost button-danger'
      : variant === 'link'
        ? 'button button-link'
        : `button button-${variant}`;
  return <SharedButton type={type} className={className ? `${cls} ${className}` : cls} {...rest} />;
}

/** A labelled select; `label` may be visually hidden (`hideLabel`) where the column heading says it. */
export function SelectField({
  label,
  hideLabel = false,
  children,
  id,
  className,
  ...rest
}: SelectHTMLAttributes<HTMLSelectElement> & { label: string; hideLabel?: boolean; children: ReactNode }) {
  const auto = useId();
  const selectId = id ?? auto;
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={selectId} className={hideLabel ? 'visually-hidden' : undefined}>
        {label}
      </label>
      <Select id={selectId} {...rest}>
        {children}
      </Select>
    </div>
  );
}

export function TextField({
  label,
  hideLabel = false,
  hint,
  id,
  className,
  ...rest
}: InputHTMLAttributes<HTMLInputElement> & { label: string; hideLabel?: boolean; hint?: string }) {
  const auto = useId();
  const inputId = id ?? auto;
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={inputId} className={hideLabel ? 'visually-hidden' : undefined}>
        {label}
      </label>
      <Input id={inputId} aria-describedby={hint ? `${inputId}-hint` : undefined} {...rest} />
      {hint && (
        <small id={`${inputId}-hint`} className="field-hint">
          {hint}
        </small>
      )}
    </div>
  );
}

/** A bare checkbox with an accessible name (rows and "select all"). */
export function Checkbox({ label, ...rest }: InputHTMLAttributes<HTMLInputElement> & { label: string }) {
  return <Input type="checkbox" aria-label={label} {...rest} />;
}

/** A labelled checkbox with visible text. */
export function CheckField({ label, ...rest }: InputHTMLAttributes<HTMLInputElement> & { label: string }) {
  return (
    <label className="tx-check">
      <Input type="checkbox" {...rest} />
      <span>{label}</span>
    </label>
  );
}

export function FileField({
  label,
  onFiles,
  ...rest
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'onChange'> & {
  label: string;
  onFiles: (files: File[]) => void;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <Input
        id={id}
        type="file"
        multiple
        accept=".csv,.ofx,.qfx,.qif,.txt,text/csv"
        onChange={(e) => onFiles(Array.from(e.currentTarget.files ?? []))}
        {...rest}
      />
    </div>
  );
}
