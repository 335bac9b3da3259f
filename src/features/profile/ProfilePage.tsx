// The profile screen (spec section 2 Profile): 'Profile Information' (email with its verified marker,
// first and last name) and 'Security' (change password), with the spec's messages; 'Data' exports and imports
// the user's backup file. Below the profile form, the Household section holds the people in the plan.
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { FormField, FormMessage } from '../../components/form/FormField';
import {
  MIN_PASSWORD_LENGTH,
  NewPasswordFields,
  newPasswordProblem,
} from '../../components/password/NewPasswordFields';
import { PageFrame } from '../../components/layout/PageFrame';
import { auth } from '../../lib/auth/auth-client';
import { refreshUser, useAuthStore } from '../../lib/auth/auth-store';
import type { UserAttributes } from '../../lib/auth/auth-types';
import { DataTab } from './DataTab';
import { HouseholdSection } from './HouseholdSection';
import { Button, Input } from '../../components/form/controls';
import { PersonNameFields } from '../../components/form/PersonNameFields';
import { FormSubmit } from '../../components/form/FormActions';
import { useFormAction } from '../../components/form/use-form-action';

type Tab = 'profile' | 'security' | 'data';
const TABS: { id: Tab; label: string }[] = [
  { id: 'profile', label: 'Profile Information' },
  { id: 'security', label: 'Security' },
  { id: 'data', label: 'Data' },
];

export function ProfilePage() {
  const [tab, setTab] = useState<Tab>('profile');
  const cachedAttributes = useAuthStore((state) => state.user?.attributes ?? null);
  const [attributes, setAttributes] = useState<UserAttributes | null>(cachedAttributes);
  const [loadError, setLoadError] = useState('');
  // Set once the person types in the form or saves it: from then on their names win over a fetch that was
  // asked for before (a slow answer would otherwise wipe what they typed, or undo a save and its message).
  const edited = useRef(false);

  useEffect(() => {
    let active = true;
    void auth.getUserAttributes().then((result) => {
      if (!active) return;
      const fetched = result.attributes;
      if (result.success && fetched) {
        if (edited.current) {
          setAttributes((current) => ({
            ...fetched,
            given_name: current?.given_name,
            family_name: current?.family_name,
          }));
        } else setAttributes(fetched);
      } else if (!cachedAttributes) setLoadError(result.error ?? 'Failed to load profile');
    });
    return () => {
      active = false;
    };
    // Fetch once per visit; later changes come back through onSaved.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    const index = TABS.findIndex((t) => t.id === tab);
    const next: Tab = TABS[(index + (event.key === 'ArrowRight' ? 1 : TABS.length - 1)) % TABS.length].id;
    setTab(next);
    document.getElementById(`tab-${next}`)?.focus();
  };

  return (
    <PageFrame title="Profile" testId="profile">
      <div role="tablist" aria-label="Profile sections" className="tabs">
        {TABS.map(({ id, label }) => (
          <Button
            key={id}
            id={`tab-${id}`}
            type="button"
            role="tab"
            aria-selected={tab === id}
            aria-controls={`panel-${id}`}
            tabIndex={tab === id ? 0 : -1}
            className="tab"
            onClick={() => setTab(id)}
            onKeyDown={onTabKey}
          >
            {label}
          </Button>
        ))}
      </div>
      {tab === 'profile' ? (
        <div role="tabpanel" id="panel-profile" aria-labelledby="tab-profile" className="card">
          <FormMessage type="error">{loadError}</FormMessage>
          <ProfileForm
            attributes={attributes}
            onEdit={() => (edited.current = true)}
            onSaved={(saved) => setAttributes((current) => ({ ...current, ...saved }))}
          />
          <HouseholdSection />
        </div>
      ) : tab === 'security' ? (
        <div role="tabpanel" id="panel-security" aria-labelledby="tab-security" className="card">
          <ChangePasswordForm email={attributes?.email ?? ''} />
        </div>
      ) : (
        <div role="tabpanel" id="panel-data" aria-labelledby="tab-data" className="card">
          <DataTab />
        </div>
      )}
    </PageFrame>
  );
}

function ProfileForm({
  attributes,
  onEdit,
  onSaved,
}: {
  attributes: UserAttributes | null;
  onEdit: () => void;
  onSaved: (saved: UserAttributes) => void;
}) {
  // The names as typed, once the person types: until then the fields show the attributes, so names fetched after
  // the form opened fill it, and from the first keystroke on nothing fetched replaces what is typed. Decided by
  // this state itself, not when the fetch answered: a keystroke between the answer and its render (the form used
  // to remount with the fetched names then, which threw the typed name away and saved the old one) must win.
  const [typed, setTyped] = useState<{ first: string; last: string } | null>(null);
  const firstName = typed ? typed.first : (attributes?.given_name ?? '');
  const lastName = typed ? typed.last : (attributes?.family_name ?? '');
  const { error, notice, setNotice, busy, run } = useFormAction();
  const verified = attributes?.email_verified === 'true';

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onEdit();
    const problem = firstName.trim() ? '' : 'First name is required';
    if (!(await run(problem, () => auth.updateProfile(firstName, lastName), 'Failed to update profile'))) return;
    setNotice('Profile updated successfully!');
    await refreshUser();
    onSaved({ given_name: firstName.trim(), family_name: lastName.trim() });
  };

  return (
    <form className="form" onSubmit={submit} noValidate aria-labelledby="profile-info-title">
      <h2 id="profile-info-title">Profile Information</h2>
      <div className="field">
        <span className="field-label" id="profile-email-label">
          Email
        </span>
        <p className="field-static" aria-labelledby="profile-email-label">
          <span>{attributes?.email ?? ''}</span>{' '}
          <span className={verified ? 'badge badge-success' : 'badge badge-warning'}>
            {verified ? 'Verified' : 'Not verified'}
          </span>
        </p>
      </div>
      <PersonNameFields
        labels={['First Name', 'Last Name']}
        first={firstName}
        last={lastName}
        onFirst={(value) => {
          onEdit();
          setTyped((current) => ({ first: value, last: current ? current.last : lastName }));
        }}
        onLast={(value) => {
          onEdit();
          setTyped((current) => ({ first: current ? current.first : firstName, last: value }));
        }}
      />
      <FormSubmit error={error} success={notice} busy={busy} label="Save Changes" busyLabel="Saving..." />
    </form>
  );
}

function ChangePasswordForm({ email }: { email: string }) {
  const [form, setForm] = useState({ current: '', next: '', confirm: '' });
  const { error, notice, setNotice, busy, run } = useFormAction();

  const set = (field: keyof typeof form) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [field]: event.target.value }));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem =
      !form.current || !form.next || !form.confirm
        ? 'Please fill in all required fields'
        : newPasswordProblem(form.next, form.confirm, 'New passwords do not match');
    const change = () => auth.changePassword(form.current, form.next);
    if (!(await run(problem, change, 'Failed to change password'))) return;
    setNotice('Password changed successfully!');
    setForm({ current: '', next: '', confirm: '' });
  };

  return (
    <form className="form" onSubmit={submit} noValidate aria-labelledby="change-password-title">
      <h2 id="change-password-title">Change Password</h2>
      {/* Lets password managers tie the new password to the account. */}
      <Input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
      <FormField
        label="Current Password"
        name="current_password"
        type="password"
        autoComplete="current-password"
        required
        value={form.current}
        onChange={set('current')}
      />
      <NewPasswordFields
        passwordLabel="New Password"
        passwordName="new_password"
        confirmLabel="Confirm Password"
        minLength={MIN_PASSWORD_LENGTH}
        hint="At least 8 characters, with lowercase, uppercase, a number and a special character"
        password={form.next}
        confirm={form.confirm}
        onPassword={set('next')}
        onConfirm={set('confirm')}
      />
      <FormSubmit error={error} success={notice} busy={busy} label="Change Password" busyLabel="Changing..." />
    </form>
  );
}
