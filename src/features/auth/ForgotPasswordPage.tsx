// Password reset (spec section 2 Forgot password): request a code, then set a new password with it,
// then a success screen. Also the landing point for the RESET_PASSWORD sign-in step.
import { useState, type FormEvent } from 'react';
import { Link, useSearch } from '@tanstack/react-router';
import { FormField, FormMessage } from '../../components/form/FormField';
import { NewPasswordFields } from '../../components/password/NewPasswordFields';
import { auth } from '../../lib/auth/auth-client';
import { AuthCard } from './AuthCard';
import { Button } from '../../components/form/controls';

type Step = 'request' | 'reset' | 'done';
type ForgotSearch = { email?: string; required?: boolean };

export const MIN_PASSWORD_LENGTH = 8;

export function ForgotPasswordPage() {
  const search = useSearch({ strict: false }) as ForgotSearch;
  const [step, setStep] = useState<Step>('request');
  const [email, setEmail] = useState(search.email ?? '');
  const [code, setCode] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [error, setError] = useState('');
  const [info, setInfo] = useState(
    search.required ? 'Your password must be reset before you can sign in. We will email you a code.' : '',
  );
  const [busy, setBusy] = useState(false);

  const requestCode = async (event?: FormEvent<HTMLFormElement>) => {
    event?.preventDefault();
    setError('');
    setInfo('');
    if (!email.trim()) {
      setError('Please enter your email');
      return;
    }
    setBusy(true);
    const result = await auth.forgotPassword(email);
    setBusy(false);
    if (!result.success) {
      setError(result.error ?? 'Failed to send reset code');
      return;
    }
    if (step === 'reset') setInfo(`A new code was sent to ${email.trim()}.`);
    setStep('reset');
  };

  const resetPassword = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError('');
    setInfo('');
    if (!code.trim() || !newPassword || !confirmPassword) {
      setError('Please fill in all required fields');
      return;
    }
    if (newPassword !== confirmPassword) {
      setError('Passwords do not match');
      return;
    }
    if (newPassword.length < MIN_PASSWORD_LENGTH) {
      setError('Password must be at least 8 characters');
      return;
    }
    setBusy(true);
    const result = await auth.confirmForgotPassword(email, code, newPassword);
    setBusy(false);
    if (!result.success) {
      setError(result.error ?? 'Failed to reset password');
      return;
    }
    setStep('done');
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
          <FormMessage type="info">{info}</FormMessage>
          <FormField
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <FormMessage type="error">{error}</FormMessage>
          <Button type="submit" className="button button-primary button-block" disabled={busy}>
            {busy ? 'Sending...' : 'Send Reset Code'}
          </Button>
        </form>
      ) : (
        <form className="form" onSubmit={resetPassword} noValidate>
          <p>
            We sent a reset code to <strong>{email.trim()}</strong>.
          </p>
          <FormMessage type="info">{info}</FormMessage>
          <FormField
            label="Verification code"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            required
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
          <FormMessage type="error">{error}</FormMessage>
          <Button type="submit" className="button button-primary button-block" disabled={busy}>
            {busy ? 'Resetting...' : 'Reset Password'}
          </Button>
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
