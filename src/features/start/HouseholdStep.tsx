// Guided start, step 1: who is in the household (you and, optionally, a partner, with birth dates), saved into the
// assumptions record (keeping its other settings) with saveAssumptions.
import { useEffect, useState, type FormEvent } from 'react';
import { Button, Checkbox, DateInput } from '../../components/form/controls';
import { FormField, FormMessage } from '../../components/form/FormField';
import { useBusyAction } from '../../components/form/use-busy-action';
import { useDb } from '../../data/db-context';
import { getAssumptions, saveAssumptions } from '../../data/repositories/assumptions';
import { localToday } from '../../lib/dates/local-today';
import type { AssumptionsInput } from '../../../worker/engine/index';

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
  const [stored, setStored] = useState<AssumptionsInput | null | undefined>(undefined);
  const [you, setYou] = useState<Person>({ name: '', birth: '' });
  const [partner, setPartner] = useState<Person>({ name: '', birth: '' });
  const [withPartner, setWithPartner] = useState(false);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [failed, setFailed] = useState(false);
  const { busy: saving, run } = useBusyAction();

  useEffect(() => {
    let live = true;
    void getAssumptions(db).then((a) => {
      if (!live) return;
      setStored(a);
      const self = a?.people?.find((p) => p.id === 'self');
      const other = a?.people?.find((p) => p.id === 'partner');
      if (self) setYou({ name: self.name ?? '', birth: self.birth_date ?? '' });
      if (other) {
        setWithPartner(true);
        setPartner({ name: other.name ?? '', birth: other.birth_date ?? '' });
      }
    });
    return () => {
      live = false;
    };
  }, [db]);

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

  if (stored === undefined) return <p role="status">Loading...</p>;
  return (
    <form className="form guided-form" onSubmit={submit} noValidate>
      <p className="guided-help">
        Birth dates let Wyrd work out tax, super access and the Age Pension at the right ages. You can change them later
        in your profile.
      </p>
      <FormField
        label="Your first name"
        autoComplete="given-name"
        value={you.name}
        onChange={(e) => setYou({ ...you, name: e.target.value })}
      />
      <DateInput
        label="Your birth date"
        value={you.birth}
        error={errors.you}
        onChange={(e) => setYou({ ...you, birth: e.target.value })}
      />
      <Checkbox
        label="I plan with a partner"
        checked={withPartner}
        onChange={(e) => setWithPartner(e.target.checked)}
      />
      {withPartner && (
        <>
          <FormField
            label="Partner's first name"
            value={partner.name}
            onChange={(e) => setPartner({ ...partner, name: e.target.value })}
          />
          <DateInput
            label="Partner's birth date"
            value={partner.birth}
            error={errors.partner}
            onChange={(e) => setPartner({ ...partner, birth: e.target.value })}
          />
        </>
      )}
      {failed && <FormMessage type="error">Could not save. Please try again.</FormMessage>}
      <div className="guided-actions">
        <Button type="submit" variant="primary" disabled={saving}>
          {saving ? 'Saving...' : 'Save and continue'}
        </Button>
      </div>
    </form>
  );
}
