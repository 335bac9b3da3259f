// The 'Confirm your account' step: enter the code the identity service emailed (spec section 2 Signup).
// Used after sign-up and when sign-in finds an unconfirmed account (next step CONFIRM_SIGN_UP).
import { useState, type FormEvent } from 'react';
import { FormField, FormMessage } from '../../components/form/FormField';
import { auth } from '../../lib/auth/auth-client';
import { Button } from '../../components/form/controls';

export function ConfirmSignupForm({
  email,
  notice,
  onConfirmed,
}: {
  email: string;
  notice?: string;
  onConfirmed: () => void | Promise<void>;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [info, setInfo] = useState(notice ?? '');
  const [confirming, setConfirming] = useState(false);
  const [resending, setResending] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError('');
    setInfo('');
    if (!code.trim()) {
      setError('Please enter the confirmation code');
      return;
    }
    setConfirming(true);
    const result = await auth.confirmSignup(email, code);
    if (result.success) {
      await onConfirmed();
      return;
    }
    setConfirming(false);
    setError(result.error ?? 'Failed to confirm account');
  };

  const resend = async () => {
    setError('');
    setInfo('');
    setResending(true);
    const result = await auth.resendSignupCode(email);
    setResending(false);
    if (result.success) setInfo(`A new code was sent to ${email}.`);
    else setError(result.error ?? 'Failed to resend code');
  };

  // The card's heading already reads 'Confirm your account'; a second heading would repeat it.
  return (
    <form className="form" onSubmit={submit} noValidate aria-label="Confirm your account">
      <p>
        We sent a confirmation code to <strong>{email}</strong>. Enter it below to finish creating your account.
      </p>
      <FormField
        label="Confirmation code"
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        required
        hint="Enter 6-digit code"
        value={code}
        onChange={(event) => setCode(event.target.value)}
      />
      <FormMessage type="error">{error}</FormMessage>
      <FormMessage type="info">{info}</FormMessage>
      <Button type="submit" className="button button-primary button-block" disabled={confirming}>
        {confirming ? 'Confirming...' : 'Confirm Account'}
      </Button>
      <Button type="button" className="button button-link" onClick={resend} disabled={resending || confirming}>
        {resending ? 'Sending...' : 'Resend code'}
      </Button>
    </form>
  );
}
