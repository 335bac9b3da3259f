// The accounts screen (spec section 2 Accounts): summary, assets and liabilities lists, add/edit modal.
// Only the page frame for now; its content belongs to a later issue.
import { PageFrame } from '../../components/layout/PageFrame';

export function AccountsPage() {
  return <PageFrame title="Accounts" testId="accounts" />;
}
