// Guided start, step 1: who is in the household (you and, optionally, a partner, with birth dates), saved into the
// assumptions record (keeping its other settings) with saveAssumptions.
import { useState, type FormEvent } from 'react';
import { Checkbox, DateInput } from '../../components/form/controls';
import { FormField } from '../../components/form/FormField';
import { useBusyAction } from '../../components/form/use-busy-action';
import { StepSubmit } from './StepParts';
import { useDb } from '../../data/db-context';
import { saveAssumptions } from '../../data/repositories/assumptions';
import { useStoredAssumptions } from '../../data/repositories/use-stored-assumptions';
import { LoadStatus } from '../../components/row-list/LoadStatus';
import { localToday } from '../../lib/dates/local-today';

type Person = { name: string; birth: string };

/** A birth date must be a real date in the past, and not more than 110 years ago. */
function birthProblem(value: string, today: string): string | undefined {
  if (!value) return undefined;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(value))) return 'Enter a date';
  if (value >= today) return 'Enter a date in the past';
  if (Number(value.slice(0, 4)) < Number(today.slice(0, 4)) - 110) return 'Enter a later date';
  return undefined;
}

export function HouseholdStep({ onDone }: { onDone: () => Promise<void> }) {
  const db = useDb();
  const [you, setYou] = useState<Person>({ name: '', birth: '' });
  const [partner, setPartner] = useState<Person>({ name: '', birth: '' });
  const [withPartner, setWithPartner] = useState(false);
  const [stored, , load] = useStoredAssumptions(db, (a) => {
    const self = a?.people?.find((p) => p.id === 'self');
    const other = a?.people?.find((p) => p.id === 'partner');
    if (self) setYou({ name: self.name ?? '', birth: self.birth_date ?? '' });
    if (other) {
      setWithPartner(true);
      setPartner({ name: other.name ?? '', birth: other.birth_date ?? '' });
    }
  });
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [failed, setFailed] = useState(false);
  const { busy: saving, run } = useBusyAction();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const today = localToday();
    const found = {
      you: birthProblem(you.birth, today),
      partner: withPartner ? birthProblem(partner.birth, today) : undefined,
    };
    setErrors(found);
    if (found.you || found.partner) return;
    setFailed(false);
    const saved = async () => {
      const { updated_at: _stamp, ...rest } = stored ?? {};
      const people = [
        { id: 'self' as const, name: you.name.trim() || 'You', birth_date: you.birth || null },
        ...(withPartner
          ? [{ id: 'partner' as const, name: partner.name.trim() || 'Partner', birth_date: partner.birth || null }]
          : []),
      ];
      await saveAssumptions(db, { ...rest, people });
      await onDone();
    };
    await run(saved, 'Could not save the household', () => setFailed(true));
  };

  if (stored === undefined)
    return load.failed ? (
      <LoadStatus status="error" loading="" failed="Failed to load the household" onRetry={load.retry} />
    ) : (
      <p role="status">Loading...</p>
    );
  return (
    <form className="form guided-form" onSubmit={submit} noValidate>
      <p className="guided-help">
        Birth dates let Wyrd work out tax, super access and the Age Pension at the right ages. You can change them later
        in your profile.
      </p>
      <PersonFields owner="Your" person={you} error={errors.you} onChange={setYou} autoComplete="given-name" />
      <Checkbox
        label="I plan with a partner"
        checked={withPartner}
        onChange={(e) => setWithPartner(e.target.checked)}
      />
      {withPartner && <PersonFields owner="Partner's" person={partner} error={errors.partner} onChange={setPartner} />}
      <StepSubmit
        error={failed ? 'Could not save. Please try again.' : null}
        busy={saving}
        label="Save and continue"
        busyLabel="Saving..."
      />
    </form>
  );
}

/** A person's first name and birth date ("Your ..." or "Partner's ..."). */
function PersonFields({
  owner,
  person,
  error,
  onChange,
  autoComplete,
}: {
  owner: string;
  person: Person;
  error?: string;
  onChange: (person: Person) => void;
  autoComplete?: string;
}) {
  return (
    <>
      <FormField
        label={`${owner} first name`}
        autoComplete={autoComplete}
        value={person.name}
        onValue={(name) => onChange({ ...person, name })}
      />
      <DateInput
        label={`${owner} birth date`}
        value={person.birth}
        error={error}
        onChange={(e) => onChange({ ...person, birth: e.target.value })}
      />
    </>
  );
}
