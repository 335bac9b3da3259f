// 'When does this event occur?': month and year selects, years from 10 before to 10 after the current year.
import { MONTH_NAMES } from '../../../../worker/engine/index';
import { yearOptions } from './template-values';
import { Select } from '../../../components/form/controls';
import './event-form.css';

export function MonthYearPicker({
  month,
  year,
  onChange,
  today,
  disabled,
  error,
}: {
  /** '01'..'12' */
  month: string;
  year: string;
  onChange: (month: string, year: string) => void;
  today: Date;
  disabled?: boolean;
  error?: string;
}) {
  const years = yearOptions(today);
  return (
    <fieldset className="field month-picker">
      <legend className="field-label">When does this event occur?</legend>
      <div className="field-pair">
        <Select aria-label="Month" value={month} disabled={disabled} onChange={(e) => onChange(e.target.value, year)}>
          {MONTH_NAMES.map((m, i) => (
            <option key={m} value={String(i + 1).padStart(2, '0')}>
              {m}
            </option>
          ))}
        </Select>
        <Select aria-label="Year" value={year} disabled={disabled} onChange={(e) => onChange(month, e.target.value)}>
          {/* An event saved years ago keeps its own year even when it has left the window. */}
          {!years.includes(Number(year)) && <option value={year}>{year}</option>}
          {years.map((y) => (
            <option key={y} value={String(y)}>
              {y}
            </option>
          ))}
        </Select>
      </div>
      {error && (
        <small className="field-error" role="alert">
          {error}
        </small>
      )}
    </fieldset>
  );
}
