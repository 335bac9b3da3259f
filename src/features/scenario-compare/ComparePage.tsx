// Scenario comparison (spec section 2 Scenario compare): pick scenarios, a forecast period, compare charts.
// Only the page frame for now; its content belongs to a later issue. `selected` comes from ?selected=a&selected=b.
import { PageFrame } from '../../components/layout/PageFrame';

export function ComparePage({ selected }: { selected: string[] }) {
  return (
    <PageFrame title="Compare Scenarios" testId="scenario-compare">
      <div data-selected={selected.join(',')} />
    </PageFrame>
  );
}
