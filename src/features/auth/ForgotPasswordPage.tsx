// Password reset (spec section 2 Forgot password): request a code, then set a new password with it,
// then a success screen. Also the landing point for the RESET_PASSWORD sign-in step.
import { useState, type FormEvent } from 'react';
import { Link, useSearch } from '@tanstack/react-router';
import { FormMessage } from '../../components/form/FormField';
import { NewPasswordFields, newPasswordProblem } from '../../components/password/NewPasswordFields';
import { auth } from '../../lib/auth/auth-client';
import { AuthCard } from './AuthCard';
import { Button } from '../../components/form/controls';
import { FormSubmit } from '../../components/form/FormActions';
import { useFormAction } from '../../components/form/use-form-action';
import { CodeField, EmailField } from './AuthFields';

type Step = 'request' | 'reset' | 'done';
type ForgotSearch = { email?: string; required?: boolean };

export function ForgotPasswordPage() {
  const search = useSearch({ strict: false }) as ForgotSearch;
  const [step, setStep] = useState<Step>('request');
  const [email, setEmail] = useState(search.email ?? '');
  const [code, setCode] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const { error, notice, setNotice, busy, run } = useFormAction(
    search.required ? 'Your password must be reset before you can sign in. We will email you a code.' : '',
  );

  const requestCode = async (event?: FormEvent<HTMLFormElement>) => {
    event?.preventDefault();
    const problem = email.trim() ? '' : 'Please enter your email';
    if (!(await run(problem, () => auth.forgotPassword(email), 'Failed to send reset code'))) return;
    if (step === 'reset') setNotice(`A new code was sent to ${email.trim()}.`);
    setStep('reset');
  };

  const resetPassword = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem =
      !code.trim() || !newPassword || !confirmPassword
        ? 'Please fill in all required fields'
        : newPasswordProblem(newPassword, confirmPassword, 'Passwords do not match');
    const reset = () => auth.confirmForgotPassword(email, code, newPassword);
    if (await run(problem, reset, 'Failed to reset password')) setStep('done');
  };

  if (step === 'done') {
    return (
      <AuthCard title="Password Reset Successful!">
        <p role="status">Your password has been changed. You can now sign in with your new password.</p>
        <Link to="/login" search={{ email: email.trim(), reset: true }} className="button button-primary button-block">
          Go to Login
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Reset your password">
      {step === 'request' ? (
        <form className="form" onSubmit={requestCode} noValidate>
          <p>Enter your account's email and we'll send you a code to reset your password.</p>
          <FormMessage type="info">{notice}</FormMessage>
          <EmailField value={email} onChange={(event) => setEmail(event.target.value)} />
          <FormSubmit error={error} busy={busy} label="Send Reset Code" busyLabel="Sending..." block />
        </form>
      ) : (
        <form className="form" onSubmit={resetPassword} noValidate>
          <p>
            We sent a reset code to <strong>{email.trim()}</strong>.
          </p>
          <FormMessage type="info">{notice}</FormMessage>
          <CodeField
            label="Verification code"
            placeholder="Enter 6-digit code"
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
          <NewPasswordFields
            passwordLabel="New password"
            passwordName="new_password"
            confirmLabel="Confirm password"
            placeholder="Min 8 chars, mixed case, numbers, special chars"
            password={newPassword}
            confirm={confirmPassword}
            onPassword={(event) => setNewPassword(event.target.value)}
            onConfirm={(event) => setConfirmPassword(event.target.value)}
          />
          <FormSubmit error={error} busy={busy} label="Reset Password" busyLabel="Resetting..." block />
          <Button type="button" className="button button-link" onClick={() => void requestCode()} disabled={busy}>
            Resend code
          </Button>
        </form>
      )}
      <p className="auth-switch">
        <Link to="/login">← Back to login</Link>
      </p>
    </AuthCard>
  );
}
