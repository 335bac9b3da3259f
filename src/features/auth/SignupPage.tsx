// Sign up (spec section 2 Signup): names, email, password and confirmation, then the code step when the
// identity service asks for it; either way the user ends at /login.
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { FormField, FormMessage } from '../../components/form/FormField';
import { NewPasswordFields } from '../../components/password/NewPasswordFields';
import { auth } from '../../lib/auth/auth-client';
import { AuthCard } from './AuthCard';
import { ConfirmSignupForm } from './ConfirmSignupForm';
import { Button } from '../../components/form/controls';

export const PASSWORD_PLACEHOLDER = 'Min 8 chars, mixed case, numbers, special chars';

export function SignupPage() {
  const navigate = useNavigate();
  const [form, setForm] = useState({ firstName: '', lastName: '', email: '', password: '', confirmPassword: '' });
  const [error, setError] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [needsConfirmation, setNeedsConfirmation] = useState(false);

  const set = (field: keyof typeof form) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [field]: event.target.value }));

  const goToLogin = (confirmed: boolean) =>
    navigate({
      to: '/login',
      search: confirmed ? { email: form.email.trim(), confirmed: true } : { email: form.email.trim() },
    });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError('');
    const { firstName, lastName, email, password, confirmPassword } = form;
    if (!firstName.trim() || !lastName.trim() || !email.trim() || !password || !confirmPassword) {
      setError('Please fill in all required fields');
      return;
    }
    if (password !== confirmPassword) {
      setError('Passwords do not match');
      return;
    }
    setSubmitting(true);
    const result = await auth.signup(email, password, firstName, lastName);
    setSubmitting(false);
    if (!result.success) {
      setError(result.error ?? 'Failed to sign up');
      return;
    }
    if (result.nextStep?.signUpStep === 'CONFIRM_SIGN_UP') setNeedsConfirmation(true);
    else await goToLogin(false);
  };

  if (needsConfirmation) {
    return (
      <AuthCard title="Confirm your account">
        <ConfirmSignupForm email={form.email.trim()} onConfirmed={() => goToLogin(true)} />
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Create your account">
      <form className="form" onSubmit={submit} noValidate>
        <div className="field-pair">
          <FormField
            label="First name"
            name="given_name"
            autoComplete="given-name"
            required
            value={form.firstName}
            onChange={set('firstName')}
          />
          <FormField
            label="Last name"
            name="family_name"
            autoComplete="family-name"
            required
            value={form.lastName}
            onChange={set('lastName')}
          />
        </div>
        <FormField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          value={form.email}
          onChange={set('email')}
        />
        <NewPasswordFields
          passwordLabel="Password"
          passwordName="password"
          confirmLabel="Confirm password"
          placeholder={PASSWORD_PLACEHOLDER}
          password={form.password}
          confirm={form.confirmPassword}
          onPassword={set('password')}
          onConfirm={set('confirmPassword')}
        />
        <FormMessage type="error">{error}</FormMessage>
        <Button type="submit" className="button button-primary button-block" disabled={submitting}>
          {submitting ? 'Creating account...' : 'Sign up'}
        </Button>
      </form>
      <p className="auth-switch">
        Already have an account? <Link to="/login">Sign in</Link>
      </p>
    </AuthCard>
  );
}
