// The profile's Household section (under Profile Information): the people in the plan (you, and optionally a partner) with their birth dates
// and, optionally, taxable income already received this financial year, plus dependent children for the
// Medicare levy's family thresholds, and the retirement settings (homeowner, the Age Pension on or off, unused
// concessional cap from before the forecast). Saved into the assumptions record (docs/forecast-model.md sections 7
// and 9).
import { Fragment, useId, useRef, useState, type FormEvent } from 'react';
import { FormField, FormMessage } from '../../components/form/FormField';
import { useBusyAction } from '../../components/form/use-busy-action';
import { useDb } from '../../data/db-context';
import { saveAssumptions } from '../../data/repositories/assumptions';
import { useStoredAssumptions } from '../../data/repositories/use-stored-assumptions';
import { LoadStatus } from '../../components/row-list/LoadStatus';
import { localToday } from '../../lib/dates/local-today';
import { DEFAULT_PERSON, type PersonId } from '../../../worker/engine/index';
import {
  WHO,
  toForm,
  toRetirementForm,
  validateHousehold,
  validateRetirement,
  type CapRowForm,
  type HouseholdErrors,
  type PersonForm,
  type RetirementForm,
} from './household-form';
import { Button, Checkbox, Select } from '../../components/form/controls';
import './profile.css';

/** Each person's fields, in order: the input is named `<person>_<field>`, its error keyed `<person>.<field>`. */
const PERSON_FIELDS: ReadonlyArray<{
  field: Exclude<keyof PersonForm, 'id'>;
  label: string;
  required?: boolean;
  type?: 'date';
  inputMode?: 'decimal';
  hint?: string;
}> = [
  { field: 'name', label: 'Name', required: true },
  { field: 'birth_date', label: 'Birth date (optional)', type: 'date' },
  {
    field: 'ytd_income',
    label: 'Taxable income so far this financial year (optional)',
    inputMode: 'decimal',
    hint: 'Leave empty to estimate it from the pay in your plan as if it had run since 1 July.',
  },
  {
    field: 'ytd_date',
    label: 'Income so far is up to (optional)',
    type: 'date',
    hint: "Empty: up to the forecast's start.",
  },
];

/** An unused-cap row's typed fields: the input is named `cap_<row>_<field>`, its error keyed `cap.<key>.<field>`. */
const CAP_FIELDS = [
  { field: 'year', label: 'Financial year it starts (2023 for 2023-24)', inputMode: 'numeric' },
  { field: 'amount', label: 'Unused cap ($)', inputMode: 'decimal' },
] as const;

export function HouseholdSection() {
  const db = useDb();
  const [people, setPeople] = useState<PersonForm[]>([toForm(DEFAULT_PERSON)]);
  const [children, setChildren] = useState('0');
  const [retirement, setRetirement] = useState<RetirementForm>(toRetirementForm(undefined));
  const [stored, setStored, load] = useStoredAssumptions(db, (a) => {
    if (a?.people) setPeople(a.people.map(toForm));
    setChildren(String(a?.dependent_children ?? 0));
    setRetirement(toRetirementForm(a?.retirement));
  });
  const nextCap = useRef(0);
  const [errors, setErrors] = useState<HouseholdErrors>({});
  const [message, setMessage] = useState<{ type: 'error' | 'success'; text: string } | null>(null);
  const { busy: saving, run } = useBusyAction();

  const update = (id: PersonId, field: keyof PersonForm) => (event: { target: { value: string } }) =>
    setPeople((current) => current.map((p) => (p.id === id ? { ...p, [field]: event.target.value } : p)));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setMessage(null);
    const today = localToday();
    const { errors: found, value } = validateHousehold(people, children, today);
    const ret = validateRetirement(
      retirement,
      people.map((p) => p.id),
      today,
    );
    setErrors({ ...found, ...ret.errors });
    if (!value || ret.value === null) {
      setMessage({ type: 'error', text: 'Please correct the fields marked below' });
      return;
    }
    const save = async () => {
      // The assumptions record is saved whole: keep the rates and other settings it already has.
      const { updated_at: _stamp, retirement: _before, ...rest } = stored ?? {};
      const saved = await saveAssumptions(db, { ...rest, ...value, ...(ret.value ? { retirement: ret.value } : {}) });
      setStored(saved);
      setMessage({ type: 'success', text: 'Household saved' });
    };
    await run(save, 'Failed to save the household', () =>
      setMessage({ type: 'error', text: 'Failed to save the household' }),
    );
  };

  if (stored === undefined)
    return load.failed ? (
      <LoadStatus status="error" loading="" failed="Failed to load the household" onRetry={load.retry} />
    ) : (
      <p className="household-note">Loading...</p>
    );
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
          {PERSON_FIELDS.map(({ field, ...input }) => (
            <Fragment key={field}>
              <FormField name={`${p.id}_${field}`} value={p[field]} onChange={update(p.id, field)} {...input} />
              <FieldError text={errors[`${p.id}.${field}`]} />
            </Fragment>
          ))}
          {p.id === 'partner' && (
            <Button
              type="button"
              variant="secondary"
              onClick={() => setPeople((current) => current.filter((x) => x.id !== 'partner'))}
            >
              Remove partner
            </Button>
          )}
        </fieldset>
      ))}
      {!hasPartner && (
        <Button
          type="button"
          variant="secondary"
          onClick={() =>
            setPeople((current) => [
              ...current,
              { id: 'partner', name: 'Partner', birth_date: '', ytd_income: '', ytd_date: '' },
            ])
          }
        >
          Add partner
        </Button>
      )}
      <FormField
        label="Dependent children"
        name="dependent_children"
        inputMode="numeric"
        hint="Raises the Medicare levy family income threshold (the thresholds from 2025-26 on are estimates until the ATO publishes them; UNCONFIRMED)."
        value={children}
        onChange={(event) => setChildren(event.target.value)}
      />
      <FieldError text={errors.children} />
      <RetirementFields
        form={retirement}
        hasPartner={hasPartner}
        errors={errors}
        onChange={setRetirement}
        newKey={() => `new-${nextCap.current++}`}
      />
      {message && <FormMessage type={message.type}>{message.text}</FormMessage>}
      <Button type="submit" variant="primary" disabled={saving}>
        {saving ? 'Saving...' : 'Save Household'}
      </Button>
    </form>
  );
}

/** The retirement settings: homeowner, the Age Pension on or off, and rows of unused concessional cap. */
function RetirementFields({
  form,
  hasPartner,
  errors,
  onChange,
  newKey,
}: {
  form: RetirementForm;
  hasPartner: boolean;
  errors: HouseholdErrors;
  onChange: (next: RetirementForm) => void;
  newKey: () => string;
}) {
  const id = useId();
  const setRow = (key: string, field: keyof CapRowForm, value: string) =>
    onChange({ ...form, caps: form.caps.map((c) => (c.key === key ? { ...c, [field]: value } : c)) });
  return (
    <fieldset className="household-person">
      <legend>Retirement and Age Pension</legend>
      <div className="field">
        <label htmlFor={`${id}-homeowner`}>Do you own the home you live in?</label>
        <Select
          id={`${id}-homeowner`}
          name="homeowner"
          aria-describedby={`${id}-homeowner-hint`}
          value={form.homeowner}
          onChange={(e) => onChange({ ...form, homeowner: e.target.value as RetirementForm['homeowner'] })}
        >
          <option value="auto">Work it out from my property accounts</option>
          <option value="yes">Yes, a homeowner</option>
          <option value="no">No, not a homeowner</option>
        </Select>
        <small id={`${id}-homeowner-hint`} className="field-hint">
          Sets the Age Pension assets test thresholds (the home itself is not counted).
        </small>
      </div>
      <Checkbox
        name="age_pension"
        label="Include the Age Pension in the forecast"
        checked={form.age_pension}
        onChange={(e) => onChange({ ...form, age_pension: e.target.checked })}
      />
      <p className="household-note">
        Unused concessional super cap from financial years that ended before this one (optional): it can be carried
        forward for up to five years while the total super balance is under $500,000. This financial year&apos;s unused
        cap is always counted from the plan, never entered: the year&apos;s cap less the contributions the forecast
        makes from today to 30 June (contributions made earlier this year are not known, so it may be overstated).
      </p>
      {form.caps.map((row, i) => (
        <fieldset key={row.key} className="household-person">
          <legend>{`Unused cap ${i + 1}`}</legend>
          {(hasPartner || row.person === 'partner') && (
            <div className="field">
              <label htmlFor={`${id}-${row.key}-person`}>Whose super</label>
              <Select
                id={`${id}-${row.key}-person`}
                value={row.person}
                onChange={(e) => setRow(row.key, 'person', e.target.value)}
              >
                <option value="self">{WHO.self}</option>
                <option value="partner">{WHO.partner}</option>
              </Select>
            </div>
          )}
          <FieldError text={errors[`cap.${row.key}.person`]} />
          {CAP_FIELDS.map(({ field, ...input }) => (
            <Fragment key={field}>
              <FormField
                name={`cap_${i}_${field}`}
                value={row[field]}
                onValue={(value) => setRow(row.key, field, value)}
                {...input}
              />
              <FieldError text={errors[`cap.${row.key}.${field}`]} />
            </Fragment>
          ))}
          <Button
            type="button"
            variant="secondary"
            aria-label={`Remove unused cap ${i + 1}`}
            onClick={() => onChange({ ...form, caps: form.caps.filter((c) => c.key !== row.key) })}
          >
            Remove
          </Button>
        </fieldset>
      ))}
      <FieldError text={errors.caps} />
      <Button
        type="button"
        variant="secondary"
        onClick={() =>
          onChange({ ...form, caps: [...form.caps, { key: newKey(), person: 'self', year: '', amount: '' }] })
        }
      >
        Add unused cap
      </Button>
    </fieldset>
  );
}

function FieldError({ text }: { text?: string }) {
  return text ? <FormMessage type="error">{text}</FormMessage> : null;
}
