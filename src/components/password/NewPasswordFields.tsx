// The new-password pair shared by sign-up, password reset and the profile's change password: the password and its
// confirmation, both marked as a new password for password managers; each screen keeps its own labels and hints.
import type { ChangeEventHandler } from 'react';
import { FormField } from '../form/FormField';

export const MIN_PASSWORD_LENGTH = 8;

/** The pair's own checks where a password is replaced: the two must match (`mismatch` says so) and be long enough. */
export function newPasswordProblem(password: string, confirm: string, mismatch: string): string {
  if (password !== confirm) return mismatch;
  if (password.length < MIN_PASSWORD_LENGTH) return `Password must be at least ${MIN_PASSWORD_LENGTH} characters`;
  return '';
}

type Props = {
  password: string;
  confirm: string;
  onPassword: ChangeEventHandler<HTMLInputElement>;
  onConfirm: ChangeEventHandler<HTMLInputElement>;
  passwordLabel: string;
  /** The password input's name (`password` on sign-up, `new_password` where it replaces one). */
  passwordName: string;
  confirmLabel: string;
  placeholder?: string;
  hint?: string;
  minLength?: number;
};

export function NewPasswordFields(props: Props) {
  const { password, confirm, onPassword, onConfirm, passwordLabel, passwordName, confirmLabel } = props;
  return (
    <>
      <FormField
        label={passwordLabel}
        name={passwordName}
        type="password"
        autoComplete="new-password"
        required
        minLength={props.minLength}
        placeholder={props.placeholder}
        hint={props.hint}
        value={password}
        onChange={onPassword}
      />
      <FormField
        label={confirmLabel}
        name="confirm_password"
        type="password"
        autoComplete="new-password"
        required
        value={confirm}
        onChange={onConfirm}
      />
    </>
  );
}
