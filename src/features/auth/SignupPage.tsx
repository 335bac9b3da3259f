// Sign up (spec section 2 Signup): names, email, password and confirmation, then the code step when the
// identity service asks for it; either way the user ends at /login.
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { PersonNameFields } from '../../components/form/PersonNameFields';
import { NewPasswordFields } from '../../components/password/NewPasswordFields';
import { auth } from '../../lib/auth/auth-client';
import { AuthCard } from './AuthCard';
import { ConfirmSignupForm } from './ConfirmSignupForm';
import { FormSubmit } from '../../components/form/FormActions';
import { useFormAction } from '../../components/form/use-form-action';
import { EmailField } from './AuthFields';

export const PASSWORD_PLACEHOLDER = 'Min 8 chars, mixed case, numbers, special chars';

export function SignupPage() {
  const navigate = useNavigate();
  const [form, setForm] = useState({ firstName: '', lastName: '', email: '', password: '', confirmPassword: '' });
  const { error, busy, run } = useFormAction();
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
    const { firstName, lastName, email, password, confirmPassword } = form;
    const problem =
      !firstName.trim() || !lastName.trim() || !email.trim() || !password || !confirmPassword
        ? 'Please fill in all required fields'
        : password !== confirmPassword
          ? 'Passwords do not match'
          : '';
    const result = await run(problem, () => auth.signup(email, password, firstName, lastName), 'Failed to sign up');
    if (!result) return;
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
          <PersonNameFields
            labels={['First name', 'Last name']}
            first={form.firstName}
            last={form.lastName}
            onFirst={(firstName) => setForm((current) => ({ ...current, firstName }))}
            onLast={(lastName) => setForm((current) => ({ ...current, lastName }))}
            lastRequired
          />
        </div>
        <EmailField value={form.email} onChange={set('email')} />
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
        <FormSubmit error={error} busy={busy} label="Sign up" busyLabel="Creating account..." block />
      </form>
      <p className="auth-switch">
        Already have an account? <Link to="/login">Sign in</Link>
      </p>
    </AuthCard>
  );
}
