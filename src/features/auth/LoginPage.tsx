// Sign in (spec section 2 Login) and the sign-in next steps of section 4: DONE goes to the dashboard,
// CONFIRM_SIGN_UP to the confirmation screen, RESET_PASSWORD to the reset flow, anything else gets a message.
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { FormField, FormMessage } from '../../components/form/FormField';
import { auth } from '../../lib/auth/auth-client';
import { refreshUser } from '../../lib/auth/auth-store';
import { AuthCard } from './AuthCard';
import { ConfirmSignupForm } from './ConfirmSignupForm';
import { FormSubmit } from '../../components/form/FormActions';
import { EmailField } from './AuthFields';

type LoginSearch = { email?: string; confirmed?: boolean; reset?: boolean };

export function unsupportedStepMessage(step: string): string {
  return `This account needs a sign-in step Wyrd does not support yet (${step}). Please contact support.`;
}

export function LoginPage() {
  const search = useSearch({ strict: false }) as LoginSearch;
  const navigate = useNavigate();
  const [email, setEmail] = useState(search.email ?? '');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [confirming, setConfirming] = useState<{ notice?: string } | null>(null);

  const notice = search.confirmed
    ? 'Account confirmed! Please sign in.'
    : search.reset
      ? 'Password reset. Please sign in with your new password.'
      : '';

  const signIn = async (): Promise<void> => {
    setError('');
    setSubmitting(true);
    const result = await auth.login(email, password);
    const step = result.nextStep?.signInStep;
    if (result.success || step === 'DONE') {
      await refreshUser();
      await navigate({ to: '/dashboard' });
      return;
    }
    setSubmitting(false);
    if (result.error) {
      setError(result.error);
    } else if (step === 'CONFIRM_SIGN_UP') {
      // Cognito sends no code on sign-in; send a fresh one so the confirmation screen is usable.
      const resent = await auth.resendSignupCode(email);
      setConfirming({
        notice: resent.success
          ? 'Your account is not confirmed yet. We sent you a new code.'
          : 'Your account is not confirmed yet.',
      });
    } else if (step === 'RESET_PASSWORD') {
      await navigate({ to: '/forgot-password', search: { email: email.trim(), required: true } });
    } else {
      setError(unsupportedStepMessage(step ?? 'unknown'));
    }
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!email.trim() || !password) {
      setError('Please enter your email and password');
      return;
    }
    await signIn();
  };

  if (confirming) {
    return (
      <AuthCard title="Confirm your account">
        <ConfirmSignupForm
          email={email.trim()}
          notice={confirming.notice}
          onConfirmed={async () => {
            setConfirming(null);
            await signIn();
          }}
        />
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Sign in">
      <form className="form" onSubmit={submit} noValidate>
        <FormMessage type="success">{notice}</FormMessage>
        <EmailField value={email} onChange={(event) => setEmail(event.target.value)} />
        <FormField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <div className="form-row-end">
          <Link to="/forgot-password" search={email.trim() ? { email: email.trim() } : {}}>
            Forgot password?
          </Link>
        </div>
        <FormSubmit error={error} busy={submitting} label="Sign in" busyLabel="Signing in..." block />
      </form>
      <p className="auth-switch">
        Don't have an account? <Link to="/signup">Sign up</Link>
      </p>
    </AuthCard>
  );
}
