// The compare screen's view switch: the single projection or the Uncertainty view (native radios in a labelled
// radio group: arrow keys move between them, screen readers announce the group and the choice).
export type CompareMode = 'projection' | 'uncertainty';

const MODES: ReadonlyArray<{ mode: CompareMode; label: string }> = [
  { mode: 'projection', label: 'Projection' },
  { mode: 'uncertainty', label: 'Uncertainty' },
];

export function ModeSwitch({ mode, onChange }: { mode: CompareMode; onChange: (mode: CompareMode) => void }) {
  return (
    <div className="compare-mode" role="radiogroup" aria-label="View">
      {MODES.map((m) => (
        <label key={m.mode} className={`compare-mode-option${mode === m.mode ? ' compare-mode-active' : ''}`}>
          <input
            type="radio"
            name="compare-mode"
            value={m.mode}
            checked={mode === m.mode}
            onChange={() => onChange(m.mode)}
          />
          {m.label}
        </label>
      ))}
    </div>
  );
}
