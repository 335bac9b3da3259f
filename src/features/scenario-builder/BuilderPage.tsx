// The scenario builder's create form (spec section 2 Scenario builder): starter templates, details,
// baseline checkbox. Editing (/scenarios/builder/{id}) is the scenario detail screen.
// Only the page frame for now; its content belongs to a later issue.
import { PageFrame } from '../../components/layout/PageFrame';

export function BuilderPage() {
  return <PageFrame title="Create New Scenario" testId="scenario-builder" />;
}
