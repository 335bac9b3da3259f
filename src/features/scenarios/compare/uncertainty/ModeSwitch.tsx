// The compare screen's view switch: the single projection or the Uncertainty view. It is the shared segmented
// switch (native radios in a labelled radio group), styled globally so its look never changes when the
// Uncertainty chunk arrives.
import { SegmentedSwitch } from '../../../../components/form/controls';

export type CompareMode = 'projection' | 'uncertainty';

const MODES = [
  { value: 'projection', label: 'Projection' },
  { value: 'uncertainty', label: 'Uncertainty' },
] as const;

export function ModeSwitch({ mode, onChange }: { mode: CompareMode; onChange: (mode: CompareMode) => void }) {
  return (
    <SegmentedSwitch<CompareMode>
      label="View"
      name="compare-mode"
      value={mode}
      choices={MODES}
      onChange={onChange}
      className="compare-mode"
    />
  );
}
