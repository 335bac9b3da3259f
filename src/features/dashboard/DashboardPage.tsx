// The dashboard (spec section 2 Dashboard): net worth, last month's cash flow and spending by category.
// Only the page frame for now; its content belongs to a later issue.
import { PageFrame } from '../../components/layout/PageFrame';

export function DashboardPage() {
  return <PageFrame title="Dashboard" testId="dashboard" />;
}
