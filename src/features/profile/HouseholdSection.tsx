// The profile's Household section (under Profile Information): the people in the plan (you, and optionally a partner) with their birth dates
// and, optionally, taxable income already received this financial year, plus dependent children for the
// Medicare levy's family thresholds. Saved into the assumptions record (docs/forecast-model.md section 7).
import { useEffect, useState, type FormEvent } from 'react';
import { FormField, FormMessage } from '../../components/form/FormField';
import { useDb } from '../../data/db-context';
import { getAssumptions, saveAssumptions } from '../../data/repositories/assumptions';
import { localToday } from '../../lib/dates/local-today';
import { DEFAULT_PERSON, type AssumptionsInput, type PersonId } from '../../../worker/engine/index';
import { WHO, toForm, validateHousehold, type HouseholdErrors, type PersonForm } from './household-form';
import './profile.css';

export function HouseholdSection() {
  const db = useDb();
  const [stored, setStored] = useState<AssumptionsInput | null | undefined>(undefined);
  const [people, setPeople] = useState<PersonForm[]>([toForm(DEFAULT_PERSON)]);
  const [children, setChildren] = useState('0');
  const [errors, setErrors] = useState<HouseholdErrors>({});
  const [message, setMessage] = useState<{ type: 'error' | 'success'; text: string } | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let active = true;
    void getAssumptions(db).then((a) => {
      if (!active) return;
      setStored(a);
      if (a?.people) setPeople(a.people.map(toForm));
      setChildren(String(a?.dependent_children ?? 0));
    });
    return () => {
      active = false;
    };
  }, [db]);

  const update = (id: PersonId, field: keyof PersonForm) => (event: { target: { value: string } }) =>
    setPeople((current) => current.map((p) => (p.id === id ? { ...p, [field]: event.target.value } : p)));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setMessage(null);
    const { errors: found, value } = validateHousehold(people, children, localToday());
    setErrors(found);
    if (!value) {
      setMessage({ type: 'error', text: 'Please correct the fields marked below' });
      return;
    }
    setSaving(true);
    try {
      // The assumptions record is saved whole: keep the rates and other settings it already has.
      const { updated_at: _stamp, ...rest } = stored ?? {};
      const saved = await saveAssumptions(db, { ...rest, ...value });
      setStored(saved);
      setMessage({ type: 'success', text: 'Household saved' });
    } catch (err) {
      console.error('Failed to save the household', err);
      setMessage({ type: 'error', text: 'Failed to save the household' });
    } finally {
      setSaving(false);
    }
  };

  if (stored === undefined) return <p className="household-note">Loading...</p>;
  const hasPartner = people.some((p) => p.id === 'partner');
  return (
    <form className="form household" onSubmit={submit} noValidate aria-labelledby="household-title">
      <h2 id="household-title">Household</h2>
      <p className="household-note">
        Tax, the Medicare levy and HELP repayments are worked out for each person and financial year. Gross pay belongs
        to the person its event names (“Whose tax return?”).
      </p>
      {people.map((p) => (
        <fieldset key={p.id} className="household-person">
          <legend>{WHO[p.id]}</legend>
          <FormField label="Name" name={`${p.id}_name`} required value={p.name} onChange={update(p.id, 'name')} />
          <FieldError text={errors[`${p.id}.name`]} />
          <FormField
            label="Birth date (optional)"
            name={`${p.id}_birth_date`}
            type="date"
            value={p.birth_date}
            onChange={update(p.id, 'birth_date')}
          />
          <FieldError text={errors[`${p.id}.birth_date`]} />
          <FormField
            label="Taxable income so far this financial year (optional)"
            name={`${p.id}_ytd_income`}
            inputMode="decimal"
            hint="Leave empty to estimate it from the pay in your plan as if it had run since 1 July."
            value={p.ytd_income}
            onChange={update(p.id, 'ytd_income')}
          />
          <FieldError text={errors[`${p.id}.ytd_income`]} />
          <FormField
            label="Income so far is up to (optional)"
            name={`${p.id}_ytd_date`}
            type="date"
            hint="Empty: up to the forecast's start."
            value={p.ytd_date}
            onChange={update(p.id, 'ytd_date')}
          />
          <FieldError text={errors[`${p.id}.ytd_date`]} />
          {p.id === 'partner' && (
            <button
              type="button"
              className="button"
              onClick={() => setPeople((current) => current.filter((x) => x.id !== 'partner'))}
            >
              Remove partner
            </button>
          )}
        </fieldset>
      ))}
      {!hasPartner && (
        <button
          type="button"
          className="button"
          onClick={() =>
            setPeople((current) => [
              ...current,
              { id: 'partner', name: 'Partner', birth_date: '', ytd_income: '', ytd_date: '' },
            ])
          }
        >
          Add partner
        </button>
      )}
      <FormField
        label="Dependent children"
        name="dependent_children"
        inputMode="numeric"
        hint="Raises the Medicare levy family income threshold (the 2025-26 family thresholds are estimates until the ATO confirms them)."
        value={children}
        onChange={(event) => setChildren(event.target.value)}
      />
      <FieldError text={errors.children} />
      {message && <FormMessage type={message.type}>{message.text}</FormMessage>}
      <button type="submit" className="button button-primary" disabled={saving}>
        {saving ? 'Saving...' : 'Save Household'}
      </button>
    </form>
  );
}

function FieldError({ text }: { text?: string }) {
  return text ? <FormMessage type="error">{text}</FormMessage> : null;
}
