// The 'Confirm your account' step: enter the code the identity service emailed (spec section 2 Signup).
// Used after sign-up and when sign-in finds an unconfirmed account (next step CONFIRM_SIGN_UP).
import { useState, type FormEvent } from 'react';
import { auth } from '../../lib/auth/auth-client';
import { Button } from '../../components/form/controls';
import { FormSubmit } from '../../components/form/FormActions';
import { useFormAction } from '../../components/form/use-form-action';
import { CodeField } from './AuthFields';

export function ConfirmSignupForm({
  email,
  notice: initialNotice,
  onConfirmed,
}: {
  email: string;
  notice?: string;
  onConfirmed: () => void | Promise<void>;
}) {
  const [code, setCode] = useState('');
  const { error, setError, notice, setNotice, busy, run } = useFormAction(initialNotice ?? '');
  const [resending, setResending] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = code.trim() ? '' : 'Please enter the confirmation code';
    // On success the form stays busy while the caller moves on (signs in or goes to the sign-in screen).
    if (await run(problem, () => auth.confirmSignup(email, code), 'Failed to confirm account', true))
      await onConfirmed();
  };

  const resend = async () => {
    setError('');
    setNotice('');
    setResending(true);
    const result = await auth.resendSignupCode(email);
    setResending(false);
    if (result.success) setNotice(`A new code was sent to ${email}.`);
    else setError(result.error ?? 'Failed to resend code');
  };

  // The card's heading already reads 'Confirm your account'; a second heading would repeat it.
  return (
    <form className="form" onSubmit={submit} noValidate aria-label="Confirm your account">
      <p>
        We sent a confirmation code to <strong>{email}</strong>. Enter it below to finish creating your account.
      </p>
      <CodeField
        label="Confirmation code"
        hint="Enter 6-digit code"
        value={code}
        onChange={(event) => setCode(event.target.value)}
      />
      <FormSubmit error={error} info={notice} busy={busy} label="Confirm Account" busyLabel="Confirming..." block />
      <Button type="button" className="button button-link" onClick={resend} disabled={resending || busy}>
        {resending ? 'Sending...' : 'Resend code'}
      </Button>
    </form>
  );
}
