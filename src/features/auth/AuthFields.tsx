// The fields the sign-in, sign-up, reset and confirmation forms share: the account's email and the emailed code.
import type { ChangeEventHandler } from 'react';
import { FormField } from '../../components/form/FormField';

type TextFieldProps = { value: string; onChange: ChangeEventHandler<HTMLInputElement> };

export function EmailField({ value, onChange }: TextFieldProps) {
  return (
    <FormField
      label="Email"
      name="email"
      type="email"
      autoComplete="email"
      required
      value={value}
      onChange={onChange}
    />
  );
}

/** The code the identity service emailed: numeric keypad, and offered by the phone from the email. */
export function CodeField({
  label,
  placeholder,
  hint,
  ...field
}: TextFieldProps & { label: string; placeholder?: string; hint?: string }) {
  return (
    <FormField
      label={label}
      name="code"
      inputMode="numeric"
      autoComplete="one-time-code"
      required
      placeholder={placeholder}
      hint={hint}
      {...field}
    />
  );
}
