// The scenario list (spec section 2 Scenarios list): cards, bulk select/delete, create and compare.
// Only the page frame for now; its content belongs to a later issue.
import { PageFrame } from '../../components/layout/PageFrame';

export function ScenariosPage() {
  return <PageFrame title="Scenarios" testId="scenarios" />;
}
