// The recurring items screen (spec section 2 Recurring Items): monthly summary, income and expense lists.
// Only the page frame for now; its content belongs to a later issue.
import { PageFrame } from '../../components/layout/PageFrame';

export function RecurringItemsPage() {
  return <PageFrame title="Recurring Items" testId="recurring-items" />;
}
