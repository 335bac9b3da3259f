// The controls the transaction screens use, built on the shared controls (src/components/form/controls): the same
// labelled-field shapes every screen of this feature needs (a select or input with a label that may be visually
// hidden where a column heading says it, a bare row checkbox, a file picker).
import { useId, type ComponentProps, type ReactNode } from 'react';
import {
  Button as SharedButton,
  Checkbox as SharedCheckbox,
  Input,
  Select,
  type ButtonVariant,
} from '../../components/form/controls';

export function Button({
  variant = 'ghost',
  type = 'button',
  ...rest
}: ComponentProps<typeof SharedButton> & { variant?: ButtonVariant }) {
  return <SharedButton variant={variant} type={type} {...rest} />;
}

type Labelled = { label: string; hideLabel?: boolean };

/** A labelled select; `hideLabel` keeps the label for screen readers only. */
export function SelectField({
  label,
  hideLabel = false,
  children,
  id,
  className,
  ...rest
}: ComponentProps<typeof Select> & Labelled & { children: ReactNode }) {
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
}: ComponentProps<typeof Input> & Labelled & { hint?: string }) {
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

/** A bare checkbox named for screen readers (a row's "select", "select all"). */
export function Checkbox({ label, ...rest }: Omit<ComponentProps<typeof Input>, 'type'> & { label: string }) {
  return <Input type="checkbox" aria-label={label} {...rest} />;
}

/** A checkbox with its text beside it. */
export function CheckField(props: ComponentProps<typeof SharedCheckbox>) {
  return <SharedCheckbox {...props} />;
}

export function FileField({
  label,
  onFiles,
  ...rest
}: Omit<ComponentProps<typeof Input>, 'type' | 'onChange'> & { label: string; onFiles: (files: File[]) => void }) {
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
