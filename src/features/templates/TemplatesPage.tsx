// The template chooser (spec section 2 Template chooser): grouped templates and Smart Create with AI.
// Only the page frame for now; its content belongs to a later issue.
import { PageFrame } from '../../components/layout/PageFrame';

export function TemplatesPage() {
  return <PageFrame title="Choose a Template" testId="templates" />;
}
